/**
 * `npm run bench -- bulk`: `POST /employees/bulk` with 1,000 employees per request,
 * each with a nested salary, from BENCH_CLIENTS (default 4) clients at once on PostgreSQL, each client
 * sending BENCH_BATCHES (default 3) requests one after the other:
 * - create: every item a new externalId (created);
 * - resync: the same externalIds again with one changed field and their salary's reason changed (updated: the salary
 *   keeps its effectiveDate, so it is that salary's update, not a new one);
 * - unchanged: the resync sent again (every item unchanged: nothing written, no event);
 * against the same work sent as single `POST /employees` with a nested salary from as many clients
 * for BENCH_DURATION seconds (default 10). A bulk request takes seconds, so the load is a fixed
 * amount of work timed from first send to last answer (not an autocannon time window), after
 * BENCH_WARMUP (default 1) unmeasured bulk creates per client of other externalIds and their resync. BENCH_SETUP_SQL: what-if SQL run on
 * the fresh schema first (reported). Afterwards the rows are counted in SQL: every answered item must be there.
 */
import { cpuMeter } from './compare';
import { size } from './smoke';
import { BENCH_CITUS, createDatabase, createTenant, machine, printTable, round, runBenchmark, startService } from './harness';

const BATCH = size(1000, 20);

interface BulkAnswer {
  data: { created: number; updated: number; unchanged: number; failed: number };
}

function percentile(sorted: number[], p: number): number {
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] : NaN;
}

