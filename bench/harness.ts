/**
 * The benchmark harness (see bench/README.md): a fresh PostgreSQL database, the built service as a child
 * process, tenants made through the application API, autocannon loads against 127.0.0.1, and a baseline
 * child process (node:http + pg) to compare with. Everything it starts it stops, and the database is
 * dropped at the end, also on Ctrl-C.
 */
import autocannon from 'autocannon';
import { ChildProcess, execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { cpus, totalmem } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { distributeDatabaseAt, migrateDatabase } from '../src/database/data-source';
import { SMOKE } from './smoke';

/** The project root (this file runs as dist/bench/harness.js). */
const PROJECT_ROOT = join(__dirname, '..', '..');
/**
 * BENCH_CITUS=1: the databases are made on the Citus cluster of ../shared/citus/citus-cluster.sh (on every
 * node, through the script) and distributed (`npm run db:distribute`'s step) before seeding.
 */
export const BENCH_CITUS = process.env.BENCH_CITUS === '1';
const CITUS_SCRIPT = process.env.CITUS_CLUSTER_SCRIPT ?? join(PROJECT_ROOT, '..', 'shared', 'citus', 'citus-cluster.sh');
/** The PostgreSQL server benchmarks create their databases on (trust auth): the coordinator with BENCH_CITUS. */
export const BENCH_PG_URL = process.env.BENCH_PG_URL ?? `postgresql://postgres@127.0.0.1:${BENCH_CITUS ? 5440 : 5432}`;
/** A fresh secret per run: the services run as production, which refuses every token this repository publishes. */
export const BENCH_ADMIN_TOKEN = randomBytes(24).toString('hex');

// ---------------------------------------------------------------------------------------------------
// Clean-up: everything started is registered here and undone in reverse order, also on SIGINT/SIGTERM.

const cleanups: (() => Promise<void> | void)[] = [];

export function onCleanup(step: () => Promise<void> | void): void {
  cleanups.push(step);
}

async function cleanUp(): Promise<void> {
  while (cleanups.length) {
    const step = cleanups.pop()!;
    try {
      await step();
    } catch (error) {
      process.stderr.write(`clean-up step failed: ${String(error)}\n`);
    }
  }
}

/** Runs a benchmark body and always cleans up (children stopped, database dropped). */
export async function runBenchmark(body: () => Promise<void>): Promise<void> {
  const onSignal = (signal: NodeJS.Signals) => {
    process.stderr.write(`\n${signal}: cleaning up\n`);
    void cleanUp().finally(() => process.exit(130));
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  try {
    await body();
  } finally {
    await cleanUp();
    process.removeListener('SIGINT', onSignal);
    process.removeListener('SIGTERM', onSignal);
  }
}

// ---------------------------------------------------------------------------------------------------
// Database

export interface BenchDatabase {
  name: string;
  url: string;
  /** A connection for seeding and checks (not used by the loads). */
  client: Client;
  /** An existing database kept with BENCH_KEEP_DB (already seeded). */
  reused?: boolean;
}

/**
 * Creates `<prefix>_<time>_<pid>` on BENCH_PG_URL, applies every migration, and drops it at clean-up.
 * With `BENCH_KEEP_DB=<name>` the database is that one, kept afterwards and reused when it exists
 * (`reused` true: the benchmark may skip its seeding; see `forecast.ts`).
 */
export async function createDatabase(prefix = 'wfp_bench'): Promise<BenchDatabase> {
  const keep = process.env.BENCH_KEEP_DB;
  const name = keep ?? `${prefix}_${Date.now()}_${process.pid}`;
  const admin = new Client({ connectionString: `${BENCH_PG_URL}/postgres` });
  await admin.connect();
  const exists = keep ? (await admin.query(`SELECT 1 FROM pg_database WHERE datname = $1`, [keep])).rowCount === 1 : false;
  if (!exists && BENCH_CITUS) execFileSync(CITUS_SCRIPT, ['db', name], { stdio: 'ignore' });
  else if (!exists) await admin.query(`CREATE DATABASE "${name}"`);
  await admin.end();
  if (!keep)
    onCleanup(async () => {
      if (BENCH_CITUS) return void execFileSync(CITUS_SCRIPT, ['drop', name], { stdio: 'ignore' });
      const dropper = new Client({ connectionString: `${BENCH_PG_URL}/postgres` });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await dropper.end();
    });
  const url = `${BENCH_PG_URL}/${name}`;
  // A kept database on the cluster was distributed when it was made: later runs only apply pending migrations (which
  // distribute the tables they create); distributing again would take the benchmark's own tables for tenant tables.
  if (BENCH_CITUS && !exists) await distributeDatabaseAt(url);
  else await migrateDatabase(url, false);
  const client = new Client({ connectionString: url });
  await client.connect();
  onCleanup(() => client.end());
  return { name, url, client, reused: exists };
}

/** Seeds through SQL: the caller's function gets the database's client (run it in a transaction if it wants one). */
export async function seed<T>(db: BenchDatabase, fill: (client: Client) => Promise<T>): Promise<T> {
  return fill(db.client);
}

// ---------------------------------------------------------------------------------------------------
// Processes

export interface ChildService {
  baseUrl: string;
  pid: number;
  /** RSS high-water mark of the process so far (VmHWM), in MB. */
  peakRssMb(): number;
  stop(): Promise<void>;
}

export interface ServiceProcess extends ChildService {
  /** A request to `/admin/v1<path>` with the admin token (and `headers`); returns the parsed JSON body, throws on non-2xx. */
  admin<T = unknown>(method: string, path: string, body?: unknown, headers?: Record<string, string>): Promise<T>;
}

/** A free TCP port on 127.0.0.1. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** VmHWM of a live process, from /proc (Linux). */
export function peakRssMb(pid: number): number {
  try {
    const match = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Math.round(Number(match[1]) / 102.4) / 10 : NaN;
  } catch {
    return NaN;
  }
}

function spawnChild(
  label: string,
  args: string[],
  env: Record<string, string>,
  cwd = PROJECT_ROOT,
): { child: ChildProcess; output: () => string } {
  const child = spawn(process.execPath, args, { cwd, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000);
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  child.once('exit', (code, signal) => {
    if (code !== 0 && code !== null && signal === null) process.stderr.write(`${label} exited with ${code}:\n${output}\n`);
  });
  return { child, output: () => output };
}

async function waitForHttp(url: string, child: ChildProcess, output: () => string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`process exited (${child.exitCode}) before answering ${url}:\n${output()}`);
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no answer from ${url} within ${timeoutMs} ms:\n${output()}`);
}

function stopper(child: ChildProcess): () => Promise<void> {
  let stopping: Promise<void> | null = null;
  return () =>
    (stopping ??= new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      const force = setTimeout(() => child.kill('SIGKILL'), 15_000);
      child.once('exit', () => {
        clearTimeout(force);
        resolve();
      });
      child.kill('SIGTERM');
    }));
}

/**
 * Node options of the service process, for every benchmark: BENCH_NODE_ARGS (what-if, e.g.
 * `--max-semi-space-size=64`; the report says so) and BENCH_CPU_PROF (a directory: the service runs with
 * `--cpu-prof` there).
 */
function serviceNodeArgs(): string[] {
  const profileDir = process.env.BENCH_CPU_PROF;
  return [
    ...(process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean),
    ...(profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`, '--cpu-prof-name=service.cpuprofile'] : []),
  ];
}

