/**
 * `npm run bench -- employees`: 50,000 employees with 1-3 salary adjustments and 1-2
 * assignments each in one organization among five (the other four: 10,000 each), and
 * - GET /employees?limit=100
 * - GET /employees?search=<name> (five last names, each 0.5% of the organization)
 * - GET /employees/:id?include=currentSalary,assignments (each connection cycles through 100 employees)
 * - POST /employees with a nested salary (a unique e-mail per request)
 * against a node:http + pg baseline with the same SQL (bench/employees-baseline.ts), in alternating rounds.
 * BENCH_DURATION: seconds per run (default 10); BENCH_ROUNDS (default 2); BENCH_CONNECTIONS (default 50);
 * BENCH_POOL_SIZE: DB_POOL_SIZE of the service and pool of the baseline (default 10).
 */
import { size } from './smoke';
import { join } from 'node:path';
import type { Request } from 'autocannon';
import { assertSameAnswers, assertSameSql, compare, printRuns, printSummaries, Scenario, sqlRecording } from './compare';
import { createDatabase, machine, runBenchmark, startBaseline, startService } from './harness';
import {
  applySetupSql,
  createOrganizations,
  EMPLOYEE_SEARCHES,
  PeopleVolumes,
  seedCostCentres,
  seededIds,
  seedJobRoles,
  seedPeople,
  seedProjects,
  seedTeams,
  vacuumAnalyze,
} from './seed-data';

const MEASURED: PeopleVolumes = {
  employees: size(50_000, 40),
  jobRoles: size(300, 5),
  teams: size(500, 5),
  projects: size(200, 5),
  costCentres: size(40, 3),
};
const OTHERS: PeopleVolumes = {
  employees: size(10_000, 10),
  jobRoles: size(150, 3),
  teams: size(150, 3),
  projects: size(60, 3),
  costCentres: size(20, 2),
};
const IDS_PER_CONNECTION = 100;
const PEOPLE_TABLES = [
  'job_roles',
  'cost_centres',
  'teams',
  'projects',
  'employees',
  'salary_adjustments',
  'assignments',
  'custom_attribute_definitions',
  'custom_attribute_values',
];

