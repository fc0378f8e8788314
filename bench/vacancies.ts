/**
 * `npm run bench -- vacancies`: five organizations; the measured one holds 20,000
 * vacancies (a quarter filled by employees, some of those fillers gone: no longer filled), and
 * - GET /vacancies?limit=100 (excludeFilled by default) against a node:http + pg baseline with the same
 *   SQL (bench/vacancies-baseline.ts), in alternating rounds (compare.ts);
 * - POST /vacancies/:id/fill (employee branch, unique name, e-mail and salary) on vacancies with 5
 *   assignments each (3 team, 2 project), seeded in SQL after the list runs, one fill per request from
 *   1 and 4 concurrent clients: p50/p99 of the fills and fills/s; then checked in SQL (every vacancy
 *   filled, its 5 assignments end-dated, 5 new ones for the filler, one salary adjustment).
 * BENCH_DURATION (default 10), BENCH_ROUNDS (default 2), BENCH_CONNECTIONS (default 50), BENCH_POOL_SIZE
 * (default 10), BENCH_FILLS: vacancies filled per client count (default 300), BENCH_FILL_CLIENTS (default 1,4).
 */
import { size } from './smoke';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import type { Client } from 'pg';
import { assertSameAnswers, assertSameSql, compare, printRuns, printSummaries, Scenario, sqlRecording } from './compare';
import { createDatabase, machine, printTable, round, runBenchmark, startBaseline, startService } from './harness';
import {
  applySetupSql,
  createOrganizations,
  PeopleVolumes,
  SeedOrg,
  seedCostCentres,
  seedJobRoles,
  seedPeople,
  seedProjects,
  seedTeams,
  vacuumAnalyze,
} from './seed-data';
import { isFilledSql } from '../src/vacancies/vacancies.repository';
import { COUNT_SQL, PAGE_SQL } from './vacancies-baseline';

const MEASURED: PeopleVolumes & { vacancies: number } = {
  employees: size(5_000, 30),
  jobRoles: size(200, 5),
  teams: size(300, 5),
  projects: size(100, 5),
  costCentres: size(30, 3),
  vacancies: size(20_000, 40),
};
const OTHERS: PeopleVolumes & { vacancies: number } = {
  employees: size(1_000, 10),
  jobRoles: size(50, 3),
  teams: size(60, 3),
  projects: size(30, 3),
  costCentres: size(10, 2),
  vacancies: size(2_000, 10),
};
const TABLES = ['job_roles', 'cost_centres', 'teams', 'projects', 'employees', 'salary_adjustments', 'assignments', 'vacancies'];
const SENIORITY = ['Junior', 'Associate', 'Mid-level', 'Senior', 'Staff', 'Principal', 'Lead', 'Interim', 'Apprentice', 'Head of'];
// prettier-ignore
const AREAS = ['Payments', 'Checkout', 'Search', 'Identity', 'Billing', 'Fraud', 'Mobile', 'Web', 'Data Platform', 'Platform',
  'Growth', 'Pricing', 'Catalog', 'Logistics', 'Inventory', 'Messaging', 'Notifications', 'Onboarding', 'Reporting', 'Security',
  'Infrastructure', 'Cloud', 'Network', 'Compliance', 'Tax', 'Treasury', 'Payroll', 'Benefits', 'Recruiting', 'Learning',
  'Customer Success', 'Partnerships', 'Marketplace', 'Ads', 'Analytics', 'Experimentation', 'Localization', 'Accessibility', 'Content', 'Media',
  'Maps', 'Routing', 'Risk', 'Trust and Safety', 'Support', 'Retail', 'Supply Chain', 'Procurement', 'Facilities', 'Legal Operations'];
// prettier-ignore
const DISCIPLINES = ['Software Engineer', 'Data Engineer', 'QA Engineer', 'Site Reliability Engineer', 'Engineering Manager', 'Product Manager',
  'Product Designer', 'UX Researcher', 'Data Scientist', 'Data Analyst', 'Business Analyst', 'Operations Manager', 'Program Manager',
  'Account Executive', 'Solutions Consultant', 'Financial Analyst', 'Accountant', 'HR Business Partner', 'Recruiter', 'Technical Writer'];
/** Same formula as seed-data's ids: `c` + 24 hex of md5(<org>:<kind>:<n>). */
const idOf = (kind: string, n: string) => `('c' || substr(md5($1 || ':${kind}:' || (${n})), 1, 24))`;
const FILL_START = '2026-12-01';
const ASSIGNMENT_START = '2026-01-01';

