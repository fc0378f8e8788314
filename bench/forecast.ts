/**
 * Issue 16 item 5: GET /forecast on PostgreSQL with 50,000 employees (about 100,000 salary adjustments,
 * some in EUR, locations with multipliers, notices with and without endDate), 5,000 contractors with
 * rates of every type and 20,000 vacancies (every status, a quarter filled, some fillers gone, some
 * unpriced) in one organization among two:
 * - 12 months by cost centre from 1 client: service and the one-statement baseline (forecast-baseline.ts),
 *   answers compared first; p50, p99, req/s; the service's peak RSS;
 * - 60 months by cost centre, service;
 * - 12 months by cost centre of a scenario (a fork of the same data), and with compare=live.
 * BENCH_DURATION (s per run, default 10), BENCH_ROUNDS (default 2), BENCH_KEEP_DB=<name> (seed once, reuse).
 */
import { size } from './smoke';
import { join } from 'node:path';
import type { Client } from 'pg';
import { compare, firstDifference, printRuns, printSummaries, Scenario } from './compare';
import { createDatabase, machine, printTable, runBenchmark, runLoad, seed, startBaseline, startService } from './harness';
import {
  createOrganizations,
  SeedOrg,
  seedCostCentres,
  seedJobRoles,
  seedPeople,
  seedProjects,
  seedTeams,
  vacuumAnalyze,
} from './seed-data';

const idOf = (kind: string, n: string) => `('c' || substr(md5($1 || ':${kind}:' || (${n})), 1, 24))`;

interface Meta {
  orgId: string;
  key: string;
  scenarioId: string;
}

async function seedForecast(client: Client, org: SeedOrg, employees: number, contractors: number, vacancies: number): Promise<void> {
  const v = { employees, jobRoles: 200, teams: 100, projects: 50, costCentres: 60 };
  await seedJobRoles(client, org, v.jobRoles);
  await seedCostCentres(client, org, v.costCentres);
  await seedTeams(client, org, v.teams, v.costCentres);
  await seedProjects(client, org, v.projects);
  await seedPeople(client, org, v);
  await client.query(
    `INSERT INTO locations (id, organization_id, name, cost_multiplier) SELECT ${idOf('lc', 'g')}, $1, 'Location ' || g, 0.8 + g * 0.05 FROM generate_series(0, 9) g`,
    [org.orgId],
  );
  await client.query(
    `INSERT INTO exchange_rates (id, organization_id, from_currency, to_currency, rate, effective_date) VALUES (${idOf('xr', '1')}, $1, 'EUR', $2, 1.1, '2020-01-01')`,
    [org.orgId, org.currency],
  );
  // Locations on four in five, notices without endDate on one in forty, a tenth of salaries in EUR.
  await client.query(
    `UPDATE employees SET geography_id = CASE WHEN abs(hashtext(id)) % 5 <> 0 THEN ${idOf('lc', 'abs(hashtext(id)) % 10')} END,
                          notice_date = CASE WHEN end_date IS NULL AND abs(hashtext(id)) % 40 = 1 THEN date '2026-01-01' + abs(hashtext(id)) % 400 ELSE notice_date END
      WHERE organization_id = $1`,
    [org.orgId],
  );
  await client.query(`UPDATE salary_adjustments SET currency_code = 'EUR' WHERE organization_id = $1 AND abs(hashtext(id)) % 10 = 0`, [
    org.orgId,
  ]);
  await client.query(
    `INSERT INTO contractors (plan_id, id, organization_id, name, contractor_type, start_date, end_date, job_role_id, geography_id, cost_centre_id)
     SELECT $2, ${idOf('ct', 'g')}, $1, 'Contractor ' || g, 'individual', date '2023-01-01' + (g * 13) % 1400,
            CASE WHEN g % 4 = 0 THEN date '2023-01-01' + (g * 13) % 1400 + 200 + g % 700 END,
            ${idOf('jr', 'g % 200')}, CASE WHEN g % 3 <> 0 THEN ${idOf('lc', 'g % 10')} END, ${idOf('cc', 'g % 60')}
       FROM generate_series(0, $3 - 1) g`,
    [org.orgId, org.planId, contractors],
  );
  await client.query(
    `INSERT INTO rate_adjustments (plan_id, id, organization_id, contractor_id, effective_date, rate, rate_type, currency_code)
     SELECT $2, ${idOf('ra', 'g * 2 + k')}, $1, ${idOf('ct', 'g')}, date '2023-01-01' + (g * 13) % 1400 + 300 * k,
            CASE g % 4 WHEN 0 THEN 60 + g % 80 WHEN 1 THEN 500 + g % 300 WHEN 2 THEN 9000 + g % 3000 ELSE 100000 + g % 50000 END + 5 * k,
            CASE g % 4 WHEN 0 THEN 'hourly' WHEN 1 THEN 'daily' WHEN 2 THEN 'monthly' ELSE 'annually' END,
            CASE WHEN g % 9 = 0 THEN 'EUR' ELSE $4 END
       FROM generate_series(0, $3 - 1) g, generate_series(0, g % 2) k`,
    [org.orgId, org.planId, contractors, org.currency],
  );
  await client.query(
    `INSERT INTO vacancies (plan_id, id, organization_id, role, status, fte, target_start_date, job_role_id, geography_id, cost_centre_id, salary, currency_code,
                            filled_by_live_employee_id, filled_by_live_contractor_id)
     SELECT $2, ${idOf('vc', 'g')}, $1, 'Vacancy ' || g,
            CASE g % 5 WHEN 0 THEN 'filled' WHEN 1 THEN 'open' WHEN 2 THEN 'committed' WHEN 3 THEN 'on_hold' ELSE 'cancelled' END,
            CASE WHEN g % 6 = 0 THEN 0.5 ELSE 1 END, CASE WHEN g % 9 <> 0 THEN date '2025-06-01' + (g * 7) % 900 END,
            ${idOf('jr', 'g % 200')}, CASE WHEN g % 3 <> 0 THEN ${idOf('lc', 'g % 10')} END, ${idOf('cc', 'g % 60')},
            CASE WHEN g % 25 <> 1 THEN 60000 + (g * 7919) % 90000 END, CASE WHEN g % 11 = 0 THEN 'EUR' END,
            CASE WHEN g % 5 = 0 AND g % 3 <> 0 THEN ${idOf('em', `(g * 7) % ${employees}`)} END,
            CASE WHEN g % 5 = 0 AND g % 3 = 0 THEN ${idOf('ct', `g % ${contractors}`)} END
       FROM generate_series(0, $3 - 1) g`,
    [org.orgId, org.planId, vacancies],
  );
}

