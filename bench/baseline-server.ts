/**
 * The baseline of a benchmark: a bare node:http server with a pg Pool, run as its own process by
 * `startBaseline()` (bench/harness.ts). `node dist/bench/baseline-server.js <handler module>`: the module
 * exports `baselineHandler`, which does by hand what the service's route needs (the same SQL), with
 * none of the framework. `GET /__ready` answers 200 once the pool reaches the database.
 */
import { createServer, IncomingMessage } from 'node:http';
import { Pool, types } from 'pg';
import { parseTimestamptz } from '../src/database/pg-timestamps';

// As the service (src/database/data-source.ts): calendar days stay strings, counts are numbers, timestamps are
// read by the same parser (the rows are pg's work in both; the comparison is of what the service adds).
types.setTypeParser(types.builtins.DATE, (value) => value);
types.setTypeParser(types.builtins.INT8, (value) => Number(value));
types.setTypeParser(types.builtins.TIMESTAMPTZ, parseTimestamptz);

export interface BaselineRequest {
  method: string;
  /** Path and query. */
  url: string;
  headers: IncomingMessage['headers'];
  /** The raw body (empty for GET). */
  body: Buffer;
}

export interface BaselineResponse {
  status: number;
  /** Sent as JSON. */
  body: unknown;
  /** Sent as it is instead of `body` (JSON text made by the database, as the changes feed sends it). */
  text?: string;
}

export type BaselineHandler = (req: BaselineRequest, pool: Pool) => Promise<BaselineResponse>;

async function main(): Promise<void> {
  const [modulePath] = process.argv.slice(2);
  if (!modulePath) throw new Error('usage: baseline-server <handler module>');
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const handler = (require(modulePath) as { baselineHandler?: BaselineHandler }).baselineHandler;
  if (typeof handler !== 'function') throw new Error(`${modulePath} exports no baselineHandler`);
  // The service's connection settings (src/database/data-source.ts): without `jit=off` PostgreSQL compiles the
  // costlier statements (a 20,000-row count, the forecast) on this side only, and the baseline measures JIT, not Node.
  const pool = new Pool({ connectionString: process.env.DATABASE_URL, max: Number(process.env.DB_POOL_SIZE ?? 10), options: '-c jit=off' });
  await pool.query('SELECT 1');

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const send = (status: number, body: unknown, raw?: string) => {
        const text = raw ?? JSON.stringify(body);
        res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': Buffer.byteLength(text) });
        res.end(text);
      };
      if (req.url === '/__ready') return send(200, { status: 'ok' });
      handler({ method: req.method ?? 'GET', url: req.url ?? '/', headers: req.headers, body: Buffer.concat(chunks) }, pool)
        .then((answer) => send(answer.status, answer.body, answer.text))
        .catch((error: unknown) => send(500, { error: { code: 'INTERNAL_ERROR', message: String(error) } }));
    });
  });
  server.keepAliveTimeout = 5_000;
  server.listen(Number(process.env.PORT), '127.0.0.1');
  const stop = () => {
    server.close();
    server.closeAllConnections();
    void pool.end().finally(() => process.exit(0));
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
