/**
 * `npm run bench -- readings`: POST /business-metrics/readings with batches of 1,000 readings, from 1
 * and from 8 concurrent clients, against the service and against a baseline that sends the same upsert
 * straight through pg (bench/readings-baseline.ts). Each client is its own source and re-sends its
 * 1,000 readings, alternating two versions of them (the warm-up inserts them; every measured request
 * replaces all 1,000 with changed values: the heaviest steady state of a feed that re-sends its
 * periods). BENCH_DURATION sets the seconds per run (default 10), BENCH_ROUNDS the rounds (default 2).
 */
import { cpuMeter } from './compare';
import { size } from './smoke';
import { join } from 'node:path';
import {
  BENCH_CITUS,
  BenchTenant,
  createDatabase,
  createTenant,
  LoadResult,
  machine,
  printTable,
  round as fmt,
  runBenchmark,
  runLoad,
  startBaseline,
  startService,
} from './harness';

const BATCH = size(1000, 20);

/**
 * A realistic batch: daily periods, decimal values, AI share on half of them, a reference on each, a
 * note on a few. `round` shifts every value, so that two rounds differ in every reading.
 */
export function readingBatch(metric: string, source: string, round = 0, size = BATCH): string {
  const start = Date.UTC(2023, 0, 1);
  const readings = Array.from({ length: size }, (_, i) => {
    const day = new Date(start + i * 86_400_000).toISOString().slice(0, 10);
    const value = Math.round(((i * 7919) % 100_000) / 10) / 10 + round;
    return {
      periodStart: day,
      periodEnd: day,
      value,
      aiValue: i % 2 === 0 ? Math.round(value * 30) / 100 : null,
      externalRef: `evt-${source}-${i}`,
      note: i % 10 === 0 ? 'reconciled with the finance export' : null,
    };
  });
  return JSON.stringify({ metric, source, readings });
}

