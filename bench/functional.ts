/**
 * `npm run bench -- functional`: the functional structure's two heavy reads on
 * PostgreSQL, in the live plan of one organization among two (the other holds a smaller copy):
 * - GET /functional-groups/tree: 500 groups (1 root -> 10 -> 50 -> 439) with figures over 10,000 seats,
 *   10,000 employee occupancies (3-4 salary adjustments each, in USD, EUR and GBP, some with a location
 *   cost multiplier) and 300 contractor occupancies (hourly, daily and monthly rates);
 * - GET /functional-groups/:rootId/summary: the root's figures, arrivals and leavers, the twelve-month
 *   schedule of every seat and the headcount bridge with costs.
 * Goals: tree p50 < 100 ms and p99 < 250 ms, root summary p50 < 300 ms, from one client; 4 clients
 * give the throughput. The key has functional_groups_view and financials_view_summary and its creator
 * `*`, so cost figures are computed. The answers are checked once and digested (without ids and
 * timestamps, lists sorted: ids and the order among equal names change with every run), so that two
 * runs (before and after a change) can be compared for identical results.
 * BENCH_DURATION (s per run, default 10), BENCH_ROUNDS (default 2), BENCH_CONNECTIONS (default 1,4),
 * BENCH_ONLY (tree or summary), BENCH_CPU_PROF (a directory: the service runs with --cpu-prof there),
 * BENCH_NODE_ARGS (what-if: more node options for the service, e.g. --max-semi-space-size=64; the report says so).
 */
import { size } from './smoke';
import { createHash } from 'node:crypto';
import type { Client } from 'pg';
import { cpuMeter } from './compare';
import { BENCH_CITUS, createDatabase, LoadResult, machine, printTable, round, runBenchmark, runLoad, startService } from './harness';
import { applySetupSql, createOrganizations, SeedOrg, seededIds, vacuumAnalyze } from './seed-data';

interface Volumes {
  groups: number;
  /** Groups under the root, and under those. */
  level1: number;
  level2: number;
  seatsPerGroup: number;
  contractors: number;
  vacancies: number;
}

/** 500 groups x 20 seats = 10,000 seats, 10,000 employees and occupancies; 300 contractors. */
export const MEASURED: Volumes = {
  groups: size(500, 20),
  level1: size(10, 2),
  level2: size(50, 5),
  seatsPerGroup: 20,
  contractors: size(300, 10),
  vacancies: size(100, 5),
};
/** The other organization: the same shape, a tenth of the size. */
export const NOISE: Volumes = {
  groups: size(50, 10),
  level1: size(5, 2),
  level2: size(10, 3),
  seatsPerGroup: 20,
  contractors: size(30, 5),
  vacancies: size(10, 2),
};
const TABLES = [
  'functional_groups',
  'functional_group_placements',
  'functional_positions',
  'functional_position_reports',
  'functional_assignments',
  'employees',
  'salary_adjustments',
  'contractors',
  'rate_adjustments',
  'vacancies',
  'locations',
  'exchange_rates',
  'record_changes',
];
// prettier-ignore
const AREAS = ['Payments', 'Checkout', 'Search', 'Identity', 'Billing', 'Fraud', 'Mobile', 'Web', 'Data Platform', 'Platform',
  'Growth', 'Pricing', 'Catalog', 'Logistics', 'Inventory', 'Messaging', 'Notifications', 'Onboarding', 'Reporting', 'Security'];
const KINDS = ['Division', 'Department', 'Team'];
// prettier-ignore
const FIRST = ['James', 'Mary', 'Wei', 'Aisha', 'Carlos', 'Priya', 'Olivia', 'Mateo', 'Fatima', 'Hiroshi', 'Emma', 'Liam', 'Sofia', 'Noah',
  'Amara', 'Lucas', 'Chloe', 'Arjun', 'Ingrid', 'Tomasz', 'Zanele', 'Diego', 'Hannah', 'Kwame', 'Elena', 'Yusuf', 'Grace', 'Mikhail', 'Leila', 'Samuel'];
