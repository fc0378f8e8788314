/**
 * Service against baseline, endpoint by endpoint (each target first warmed up on it for BENCH_WARMUP
 * seconds, default 5), in alternating rounds (service, baseline, service,
 * baseline, ...) so that a disturbance of the shared machine does not hit one side only; then a per-round
 * table and a summary (req/s: mean of the rounds, with the spread; p50 and p99: the worst round; ratio:
 * mean service req/s / mean baseline req/s, with the per-round range) and the service's peak RSS after
 * each endpoint. Used by `reference-data.ts` and `employees.ts`.
 */
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { BENCH_CITUS, BenchDatabase, ChildService, LoadOptions, LoadResult, onCleanup, printTable, round as fmt, runLoad } from './harness';

export interface Scenario {
  /** e.g. `GET /job-roles?limit=100`. */
  name: string;
  /** The load for one run of one target (`round` from 1; a target may need its own bodies, e.g. unique e-mails). */
  load: (target: 'service' | 'baseline', round: number) => Omit<LoadOptions, 'name' | 'baseUrl' | 'connections' | 'durationSeconds'>;
  /** Connections for this endpoint (default: the comparison's). */
  connections?: number;
  /** Runs before each run (e.g. VACUUM after writes). */
  beforeRun?: () => Promise<void>;
}

export interface RunRecord {
  scenario: string;
  target: 'service' | 'baseline';
  round: number;
  result: LoadResult;
  /**
   * CPU time per measured request (ms): of the target process, of the database's backends (with BENCH_CITUS the
   * coordinator's and the workers'; `workers` is the workers' part), of the load generator (this process).
   */
  cpu: { target: number; postgres: number; workers: number; load: number };
  /** The machine's 1-minute load average at the end of the run (2 CPUs: above 2, others wait). */
  loadAverage: number;
}

/** utime + stime of a process in ms (Linux /proc; clock ticks of 10 ms). 0 when it is gone. */
export function processCpuMs(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return 0;
  }
}

const BACKENDS_SQL = `SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()`;

/**
 * With BENCH_CITUS: a connection to the database on each worker of the cluster (same host, so their backends'
 * CPU is readable from /proc like the coordinator's), opened once per database and closed at clean-up.
 */
const workerClients = new Map<string, Promise<Client[]>>();
function workersOf(db: BenchDatabase): Promise<Client[]> {
  let clients = workerClients.get(db.name);
  if (!clients) {
    clients = (async () => {
      const { rows } = await db.client.query<{ nodename: string; nodeport: number }>(
        `SELECT nodename, nodeport FROM pg_dist_node WHERE groupid <> 0 AND noderole = 'primary' AND isactive ORDER BY nodeport`,
      );
      const opened: Client[] = [];
      for (const node of rows) {
        const client = new Client({ connectionString: `postgresql://postgres@${node.nodename}:${node.nodeport}/${db.name}` });
        await client.connect();
        onCleanup(() => client.end());
        opened.push(client);
      }
      return opened;
    })();
    workerClients.set(db.name, clients);
  }
  return clients;
}

/** Pids of worker backends seen by postgresCpuMs (BENCH_CITUS), to split their CPU from the coordinator's. */
const workerPids = new Set<number>();

/**
 * CPU time of the PostgreSQL backends connected to the database (ms); with BENCH_CITUS, of the coordinator's and
 * of every worker's backends of that database (the workers' connections from the coordinator included: a
 * connection that Citus opens and closes between two readings is not counted).
 */
async function postgresCpuMs(db: BenchDatabase | undefined): Promise<Map<number, number>> {
  const result = new Map<number, number>();
  if (!db) return result;
  const { rows } = await db.client.query<{ pid: number }>(BACKENDS_SQL);
  for (const { pid } of rows) result.set(pid, processCpuMs(pid));
  if (BENCH_CITUS)
    for (const worker of await workersOf(db)) {
      const { rows: workerRows } = await worker.query<{ pid: number }>(BACKENDS_SQL);
      for (const { pid } of workerRows) {
        workerPids.add(pid);
        result.set(pid, processCpuMs(pid));
      }
    }
  return result;
}