async function prepare(): Promise<{
  meta: Meta;
  db: Awaited<ReturnType<typeof createDatabase>>;
  service: Awaited<ReturnType<typeof startService>>;
}> {
  const db = await createDatabase('wfp_bench_forecast');
  const service = await startService(db);
  if (db.reused) {
    const { rows } = await db.client.query<{ meta: Meta }>(`SELECT meta FROM bench_forecast_meta`);
    return { meta: rows[0].meta, db, service };
  }
  const t0 = performance.now();
  const orgs = await createOrganizations(service, db.client, 2, ['forecasts_view', 'financials_view_summary']);
  await seed(db, async (client) => {
    await seedForecast(client, orgs[0], size(50_000, 40), size(5_000, 5), size(20_000, 10));
    await seedForecast(client, orgs[1], size(5_000, 10), size(500, 2), size(2_000, 3));
    await vacuumAnalyze(client, [
      'employees',
      'salary_adjustments',
      'contractors',
      'rate_adjustments',
      'vacancies',
      'locations',
      'exchange_rates',
    ]);
  });
  const t1 = performance.now();
  const scenario = await service.admin<{ data: { id: string } }>('POST', `/organizations/${orgs[0].orgId}/scenarios`, {
    name: 'Forecast bench',
  });
  await vacuumAnalyze(db.client, ['employees', 'salary_adjustments', 'contractors', 'rate_adjustments', 'vacancies']);
  process.stdout.write(
    `seeded in ${((t1 - t0) / 1000).toFixed(0)} s, scenario forked in ${((performance.now() - t1) / 1000).toFixed(0)} s\n`,
  );
  const meta = { orgId: orgs[0].orgId, key: orgs[0].key, scenarioId: scenario.data.id };
  await db.client.query(`CREATE TABLE bench_forecast_meta (meta jsonb)`);
  await db.client.query(`INSERT INTO bench_forecast_meta VALUES ($1)`, [meta]);
  return { meta, db, service };
}

export async function forecastBenchmark(): Promise<void> {
  await runBenchmark(async () => {
    const { meta, db, service } = await prepare();
    const baseline = await startBaseline(db, join(__dirname, 'forecast-baseline.js'));
    const headers = { authorization: `Bearer ${meta.key}` };
    const base = `/api/v1/org/${meta.orgId}/forecast`;
    const p12 = `${base}?from=2026-01&months=12&groupBy=costCentre`;
    // Same figures from both (currency and the groups' order aside).
    const get = async (url: string) =>
      ((await (await fetch(url, { headers })).json()) as { data: { totals: unknown[]; groups: { months: unknown[] }[] } }).data;
    const [s, b] = await Promise.all([get(service.baseUrl + p12), get(baseline.baseUrl + p12)]);
    const diff =
      firstDifference(s.totals, b.totals) ??
      firstDifference(
        s.groups.map((g) => g.months),
        b.groups.map((g) => g.months),
      );
    if (diff) throw new Error(`service and baseline differ: ${diff}`);
    process.stdout.write(`answers agree (${s.groups.length} groups); totals 2026-01: ${JSON.stringify(s.totals[0])}\n`);

    const durationSeconds = Number(process.env.BENCH_DURATION ?? 10);
    const rounds = Number(process.env.BENCH_ROUNDS ?? 2);
    const load = (path: string) => () => ({ method: 'GET' as const, path, headers });
    const scenarios: Scenario[] = [
      { name: 'GET /forecast 12 months by cost centre', load: load(p12) },
      { name: 'GET /forecast 60 months by cost centre', load: load(`${base}?from=2026-01&months=60&groupBy=costCentre`) },
      { name: 'GET /forecast scenario 12 months by cost centre', load: load(`${p12}&scenarioId=${meta.scenarioId}`) },
    ];
    const { runs, summaries } = await compare({ service, baseline, scenarios, rounds, durationSeconds, connections: 1, db });
    printRuns(runs);
    printSummaries(summaries);
    const withLive = await runLoad({
      name: 'service scenario compare=live',
      baseUrl: service.baseUrl,
      path: `${p12}&scenarioId=${meta.scenarioId}&compare=live`,
      method: 'GET',
      headers,
      connections: 1,
      durationSeconds,
    });
    printTable([
      {
        target: withLive.name,
        'req/s': withLive.requestsPerSecond.toFixed(2),
        p50: withLive.p50Ms,
        p99: withLive.p99Ms,
        failures: withLive.failures,
      },
    ]);
    process.stdout.write(`peak RSS: service ${service.peakRssMb()} MB; ${machine()}\n`);
  });
}
