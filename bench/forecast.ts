/**
 * GET /forecast on PostgreSQL with 50,000 employees (about 100,000 salary adjustments,
 * some in EUR, locations with multipliers, notices with and without endDate), 5,000 contractors with
 * rates of every type and 20,000 vacancies (every status, a quarter filled, some fillers gone, some
 * unpriced) in one organization among two:
 * - 12 months by cost centre from 1 client: service and the one-statement baseline (forecast-baseline.ts),
 *   answers compared first; p50, p99, req/s; the service's peak RSS;
 * - 60 months by cost centre, service;
 * - 12 months by cost centre of a scenario (a fork of the same data), and with compare=live;
 * - 12 months by team of the scenario with all four forecast assumptions (its own) against the same forecast
 *   without them (`assumptions=none`), both from the service, interleaved (spec 07 §4: within 1.3x);
 * - 12 months by cost centre of a fork with employment terms on every tenth employee against the fork without
 *   them, both from the service, interleaved (within 1.3x; BENCH_ONLY=terms runs only this one).
 * BENCH_DURATION (s per run, default 10), BENCH_ROUNDS (default 2), BENCH_KEEP_DB=<name> (seed once, reuse).
 */
import { size } from './smoke';
import { join } from 'node:path';
import type { Client } from 'pg';
import { compare, firstDifference, printRuns, printSummaries, Scenario } from './compare';
import { ChildService, createDatabase, machine, printTable, runBenchmark, runLoad, seed, startBaseline, startService } from './harness';
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

/** The tables a forecast reads, analyzed after seeding and after a fork. */
const FORECAST_TABLES = ['employees', 'salary_adjustments', 'contractors', 'rate_adjustments', 'vacancies', 'assignments'];

const idOf = (kind: string, n: string) => `('c' || substr(md5($1 || ':${kind}:' || (${n})), 1, 24))`;

interface Meta {
  orgId: string;
  key: string;
  scenarioId: string;
  /** The fork with employment terms (`termsScenario`), once made. */
  termsScenarioId?: string;
}