// prettier-ignore
const LAST = ['Smith', 'Garcia', 'Chen', 'Okafor', 'Muller', 'Rossi', 'Kowalski', 'Nguyen', 'Silva', 'Tanaka', 'Johnson', 'Patel', 'Dubois',
  'Haddad', 'Novak', 'Jensen', 'Fernandes', 'Kim', 'Osei', 'Bianchi', 'Williams', 'Martinez', 'Wang', 'Adeyemi', 'Schneider', 'Ricci', 'Nowak'];
/** Same formula as seed-data's ids: `c` + 24 hex of md5(<org>:<kind>:<n>). */
const idOf = (kind: string, n: string) => `('c' || substr(md5($1 || ':${kind}:' || (${n})), 1, 24))`;

/**
 * One organization's structure in its live plan ($1 organization, $2 plan, $3 the as-of day: today, UTC):
 * - groups g: 0 the root, 1..level1 under it, then level2 under those, the rest under the level-2 groups;
 *   one in ten of the deepest moved 500 days ago (an ended placement under another parent); 10 more
 *   groups closed 100 days ago (not in the tree);
 * - seats n (20 per group: n / 20), requiredFte 0.5 on one in five; seats of n % 40 = 3 open within the
 *   year, seats of n % 40 = 5 closed in the past; reporting lines to the group's first seat;
 * - employee n in seat n (fte = the seat's, 0.5 where a contractor holds the other half), dated by n % 40:
 *   1 arrives within 30 days, 2 leaves within 30 days, 3 arrives within the year, 4 leaves within the year,
 *   5 left in the past, else in post since 30..1,530 days; the last seats/50 seats are held by "movers"
 *   (employee 7j leaves seat 7j within the year and takes seat S - M + j the next day; a contractor holds
 *   that seat until then), so the last seats/50 employees hold no seat;
 * - salary adjustments: 3 per employee, a fourth (a raise within the year) on every other, in USD, EUR or
 *   GBP (one in four changes currency after the first; one in 500 starts in CHF, which has no rate);
 *   a location (cost multiplier 0.7..1.3) on one employee in three and one contractor in four;
 * - contractors: 2 rate adjustments (hourly, daily or monthly; USD or EUR), the second within the year
 *   on every other; vacancies holding seats until their hire arrives;
 * - a record change for every group, seat and occupancy.
 */