/**
 * Waits until the target and the database's backends are idle: together under 20 ms of CPU in 200 ms, at most 5 s.
 * autocannon ends a run without waiting for the answers still due, so the warm-up's last requests (one per
 * connection, each perhaps queued for a pool connection) would otherwise run inside the measured run: they delay
 * its first requests (its p99) and add their CPU to it, more so for the slower target.
 */
async function untilIdle(pid: number, db: BenchDatabase | undefined): Promise<void> {
  const until = Date.now() + 5_000;
  while (Date.now() < until) {
    const before = { target: processCpuMs(pid), postgres: await postgresCpuMs(db) };
    await new Promise((resolve) => setTimeout(resolve, 200));
    const used = processCpuMs(pid) - before.target + postgresDelta(before.postgres, await postgresCpuMs(db)).postgres;
    if (used < 20) return;
  }
}

/** ms used since `before` by the backends of `after`: all of them, and the workers' part (0 on one server). */
function postgresDelta(before: Map<number, number>, after: Map<number, number>): { postgres: number; workers: number } {
  let postgres = 0;
  let workers = 0;
  for (const [pid, ms] of after) {
    const used = ms - (before.get(pid) ?? 0);
    postgres += used;
    if (workerPids.has(pid)) workers += used;
  }
  return { postgres, workers };
}

/**
 * Starts counting CPU time of a process and of the database's PostgreSQL backends; the function it
 * returns gives the ms each has used since (backends that connect meanwhile count from 0). `workers`: the
 * Citus workers' part of `postgres` (BENCH_CITUS; 0 on one server).
 */
export async function cpuMeter(
  db: BenchDatabase,
  pid: number,
): Promise<() => Promise<{ target: number; postgres: number; workers: number }>> {
  const before = { target: processCpuMs(pid), postgres: await postgresCpuMs(db) };
  return async () => {
    const { postgres, workers } = postgresDelta(before.postgres, await postgresCpuMs(db));
    return { target: processCpuMs(pid) - before.target, postgres, workers };
  };
}

export interface SideSummary {
  rps: number;
  minRps: number;
  maxRps: number;
  p50: number;
  p99: number;
  failures: number;
  /** Mean over the rounds of the CPU ms per request (RunRecord.cpu). */
  cpu: { target: number; postgres: number; workers: number; load: number };
}

export interface ScenarioSummary {
  scenario: string;
  connections: number;
  service: SideSummary;
  baseline: SideSummary;
  ratio: number;
  minRatio: number;
  maxRatio: number;
  /** VmHWM of the service after this endpoint's runs (cumulative: the high-water mark so far). */
  servicePeakRssMb: number;
  baselinePeakRssMb: number;
}

export interface Comparison {
  service: ChildService;
  baseline: ChildService;
  scenarios: Scenario[];
  rounds: number;
  durationSeconds: number;
  connections: number;
  /** When given, the CPU time of its PostgreSQL backends is measured too. */
  db?: BenchDatabase;
  /** Parts of endpoint names to run; default BENCH_ONLY's (empty: all). */
  only?: string[];
}