export async function bulkBenchmark(): Promise<void> {
  const clients = Number(process.env.BENCH_CLIENTS ?? 4);
  const batches = Number(process.env.BENCH_BATCHES ?? 3);
  const duration = Number(process.env.BENCH_DURATION ?? 10);
  await runBenchmark(async () => {
    const db = await createDatabase('wfp_bench_bulk');
    // What-if (the report says so): SQL run on the fresh schema before any request, e.g. a table's fillfactor.
    const whatIf = process.env.BENCH_SETUP_SQL;
    if (whatIf) await db.client.query(whatIf);
    const service = await startService(db, { RATE_LIMIT_PER_MINUTE: '10000000' });
    const tenant = await createTenant(service, ['employees_view', 'employees_edit', 'compensation_view', 'compensation_edit']);
    const prefix = `${service.baseUrl}/api/v1/org/${tenant.orgId}`;
    const headers = { authorization: `Bearer ${tenant.key}`, 'content-type': 'application/json' };
    const employee = (externalId: string, n: number, tag: string) => ({
      externalId,
      firstName: 'Bench',
      lastName: `Person ${n}`,
      email: `${externalId.toLowerCase()}@bench.example.com`,
      startDate: '2026-01-05',
      internalEmployeeId: `${tag}-${n}`,
      salary: { effectiveDate: '2026-01-05', salary: 72000 + (n % 50) * 500, currencyCode: 'EUR', bonus: 5000, reason: tag },
    });
    const post = async (path: string, body: unknown, expect: number): Promise<{ ms: number; body: unknown }> => {
      const started = performance.now();
      const res = await fetch(`${prefix}${path}`, { method: 'POST', headers, body: JSON.stringify(body) });
      const text = await res.text();
      if (res.status !== expect) throw new Error(`POST ${path}: ${res.status} ${text.slice(0, 300)}`);
      return { ms: performance.now() - started, body: JSON.parse(text) };
    };

    /** Every client sends `batches` bulk requests in a row; all clients at once. */
    const bulkRun = async (label: string, tag: string) => {
      const latencies: number[] = [];
      let items = 0;
      let failed = 0;
      let unchanged = 0;
      const cpu = await cpuMeter(db, service.pid);
      const started = performance.now();
      await Promise.all(
        Array.from({ length: clients }, async (_c, client) => {
          for (let b = 0; b < batches; b++) {
            const base = (client * batches + b) * BATCH;
            const records = Array.from({ length: BATCH }, (_v, i) => employee(`B-${base + i}`, base + i, tag));
            const answer = await post('/employees/bulk', { records }, 200);
            const data = (answer.body as BulkAnswer).data;
            latencies.push(answer.ms);
            items += data.created + data.updated + data.unchanged;
            failed += data.failed;
            unchanged += data.unchanged;
          }
        }),
      );
      const seconds = (performance.now() - started) / 1000;
      latencies.sort((a, b) => a - b);
      if (failed) throw new Error(`${label}: ${failed} items failed`);
      return {
        label,
        seconds,
        items,
        cpu: await cpu(),
        p50: percentile(latencies, 50),
        p99: percentile(latencies, 99),
        max: latencies[latencies.length - 1],
        requests: latencies.length,
        unchanged,
      };
    };

    const singleRun = async () => {
      const latencies: number[] = [];
      let n = 0;
      const deadline = performance.now() + duration * 1000;
      const cpu = await cpuMeter(db, service.pid);
      const started = performance.now();
      await Promise.all(
        Array.from({ length: clients }, async () => {
          while (performance.now() < deadline) {
            const i = ++n;
            latencies.push((await post('/employees', employee(`S-${i}`, i, 'hire'), 201)).ms);
          }
        }),
      );
      const seconds = (performance.now() - started) / 1000;
      latencies.sort((a, b) => a - b);
      return {
        label: 'single POST /employees',
        seconds,
        items: latencies.length,
        cpu: await cpu(),
        p50: percentile(latencies, 50),
        p99: percentile(latencies, 99),
        max: latencies[latencies.length - 1],
        requests: latencies.length,
      };
    };

    // Warm-up (not measured): BENCH_WARMUP bulk creates per client of their own externalIds, then the same
    // records resynced, so that the measured requests of both kinds do not pay the service's first
    // compilations of their code paths and the pool's connections.
    const warmups = Number(process.env.BENCH_WARMUP ?? 1);
    for (const tag of ['warm-up', 'warm-up resync'])
      await Promise.all(
        Array.from({ length: clients }, async (_c, client) => {
          for (let w = 0; w < warmups; w++) {
            const base = (client * warmups + w) * BATCH;
            const records = Array.from({ length: BATCH }, (_v, i) => employee(`W-${base + i}`, base + i, tag));
            await post('/employees/bulk', { records }, 200);
          }
        }),
      );
    const warm = clients * warmups * BATCH;
    const created = await bulkRun('bulk create, 1,000 per request', 'hire');
    // A nightly resync meets a table that autovacuum has analyzed since the creates (autovacuum is on by
    // default). This machine's PostgreSQL runs with autovacuum off, so the benchmark analyzes in between, as
    // autovacuum would: with no statistics at all, a by-key look-up may take another index of the same
    // (organization_id, plan_id) prefix and filter the plan's rows (docs/decisions.md, bulk resync).
    await db.client.query('ANALYZE');
    const resync = await bulkRun('bulk resync (update + salary update), 1,000 per request', 'resync');
    const resent = await bulkRun('bulk resend, all unchanged, 1,000 per request', 'resync');
    if (resent.unchanged !== resent.items) throw new Error(`resend: ${resent.items - resent.unchanged} items were not unchanged`);
    const runs = [created, resync, resent, await singleRun()];
    const [{ n }] = (await db.client.query(`SELECT count(*)::int AS n FROM employees WHERE organization_id = $1`, [tenant.orgId])).rows;
    const [{ s }] = (await db.client.query(`SELECT count(*)::int AS s FROM salary_adjustments WHERE organization_id = $1`, [tenant.orgId]))
      .rows;
    const expected = warm + clients * batches * BATCH + runs[3].items;
    // Salaries are keyed by effectiveDate: a resync updates the one of its day, so one salary per employee.
    const salaries = expected;
    if (n !== expected || s !== salaries)
      throw new Error(`rows: ${n} employees, ${s} salary adjustments; expected ${expected} and ${salaries}`);
    process.stdout.write(
      `\n${machine()}; load average (1, 5, 15 min) at the end: ${(await import('node:os'))
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')}${whatIf ? `\nWHAT-IF, schema changed by BENCH_SETUP_SQL: ${whatIf}` : ''}\n`,
    );
    // Statistics reach pg_stat_user_tables within a second or so of each transaction: close enough here.
    // On the cluster the rows live in the workers' shards (employees_<shard id>): their counters, summed.
    const [hot] = BENCH_CITUS
      ? (
          await db.client.query<{ upd: number; hot: number }>(
            `SELECT sum(split_part(result, ',', 1)::int)::int AS upd, sum(split_part(result, ',', 2)::int)::int AS hot
               FROM run_command_on_workers($$SELECT coalesce(sum(n_tup_upd), 0) || ',' || coalesce(sum(n_tup_hot_upd), 0)
                                             FROM pg_stat_user_tables WHERE relname ~ '^employees_[0-9]+$'$$)`,
          )
        ).rows
      : (
          await db.client.query(
            `SELECT n_tup_upd::int AS upd, n_tup_hot_upd::int AS hot FROM pg_stat_user_tables WHERE relname = 'employees'`,
          )
        ).rows;
    process.stdout.write(
      `rows afterwards: ${n} employees, ${s} salary adjustments (as expected); employee updates HOT: ${hot.hot} of ${hot.upd}\n\n`,
    );
    printTable(
      runs.map((r) => ({
        scenario: r.label,
        clients,
        requests: r.requests,
        'items/s': Math.round(r.items / r.seconds),
        'p50 ms': Math.round(r.p50),
        'p99 ms': Math.round(r.p99),
        'max ms': Math.round(r.max),
        'service CPU ms/item': round(r.cpu.target / r.items, 3),
        'PostgreSQL CPU ms/item': round(r.cpu.postgres / r.items, 3),
        ...(BENCH_CITUS ? { 'of which Citus workers': round(r.cpu.workers / r.items, 3) } : {}),
      })),
    );
    process.stdout.write(
      `\nbulk create / single POST items/s: ${round(runs[0].items / runs[0].seconds / (runs[3].items / runs[3].seconds), 1)}x\n` +
        `unchanged resend / create items/s: ${round(runs[2].items / runs[2].seconds / (runs[0].items / runs[0].seconds), 1)}x\n`,
    );
  });
}