export async function readingsBenchmark(): Promise<void> {
  const duration = Number(process.env.BENCH_DURATION ?? 10);
  const rounds = Number(process.env.BENCH_ROUNDS ?? 2);
  await runBenchmark(async () => {
    const db = await createDatabase('wfp_bench_readings');
    // The 120/min limit would stop a benchmark after two seconds: raised, still counted (in memory).
    const service = await startService(db, { READINGS_RATE_LIMIT_PER_MINUTE: '10000000' });
    const baseline = await startBaseline(db, join(__dirname, 'readings-baseline.js'));
    const tenant: BenchTenant = await createTenant(service, ['business_metrics_ingest']);
    await service.admin('POST', `/organizations/${tenant.orgId}/business-metrics`, { key: 'bench', name: 'Bench metric', unit: 'units' });
    const idleRssMb = service.peakRssMb();
    const path = `/api/v1/org/${tenant.orgId}/business-metrics/readings`;
    const headers = { authorization: `Bearer ${tenant.key}` };

    const results: {
      target: string;
      clients: number;
      round: number;
      result: LoadResult;
      cpu: { target: number; postgres: number; workers: number };
    }[] = [];
    for (const clients of [1, 8]) {
      // Service and baseline take turns, round after round, so that a disturbance of the machine does not hit one side only.
      for (let round = 1; round <= rounds; round++) {
        for (const target of [
          { name: 'service', baseUrl: service.baseUrl, pid: service.pid },
          { name: 'baseline', baseUrl: baseline.baseUrl, pid: baseline.pid },
        ]) {
          // Each client alternates two versions of its batch: every measured request replaces 1,000 readings with other values.
          const source = (i: number) => `${target.name}-${clients}-${round}-${i}`;
          const bodies = Array.from({ length: clients }, (_, i) => [0, 1].map((shift) => readingBatch('bench', source(i), shift)));
          // Every run starts from a vacuumed table (earlier runs' dead rows would tax the later ones).
          await db.client.query('VACUUM (ANALYZE) business_metric_readings, business_metric_sources');
          // CPU of the target process and of the database's backends (on the cluster, coordinator and workers), warm-up included.
          const meter = await cpuMeter(db, target.pid);
          const result = await runLoad({
            name: `${target.name} ${clients}`,
            baseUrl: target.baseUrl,
            method: 'POST',
            path,
            headers,
            bodiesFor: (connection) => bodies[connection],
            connections: clients,
            durationSeconds: duration,
          });
          process.stderr.write(
            `${target.name}, ${clients} client(s), round ${round}: ${fmt(result.requestsPerSecond)} req/s, p99 ${result.p99Ms} ms\n`,
          );
          const used = await meter();
          const per = (ms: number) => fmt(ms / Math.max(1, result.requests), 2);
          results.push({
            target: target.name,
            clients,
            round,
            result,
            cpu: { target: per(used.target), postgres: per(used.postgres), workers: per(used.workers) },
          });
        }
      }
    }

    // Every request wrote its whole batch: one source per client, run and round, 1,000 readings each.
    const { rows } = await db.client.query<{ sources: number; readings: number; failing: number }>(
      `SELECT (SELECT count(*) FROM business_metric_sources) AS sources, (SELECT count(*) FROM business_metric_readings) AS readings,
              (SELECT count(*) FROM business_metric_sources WHERE feed_status <> 'HEALTHY') AS failing`,
    );
    const check = rows[0];
    const expectedSources = 2 * rounds * (1 + 8);
    if (Number(check.sources) !== expectedSources || Number(check.readings) !== expectedSources * BATCH || Number(check.failing) !== 0) {
      throw new Error(`unexpected state after the runs: ${JSON.stringify(check)}`);
    }
    const failures = results.reduce((sum, r) => sum + r.result.failures, 0);

    process.stdout.write(
      `\nBusiness-metric readings: batches of ${BATCH}, ${rounds} round(s) of ${duration} s per target and client count, each after a 2 s warm-up; ${machine()}\n\n`,
    );
    printTable(
      results.map(({ target, clients, round, result, cpu }) => ({
        target,
        clients,
        round,
        'readings/s': Math.round(result.requestsPerSecond * BATCH),
        'p50 ms': fmt(result.p50Ms),
        'p99 ms': fmt(result.p99Ms),
        'max ms': fmt(result.maxMs),
        'CPU ms/batch target + PostgreSQL': `${cpu.target} + ${cpu.postgres}`,
        ...(BENCH_CITUS ? { 'of which Citus workers': cpu.workers } : {}),
        failures: result.failures,
      })),
    );
    process.stdout.write('\nSummary (readings/s: mean of the rounds; p50, p99: worst round):\n\n');
    const summary = (target: string, clients: number) => {
      const mine = results.filter((r) => r.target === target && r.clients === clients).map((r) => r.result);
      return {
        readingsPerSecond: (mine.reduce((sum, r) => sum + r.requestsPerSecond, 0) / mine.length) * BATCH,
        p50: Math.max(...mine.map((r) => r.p50Ms)),
        p99: Math.max(...mine.map((r) => r.p99Ms)),
      };
    };
    printTable(
      [1, 8].map((clients) => {
        const svc = summary('service', clients);
        const base = summary('baseline', clients);
        return {
          clients,
          'service readings/s': Math.round(svc.readingsPerSecond),
          'baseline readings/s': Math.round(base.readingsPerSecond),
          'service/baseline': fmt(svc.readingsPerSecond / base.readingsPerSecond, 2),
          'service p50 / p99 ms': `${fmt(svc.p50)} / ${fmt(svc.p99)}`,
          'baseline p50 / p99 ms': `${fmt(base.p50)} / ${fmt(base.p99)}`,
        };
      }),
    );
    process.stdout.write(
      `\nPeak RSS (VmHWM): service ${service.peakRssMb()} MB (${idleRssMb} MB after start-up), baseline ${baseline.peakRssMb()} MB. ` +
        `Database after the runs: ${check.sources} sources, ${check.readings} readings. Unexpected answers: ${failures}.\n`,
    );
    if (failures > 0) process.exitCode = 1;
  });
}