async function seedVacancies(client: Client, org: SeedOrg, v: typeof MEASURED): Promise<void> {
  await client.query(
    `INSERT INTO vacancies (plan_id, id, organization_id, external_id, role, description, status, fte, target_start_date, target_fill_date,
                           job_role_id, cost_centre_id, salary, salary_min, salary_max, currency_code, filled_by_live_employee_id,
                           hiring_manager_id, created_at, updated_at)
     SELECT $2, ${idOf('vc', 'g')}, $1, CASE WHEN g % 3 <> 0 THEN 'VAC-' || lpad(g::text, 6, '0') END,
            ($3::text[])[1 + g % 10] || ' ' || ($4::text[])[1 + (g / 10) % 50] || ' ' || ($5::text[])[1 + (g / 500) % 20],
            CASE WHEN g % 2 = 0 THEN 'Opening ' || g || ' in ' || ($4::text[])[1 + (g / 10) % 50] || '.' END,
            CASE g % 4 WHEN 0 THEN 'filled' WHEN 1 THEN 'open' WHEN 2 THEN 'committed' ELSE 'on_hold' END,
            CASE WHEN g % 5 = 0 THEN 0.5 ELSE 1 END, date '2026-01-01' + g % 365, CASE WHEN g % 2 = 1 THEN date '2026-02-01' + g % 365 END,
            ${idOf('jr', `g % ${v.jobRoles}`)}, ${idOf('cc', `g % ${v.costCentres}`)},
            60000 + (g * 7919) % 90000, CASE WHEN g % 3 = 0 THEN 50000 + (g * 7919) % 90000 END, CASE WHEN g % 3 = 0 THEN 70000 + (g * 7919) % 90000 END,
            $6, CASE WHEN g % 4 = 0 THEN ${idOf('em', `(g / 4) % ${v.employees}`)} END,
            CASE WHEN g % 7 = 0 THEN ${idOf('em', `g % ${v.employees}`)} END,
            now() - (g || ' seconds')::interval, now() - ((g % 997) || ' minutes')::interval
       FROM generate_series(0, $7 - 1) g`,
    [org.orgId, org.planId, SENIORITY, AREAS, DISCIPLINES, org.currency, v.vacancies],
  );
}

/** `count` open vacancies `Fill bench <set> <n>` with 5 assignments each (3 team, 2 project) from ASSIGNMENT_START, open-ended. */
async function seedFillVacancies(client: Client, org: SeedOrg, set: string, count: number): Promise<string[]> {
  const { rows } = await client.query<{ id: string }>(
    `INSERT INTO vacancies (plan_id, id, organization_id, role, status, fte, job_role_id, cost_centre_id, salary, currency_code)
     SELECT $2, ${idOf(`fill-${set}`, 'g')}, $1, 'Fill bench ' || $3 || ' ' || g, 'open', 1,
            ${idOf('jr', `g % ${MEASURED.jobRoles}`)}, ${idOf('cc', `g % ${MEASURED.costCentres}`)}, 80000, $5
       FROM generate_series(0, $4 - 1) g
     RETURNING id`,
    [org.orgId, org.planId, set, count, org.currency],
  );
  await client.query(
    `INSERT INTO assignments (plan_id, id, organization_id, type, target_id, vacancy_id, fte, start_date, end_date, role, created_at, updated_at)
     SELECT $2, ${idOf(`fill-${set}-as`, 'g * 5 + k')}, $1, CASE WHEN k < 3 THEN 'team' ELSE 'project' END,
            CASE WHEN k < 3 THEN ${idOf('tm', `(g * 3 + k) % ${MEASURED.teams}`)} ELSE ${idOf('pj', `(g * 2 + k) % ${MEASURED.projects}`)} END,
            ${idOf(`fill-${set}`, 'g')}, 0.2, $4::date, NULL, CASE WHEN k = 0 THEN 'Lead' END, now(), now()
       FROM generate_series(0, $3 - 1) g, generate_series(0, 4) k`,
    [org.orgId, org.planId, count, ASSIGNMENT_START],
  );
  return rows.map((r) => r.id);
}

function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

interface FillRun {
  clients: number;
  fills: number;
  seconds: number;
  latencies: number[];
  failures: string[];
  transferred: { team: number; project: number };
}