export async function compare(c: Comparison): Promise<{ runs: RunRecord[]; summaries: ScenarioSummary[] }> {
  const runs: RunRecord[] = [];
  const summaries: ScenarioSummary[] = [];
  // BENCH_ONLY: comma-separated parts of endpoint names, to run only those (e.g. `limit=100`).
  const only =
    c.only ??
    (process.env.BENCH_ONLY ?? '')
      .split(',')
      .map((part) => part.trim())
      .filter(Boolean);
  for (const scenario of c.scenarios.filter((s) => !only.length || only.some((part) => s.name.includes(part)))) {
    const connections = scenario.connections ?? c.connections;
    // A first, longer warm-up of each target on this endpoint (JIT, heap growth, pool), not measured.
    const firstWarmup = Number(process.env.BENCH_WARMUP ?? 5);
    for (const target of firstWarmup > 0 ? (['service', 'baseline'] as const) : []) {
      await scenario.beforeRun?.();
      const child = target === 'service' ? c.service : c.baseline;
      await runLoad({
        ...scenario.load(target, 0),
        name: target,
        baseUrl: child.baseUrl,
        connections,
        warmupSeconds: 0,
        durationSeconds: firstWarmup,
      });
    }
    for (let round = 1; round <= c.rounds; round++) {
      // Alternate which side goes first, too.
      const order: ('service' | 'baseline')[] = round % 2 === 1 ? ['service', 'baseline'] : ['baseline', 'service'];
      for (const target of order) {
        await scenario.beforeRun?.();
        const child = target === 'service' ? c.service : c.baseline;
        const options = { ...scenario.load(target, round), name: target, baseUrl: child.baseUrl, connections, warmupSeconds: 0 };
        // The warm-up as runLoad would do it, then the measured run with CPU accounting around it.
        const warmup = await runLoad({ ...options, durationSeconds: 2 });
        await untilIdle(child.pid, c.db);
        const before = { target: processCpuMs(child.pid), postgres: await postgresCpuMs(c.db), load: process.cpuUsage() };
        const result = await runLoad({ ...options, durationSeconds: c.durationSeconds });
        const pg = postgresDelta(before.postgres, await postgresCpuMs(c.db));
        const loadCpu = process.cpuUsage(before.load);
        const perRequest = (ms: number) => fmt(ms / Math.max(1, result.requests), 2);
        const cpu = {
          target: perRequest(processCpuMs(child.pid) - before.target),
          postgres: perRequest(pg.postgres),
          workers: perRequest(pg.workers),
          load: perRequest((loadCpu.user + loadCpu.system) / 1000),
        };
        result.failures += warmup.failures;
        process.stderr.write(
          `${scenario.name}, ${target}, round ${round}: ${fmt(result.requestsPerSecond)} req/s, p50 ${result.p50Ms} ms, p99 ${result.p99Ms} ms, failures ${result.failures}; ` +
            `CPU ms/request: ${target} ${cpu.target}, postgres ${cpu.postgres}${BENCH_CITUS ? ` (workers ${cpu.workers})` : ''}, load generator ${cpu.load}; load average ${fmt(loadavg()[0], 1)}\n`,
        );
        runs.push({ scenario: scenario.name, target, round, result, cpu, loadAverage: fmt(loadavg()[0], 1) });
      }
    }
    const side = (target: 'service' | 'baseline') => {
      const mineRuns = runs.filter((r) => r.scenario === scenario.name && r.target === target);
      const mine = mineRuns.map((r) => r.result);
      const rps = mine.map((r) => r.requestsPerSecond);
      const mean = (pick: (r: RunRecord) => number) => fmt(mineRuns.reduce((a, r) => a + pick(r), 0) / mineRuns.length, 2);
      return {
        cpu: {
          target: mean((r) => r.cpu.target),
          postgres: mean((r) => r.cpu.postgres),
          workers: mean((r) => r.cpu.workers),
          load: mean((r) => r.cpu.load),
        },
        rps: rps.reduce((a, b) => a + b, 0) / rps.length,
        minRps: Math.min(...rps),
        maxRps: Math.max(...rps),
        p50: Math.max(...mine.map((r) => r.p50Ms)),
        p99: Math.max(...mine.map((r) => r.p99Ms)),
        failures: mine.reduce((a, r) => a + r.failures, 0),
      };
    };
    const perRound = Array.from({ length: c.rounds }, (_, i) => {
      const get = (t: string) =>
        runs.find((r) => r.scenario === scenario.name && r.target === t && r.round === i + 1)!.result.requestsPerSecond;
      return get('service') / get('baseline');
    });
    const service = side('service');
    const baseline = side('baseline');
    summaries.push({
      scenario: scenario.name,
      connections,
      service,
      baseline,
      ratio: service.rps / baseline.rps,
      minRatio: Math.min(...perRound),
      maxRatio: Math.max(...perRound),
      servicePeakRssMb: c.service.peakRssMb(),
      baselinePeakRssMb: c.baseline.peakRssMb(),
    });
  }
  return { runs, summaries };
}

