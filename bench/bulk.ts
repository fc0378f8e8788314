/**
 * `npm run bench -- bulk` (issue 18 item 5): `POST /employees/bulk` with 1,000 employees per request,
 * each with a nested salary, from BENCH_CLIENTS (default 4) clients on PostgreSQL:
 * - create: every item a new externalId (created);
 * - resync: the same 1,000 externalIds again with one changed field and a new salary (updated);
 * against the same work sent as single `POST /employees` with a nested salary (items/s = requests/s).
 * Afterwards the rows are counted in SQL: every answered item must be there.
 * BENCH_DURATION: seconds per run (default 10); BENCH_CLIENTS (default 4).
 */
import type { Request } from 'autocannon';
import { createDatabase, createTenant, LoadResult, machine, printTable, round, runBenchmark, runLoad, startService } from './harness';

const BATCH = 1000;

export async function bulkBenchmark(): Promise<void> {
  const duration = Number(process.env.BENCH_DURATION ?? 10);
  const clients = Number(process.env.BENCH_CLIENTS ?? 4);
  await runBenchmark(async () => {
    const db = await createDatabase('wfp_bench_bulk');
    const service = await startService(db, { RATE_LIMIT_PER_MINUTE: '10000000' });
    const tenant = await createTenant(service, ['employees_view', 'employees_edit', 'compensation_view', 'compensation_edit']);
    const prefix = `/api/v1/org/${tenant.orgId}`;
    const headers = { authorization: `Bearer ${tenant.key}`, 'content-type': 'application/json' };
    let sequence = 0;
    let answered = { items: 0, failed: 0 };
    const employee = (externalId: string, n: number, tag: string) => ({
      externalId,
      firstName: 'Bench',
      lastName: `Person ${n}`,
      email: `${externalId.toLowerCase()}@bench.example.com`,
      startDate: '2026-01-05',
      internalEmployeeId: `${tag}-${n}`,
      salary: { effectiveDate: '2026-01-05', salary: 72000 + (n % 50) * 500, currencyCode: 'EUR', bonus: 5000, reason: tag },
    });
    const counted = (status: number, body: string) => {
      if (status !== 200) return;
      const data = (JSON.parse(body) as { data: { created: number; updated: number; unchanged: number; failed: number } }).data;
      answered.items += data.created + data.updated + data.unchanged;
      answered.failed += data.failed;
    };
    // create: fresh externalIds in every request.
    const createRequest = (): Request => ({
      method: 'POST',
      path: `${prefix}/employees/bulk`,
      headers,
      setupRequest: (req: Request) => {
        const base = ++sequence * BATCH;
        const records = Array.from({ length: BATCH }, (_v, i) => employee(`B-${base + i}`, base + i, 'hire'));
        return { ...req, body: JSON.stringify({ records }) };
      },
      onResponse: counted,
    });
    // resync: each client re-sends its own 1,000 existing employees with a changed field and a new salary.
    let resyncRound = 0;
    const resyncRequest = (connection: number): Request => ({
      method: 'POST',
      path: `${prefix}/employees/bulk`,
      headers,
      setupRequest: (req: Request) => {
        const tag = `r${++resyncRound}`;
        const base = (connection + 1) * BATCH;
        const records = Array.from({ length: BATCH }, (_v, i) => employee(`B-${base + i}`, base + i, tag));
        return { ...req, body: JSON.stringify({ records }) };
      },
      onResponse: counted,
    });
    let single = 0;
    const singleRequest = (): Request => ({
      method: 'POST',
      path: `${prefix}/employees`,
      headers,
      setupRequest: (req: Request) => {
        const n = ++single;
        return { ...req, body: JSON.stringify(employee(`S-${n}`, n, 'hire')) };
      },
    });

    const rows: Record<string, string | number>[] = [];
    const report = (label: string, result: LoadResult, itemsPerRequest: number, items: number) => {
      rows.push({
        scenario: label,
        clients,
        'requests/s': round(result.requestsPerSecond, 2),
        'items/s': Math.round(items / result.durationSeconds),
        p50: result.p50Ms,
        p99: result.p99Ms,
        max: result.maxMs,
        failures: result.failures,
        'items/request': itemsPerRequest,
      });
    };
    const load = { baseUrl: service.baseUrl, headers, connections: clients, durationSeconds: duration };

    answered = { items: 0, failed: 0 };
    const created = await runLoad({
      name: 'create',
      method: 'POST',
      path: `${prefix}/employees/bulk`,
      ...load,
      warmupSeconds: 0,
      requestsFor: () => [createRequest()],
    });
    report('bulk create, 1,000 per request', created, BATCH, answered.items);
    if (answered.failed) throw new Error(`${answered.failed} bulk items failed`);

    answered = { items: 0, failed: 0 };
    const resync = await runLoad({
      name: 'resync',
      method: 'POST',
      path: `${prefix}/employees/bulk`,
      ...load,
      warmupSeconds: 0,
      requestsFor: (c) => [resyncRequest(c)],
    });
    report('bulk resync (update + new salary), 1,000 per request', resync, BATCH, answered.items);

    const singles = await runLoad({
      name: 'single',
      method: 'POST',
      path: `${prefix}/employees`,
      ...load,
      warmupSeconds: 0,
      expectStatus: 201,
      requestsFor: () => [singleRequest()],
    });
    report('single POST /employees', singles, 1, singles.requests);

    const [{ n }] = (await db.client.query(`SELECT count(*)::int AS n FROM employees WHERE organization_id = $1`, [tenant.orgId])).rows;
    const [{ s }] = (await db.client.query(`SELECT count(*)::int AS s FROM salary_adjustments WHERE organization_id = $1`, [tenant.orgId]))
      .rows;
    process.stdout.write(`\n${machine()}\nrows afterwards: ${n} employees, ${s} salary adjustments\n\n`);
    printTable(rows);
    const bulkRate = (created.requests * BATCH) / created.durationSeconds;
    const singleRate = singles.requestsPerSecond;
    process.stdout.write(`\nbulk create / single POST items/s: ${round(bulkRate / singleRate, 1)}x\n`);
  });
}