/**
 * Starts the built service (`node dist/src/main.js`) on the database, on 127.0.0.1 and a free port, with
 * LOG_LEVEL=warn and the bench admin token; `env` adds or overrides variables (e.g. a rate limit),
 * `nodeArgs` go to node (e.g. a preload); BENCH_NODE_ARGS and BENCH_CPU_PROF add more (serviceNodeArgs).
 */
export async function startService(
  db: BenchDatabase,
  env: Record<string, string> = {},
  nodeArgs: string[] = [],
  /** Another build's project root (a worktree of older code, for before/after runs); default this one. */
  root = PROJECT_ROOT,
): Promise<ServiceProcess> {
  const port = await freePort();
  const { child, output } = spawnChild(
    'service',
    [...serviceNodeArgs(), ...nodeArgs, 'dist/src/main.js'],
    {
      NODE_ENV: 'production',
      DATABASE_URL: db.url,
      HOST: '127.0.0.1',
      PORT: String(port),
      LOG_LEVEL: 'warn',
      ADMIN_TOKEN: BENCH_ADMIN_TOKEN,
      ...env,
    },
    root,
  );
  const stop = stopper(child);
  onCleanup(stop);
  const baseUrl = `http://127.0.0.1:${port}`;
  await waitForHttp(`${baseUrl}/health/ready`, child, output);
  return {
    baseUrl,
    pid: child.pid!,
    peakRssMb: () => peakRssMb(child.pid!),
    stop,
    async admin<T>(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<T> {
      const res = await fetch(`${baseUrl}/admin/v1${path}`, {
        method,
        headers: { Authorization: `Bearer ${BENCH_ADMIN_TOKEN}`, 'Content-Type': 'application/json', ...headers },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await res.text();
      if (!res.ok) throw new Error(`${method} /admin/v1${path}: ${res.status} ${text}`);
      return (text ? JSON.parse(text) : undefined) as T;
    },
  };
}

export interface BenchTenant {
  orgId: string;
  userId: string;
  keyId: string;
  /** `wfp_...`: send as `Authorization: Bearer <key>`. */
  key: string;
}

/** An organization, a user with every permission and an API key (the given permissions), through the application API. */
export async function createTenant(service: ServiceProcess, permissions: string[]): Promise<BenchTenant> {
  type Data<T> = { data: T };
  const org = await service.admin<Data<{ id: string }>>('POST', '/organizations', { name: `Bench ${Date.now()}` });
  const orgId = org.data.id;
  const user = await service.admin<Data<{ id: string }>>('POST', `/organizations/${orgId}/users`, {
    email: `bench-${Date.now()}@example.com`,
    name: 'Bench',
    permissions: ['*'],
  });
  const key = await service.admin<Data<{ id: string; key: string }>>('POST', `/organizations/${orgId}/users/${user.data.id}/api-keys`, {
    name: 'bench',
    permissions,
  });
  return { orgId, userId: user.data.id, keyId: key.data.id, key: key.data.key };
}

/**
 * Starts bench/baseline-server.js with a handler module (a compiled path exporting `baselineHandler`,
 * see baseline-server.ts): plain node:http + a pg Pool of `poolSize` on the database.
 * `env` adds variables and `nodeArgs` go to node (e.g. `-r dist/bench/sql-recorder.js`), as for startService.
 */
export async function startBaseline(
  db: BenchDatabase,
  handlerModule: string,
  poolSize = 10,
  env: Record<string, string> = {},
  nodeArgs: string[] = [],
): Promise<ChildService> {
  const port = await freePort();
  const profileDir = process.env.BENCH_CPU_PROF;
  const profile = profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`, '--cpu-prof-name=baseline.cpuprofile'] : [];
  const { child, output } = spawnChild('baseline', [...profile, ...nodeArgs, join('dist', 'bench', 'baseline-server.js'), handlerModule], {
    DATABASE_URL: db.url,
    PORT: String(port),
    DB_POOL_SIZE: String(poolSize),
    ...env,
  });
  const stop = stopper(child);
  onCleanup(stop);
  const baseUrl = `http://127.0.0.1:${port}`;
  await waitForHttp(`${baseUrl}/__ready`, child, output);
  return { baseUrl, pid: child.pid!, peakRssMb: () => peakRssMb(child.pid!), stop };
}

// ---------------------------------------------------------------------------------------------------
// Loads

export interface LoadOptions {
  /** Label in the results. */
  name: string;
  /** `http://127.0.0.1:<port>` of a service or baseline. */
  baseUrl: string;
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  headers?: Record<string, string>;
  /** One body for every request... */
  body?: string | Buffer;
  /**
   * ...or bodies per connection (connection index 0..connections-1), e.g. a source per client; a
   * connection cycles through its bodies request after request.
   */
  bodiesFor?: (connection: number) => (string | Buffer)[];
  /**
   * ...or whole requests per connection (autocannon requests: `path` relative to baseUrl, `method`,
   * `body`, `headers`, a `setupRequest` that builds each request afresh, e.g. with a unique e-mail,
   * an `onResponse` that counts answers); a connection cycles through them. Wins over `bodiesFor`.
   */
  requestsFor?: (connection: number) => autocannon.Request[];
  connections: number;
  durationSeconds: number;
  /** Unmeasured run with the same settings first (default 2 s; 0 = none). */
  warmupSeconds?: number;
  /** Status every answer must have (default 200); others are counted and reported. */
  expectStatus?: number;
}

export interface LoadResult {
  name: string;
  connections: number;
  durationSeconds: number;
  requests: number;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  /** Answers with another status than expected, plus connection errors and timeouts. */
  failures: number;
}

function autocannonRun(options: LoadOptions, durationSeconds: number): Promise<autocannon.Result & { unexpected: number }> {
  let connection = 0;
  let unexpected = 0;
  const expected = options.expectStatus ?? 200;
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url: `${options.baseUrl}${options.path}`,
        method: options.method,
        headers: { ...(options.body !== undefined || options.bodiesFor ? { 'content-type': 'application/json' } : {}), ...options.headers },
        body: options.body,
        connections: options.connections,
        duration: durationSeconds,
        timeout: 30,
        setupClient: (client) => {
          if (options.requestsFor) client.setRequests(options.requestsFor(connection++ % options.connections));
          else if (options.bodiesFor) client.setRequests(options.bodiesFor(connection++ % options.connections).map((body) => ({ body })));
          client.on('response', (status: number) => {
            if (status !== expected) unexpected++;
          });
        },
      },
      (error, result) => (error ? reject(error) : resolve({ ...result, unexpected })),
    );
    instance.on('error', reject);
  });
}