export function printRuns(runs: RunRecord[]): void {
  printTable(
    runs.map(({ scenario, target, round, result, cpu, loadAverage }) => ({
      endpoint: scenario,
      target,
      round,
      'req/s': Math.round(result.requestsPerSecond),
      'p50 ms': fmt(result.p50Ms),
      'p99 ms': fmt(result.p99Ms),
      'max ms': fmt(result.maxMs),
      'CPU ms/req: target / postgres / load': `${cpu.target} / ${cpu.postgres}${BENCH_CITUS ? ` (workers ${cpu.workers})` : ''} / ${cpu.load}`,
      'load avg': loadAverage,
      failures: result.failures,
    })),
  );
}

const cpuTotal = (side: SideSummary) => side.cpu.target + side.cpu.postgres + side.cpu.load;

export function printSummaries(summaries: ScenarioSummary[]): void {
  printTable(
    summaries.map((s) => ({
      endpoint: s.scenario,
      conns: s.connections,
      'service req/s (range)': `${Math.round(s.service.rps)} (${Math.round(s.service.minRps)}-${Math.round(s.service.maxRps)})`,
      'baseline req/s (range)': `${Math.round(s.baseline.rps)} (${Math.round(s.baseline.minRps)}-${Math.round(s.baseline.maxRps)})`,
      'ratio (per round)': `${fmt(s.ratio, 2)} (${fmt(s.minRatio, 2)}-${fmt(s.maxRatio, 2)})`,
      'service p50 / p99 ms': `${fmt(s.service.p50)} / ${fmt(s.service.p99)}`,
      'baseline p50 / p99 ms': `${fmt(s.baseline.p50)} / ${fmt(s.baseline.p99)}`,
      'CPU ms/req service + pg / baseline + pg': `${s.service.cpu.target} + ${s.service.cpu.postgres} / ${s.baseline.cpu.target} + ${s.baseline.cpu.postgres}`,
      ...(BENCH_CITUS ? { 'of which Citus workers': `${s.service.cpu.workers} / ${s.baseline.cpu.workers}` } : {}),
      // The ratio the machine would give if these processes had its CPUs to themselves.
      'CPU ratio': fmt(cpuTotal(s.baseline) / cpuTotal(s.service), 2),
      'service peak RSS MB': s.servicePeakRssMb,
      failures: s.service.failures + s.baseline.failures,
    })),
  );
}

/** The first place two JSON values differ (`.data[3].fte: 1 vs "1"`), or null. */
export function firstDifference(a: unknown, b: unknown, path = ''): string | null {
  if (typeof a !== typeof b || Array.isArray(a) !== Array.isArray(b) || (a === null) !== (b === null))
    return `${path}: ${JSON.stringify(a)} vs ${JSON.stringify(b)}`;
  if (a && typeof a === 'object') {
    const x = a as Record<string, unknown>;
    const y = b as Record<string, unknown>;
    for (const key of new Set([...Object.keys(x), ...Object.keys(y)])) {
      const found = firstDifference(x[key], y[key], `${path}.${key}`);
      if (found) return found;
    }
    return null;
  }
  return a === b ? null : `${path}: ${JSON.stringify(a)} vs ${JSON.stringify(b)}`;
}

/** GETs each path from service and baseline and throws where their JSON answers differ (the baseline must do the same work). */
export async function assertSameAnswers(
  service: ChildService,
  baseline: ChildService,
  paths: string[],
  headers: Record<string, string>,
): Promise<void> {
  for (const path of paths) {
    const [a, b] = await Promise.all(
      [service.baseUrl, baseline.baseUrl].map(async (base) => (await fetch(base + path, { headers })).json()),
    );
    const difference = firstDifference(a, b);
    if (difference) throw new Error(`service and baseline answer ${path} differently at ${difference}`);
  }
}

// ---------------------------------------------------------------------------------------------------
// Same SQL: service and baseline record the statements they send (bench/sql-recorder.ts) while one
// request per endpoint goes to each; the texts must be identical, statement by statement.

export interface SqlRecording {
  /** Pass to startService / startBaseline. */
  service: { env: Record<string, string>; nodeArgs: string[] };
  baseline: { env: Record<string, string>; nodeArgs: string[] };
  files: { service: string; baseline: string };
}

