/**
 * Preloaded (`node -r dist/bench/sql-recorder.js`) into the service and the baseline by the benchmarks
 * that check both send the same SQL: while BENCH_SQL_LOG names a file, every statement a `pg` client
 * sends is appended to it as a JSON line `{ "text": ... }`. SIGUSR2 stops the recording and restores
 * pg's own query method, so the measured runs pay nothing for it.
 */
import { appendFileSync } from 'node:fs';
import { Client } from 'pg';

const file = process.env.BENCH_SQL_LOG;
if (file) {
  const original = Client.prototype.query;
  const recording = function (this: Client, ...args: unknown[]) {
    const config = args[0] as string | { text?: string } | undefined;
    const text = typeof config === 'string' ? config : config?.text;
    if (text) appendFileSync(file, `${JSON.stringify({ text })}\n`);
    return (original as (...a: unknown[]) => unknown).apply(this, args);
  };
  Client.prototype.query = recording as typeof Client.prototype.query;
  process.once('SIGUSR2', () => {
    Client.prototype.query = original;
  });
}
