/**
 * Smoke mode (`BENCH_SMOKE=1`): every benchmark seeds a tiny data set and measures about a second from one
 * client, still checking its answers (and SQL) against the baseline where it does; CI runs each this way so
 * that a schema change that breaks a benchmark fails the build. Imported first by run.ts: it only fills in
 * the BENCH_* knobs that the caller left unset, so an explicit setting still wins.
 */
export const SMOKE = process.env.BENCH_SMOKE === '1';

/** The full-size figure, or the smoke one in smoke mode. */
export function size(full: number, smoke: number): number {
  return SMOKE ? smoke : full;
}

const SMOKE_DEFAULTS: Record<string, string> = {
  BENCH_DURATION: '1',
  BENCH_ROUNDS: '1',
  BENCH_CONNECTIONS: '1',
  BENCH_WARMUP: '0',
  BENCH_CHANGES: '60',
  BENCH_FILLS: '3',
  BENCH_FILL_CLIENTS: '1',
  BENCH_WH_CHANGES: '30',
  BENCH_CLIENTS: '1',
  BENCH_BATCHES: '1',
};

if (SMOKE) {
  for (const [name, value] of Object.entries(SMOKE_DEFAULTS)) process.env[name] ??= value;
}