export async function employeesBenchmark(): Promise<void> {
  const duration = Number(process.env.BENCH_DURATION ?? 10);
  const rounds = Number(process.env.BENCH_ROUNDS ?? 2);
  const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
  const poolSize = Number(process.env.BENCH_POOL_SIZE ?? 10);
  await runBenchmark(async () => {
    const db = await createDatabase('wfp_bench_employees');
    // The default limit (6,000 requests a minute per key) would stop a benchmark in seconds: raised, still counted (in memory).
    // Both record their SQL until assertSameSql has compared one request per endpoint.
    const recording = sqlRecording('wfp-bench-employees');
    const service = await startService(
      db,
      { RATE_LIMIT_PER_MINUTE: '10000000', DB_POOL_SIZE: String(poolSize), ...recording.service.env },
      recording.service.nodeArgs,
    );
    const orgs = await createOrganizations(service, db.client, 5, [
      'employees_view',
      'employees_edit',
      'compensation_view',
      'compensation_edit',
      'assignments_view',
    ]);
    const started = Date.now();
    for (const [i, org] of orgs.entries()) {
      const v = i === 0 ? MEASURED : OTHERS;
      await seedJobRoles(db.client, org, v.jobRoles);
      await seedCostCentres(db.client, org, v.costCentres);
      await seedTeams(db.client, org, v.teams, v.costCentres);
      await seedProjects(db.client, org, v.projects);
      await seedPeople(db.client, org, v);
    }
    const whatIf = await applySetupSql(db.client);
    await vacuumAnalyze(db.client, PEOPLE_TABLES);
    const org = orgs[0];
    const { rows: countRows } = await db.client.query<Record<string, number>>(
      `SELECT (SELECT count(*)::int FROM employees WHERE organization_id = $1) AS employees,
              (SELECT count(*)::int FROM salary_adjustments WHERE organization_id = $1) AS salaries,
              (SELECT count(*)::int FROM assignments WHERE organization_id = $1) AS assignments,
              (SELECT count(*)::int FROM assignments WHERE organization_id = $1 AND start_date <= current_date AND (end_date IS NULL OR end_date >= current_date)) AS active_assignments,
              (SELECT count(*)::int FROM employees) AS all_employees, (SELECT count(*)::int FROM salary_adjustments) AS all_salaries,
              (SELECT count(*)::int FROM assignments) AS all_assignments`,
      [org.orgId],
    );
    const counts = countRows[0];
    const matches: number[] = [];
    for (const term of EMPLOYEE_SEARCHES) {
      const { rows } = await db.client.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM employees WHERE organization_id = $1 AND plan_id = $2 AND (first_name || ' ' || last_name || ' ' || email) ILIKE $3`,
        [org.orgId, org.planId, `%${term}%`],
      );
      matches.push(rows[0].n);
    }
    process.stderr.write(
      `seeded in ${Math.round((Date.now() - started) / 100) / 10} s: ${JSON.stringify(counts)}; employee searches match ${matches.join(', ')}\n`,
    );
    const baseline = await startBaseline(
      db,
      join(__dirname, 'employees-baseline.js'),
      poolSize,
      recording.baseline.env,
      recording.baseline.nodeArgs,
    );
    const idleRssMb = service.peakRssMb();

    const prefix = `/api/v1/org/${org.orgId}`;
    const headers = { authorization: `Bearer ${org.key}` };
    const searchPaths = EMPLOYEE_SEARCHES.map((term) => `${prefix}/employees?search=${encodeURIComponent(term)}`);
    // Employees spread over the organization (a fixed pseudo-random pick), IDS_PER_CONNECTION per connection.
    const picks = Array.from({ length: connections * IDS_PER_CONNECTION }, (_, i) => (i * 7919 + 11) % MEASURED.employees);
    const ids = await seededIds(db.client, org.orgId, 'em', picks);
    const readPath = (id: string) => `${prefix}/employees/${id}?include=currentSalary,assignments`;
    const created = { service: 0, baseline: 0 };
    let sequence = 0;
    const createRequest = (target: 'service' | 'baseline', round: number, connection: number): Request => ({
      method: 'POST',
      path: `${prefix}/employees`,
      headers: { 'content-type': 'application/json' },
      setupRequest: (req: Request) => {
        const n = ++sequence;
        return {
          ...req,
          body: JSON.stringify({
            firstName: 'Bench',
            lastName: `Writer ${connection}`,
            email: `bench-${target}-${round}-${connection}-${n}@bench.example.com`,
            startDate: '2026-01-05',
            internalEmployeeId: `BENCH-${n}`,
            salary: {
              effectiveDate: '2026-01-05',
              salary: 72000 + (n % 50) * 500,
              currencyCode: org.currency,
              bonus: 5000,
              reason: 'Hire',
            },
          }),
        };
      },
      onResponse: (status: number) => {
        if (status === 201) created[target]++;
      },
    });
    const scenarios: Scenario[] = [
      { name: 'GET /employees?limit=100', load: () => ({ method: 'GET', path: `${prefix}/employees?limit=100`, headers }) },
      {
        name: 'GET /employees?search=<name>',
        load: () => ({
          method: 'GET',
          path: searchPaths[0],
          headers,
          requestsFor: (connection) =>
            searchPaths.map((_, i) => ({ method: 'GET', path: searchPaths[(connection + i) % searchPaths.length] })),
        }),
      },
      {
        name: 'GET /employees/:id?include=currentSalary,assignments',
        load: () => ({
          method: 'GET',
          path: readPath(ids[0]),
          headers,
          requestsFor: (connection) =>
            ids
              .slice(connection * IDS_PER_CONNECTION, (connection + 1) * IDS_PER_CONNECTION)
              .map((id) => ({ method: 'GET', path: readPath(id) })),
        }),
      },
      {
        name: 'POST /employees (nested salary)',
        load: (target, round) => ({
          method: 'POST',
          path: `${prefix}/employees`,
          headers,
          expectStatus: 201,
          requestsFor: (connection) => [createRequest(target, round, connection)],
        }),
      },
    ];

    // The baseline must answer what the service answers.
    await assertSameAnswers(
      service,
      baseline,
      [`${prefix}/employees?limit=100`, ...searchPaths, readPath(ids[0]), readPath(ids[1]), readPath(ids[2])],
      headers,
    );
    let probe = 0;
    const sqlCheck = await assertSameSql(
      service,
      baseline,
      recording,
      [
        { label: 'GET /employees?limit=100', method: 'GET', path: `${prefix}/employees?limit=100` },
        { label: 'GET /employees?search=<name>', method: 'GET', path: searchPaths[0] },
        { label: 'GET /employees/:id?include=currentSalary,assignments', method: 'GET', path: readPath(ids[0]) },
        {
          label: 'POST /employees (nested salary)',
          method: 'POST',
          path: `${prefix}/employees`,
          body: () =>
            JSON.stringify({
              firstName: 'Probe',
              lastName: 'Writer',
              email: `probe-${++probe}@bench.example.com`,
              startDate: '2026-01-05',
              internalEmployeeId: `PROBE-${probe}`,
              salary: { effectiveDate: '2026-01-05', salary: 72000, currencyCode: org.currency, bonus: 5000, reason: 'Hire' },
            }),
        },
      ],
      headers,
    );
    const sample = (await (await fetch(service.baseUrl + readPath(ids[0]), { headers })).json()) as {
      data: { assignments: unknown[]; currentSalary: unknown };
    };
    process.stderr.write(`sample read: ${JSON.stringify(sample).length} bytes, ${sample.data.assignments.length} active assignment(s)\n`);

    const { runs, summaries } = await compare({ service, baseline, scenarios, rounds, durationSeconds: duration, connections, db });

    // Every created employee exists with its salary adjustment and two change records. Requests still in
    // flight when a run stops are written but not counted: up to `connections` per run (warm-up and measured).
    const { rows: writeRows } = await db.client.query<{ target: string; employees: number; salaries: number; changes: number }>(
      `WITH b AS (SELECT id, split_part(email, '-', 2) AS target FROM employees WHERE organization_id = $2 AND plan_id = $1 AND email LIKE 'bench-%'),
            s AS (SELECT b.target, sa.id FROM b JOIN salary_adjustments sa ON sa.organization_id = $2 AND sa.plan_id = $1 AND sa.employee_id = b.id)
       SELECT b.target, count(*)::int AS employees,
              (SELECT count(*)::int FROM s WHERE s.target = b.target) AS salaries,
              (SELECT count(*)::int FROM record_changes c
                WHERE c.organization_id = $2 AND c.plan_id = $1 AND (c.entity_id IN (SELECT b2.id FROM b b2 WHERE b2.target = b.target) OR c.entity_id IN (SELECT s.id FROM s WHERE s.target = b.target))) AS changes
         FROM b GROUP BY b.target ORDER BY b.target`,
      [org.planId, org.orgId],
    );
    const slack = (2 * rounds + 1) * connections; // in flight when a run stops: the first warm-up, then a warm-up and a measured run per round
    let writeProblems = 0;
    for (const target of ['service', 'baseline'] as const) {
      const row = writeRows.find((r) => r.target === target) ?? { employees: 0, salaries: 0, changes: 0 };
      const ok =
        row.employees >= created[target] &&
        row.employees <= created[target] + slack &&
        row.salaries === row.employees &&
        row.changes === 2 * row.employees;
      if (!ok) writeProblems++;
      process.stderr.write(
        `writes, ${target}: ${created[target]} answered 201; in the database ${row.employees} employees, ${row.salaries} salary adjustments, ${row.changes} change records${ok ? '' : ' (UNEXPECTED)'}\n`,
      );
    }

    process.stdout.write(
      `\nEmployees: ${counts.employees} employees, ${counts.salaries} salary adjustments, ${counts.assignments} assignments (${counts.active_assignments} active) ` +
        `in the measured organization (${counts.all_employees}, ${counts.all_salaries}, ${counts.all_assignments} in all five); ` +
        `searches (${EMPLOYEE_SEARCHES.join(', ')}) match ${matches.join(', ')} employees each. ${connections} connections, ` +
        `${rounds} round(s) of ${duration} s per target after a 2 s warm-up; pool ${poolSize} (service DB_POOL_SIZE and baseline); ${machine()}${whatIf ? `\nWHAT-IF, schema changed by BENCH_SETUP_SQL: ${whatIf}` : ''}\n\n`,
    );
    process.stdout.write(`Same SQL, checked on one request each: ${sqlCheck.join('; ')}.\n\n`);
    printRuns(runs);
    process.stdout.write('\nSummary (req/s: mean of the rounds and range; p50, p99: worst round):\n\n');
    printSummaries(summaries);
    const failures = summaries.reduce((sum, s) => sum + s.service.failures + s.baseline.failures, 0);
    process.stdout.write(
      `\nPeak RSS (VmHWM): service ${service.peakRssMb()} MB (${idleRssMb} MB after start-up and seeding), baseline ${baseline.peakRssMb()} MB. ` +
        `Writes answered 201: service ${created.service}, baseline ${created.baseline}; rows found: ${JSON.stringify(writeRows)}. Unexpected answers: ${failures}.\n`,
    );
    if (failures > 0 || writeProblems > 0) process.exitCode = 1;
  });
}
