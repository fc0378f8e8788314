import { chmodSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, readlinkSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { parse } from 'pg-connection-string';
import { loadConfig } from '../../src/config/app-config';
import { EmbeddedPostgres } from '../../src/database/embedded-postgres';

/** The TCP ports this process listens on (Linux: its socket descriptors matched to the kernel's LISTEN entries). */
function listeningPorts(): number[] {
  const inodes = new Set<string>();
  for (const fd of readdirSync('/proc/self/fd')) {
    try {
      const match = /^socket:\[(\d+)\]$/.exec(readlinkSync(`/proc/self/fd/${fd}`));
      if (match) inodes.add(match[1]);
    } catch {
      // closed meanwhile
    }
  }
  const ports: number[] = [];
  for (const table of ['/proc/self/net/tcp', '/proc/self/net/tcp6']) {
    for (const line of readFileSync(table, 'utf8').split('\n').slice(1)) {
      const cols = line.trim().split(/\s+/);
      if (cols.length > 9 && cols[3] === '0A' && inodes.has(cols[9])) ports.push(parseInt(cols[1].split(':')[1], 16));
    }
  }
  return ports.sort((a, b) => a - b);
}

/** Every directory and file under `dir` with its permission bits. */
function modes(dir: string): { path: string; dir: boolean; mode: number }[] {
  const out: { path: string; dir: boolean; mode: number }[] = [];
  const walk = (path: string) => {
    const stat = lstatSync(path);
    if (stat.isSymbolicLink()) return;
    out.push({ path, dir: stat.isDirectory(), mode: stat.mode & 0o777 });
    if (stat.isDirectory()) for (const name of readdirSync(path)) walk(join(path, name));
  };
  walk(dir);
  return out;
}

/** Every directory under `dir` 0700 and every file 0600. */
function expectPrivate(dir: string): void {
  const found = modes(dir);
  expect(found.filter((f) => !f.dir).length).toBeGreaterThan(10);
  const open = found.filter((f) => f.mode !== (f.dir ? 0o700 : 0o600)).map((f) => `${f.path} ${f.mode.toString(8)}`);
  expect(open).toEqual([]);
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

async function selectOne(config: ConstructorParameters<typeof Client>[0]): Promise<number> {
  const client = new Client(config);
  await client.connect();
  try {
    return (await client.query<{ one: number }>('SELECT 1 AS one')).rows[0].one;
  } finally {
    await client.end();
  }
}

describe('03/§1.19 the embedded database is reachable by its own process only', () => {
  const dirs: string[] = [];
  const dataDir = () => {
    const dir = mkdtempSync(join(tmpdir(), 'wfp-embedded-access-'));
    dirs.push(dir);
    return join(dir, 'data');
  };
  afterAll(() => {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  it('03/§1.19: it listens on no TCP port, only on a Unix socket in a directory of mode 0700, which the pg driver reaches', async () => {
    const before = listeningPorts();
    const db = await EmbeddedPostgres.start({ dataDir: 'memory://', maxConnections: 4 });
    try {
      expect(listeningPorts()).toEqual(before);
      const host = parse(db.url).host!;
      expect(host.startsWith('/')).toBe(true);
      expect(lstatSync(host).mode & 0o777).toBe(0o700);
      expect(await selectOne({ connectionString: db.url })).toBe(1);
      expect(db.tcp).toBeNull();
    } finally {
      await db.stop();
    }
  }, 120_000);

  it('03/§1.19: its data directory is 0700 and every file in it 0600, also in a directory an earlier version left open', async () => {
    const dir = dataDir();
    mkdirSync(dir, { recursive: true, mode: 0o755 });
    chmodSync(dir, 0o755);
    writeFileSync(join(dir, 'admin-token'), 'left open\n', { mode: 0o644 });
    chmodSync(join(dir, 'admin-token'), 0o644);
    const db = await EmbeddedPostgres.start({ dataDir: dir, maxConnections: 4 });
    try {
      const client = new Client({ connectionString: db.url });
      await client.connect();
      await client.query('CREATE TABLE written_now (id int PRIMARY KEY, note text)');
      await client.query(`INSERT INTO written_now SELECT g, repeat('x', 200) FROM generate_series(1, 2000) g`);
      await client.query('CHECKPOINT');
      await client.end();
      // While it runs, and after it stopped.
      expectPrivate(dir);
    } finally {
      await db.stop();
    }
    expectPrivate(dir);
  }, 120_000);

  it('03/§1.19: EMBEDDED_DB_PORT opens that port on 127.0.0.1 behind a password generated at the start (wrong or none: refused)', async () => {
    expect(loadConfig({ EMBEDDED_DB_PORT: '5433' }).embeddedDbPort).toBe(5433);
    expect(loadConfig({}).embeddedDbPort).toBeNull();
    expect(() => loadConfig({ EMBEDDED_DB_PORT: '0' })).toThrow(/EMBEDDED_DB_PORT/);

    const port = await freePort();
    const db = await EmbeddedPostgres.start({ dataDir: 'memory://', maxConnections: 4, port });
    try {
      expect(listeningPorts()).toContain(port);
      const passwordFile = db.tcp!.passwordFile;
      expect(lstatSync(passwordFile).mode & 0o777).toBe(0o600);
      const password = readFileSync(passwordFile, 'utf8').trim();
      expect(password.length).toBeGreaterThanOrEqual(32);
      const at = { host: '127.0.0.1', port, user: 'postgres', database: 'postgres' };
      for (const wrong of ['', 'not-the-password']) {
        await expect(selectOne({ ...at, password: wrong })).rejects.toMatchObject({ code: '28P01' });
      }
      expect(await selectOne({ ...at, password })).toBe(1);
    } finally {
      await db.stop();
    }
    expect(listeningPorts()).not.toContain(port);
  }, 120_000);
});