export async function seedStructure(client: Client, org: SeedOrg, v: Volumes, day: string): Promise<void> {
  const seats = v.groups * v.seatsPerGroup;
  const movers = seats / 50;
  const firstLevel3 = 1 + v.level1 + v.level2;
  const params = [org.orgId, org.planId, day];
  const q = (sql: string, extra: unknown[] = []) => client.query(sql, [...params, ...extra]);
  const parentOf = `CASE WHEN g = 0 THEN NULL
                         WHEN g <= ${v.level1} THEN ${idOf('fg', '0')}
                         WHEN g < ${firstLevel3} THEN ${idOf('fg', `1 + (g - ${v.level1 + 1}) % ${v.level1}`)}
                         ELSE ${idOf('fg', `${v.level1 + 1} + (g - ${firstLevel3}) % ${v.level2}`)} END`;
  await q(
    `INSERT INTO functional_groups (plan_id, id, organization_id, name, group_type, description, external_id, start_date, end_date)
     SELECT $2, ${idOf('fg', 'g')}, $1,
            CASE WHEN g = 0 THEN 'Company' ELSE ($4::text[])[1 + g % 20] || ' ' || ($5::text[])[CASE WHEN g <= ${v.level1} THEN 1 WHEN g < ${firstLevel3} THEN 2 ELSE 3 END] || ' ' || g END,
            ($5::text[])[CASE WHEN g <= ${v.level1} THEN 1 WHEN g < ${firstLevel3} THEN 2 ELSE 3 END],
            CASE WHEN g % 3 = 0 THEN 'Group ' || g || ' of the functional structure.' END,
            CASE WHEN g % 2 = 0 THEN 'FG-' || lpad(g::text, 5, '0') END,
            date '2019-01-01', CASE WHEN g >= $6 THEN $3::date - 100 END
       FROM generate_series(0, $6 + 9) g`,
    [AREAS, KINDS, v.groups],
  );
  await q(
    `INSERT INTO functional_group_placements (plan_id, id, organization_id, group_id, parent_group_id, start_date, end_date)
     SELECT $2, ${idOf('pl', 'g')}, $1, ${idOf('fg', 'g')},
            CASE WHEN g >= $4 THEN ${idOf('fg', '1')} ELSE ${parentOf} END,
            CASE WHEN g >= ${firstLevel3} AND g < $4 AND g % 10 = 7 THEN $3::date - 500 ELSE date '2019-01-01' END,
            CASE WHEN g >= $4 THEN $3::date - 100 END
       FROM generate_series(0, $4 + 9) g
     UNION ALL
     SELECT $2, ${idOf('pl-old', 'g')}, $1, ${idOf('fg', 'g')}, ${idOf('fg', `${v.level1 + 1} + (g + 1 - ${firstLevel3}) % ${v.level2}`)},
            date '2019-01-01', $3::date - 501
       FROM generate_series(${firstLevel3}, $4 - 1) g WHERE g % 10 = 7`,
    [v.groups],
  );
  // Seat n's dates follow its first occupant's pattern (n % 40); the mover targets (the last M seats) stay open.
  await q(
    `INSERT INTO functional_positions (plan_id, id, organization_id, functional_group_id, name, description, external_id, job_role_id, required_fte, start_date, end_date)
     SELECT $2, ${idOf('fp', 'n')}, $1, ${idOf('fg', `n / ${v.seatsPerGroup}`)}, 'Seat ' || lpad(n::text, 5, '0'),
            CASE WHEN n % 4 = 0 THEN 'Position ' || n END, CASE WHEN n % 2 = 1 THEN 'FP-' || n END, NULL,
            CASE WHEN n % 5 = 0 THEN 0.5 ELSE 1 END,
            CASE WHEN n % 40 = 3 AND n < $4 - $5 AND NOT (n % 7 = 0 AND n / 7 < $5) THEN $3::date + 31 + n % 300 ELSE date '2019-01-01' END,
            CASE WHEN n % 40 = 5 AND n < $4 - $5 AND NOT (n % 7 = 0 AND n / 7 < $5) THEN $3::date - 1 - n % 200 END
       FROM generate_series(0, $4 - 1) n`,
    [seats, movers],
  );
  await q(
    `INSERT INTO functional_position_reports (plan_id, id, organization_id, position_id, reports_to_position_id, start_date)
     SELECT $2, ${idOf('rp', 'n')}, $1, ${idOf('fp', 'n')}, CASE WHEN n % $5 <> 0 THEN ${idOf('fp', `(n / $5) * $5`)} END, least(date '2019-01-01', $3::date)
       FROM generate_series(0, $4 - 1) n`,
    [seats, v.seatsPerGroup],
  );
  await client.query(
    `INSERT INTO locations (id, organization_id, name, cost_multiplier)
     SELECT ${idOf('loc', 'k')}, $1, 'Location ' || k, (ARRAY[1.0, 1.15, 0.85, 1.3, 0.7])[k + 1] FROM generate_series(0, 4) k`,
    [org.orgId],
  );
  await client.query(
    `INSERT INTO exchange_rates (id, organization_id, from_currency, to_currency, rate, effective_date)
     VALUES (${idOf('fx', '1')}, $1, 'EUR', 'USD', 1.05, $2::date - 800), (${idOf('fx', '2')}, $1, 'EUR', 'USD', 1.08, $2::date - 200),
            (${idOf('fx', '3')}, $1, 'EUR', 'USD', 1.11, $2::date + 100), (${idOf('fx', '4')}, $1, 'GBP', 'USD', 1.25, $2::date - 800),
            (${idOf('fx', '5')}, $1, 'USD', 'GBP', 0.79, $2::date - 200), (${idOf('fx', '6')}, $1, 'EUR', 'GBP', 0.85, $2::date - 200)`,
    [org.orgId, day],
  );
  await q(
    `INSERT INTO employees (plan_id, id, organization_id, external_id, first_name, last_name, name, email, start_date, geography_id, default_currency_code)
     SELECT $2, ${idOf('em', 'n')}, $1, 'E' || lpad(n::text, 6, '0'), f, l, f || ' ' || l, 'e' || n || '@' || $6, $3::date - 2000,
            CASE WHEN n % 3 = 0 THEN ${idOf('loc', 'n % 5')} END, (ARRAY['USD', 'EUR', 'GBP'])[1 + n % 3]
       FROM generate_series(0, $4 - 1) n,
            LATERAL (SELECT ($5::text[])[1 + (n * 7) % 30] AS f, ($7::text[])[1 + (n * 13 + n / 30) % 27] AS l) x`,
    [seats, FIRST, org.domain, LAST],
  );
  await q(
    `INSERT INTO salary_adjustments (plan_id, id, organization_id, employee_id, effective_date, salary, currency_code, reason)
     SELECT $2, ${idOf('sa', 'n * 4 + k')}, $1, ${idOf('em', 'n')},
            CASE k WHEN 0 THEN $3::date - 1100 - n % 200 WHEN 1 THEN $3::date - 400 - n % 200 WHEN 2 THEN $3::date - 30 - n % 150 ELSE $3::date + 10 + n % 300 END,
            round((40000 + (n * 7919) % 90000) * (ARRAY[1, 1.05, 1.08, 1.12])[k + 1], 2),
            CASE WHEN k = 0 AND n % 500 = 7 THEN 'CHF'
                 WHEN k > 0 AND n % 4 = 0 THEN (ARRAY['EUR', 'GBP', 'USD'])[1 + n % 3]
                 ELSE (ARRAY['USD', 'EUR', 'GBP'])[1 + n % 3] END,
            (ARRAY['Hire', 'Annual review', 'Promotion', 'Planned raise'])[k + 1]
       FROM generate_series(0, $4 - 1) n, generate_series(0, 3) k
      WHERE k < 3 OR n % 2 = 0`,
    [seats],
  );
  await q(
    `INSERT INTO contractors (plan_id, id, organization_id, name, email, start_date, geography_id, default_currency_code)
     SELECT $2, ${idOf('ct', 'c')}, $1, 'Contractor ' || c, 'c' || c || '@' || $5, $3::date - 1000,
            CASE WHEN c % 4 = 0 THEN ${idOf('loc', 'c % 5')} END, CASE WHEN c % 2 = 0 THEN 'USD' ELSE 'EUR' END
       FROM generate_series(0, $4 - 1) c`,
    [v.contractors, org.domain],
  );
  await q(
    `INSERT INTO rate_adjustments (plan_id, id, organization_id, contractor_id, effective_date, rate, rate_type, currency_code)
     SELECT $2, ${idOf('ra', 'c * 2 + k')}, $1, ${idOf('ct', 'c')},
            CASE WHEN k = 0 THEN $3::date - 600 WHEN c % 2 = 0 THEN $3::date + 60 + c % 200 ELSE $3::date - 100 END,
            (CASE c % 3 WHEN 0 THEN 60 + c % 90 WHEN 1 THEN 500 + c % 300 ELSE 8000 + (c * 13) % 4000 END) * (1 + 0.1 * k),
            (ARRAY['hourly', 'daily', 'monthly'])[1 + c % 3], CASE WHEN c % 2 = 0 THEN 'USD' ELSE 'EUR' END
       FROM generate_series(0, $4 - 1) c, generate_series(0, 1) k`,
    [v.contractors],
  );
  await q(
    `INSERT INTO vacancies (plan_id, id, organization_id, role, status, fte, target_start_date, salary, currency_code)
     SELECT $2, ${idOf('vc', 'k')}, $1, 'Opening ' || k, 'open', 1, $3::date + 30, 70000 + k * 100, 'USD' FROM generate_series(0, $4 - 1) k`,
    [v.vacancies],
  );
  // Occupancies. Mover j (< M): employee 7j leaves seat 7j on day + 10 + (37j mod 330) and takes seat S - M + j the next day.
  const moverEnd = (j: string) => `$3::date + 10 + ((${j}) * 37) % 330`;
  const partTime = `(n % 10 = 9 AND n / 10 < $6 - $5)`;
  await q(
    `INSERT INTO functional_assignments (plan_id, id, organization_id, functional_position_id, employee_id, contractor_id, vacancy_id, fte, start_date, end_date)
     SELECT $2, ${idOf('fa', 'n')}, $1, ${idOf('fp', 'n')},
            ${idOf('em', `CASE WHEN n >= $4 - $5 THEN (n - ($4 - $5)) * 7 ELSE n END`)}, NULL, NULL,
            CASE WHEN ${partTime} THEN 0.5 WHEN n % 5 = 0 THEN 0.5 ELSE 1 END,
            CASE WHEN n >= $4 - $5 THEN ${moverEnd('n - ($4 - $5)')} + 1
                 WHEN n % 7 = 0 AND n / 7 < $5 THEN $3::date - 300 - n % 500
                 WHEN n % 40 = 1 THEN $3::date + 1 + n % 30
                 WHEN n % 40 = 2 THEN $3::date - 700 - n % 300
                 WHEN n % 40 = 3 THEN $3::date + 31 + n % 300
                 WHEN n % 40 = 4 THEN $3::date - 400
                 WHEN n % 40 = 5 THEN $3::date - 1000
                 ELSE $3::date - 30 - n % 1500 END,
            CASE WHEN n >= $4 - $5 THEN NULL
                 WHEN n % 7 = 0 AND n / 7 < $5 THEN ${moverEnd('n / 7')}
                 WHEN n % 40 = 2 THEN $3::date + n % 30
                 WHEN n % 40 = 4 THEN $3::date + 30 + n % 300
                 WHEN n % 40 = 5 THEN $3::date - 1 - n % 200 END
       FROM generate_series(0, $4 - 1) n
     UNION ALL
     SELECT $2, ${idOf('fa-c', 'c')}, $1,
            ${idOf('fp', 'CASE WHEN c < $5 THEN $4 - $5 + c ELSE (c - $5) * 10 + 9 END')}, NULL, ${idOf('ct', 'c')}, NULL,
            CASE WHEN c < $5 THEN 1 ELSE 0.5 END,
            CASE WHEN c < $5 THEN $3::date - 200 - c % 100 ELSE $3::date - 300 END,
            CASE WHEN c < $5 THEN ${moverEnd('c')} WHEN c % 5 = 0 THEN $3::date + 15 END
       FROM generate_series(0, $6 - 1) c
     UNION ALL
     SELECT $2, ${idOf('fa-v', 'k')}, $1, ${idOf('fp', 'k * 40 + 1')}, NULL, NULL, ${idOf('vc', 'k')}, 1, $3::date - 60, $3::date + (k * 40 + 1) % 30
       FROM generate_series(0, $7 - 1) k`,
    [seats, movers, v.contractors, v.vacancies],
  );
  await q(
    `INSERT INTO record_changes (event_id, organization_id, plan_id, entity_type, entity_id, change_type, before, after, actor_type, actor_id, created_at)
     SELECT gen_random_uuid(), $1, $2, t.entity_type, t.id, 'create', NULL, jsonb_build_object('id', t.id), 'api_key', $4,
            now() - make_interval(secs => row_number() OVER (ORDER BY t.entity_type DESC, t.id))
       FROM (SELECT 'functional_group' AS entity_type, id FROM functional_groups WHERE plan_id = $2
             UNION ALL SELECT 'functional_position', id FROM functional_positions WHERE plan_id = $2
             UNION ALL SELECT 'functional_assignment', id FROM functional_assignments WHERE plan_id = $2
             UNION ALL SELECT 'employee', id FROM employees WHERE plan_id = $2) t
      WHERE $3::date IS NOT NULL`,
    [org.keyId],
  );
}

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/**
 * The answer without ids and timestamps, and with every list sorted (ids and the order among equal names
 * differ from run to run), for a digest that compares runs on fresh databases.
 */