/** Fills every vacancy once, `clients` at a time (each client its own share, one request after the other). */
async function fillAll(
  baseUrl: string,
  prefix: string,
  headers: Record<string, string>,
  org: SeedOrg,
  ids: string[],
  clients: number,
  set: string,
): Promise<FillRun> {
  const run: FillRun = { clients, fills: 0, seconds: 0, latencies: [], failures: [], transferred: { team: 0, project: 0 } };
  const started = performance.now();
  await Promise.all(
    Array.from({ length: clients }, async (_, c) => {
      for (let i = c; i < ids.length; i += clients) {
        const body = JSON.stringify({
          startDate: FILL_START,
          currencyCode: org.currency,
          firstName: 'Filler',
          lastName: `Bench ${set} ${i}`,
          email: `fill-${set}-${i}@bench.example.com`,
          salary: 60000 + i * 10,
        });
        const t0 = performance.now();
        const res = await fetch(`${baseUrl}${prefix}/vacancies/${ids[i]}/fill`, {
          method: 'POST',
          headers: { ...headers, 'content-type': 'application/json' },
          body,
        });
        const text = await res.text();
        run.latencies.push(performance.now() - t0);
        if (res.status !== 200) {
          run.failures.push(`${res.status} ${text.slice(0, 200)}`);
          continue;
        }
        const data = (JSON.parse(text) as { data: { teamAllocationsTransferred: number; projectAllocationsTransferred: number } }).data;
        run.transferred.team += data.teamAllocationsTransferred;
        run.transferred.project += data.projectAllocationsTransferred;
        run.fills++;
      }
    }),
  );
  run.seconds = (performance.now() - started) / 1000;
  run.latencies.sort((a, b) => a - b);
  return run;
}