export async function seedForecast(client: Client, org: SeedOrg, employees: number, contractors: number, vacancies: number): Promise<void> {
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

/**
 * Allocations on top of `seedPeople`'s (one open team assignment per employee, a past one on a quarter, a
 * 0.2 project assignment on a quarter): 100,000 project assignments (two per employee on nine in ten, fte
 * 0.3-0.8 so that some pairs sum over 1, a third ending after 90-290 days; one per contractor; one on every
 * fourth vacancy) and 50,000 team assignments (a second team at 0.5 from a day of 2026 on four in five
 * employees: shares change mid-month; one per contractor; one on every fourth vacancy). Projects get cost
 * centres, end dates in 2026 on two in three and a post-completion cost centre on half.
 */
export async function seedAllocations(
  client: Client,
  org: SeedOrg,
  employees: number,
  contractors: number,
  vacancies: number,
): Promise<void> {
  await client.query(
    `UPDATE projects SET cost_centre_id = ${idOf('cc', 'abs(hashtext(id)) % 60')},
                         end_date = CASE WHEN abs(hashtext(id)) % 3 <> 0 THEN date '2026-01-01' + abs(hashtext(id)) % 365 END,
                         post_completion_cost_centre_id = CASE WHEN abs(hashtext(id)) % 2 = 0 THEN ${idOf('cc', '(abs(hashtext(id)) / 7) % 60')} END
      WHERE organization_id = $1`,
    [org.orgId],
  );
  const columns = `plan_id, id, organization_id, type, target_id, employee_id, contractor_id, vacancy_id, fte, start_date, end_date, created_at, updated_at`;
  const start = `date '2025-06-01' + (g * 13 + k * 101) % 500`;
  await client.query(
    `INSERT INTO assignments (${columns})
     SELECT $2, ${idOf('pa', 'g * 2 + k')}, $1, 'project', ${idOf('pj', '(g * 3 + k * 17) % 50')}, ${idOf('em', 'g')}, NULL, NULL,
            0.3 + ((g * 7 + k) % 6) * 0.1, ${start}, CASE WHEN (g + k) % 3 = 0 THEN ${start} + 90 + g % 200 END, now(), now()
       FROM generate_series(0, $3 - 1) g, generate_series(0, 1) k WHERE g % 10 <> 0
     UNION ALL
     SELECT $2, ${idOf('pc', 'g')}, $1, 'project', ${idOf('pj', 'g % 50')}, NULL, ${idOf('ct', 'g')}, NULL, 1, date '2024-01-01' + g % 900, NULL, now(), now()
       FROM generate_series(0, $4 - 1) g, (VALUES (0)) k(k)
     UNION ALL
     SELECT $2, ${idOf('pv', 'g')}, $1, 'project', ${idOf('pj', '(g / 4) % 50')}, NULL, NULL, ${idOf('vc', 'g')}, 1, ${start}, NULL, now(), now()
       FROM generate_series(0, $5 - 1) g, (VALUES (0)) k(k) WHERE g % 4 = 0`,
    [org.orgId, org.planId, employees, contractors, vacancies],
  );
  await client.query(
    `INSERT INTO assignments (${columns})
     SELECT $2, ${idOf('ta', 'g')}, $1, 'team', ${idOf('tm', '(g * 7) % 100')}, ${idOf('em', 'g')}, NULL, NULL, 0.5, date '2026-01-01' + g % 365, NULL::date, now(), now()
       FROM generate_series(0, $3 - 1) g WHERE g % 10 < 8
     UNION ALL
     SELECT $2, ${idOf('tc', 'g')}, $1, 'team', ${idOf('tm', 'g % 100')}, NULL, ${idOf('ct', 'g')}, NULL, 1, date '2024-01-01' + g % 900, NULL, now(), now()
       FROM generate_series(0, $4 - 1) g
     UNION ALL
     SELECT $2, ${idOf('tv', 'g')}, $1, 'team', ${idOf('tm', 'g % 100')}, NULL, NULL, ${idOf('vc', 'g')}, 1, date '2025-06-01' + g % 500, NULL, now(), now()
       FROM generate_series(0, $5 - 1) g WHERE g % 4 = 1`,
    [org.orgId, org.planId, employees, contractors, vacancies],
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
    await seedAllocations(client, orgs[0], size(50_000, 40), size(5_000, 5), size(20_000, 10));
    await seedAllocations(client, orgs[1], size(5_000, 10), size(500, 2), size(2_000, 3));
    await vacuumAnalyze(client, [
      'employees',
      'salary_adjustments',
      'contractors',
      'rate_adjustments',
      'vacancies',
      'locations',
      'exchange_rates',
      'assignments',
      'projects',
    ]);
  });
  const t1 = performance.now();
  const scenario = await service.admin<{ data: { id: string } }>('POST', `/organizations/${orgs[0].orgId}/scenarios`, {
    name: 'Forecast bench',
  });
  await vacuumAnalyze(db.client, [...FORECAST_TABLES, 'projects']);
  process.stdout.write(
    `seeded in ${((t1 - t0) / 1000).toFixed(0)} s, scenario forked in ${((performance.now() - t1) / 1000).toFixed(0)} s\n`,
  );
  const meta = { orgId: orgs[0].orgId, key: orgs[0].key, scenarioId: scenario.data.id };
  await db.client.query(`CREATE TABLE bench_forecast_meta (meta jsonb)`);
  await db.client.query(`INSERT INTO bench_forecast_meta VALUES ($1)`, [meta]);
  return { meta, db, service };
}

type Answer = { totals: Record<string, unknown>[]; groups: { key: { id: string } | null; months: Record<string, unknown>[] }[] };

/** A figure compared to the cent (`firstDifference` compares objects field by field). */
class Cents {
  constructor(readonly v: number) {}
  toJSON(): number {
    return this.v;
  }
}

/** `firstDifference`, with `Cents` equal when within a cent (compared as whole cents: 20969711.12 - .11 is 0.0100000016 in doubles). */
function centsDifference(a: unknown, b: unknown, path = ''): string | null {
  if (a instanceof Cents && b instanceof Cents)
    return Math.abs(Math.round(a.v * 100) - Math.round(b.v * 100)) <= 1 ? null : `${path}: ${a.v} vs ${b.v}`;
  if (a && b && typeof a === 'object' && typeof b === 'object' && !(a instanceof Cents) && !(b instanceof Cents)) {
    for (const key of new Set([...Object.keys(a), ...Object.keys(b)])) {
      const found = centsDifference((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key], `${path}.${key}`);
      if (found) return found;
    }
    return null;
  }
  return firstDifference(a, b, path);
}

/**
 * Where two answers differ (groups matched by key, so that name collations cannot reorder them), or null.
 * Figures are compared to the cent: the two sides sum the same rows in another order, and under the
 * allocation groupings the null group is a difference of large sums, so a half cent can round either way.
 */