function stable(value: Json): Json {
  if (Array.isArray(value))
    return value
      .map(stable)
      .map((v) => [JSON.stringify(v), v] as const)
      .sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0))
      .map(([, v]) => v);
  if (value && typeof value === 'object') {
    const out: Record<string, Json> = {};
    for (const [k, v] of Object.entries(value)) if (!/^(id|.*Id|changedAt)$/.test(k)) out[k] = stable(v);
    return out;
  }
  return value;
}
const digest = (value: Json) =>
  createHash('sha256')
    .update(JSON.stringify(stable(value)))
    .digest('hex')
    .slice(0, 16);

interface TreeNode {
  name: string;
  figures: Record<string, number | null>;
  children: TreeNode[];
}

async function getJson(url: string, headers: Record<string, string>): Promise<{ status: number; ms: number; body: Json }> {
  const t0 = performance.now();
  const res = await fetch(url, { headers });
  const body = (await res.json()) as Json;
  return { status: res.status, ms: performance.now() - t0, body };
}

export async function functionalBenchmark(): Promise<void> {
  const duration = Number(process.env.BENCH_DURATION ?? 10);
  const rounds = Number(process.env.BENCH_ROUNDS ?? 2);
  const connectionCounts = (process.env.BENCH_CONNECTIONS ?? '1,4').split(',').map(Number);
  const only = process.env.BENCH_ONLY;
  await runBenchmark(async () => {
    const db = await createDatabase('wfp_bench_functional');
    const service = await startService(db, { RATE_LIMIT_PER_MINUTE: '10000000' });
    const orgs = await createOrganizations(service, db.client, 2, ['functional_groups_view', 'financials_view_summary']);
    const day = new Date().toISOString().slice(0, 10);
    const started = Date.now();
    for (const [i, org] of orgs.entries()) {
      await service.admin('PATCH', `/organizations/${org.orgId}`, { functionalGroupsEnabled: true });
      await seedStructure(db.client, org, i === 0 ? MEASURED : NOISE, day);
    }
    const whatIf = await applySetupSql(db.client);
    await vacuumAnalyze(db.client, TABLES);
    const org = orgs[0];
    const { rows: countRows } = await db.client.query<Record<string, number>>(
      `SELECT (SELECT count(*)::int FROM functional_groups WHERE plan_id = $1) AS groups,
              (SELECT count(*)::int FROM functional_positions WHERE plan_id = $1) AS seats,
              (SELECT count(*)::int FROM functional_assignments WHERE plan_id = $1 AND employee_id IS NOT NULL) AS employee_occupancies,
              (SELECT count(*)::int FROM functional_assignments WHERE plan_id = $1 AND contractor_id IS NOT NULL) AS contractor_occupancies,
              (SELECT count(*)::int FROM functional_assignments WHERE plan_id = $1 AND vacancy_id IS NOT NULL) AS vacancy_occupancies,
              (SELECT count(*)::int FROM employees WHERE plan_id = $1) AS employees,
              (SELECT count(*)::int FROM salary_adjustments WHERE plan_id = $1) AS salary_adjustments,
              (SELECT count(*)::int FROM rate_adjustments WHERE plan_id = $1) AS rate_adjustments,
              (SELECT count(*)::int FROM functional_positions) AS seats_all_orgs,
              (SELECT count(*)::int FROM record_changes) AS record_changes_all_orgs`,
      [org.planId],
    );
    const counts = countRows[0];
    process.stderr.write(`seeded in ${round((Date.now() - started) / 1000)} s: ${JSON.stringify(counts)}\n`);

    const [rootId] = await seededIds(db.client, org.orgId, 'fg', [0]);
    const prefix = `/api/v1/org/${org.orgId}/functional-groups`;
    const headers = { authorization: `Bearer ${org.key}` };
    const treePath = `${prefix}/tree`;
    const summaryPath = `${prefix}/${rootId}/summary`;

    // Sanity check and digests of the answers (compare them between runs: the results must not change).
    const tree = await getJson(service.baseUrl + treePath, headers);
    const summary = await getJson(service.baseUrl + summaryPath, headers);
    const treeData = (tree.body as unknown as { data: { groups: TreeNode[]; totalGroups: number } }).data;
    const flatten = (nodes: TreeNode[]): TreeNode[] => nodes.flatMap((n) => [n, ...flatten(n.children)]);
    const rootFigures = treeData?.groups?.[0]?.figures;
    const summaryData = (
      summary.body as unknown as {
        data: {
          figures: Record<string, number>;
          bridge: Record<string, number>[];
          arrivals: unknown[];
          leavers: unknown[];
          schedule: { positions: { occupancies: unknown[] }[] };
        };
      }
    ).data;
    const problems: string[] = [];
    if (tree.status !== 200) problems.push(`tree: status ${tree.status} ${JSON.stringify(tree.body).slice(0, 300)}`);
    else {
      if (treeData.totalGroups !== MEASURED.groups || flatten(treeData.groups).length !== MEASURED.groups)
        problems.push(`tree: ${treeData.totalGroups} groups`);
      if (!rootFigures || !((rootFigures.headcount ?? 0) > 0) || typeof rootFigures.monthlyCost !== 'number')
        problems.push(`tree: root figures ${JSON.stringify(rootFigures)}`);
    }
    if (summary.status !== 200) problems.push(`summary: status ${summary.status} ${JSON.stringify(summary.body).slice(0, 300)}`);
    else {
      if (summaryData.bridge.length !== 12 || summaryData.bridge.some((m) => typeof m.cost !== 'number')) problems.push('summary: bridge');
      if (JSON.stringify(summaryData.figures) !== JSON.stringify(rootFigures)) problems.push('summary: figures differ from the tree root');
    }
    if (problems.length) throw new Error(`sanity check failed: ${problems.join('; ')}`);
    const occupancyCount = summaryData.schedule.positions.reduce((a, p) => a + p.occupancies.length, 0);
    process.stderr.write(
      `first answers: tree ${round(tree.ms)} ms, summary ${round(summary.ms)} ms; root figures ${JSON.stringify(rootFigures)}\n` +
        `bridge ${JSON.stringify(summaryData.bridge.map((m) => [m.month, m.opening, m.joiners, m.leavers, m.closing, m.cost]))}\n`,
    );

    const endpoints = [
      { name: 'GET /functional-groups/tree', path: treePath },
      { name: 'GET /functional-groups/:root/summary', path: summaryPath },
    ].filter((e) => !only || only.split(',').some((o) => e.name.includes(o)));
    // Unmeasured warm-up of each endpoint (JIT, pools), then rounds alternating the endpoints.
    for (const e of endpoints)
      await runLoad({
        name: e.name,
        baseUrl: service.baseUrl,
        method: 'GET',
        path: e.path,
        headers,
        connections: 1,
        durationSeconds: 3,
        warmupSeconds: 0,
      });
    const runs: {
      endpoint: string;
      round: number;
      result: LoadResult;
      cpuMsPerRequest: number;
      pgMsPerRequest: number;
      workersMsPerRequest: number;
    }[] = [];
    for (let r = 1; r <= rounds; r++) {
      for (const e of endpoints) {
        for (const connections of connectionCounts) {
          const cpu = await cpuMeter(db, service.pid);
          const result = await runLoad({
            name: e.name,
            baseUrl: service.baseUrl,
            method: 'GET',
            path: e.path,
            headers,
            connections,
            durationSeconds: duration,
            warmupSeconds: 1,
          });
          // CPU of the service process (and of the database's backends) per request, including the 1 s warm-up's
          // requests (not counted): an upper bound.
          const used = await cpu();
          const per = (ms: number) => ms / Math.max(1, result.requests);
          runs.push({
            endpoint: e.name,
            round: r,
            result,
            cpuMsPerRequest: per(used.target),
            pgMsPerRequest: per(used.postgres),
            workersMsPerRequest: per(used.workers),
          });
        }
      }
    }

    process.stdout.write(
      `\nFunctional structure, live plan of one organization among two: ${counts.groups} groups (500 active: 1 -> 10 -> 50 -> 439, ` +
        `10 closed), ${counts.seats} seats, ${counts.employee_occupancies} employee, ${counts.contractor_occupancies} contractor and ` +
        `${counts.vacancy_occupancies} vacancy occupancies, ${counts.employees} employees with ${counts.salary_adjustments} salary adjustments, ` +
        `${counts.rate_adjustments} contractor rate adjustments; the other organization a tenth of that (${counts.seats_all_orgs} seats in all, ` +
        `${counts.record_changes_all_orgs} record changes). As of ${day}; the summary's schedule holds ${summaryData.schedule.positions.length} seats and ` +
        `${occupancyCount} occupancies, ${summaryData.arrivals.length} arrivals and ${summaryData.leavers.length} leavers within 30 days.\n` +
        `${rounds} round(s) of ${duration} s per endpoint and client count, each after a 1 s warm-up (one 3 s warm-up per endpoint first); ` +
        `${machine()}; service, PostgreSQL and the load generator share the CPUs.${whatIf ? `\nWHAT-IF, schema changed by BENCH_SETUP_SQL: ${whatIf}` : ''}` +
        `${process.env.BENCH_NODE_ARGS ? `\nWHAT-IF, service started with node ${process.env.BENCH_NODE_ARGS}` : ''}\n` +
        `Answer digests (ids and timestamps left out): tree ${digest(tree.body)}, summary ${digest(summary.body)}.\n\n`,
    );
    printTable(
      runs.map((x) => ({
        endpoint: x.endpoint,
        clients: x.result.connections,
        round: x.round,
        requests: x.result.requests,
        'req/s': round(x.result.requestsPerSecond, 1),
        'p50 ms': x.result.p50Ms,
        'p99 ms': x.result.p99Ms,
        'max ms': x.result.maxMs,
        'service CPU ms/req': round(x.cpuMsPerRequest, 1),
        'PostgreSQL CPU ms/req': round(x.pgMsPerRequest, 1),
        ...(BENCH_CITUS ? { 'of which Citus workers': round(x.workersMsPerRequest, 1) } : {}),
        failures: x.result.failures,
      })),
    );
    process.stdout.write('\nSummary (req/s: mean of the rounds; p50, p99: worst round):\n\n');
    const keys = [...new Set(runs.map((x) => `${x.endpoint}|${x.result.connections}`))];
    printTable(
      keys.map((key) => {
        const group = runs.filter((x) => `${x.endpoint}|${x.result.connections}` === key);
        return {
          endpoint: group[0].endpoint,
          clients: group[0].result.connections,
          'req/s': round(group.reduce((a, x) => a + x.result.requestsPerSecond, 0) / group.length, 1),
          'p50 ms': Math.max(...group.map((x) => x.result.p50Ms)),
          'p99 ms': Math.max(...group.map((x) => x.result.p99Ms)),
          'max ms': Math.max(...group.map((x) => x.result.maxMs)),
          failures: group.reduce((a, x) => a + x.result.failures, 0),
        };
      }),
    );
    const failures = runs.reduce((a, x) => a + x.result.failures, 0);
    process.stdout.write(`\nPeak RSS (VmHWM) of the service: ${service.peakRssMb()} MB. Unexpected answers: ${failures}.\n`);
    if (failures > 0) process.exitCode = 1;
  });
}