export async function vacanciesBenchmark(): Promise<void> {
  const duration = Number(process.env.BENCH_DURATION ?? 10);
  const rounds = Number(process.env.BENCH_ROUNDS ?? 2);
  const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
  const poolSize = Number(process.env.BENCH_POOL_SIZE ?? 10);
  const fillsPerSet = Number(process.env.BENCH_FILLS ?? 300);
  const fillClients = (process.env.BENCH_FILL_CLIENTS ?? '1,4').split(',').map(Number);
  await runBenchmark(async () => {
    const db = await createDatabase('wfp_bench_vacancies');
    const recording = sqlRecording('wfp-bench-vacancies');
    const service = await startService(
      db,
      { RATE_LIMIT_PER_MINUTE: '10000000', DB_POOL_SIZE: String(poolSize), ...recording.service.env },
      recording.service.nodeArgs,
    );
    const orgs = await createOrganizations(service, db.client, 5, [
      'vacancies_view',
      'vacancies_edit',
      'employees_view',
      'employees_edit',
      'compensation_view',
      'compensation_edit',
      'assignments_view',
      'assignments_edit',
    ]);
    const started = Date.now();
    for (const [i, org] of orgs.entries()) {
      const v = i === 0 ? MEASURED : OTHERS;
      await seedJobRoles(db.client, org, v.jobRoles);
      await seedCostCentres(db.client, org, v.costCentres);
      await seedTeams(db.client, org, v.teams, v.costCentres);
      await seedProjects(db.client, org, v.projects);
      await seedPeople(db.client, org, v);
      await seedVacancies(db.client, org, v);
    }
    const whatIf = await applySetupSql(db.client);
    await vacuumAnalyze(db.client, TABLES);
    const org = orgs[0];
    const today = new Date().toISOString().slice(0, 10);
    const { rows: countRows } = await db.client.query<Record<string, number>>(
      `SELECT count(*)::int AS vacancies,
              count(*) FILTER (WHERE v.filled_by_live_employee_id IS NOT NULL)::int AS with_filler,
              (SELECT count(*)::int FROM employees WHERE organization_id = $1) AS employees
         FROM vacancies v WHERE v.organization_id = $1 AND v.plan_id = $2`,
      [org.orgId, org.planId],
    );
    // The filled ones and every organization's vacancies in statements of their own: Citus runs neither as a subquery
    // in the target list of a statement routed to one shard.
    const { rows: allRows } = await db.client.query<{ n: number }>(`SELECT count(*)::int AS n FROM vacancies`);
    const { rows: filledRows } = await db.client.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM vacancies v WHERE v.organization_id = $1 AND v.plan_id = $2 AND ${isFilledSql('v', '$3', { organization: '$1', plan: '$2' })}`,
      [org.orgId, org.planId, today],
    );
    const counts: Record<string, number> = { ...countRows[0], filled: filledRows[0].n, all_vacancies: allRows[0].n };
    process.stderr.write(`seeded in ${round((Date.now() - started) / 1000)} s: ${JSON.stringify(counts)}\n`);
    // Where the list's PostgreSQL time goes: the page and count statements (the texts both sides send), once each after a warm-up.
    const plans: string[] = [];
    for (const [label, sql] of [
      ['page', PAGE_SQL(100, 0)],
      ['count', COUNT_SQL],
    ] as const) {
      await db.client.query(sql, [org.orgId, org.planId, today]);
      const { rows } = await db.client.query<{ 'QUERY PLAN': string }>(`EXPLAIN (ANALYZE, BUFFERS) ${sql}`, [org.orgId, org.planId, today]);
      const lines = rows.map((r) => r['QUERY PLAN']);
      process.stderr.write(`EXPLAIN ANALYZE ${label}:\n${lines.join('\n')}\n`);
      plans.push(`${label} ${lines.find((l) => l.startsWith('Execution Time'))?.replace('Execution Time: ', '') ?? '?'}`);
    }
    const baseline = await startBaseline(
      db,
      join(__dirname, 'vacancies-baseline.js'),
      poolSize,
      recording.baseline.env,
      recording.baseline.nodeArgs,
    );
    const idleRssMb = service.peakRssMb();

    const prefix = `/api/v1/org/${org.orgId}`;
    const headers = { authorization: `Bearer ${org.key}` };
    const listPath = `${prefix}/vacancies?limit=100`;
    await assertSameAnswers(
      service,
      baseline,
      [listPath, `${prefix}/vacancies?limit=100&page=7`, `${prefix}/vacancies?limit=100&page=150`],
      headers,
    );
    const sqlCheck = await assertSameSql(
      service,
      baseline,
      recording,
      [{ label: 'GET /vacancies?limit=100', method: 'GET', path: listPath }],
      headers,
    );
    const sample = (await (await fetch(service.baseUrl + listPath, { headers })).json()) as {
      data: { filledByLiveEmployeeId: string | null }[];
      meta: { total: number };
    };
    const pageFillers = sample.data.filter((d) => d.filledByLiveEmployeeId).length;
    process.stderr.write(`sample page: total ${sample.meta.total}, ${sample.data.length} rows, ${pageFillers} with a (gone) filler\n`);

    const scenarios: Scenario[] = [{ name: 'GET /vacancies?limit=100', load: () => ({ method: 'GET', path: listPath, headers }) }];
    const { runs, summaries } = await compare({ service, baseline, scenarios, rounds, durationSeconds: duration, connections, db });
    const listRssMb = service.peakRssMb();

    // Fills: vacancies with 5 assignments each, seeded now (the list ran on exactly the 20,000).
    const warmIds = await seedFillVacancies(db.client, org, 'warm', 30);
    const sets: { clients: number; ids: string[] }[] = [];
    for (const clients of fillClients) sets.push({ clients, ids: await seedFillVacancies(db.client, org, `c${clients}`, fillsPerSet) });
    await vacuumAnalyze(db.client, ['vacancies', 'assignments', 'employees', 'salary_adjustments']);
    const warm = await fillAll(service.baseUrl, prefix, headers, org, warmIds, 1, 'warm');
    if (warm.failures.length) throw new Error(`warm-up fills failed: ${warm.failures.slice(0, 3).join('; ')}`);
    const fillRuns: FillRun[] = [];
    for (const set of sets) {
      const r = await fillAll(service.baseUrl, prefix, headers, org, set.ids, set.clients, `c${set.clients}`);
      process.stderr.write(
        `fills, ${set.clients} client(s): ${r.fills}/${set.ids.length} in ${round(r.seconds, 2)} s, p50 ${round(percentile(r.latencies, 50))} ms, p99 ${round(percentile(r.latencies, 99))} ms, failures ${r.failures.length}${r.failures.length ? `: ${r.failures[0]}` : ''}\n`,
      );
      fillRuns.push(r);
    }
    // Every statement names the organization in each of its tables (on Citus: one shard); the filled ones by the
    // service's own condition, in a WHERE clause of their own.
    const { rows: checkRows } = await db.client.query<Record<string, number>>(
      `WITH v AS (SELECT v.id, v.status, v.filled_by_live_employee_id AS e
                    FROM vacancies v WHERE v.plan_id = $1 AND v.organization_id = $2 AND v.role LIKE 'Fill bench %')
       SELECT count(*)::int AS vacancies,
              count(*) FILTER (WHERE (SELECT count(*) FROM assignments a WHERE a.organization_id = $2 AND a.plan_id = $1 AND a.vacancy_id = v.id AND a.end_date = $3::date - 1) = 5)::int AS old_end_dated,
              count(*) FILTER (WHERE (SELECT count(*) FROM assignments a WHERE a.organization_id = $2 AND a.plan_id = $1 AND a.employee_id = v.e AND a.start_date = $3::date AND a.end_date IS NULL) = 5)::int AS five_new,
              count(*) FILTER (WHERE (SELECT count(*) FROM assignments a WHERE a.organization_id = $2 AND a.plan_id = $1 AND a.employee_id = v.e AND a.type = 'team') = 3
                                 AND (SELECT count(*) FROM assignments a WHERE a.organization_id = $2 AND a.plan_id = $1 AND a.employee_id = v.e AND a.type = 'project') = 2)::int AS three_team_two_project,
              count(*) FILTER (WHERE (SELECT count(*) FROM salary_adjustments s WHERE s.organization_id = $2 AND s.plan_id = $1 AND s.employee_id = v.e) = 1)::int AS one_salary
         FROM v`,
      [org.planId, org.orgId, FILL_START],
    );
    const { rows: filledCheck } = await db.client.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM vacancies v
        WHERE v.plan_id = $1 AND v.organization_id = $2 AND v.role LIKE 'Fill bench %' AND v.status = 'filled'
          AND v.filled_by_live_employee_id IS NOT NULL AND ${isFilledSql('v', '$3', { organization: '$2', plan: '$1' })}`,
      [org.planId, org.orgId, today],
    );
    checkRows[0].filled = filledCheck[0].n;
    const check = checkRows[0];
    const expected = warmIds.length + sets.reduce((a, s) => a + s.ids.length, 0);
    const fillOk = Object.values(check).every((n) => n === expected);

    process.stdout.write(
      `\nVacancies: ${counts.vacancies} in the measured organization (${counts.with_filler} with an employee filler, ${counts.filled} of them filled today: ` +
        `the others' fillers have left), ${counts.employees} employees; ${counts.all_vacancies} vacancies in all five; ` +
        `page 1 of GET /vacancies?limit=100 (excludeFilled): total ${sample.meta.total}, ${pageFillers} row(s) with a gone filler. ${connections} connections, ` +
        `${rounds} round(s) of ${duration} s per target after a 2 s warm-up; pool ${poolSize} (service DB_POOL_SIZE and baseline); ${machine()}${whatIf ? `\nWHAT-IF, schema changed by BENCH_SETUP_SQL: ${whatIf}` : ''}\n\n`,
    );
    process.stdout.write(
      `Same SQL, checked on one request: ${sqlCheck.join('; ')}. Same JSON checked on pages 1, 7, 150. EXPLAIN ANALYZE (idle, before the runs): ${plans.join(', ')}.\n\n`,
    );
    printRuns(runs);
    process.stdout.write('\nSummary (req/s: mean of the rounds and range; p50, p99: worst round):\n\n');
    printSummaries(summaries);
    process.stdout.write(
      `\nFills (POST /vacancies/:id/fill, employee branch, 5 assignments each; ${warmIds.length} unmeasured warm-up fills first):\n\n`,
    );
    printTable(
      fillRuns.map((r) => ({
        clients: r.clients,
        fills: r.fills,
        'fills/s': round(r.fills / r.seconds, 1),
        'p50 ms': round(percentile(r.latencies, 50)),
        'p99 ms': round(percentile(r.latencies, 99)),
        'max ms': round(r.latencies[r.latencies.length - 1] ?? NaN),
        'transferred team / project': `${r.transferred.team} / ${r.transferred.project}`,
        failures: r.failures.length,
      })),
    );
    const failures =
      summaries.reduce((sum, s) => sum + s.service.failures + s.baseline.failures, 0) + fillRuns.reduce((a, r) => a + r.failures.length, 0);
    process.stdout.write(
      `\nChecked in SQL after the fills (expected ${expected} each): ${JSON.stringify(check)}${fillOk ? '' : ' (UNEXPECTED)'}.\n` +
        `Peak RSS (VmHWM): service ${idleRssMb} MB after start-up and seeding, ${listRssMb} MB after the list runs, ${service.peakRssMb()} MB after the fills; baseline ${baseline.peakRssMb()} MB. Unexpected answers: ${failures}.\n`,
    );
    if (failures > 0 || !fillOk) process.exitCode = 1;
  });
}