function answerDifference(s: Answer, b: Answer, leaveOut: string[] = []): string | null {
  const strip = (months: Record<string, unknown>[]) =>
    months.map((m) =>
      Object.fromEntries(
        Object.entries(m)
          .filter(([field]) => !leaveOut.includes(field))
          .map(([field, v]) => [field, typeof v === 'number' ? new Cents(v) : v]),
      ),
    );
  const byKey = (a: Answer) => new Map(a.groups.map((g) => [g.key?.id ?? null, strip(g.months)]));
  return centsDifference(strip(s.totals), strip(b.totals)) ?? centsDifference(Object.fromEntries(byKey(s)), Object.fromEntries(byKey(b)));
}

/**
 * `BENCH_OLD_BUILD=<project root of another build>` (a worktree of the code before, built): groupBy=none over
 * 12 months from that build's service and this one, interleaved (`compare` with the old build as the
 * "baseline"); answers compared first, without the figures the old build does not have.
 */
async function beforeAfter(
  db: Awaited<ReturnType<typeof createDatabase>>,
  service: ChildService,
  meta: Meta,
  durationSeconds: number,
  rounds: number,
): Promise<void> {
  const root = process.env.BENCH_OLD_BUILD;
  if (!root) return;
  const old = await startService(db, {}, [], root);
  const headers = { authorization: `Bearer ${meta.key}` };
  const path = `/api/v1/org/${meta.orgId}/forecast?from=2026-01&months=12`;
  const get = async (base: string) => ((await (await fetch(base + path, { headers })).json()) as { data: Answer }).data;
  const diff = answerDifference(await get(service.baseUrl), await get(old.baseUrl), [
    'averageFte',
    'averageVacancyFte',
    ...ASSUMPTION_FIGURES,
  ]);
  if (diff) throw new Error(`new and old builds differ: ${diff}`);
  process.stdout.write(`groupBy=none: new build (service) against the old one at ${root} (baseline column)\n`);
  const load = () => ({ method: 'GET' as const, path, headers });
  const { runs, summaries } = await compare({
    service,
    baseline: old,
    scenarios: [{ name: 'GET /forecast 12 months groupBy=none, new vs old build', load }],
    rounds,
    durationSeconds,
    connections: 1,
    db,
    // Always run (BENCH_ONLY selects among the service/baseline endpoints above, not this one).
    only: [],
  });
  printRuns(runs);
  printSummaries(summaries);
}

/** The figures of the forecast assumptions, which the baseline (and a build before them) does not compute. */
const ASSUMPTION_FIGURES = ['expectedLeavers', 'onCost'];

/** All four forecast assumptions (spec 07 §4), set on the benchmark's scenario. */
const ALL_FOUR = { attritionRatePerYear: 0.12, meritIncrease: { month: 4, percent: 3 }, timeToFillDays: 45, onCostPercent: 25 };

/**
 * The 12-month forecast by team with all four assumptions (the scenario's own) against the same forecast without
 * them (`assumptions=none`), both from this service (`compare` with the service as its own "baseline", so the ratio
 * is with / without), interleaved in one run. The answers are checked first: the assumptions applied, and the
 * totals of both equal those of `groupBy=none` under the same assumptions.
 */
async function assumptionsComparison(
  db: Awaited<ReturnType<typeof createDatabase>>,
  service: Awaited<ReturnType<typeof startService>>,
  meta: Meta,
  durationSeconds: number,
  rounds: number,
): Promise<void> {
  const users = await service.admin<{ data: { id: string }[] }>('GET', `/organizations/${meta.orgId}/users`);
  await service.admin(
    'PATCH',
    `/organizations/${meta.orgId}/scenarios/${meta.scenarioId}`,
    { assumptions: ALL_FOUR },
    {
      'X-Acting-User': users.data[0].id,
    },
  );
  const headers = { authorization: `Bearer ${meta.key}` };
  const base = `/api/v1/org/${meta.orgId}/forecast?from=2026-01&months=12&scenarioId=${meta.scenarioId}`;
  const get = async (path: string) =>
    (await (await fetch(service.baseUrl + path, { headers })).json()) as { data: Answer; meta: { assumptions: { source: string } } };
  for (const none of ['', '&assumptions=none']) {
    const [team, whole] = await Promise.all([get(`${base}&groupBy=team${none}`), get(`${base}${none}`)]);
    const diff = answerDifference({ ...team.data, groups: [] }, { ...whole.data, groups: [] });
    if (diff) throw new Error(`forecast by team and as a whole differ${none}: ${diff}`);
    const source = none ? 'none' : 'scenario';
    if (team.meta.assumptions.source !== source) throw new Error(`assumptions ${team.meta.assumptions.source}, not ${source}`);
    process.stdout.write(`assumptions ${source}: totals 2026-12 ${JSON.stringify(team.data.totals[11])}\n`);
  }
  const path = `${base}&groupBy=team`;
  const { runs, summaries } = await compare({
    service,
    baseline: service,
    scenarios: [
      {
        name: 'GET /forecast 12 months by team, all four assumptions (service column) vs none (baseline column)',
        load: (target) => ({ method: 'GET' as const, path: target === 'service' ? path : `${path}&assumptions=none`, headers }),
      },
    ],
    rounds,
    durationSeconds,
    connections: 1,
    db,
  });
  printRuns(runs);
  printSummaries(summaries);
}

