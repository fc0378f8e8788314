/**
 * GET /budgets/:id/variance of a 12-month budget by team (100 teams x 12 months = 1,200 lines) against GET /forecast
 * by team for the same months, on the forecast benchmark's data (50,000 employees with salaries and team assignments,
 * 5,000 contractors, 20,000 vacancies, of one organization among two; bench/forecast.ts). The variance is that
 * forecast plus a join with the lines: its goal is to take at most 1.2 times the forecast's time.
 * - answers compared first: the variance's forecast side equals GET /forecast's, group by group and month;
 * - then both endpoints from 1 client on the same service, in alternating rounds (`compare`: the variance is the
 *   "service" side, the forecast the "baseline" side), with the load average of each run (the machine is shared).
 * BENCH_DURATION (s per run, default 10), BENCH_ROUNDS (default 2), BENCH_KEEP_DB=<name> (seed once, reuse).
 */
import { size } from './smoke';
import { compare, printRuns, printSummaries } from './compare';
import { createDatabase, machine, runBenchmark, seed, startService } from './harness';
import { seedAllocations, seedForecast } from './forecast';
import { createOrganizations, seededIds, vacuumAnalyze } from './seed-data';

interface Meta {
  orgId: string;
  key: string;
  budgetId: string;
}

type Figures = { forecastCost: number | null; forecastHeadcount: number; unpricedPeople: number };
type ForecastAnswer = { groups: { key: { id: string } | null; months: Figures[] }[] };
type VarianceAnswer = {
  groups: { key: string | null; months: { forecast: { cost: number | null; closingHeadcount: number; unpricedPeople: number } }[] }[];
};

async function prepare() {
  const db = await createDatabase('wfp_bench_budgets');
  const service = await startService(db);
  if (db.reused) {
    const { rows } = await db.client.query<{ meta: Meta }>(`SELECT meta FROM bench_budgets_meta`);
    return { meta: rows[0].meta, db, service };
  }
  const t0 = performance.now();
  const orgs = await createOrganizations(service, db.client, 2, [
    'forecasts_view',
    'financials_view_summary',
    'budgets_view',
    'budgets_edit',
  ]);
  await seed(db, async (client) => {
    await seedForecast(client, orgs[0], size(50_000, 40), size(5_000, 5), size(20_000, 10));
    await seedForecast(client, orgs[1], size(5_000, 10), size(500, 2), size(2_000, 3));
    await seedAllocations(client, orgs[0], size(50_000, 40), size(5_000, 5), size(20_000, 10));
    await seedAllocations(client, orgs[1], size(5_000, 10), size(500, 2), size(2_000, 3));
    await vacuumAnalyze(client, [
      'employees',
      'salary_adjustments',
      'contractors',
      'rate_adjustments',
      'vacancies',
      'assignments',
      'teams',
    ]);
  });
  const teams = await seededIds(
    db.client,
    orgs[0].orgId,
    'tm',
    Array.from({ length: 100 }, (_, i) => i),
  );
  const months = Array.from({ length: 12 }, (_, i) => `2026-${String(i + 1).padStart(2, '0')}`);
  const lines = teams.flatMap((key, i) => months.map((month) => ({ key, month, cost: 100_000 + i * 1_000, headcount: 5, fte: 5 })));
  const res = await fetch(`${service.baseUrl}/api/v1/org/${orgs[0].orgId}/budgets`, {
    method: 'POST',
    headers: { authorization: `Bearer ${orgs[0].key}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      name: 'Bench 2026 by team',
      dimension: 'team',
      fromMonth: '2026-01',
      toMonth: '2026-12',
      currencyCode: orgs[0].currency,
      lines,
    }),
  });
  if (res.status !== 201) throw new Error(`POST /budgets: ${res.status} ${await res.text()}`);
  const budgetId = ((await res.json()) as { data: { id: string } }).data.id;
  process.stdout.write(`seeded in ${((performance.now() - t0) / 1000).toFixed(0)} s\n`);
  const meta = { orgId: orgs[0].orgId, key: orgs[0].key, budgetId };
  await db.client.query(`CREATE TABLE bench_budgets_meta (meta jsonb)`);
  await db.client.query(`INSERT INTO bench_budgets_meta VALUES ($1)`, [meta]);
  return { meta, db, service };
}

/** Where the variance's forecast side differs from GET /forecast's (groups matched by key), or null. */
function forecastSideDifference(variance: VarianceAnswer, forecast: ForecastAnswer): string | null {
  const byKey = new Map(forecast.groups.map((g) => [g.key?.id ?? null, g.months]));
  for (const group of variance.groups) {
    const months = byKey.get(group.key);
    if (!months) {
      if (group.months.some((m) => m.forecast.cost !== 0 || m.forecast.closingHeadcount !== 0)) return `${group.key}: not in the forecast`;
      continue;
    }
    byKey.delete(group.key);
    for (const [k, m] of group.months.entries()) {
      const f = months[k];
      if (
        m.forecast.cost !== f.forecastCost ||
        m.forecast.closingHeadcount !== f.forecastHeadcount ||
        m.forecast.unpricedPeople !== f.unpricedPeople
      )
        return `${group.key} month ${k}: ${JSON.stringify(m.forecast)} vs ${JSON.stringify(f)}`;
    }
  }
  return byKey.size ? `groups only in the forecast: ${[...byKey.keys()].join(', ')}` : null;
}

export async function budgetsBenchmark(): Promise<void> {
  await runBenchmark(async () => {
    const { meta, db, service } = await prepare();
    const headers = { authorization: `Bearer ${meta.key}` };
    const variancePath = `/api/v1/org/${meta.orgId}/budgets/${meta.budgetId}/variance`;
    const forecastPath = `/api/v1/org/${meta.orgId}/forecast?from=2026-01&months=12&groupBy=team`;
    const get = async <T>(path: string) => ((await (await fetch(service.baseUrl + path, { headers })).json()) as { data: T }).data;
    const [variance, forecast] = await Promise.all([get<VarianceAnswer>(variancePath), get<ForecastAnswer>(forecastPath)]);
    const diff = forecastSideDifference(variance, forecast);
    if (diff) throw new Error(`the variance's forecast side differs from GET /forecast: ${diff}`);
    process.stdout.write(`answers agree: ${variance.groups.length} groups, the variance's forecast side is GET /forecast's\n`);
    const { runs, summaries } = await compare({
      service,
      baseline: service,
      scenarios: [
        {
          name: 'variance 12 months by team (service) vs GET /forecast 12 months by team (baseline)',
          load: (target) => ({ method: 'GET' as const, path: target === 'service' ? variancePath : forecastPath, headers }),
        },
      ],
      rounds: Number(process.env.BENCH_ROUNDS ?? 2),
      durationSeconds: Number(process.env.BENCH_DURATION ?? 10),
      connections: 1,
      db,
    });
    printRuns(runs);
    printSummaries(summaries);
    for (const s of summaries) {
      process.stdout.write(
        `variance time / forecast time: ${(1 / s.ratio).toFixed(2)} (per round ${(1 / s.maxRatio).toFixed(2)}-${(1 / s.minRatio).toFixed(2)}; goal at most 1.2)\n`,
      );
    }
    process.stdout.write(`peak RSS: service ${service.peakRssMb()} MB; ${machine()}\n`);
  });
}