/** Runs autocannon for a fixed duration (after a warm-up) and summarises it. Loads go to 127.0.0.1 only. */
export async function runLoad(options: LoadOptions): Promise<LoadResult> {
  if (!/^http:\/\/127\.0\.0\.1:\d+$/.test(options.baseUrl)) throw new Error(`bench loads go to 127.0.0.1 only, not ${options.baseUrl}`);
  const warmup = options.warmupSeconds ?? (SMOKE ? 0 : 2);
  if (warmup > 0) await autocannonRun(options, warmup);
  const result = await autocannonRun(options, options.durationSeconds);
  const requests = result.requests.total;
  return {
    name: options.name,
    connections: options.connections,
    durationSeconds: options.durationSeconds,
    requests,
    requestsPerSecond: requests / (result.duration || options.durationSeconds),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    maxMs: result.latency.max,
    failures: result.unexpected + result.errors + result.timeouts,
  };
}

// ---------------------------------------------------------------------------------------------------
// Reporting

export function round(value: number, digits = 1): number {
  const f = 10 ** digits;
  return Math.round(value * f) / f;
}

/** Prints rows as a Markdown table (ready for bench/RESULTS.md). */
export function printTable(rows: Record<string, string | number>[]): void {
  if (!rows.length) return;
  const columns = Object.keys(rows[0]);
  const line = (cells: (string | number)[]) => `| ${cells.join(' | ')} |`;
  process.stdout.write(
    `${[line(columns), line(columns.map(() => '---')), ...rows.map((row) => line(columns.map((c) => row[c])))].join('\n')}\n`,
  );
}

/** A short description of the machine, for the results. */
export function machine(): string {
  return `${cpus().length} × ${cpus()[0]?.model.trim() ?? 'CPU'}, ${round(totalmem() / 2 ** 30, 0)} GB, Node ${process.version}`;
}