/**
 * Employment terms (spec 07 §5.2) on every tenth employee of those employed all through December 2026 (so that the
 * answer check holds on the smoke run's 40 people too), in a fork of its own (made once, kept with a kept database): an
 * fte of 0.5-0.9 on a third, a move to another cost centre on a third, both and another location on the rest, each from
 * a day between July 2025 and December 2026 (most inside the forecast's window).
 */
async function termsScenario(
  db: Awaited<ReturnType<typeof createDatabase>>,
  service: Awaited<ReturnType<typeof startService>>,
  meta: Meta,
): Promise<string> {
  if (meta.termsScenarioId) return meta.termsScenarioId;
  const fork = await service.admin<{ data: { id: string } }>('POST', `/organizations/${meta.orgId}/scenarios`, { name: 'Terms bench' });
  const kind = `(n / 10) % 3`;
  const { rowCount } = await db.client.query(
    `INSERT INTO employment_terms (organization_id, plan_id, id, employee_id, effective_date, fields, fte, cost_centre_id, geography_id)
     SELECT $1, $2, ${idOf('et', 'n')}, id, date '2025-07-01' + (n * 37) % 540,
            CASE ${kind} WHEN 0 THEN ARRAY['fte'] WHEN 1 THEN ARRAY['costCentreId'] ELSE ARRAY['costCentreId', 'fte', 'locationId'] END,
            CASE WHEN ${kind} <> 1 THEN 0.5 + (n % 5) * 0.1 END, CASE WHEN ${kind} <> 0 THEN ${idOf('cc', '(n * 7) % 60')} END,
            CASE WHEN ${kind} = 2 THEN ${idOf('lc', 'n % 10')} END
       FROM (SELECT id, row_number() OVER (ORDER BY id)::int AS n FROM employees
              WHERE organization_id = $1 AND plan_id = $2 AND start_date <= date '2026-12-01' AND (end_date IS NULL OR end_date > date '2026-12-31')) e
      WHERE n % 10 = 0`,
    [meta.orgId, fork.data.id],
  );
  // The fork's rows as well: without statistics of them PostgreSQL plans the fork's forecast blind.
  await vacuumAnalyze(db.client, [...FORECAST_TABLES, 'employment_terms']);
  process.stdout.write(`terms scenario: ${rowCount} terms\n`);
  await db.client.query(`UPDATE bench_forecast_meta SET meta = $1`, [{ ...meta, termsScenarioId: fork.data.id }]);
  return fork.data.id;
}

/**
 * The 12-month forecast by cost centre of the terms fork (`termsScenario`) against the same of the benchmark's other
 * fork, which has no terms (both `assumptions=none`), from this service, interleaved (`compare` with the service as
 * its own "baseline": the ratio is with / without; issue goal within 1.3x). Answers checked first: the same closing
 * headcounts, a lower averageFte with the terms.
 */
async function termsComparison(
  db: Awaited<ReturnType<typeof createDatabase>>,
  service: Awaited<ReturnType<typeof startService>>,
  meta: Meta,
  durationSeconds: number,
  rounds: number,
): Promise<void> {
  const name = 'GET /forecast 12 months by cost centre, terms on every tenth employee (service column) vs none (baseline column)';
  const only = (process.env.BENCH_ONLY ?? '').split(',').filter(Boolean);
  if (only.length && !only.some((part) => name.includes(part.trim()))) return;
  const withTerms = await termsScenario(db, service, meta);
  const headers = { authorization: `Bearer ${meta.key}` };
  const path = (scenarioId: string) =>
    `/api/v1/org/${meta.orgId}/forecast?from=2026-01&months=12&groupBy=costCentre&assumptions=none&scenarioId=${scenarioId}`;
  const get = async (scenarioId: string) =>
    ((await (await fetch(service.baseUrl + path(scenarioId), { headers })).json()) as { data: Answer }).data;
  const [terms, none] = await Promise.all([get(withTerms), get(meta.scenarioId)]);
  const figure = (a: Answer, field: string) => a.totals.map((m) => m[field] as number);
  if (JSON.stringify(figure(terms, 'closing')) !== JSON.stringify(figure(none, 'closing')))
    throw new Error('the terms changed the closing headcounts');
  if (!(figure(terms, 'averageFte')[11] < figure(none, 'averageFte')[11])) throw new Error('the terms did not lower averageFte');
  process.stdout.write(`terms: averageFte 2026-12 ${figure(terms, 'averageFte')[11]} with, ${figure(none, 'averageFte')[11]} without\n`);
  const { runs, summaries } = await compare({
    service,
    baseline: service,
    scenarios: [
      { name, load: (target) => ({ method: 'GET' as const, path: path(target === 'service' ? withTerms : meta.scenarioId), headers }) },
    ],
    rounds,
    durationSeconds,
    connections: 1,
    db,
  });
  printRuns(runs);
  printSummaries(summaries);
}