/** Recording files (removed at clean-up) and the env and node arguments that make both processes record. */
export function sqlRecording(name: string): SqlRecording {
  const files = {
    service: join(tmpdir(), `${name}-${process.pid}-service.sql.jsonl`),
    baseline: join(tmpdir(), `${name}-${process.pid}-baseline.sql.jsonl`),
  };
  const nodeArgs = ['-r', join(__dirname, 'sql-recorder.js')];
  onCleanup(() => {
    rmSync(files.service, { force: true });
    rmSync(files.baseline, { force: true });
  });
  return {
    service: { env: { BENCH_SQL_LOG: files.service }, nodeArgs },
    baseline: { env: { BENCH_SQL_LOG: files.baseline }, nodeArgs },
    files,
  };
}

/** The service's own background work (the webhook dispatcher after each commit and its sweep, the PULL hooks' tick), not part of a request. */
export const BACKGROUND_SQL =
  /WITH (pending|claimed|owned) AS|UPDATE (record_changes|webhook_deliveries)\s+SET|FROM webhook_deliveries|FROM integrations\s+WHERE pull_enabled/;

/**
 * The API-key look-up: the baseline's one statement on every request, the service's two (key, then the
 * organization's live plan, kept) at most once a second per key (src/access/verified-keys.ts). Compared apart
 * from the request's own statements.
 */
export const KEY_LOOKUP_SQL = /FROM api_keys k|SELECT p\.id AS live_plan_id FROM organizations o/;

function recorded(file: string, from: number): { texts: string[]; size: number } {
  const content = existsSync(file) ? readFileSync(file) : Buffer.alloc(0);
  const texts = content
    .subarray(from)
    .toString('utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => (JSON.parse(line) as { text: string }).text);
  return { texts, size: content.length };
}

/**
 * Sends each request to the service and to the baseline (one after the other, 200 ms apart) and throws
 * unless both sent the same statements (the service's BACKGROUND_SQL aside). Then stops the recording
 * (SIGUSR2). Returns one line per request for the report.
 */
export async function assertSameSql(
  service: ChildService,
  baseline: ChildService,
  recording: SqlRecording,
  requests: { label: string; method: string; path: string; body?: () => string }[],
  headers: Record<string, string>,
): Promise<string[]> {
  const lines: string[] = [];
  const offsets = { service: recorded(recording.files.service, 0).size, baseline: recorded(recording.files.baseline, 0).size };
  try {
    for (const request of requests) {
      const sent: Record<'service' | 'baseline', string[]> = { service: [], baseline: [] };
      const lookups: Record<'service' | 'baseline', number> = { service: 0, baseline: 0 };
      let background = 0;
      for (const [side, child] of [
        ['service', service],
        ['baseline', baseline],
      ] as const) {
        const body = request.body?.();
        const res = await fetch(child.baseUrl + request.path, {
          method: request.method,
          headers: { ...headers, ...(body ? { 'content-type': 'application/json' } : {}) },
          body,
        });
        await res.text();
        await new Promise((resolve) => setTimeout(resolve, 200));
        const { texts, size } = recorded(recording.files[side], offsets[side]);
        offsets[side] = size;
        const own = texts.filter((t) => !KEY_LOOKUP_SQL.test(t));
        lookups[side] = texts.length - own.length;
        sent[side] = side === 'service' ? own.filter((t) => !BACKGROUND_SQL.test(t)) : own;
        if (side === 'service') background = own.length - sent.service.length;
      }
      const index = sent.service.findIndex((text, i) => text !== sent.baseline[i]);
      if (index >= 0 || sent.service.length !== sent.baseline.length) {
        const at = index >= 0 ? index : Math.min(sent.service.length, sent.baseline.length);
        throw new Error(
          `${request.label}: service and baseline send different SQL (statement ${at + 1}):\n  service:  ${sent.service[at] ?? '(none)'}\n  baseline: ${sent.baseline[at] ?? '(none)'}`,
        );
      }
      lines.push(
        `${request.label}: the same ${sent.service.length} statements besides the key look-up (service ${lookups.service}, baseline ${lookups.baseline} statements)${background ? ` (+${background} background statements of the service's webhook dispatcher)` : ''}`,
      );
    }
  } finally {
    process.kill(service.pid, 'SIGUSR2');
    process.kill(baseline.pid, 'SIGUSR2');
  }
  return lines;
}