export async function forecastBenchmark(): Promise<void> {
  await runBenchmark(async () => {
    const { meta, db, service } = await prepare();
    const baseline = await startBaseline(db, join(__dirname, 'forecast-baseline.js'));
    const headers = { authorization: `Bearer ${meta.key}` };
    const base = `/api/v1/org/${meta.orgId}/forecast`;
    const p12 = `${base}?from=2026-01&months=12&groupBy=costCentre`;
    // Same figures from both (currency and the groups' order aside), for every grouping measured: by cost
    // centre always, the allocation groupings when BENCH_ONLY (below) selects them or is unset.
    const get = async (url: string) => ((await (await fetch(url, { headers })).json()) as { data: Answer }).data;
    const only = (process.env.BENCH_ONLY ?? '')
      .split(',')
      .map((part) => part.trim())
      .filter(Boolean);
    const measured = (groupBy: string) =>
      groupBy === 'costCentre' || !only.length || only.some((part) => `GET /forecast 12 months by ${groupBy}`.includes(part));
    for (const groupBy of ['costCentre', 'team', 'project', 'projectCostCentre'].filter(measured)) {
      const path = `${base}?from=2026-01&months=12&groupBy=${groupBy}`;
      const [s, b] = await Promise.all([get(service.baseUrl + path), get(baseline.baseUrl + path)]);
      // The baseline knows no forecast assumptions: their figures (0 here, where none apply) are the service's own.
      const diff = answerDifference(s, b, ASSUMPTION_FIGURES);
      if (diff) throw new Error(`service and baseline differ (groupBy=${groupBy}): ${diff}`);
      process.stdout.write(
        `answers agree, groupBy=${groupBy} (${s.groups.length} groups); totals 2026-01: ${JSON.stringify(s.totals[0])}\n`,
      );
    }

    const durationSeconds = Number(process.env.BENCH_DURATION ?? 10);
    const rounds = Number(process.env.BENCH_ROUNDS ?? 2);
    const load = (path: string) => () => ({ method: 'GET' as const, path, headers });
    const scenarios: Scenario[] = [
      { name: 'GET /forecast 12 months by cost centre', load: load(p12) },
      { name: 'GET /forecast 12 months by team', load: load(`${base}?from=2026-01&months=12&groupBy=team`) },
      { name: 'GET /forecast 12 months by project', load: load(`${base}?from=2026-01&months=12&groupBy=project`) },
      { name: 'GET /forecast 12 months by projectCostCentre', load: load(`${base}?from=2026-01&months=12&groupBy=projectCostCentre`) },
      { name: 'GET /forecast 60 months by cost centre', load: load(`${base}?from=2026-01&months=60&groupBy=costCentre`) },
      // The scenario has assumptions of its own (assumptionsComparison); the baseline has none.
      { name: 'GET /forecast scenario 12 months by cost centre', load: load(`${p12}&scenarioId=${meta.scenarioId}&assumptions=none`) },
    ];
    const { runs, summaries } = await compare({ service, baseline, scenarios, rounds, durationSeconds, connections: 1, db });
    printRuns(runs);
    printSummaries(summaries);
    const withLive = await runLoad({
      name: 'service scenario compare=live',
      baseUrl: service.baseUrl,
      path: `${p12}&scenarioId=${meta.scenarioId}&compare=live&assumptions=none`,
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
    await assumptionsComparison(db, service, meta, durationSeconds, rounds);
    await termsComparison(db, service, meta, durationSeconds, rounds);
    await beforeAfter(db, service, meta, durationSeconds, rounds);
    process.stdout.write(`peak RSS: service ${service.peakRssMb()} MB; ${machine()}\n`);
  });
}
