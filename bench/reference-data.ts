/**
 * `npm run bench -- reference-data`: GET /job-roles?limit=100 and GET /teams?search=...
 * on an organization with 10,000 job roles and 10,000 teams among five organizations (the other four:
 * 2,500 of each), against a node:http + pg baseline that runs the same SQL (bench/reference-data-baseline.ts).
 * BENCH_DURATION: seconds per run (default 10); BENCH_ROUNDS: rounds (default 2); BENCH_CONNECTIONS
 * (default 50); BENCH_POOL_SIZE: DB_POOL_SIZE of the service and pool of the baseline (default 10).
 */
import { size } from './smoke';
import { join } from 'node:path';
import { assertSameAnswers, assertSameSql, compare, printRuns, printSummaries, Scenario, sqlRecording } from './compare';
import { createDatabase, machine, runBenchmark, startBaseline, startService } from './harness';
import { applySetupSql, createOrganizations, seedCostCentres, seedJobRoles, seedTeams, TEAM_SEARCHES, vacuumAnalyze } from './seed-data';

const MEASURED = { jobRoles: size(10_000, 30), teams: size(10_000, 30), costCentres: size(40, 3) };
const OTHERS = { jobRoles: size(2_500, 10), teams: size(2_500, 10), costCentres: size(20, 2) };

export async function referenceDataBenchmark(): Promise<void> {
  const duration = Number(process.env.BENCH_DURATION ?? 10);
  const rounds = Number(process.env.BENCH_ROUNDS ?? 2);
  const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
  const poolSize = Number(process.env.BENCH_POOL_SIZE ?? 10);
  await runBenchmark(async () => {
    const db = await createDatabase('wfp_bench_refdata');
    // The default limit (6,000 requests a minute per key) would stop a benchmark in seconds: raised, still counted (in memory).
    // Both record their SQL until assertSameSql has compared one request per endpoint.
    const recording = sqlRecording('wfp-bench-refdata');
    const service = await startService(
      db,
      { RATE_LIMIT_PER_MINUTE: '10000000', DB_POOL_SIZE: String(poolSize), ...recording.service.env },
      recording.service.nodeArgs,
    );
    const orgs = await createOrganizations(service, db.client, 5, ['reference_data_view', 'teams_view']);
    const started = Date.now();
    for (const [i, org] of orgs.entries()) {
      const v = i === 0 ? MEASURED : OTHERS;
      await seedJobRoles(db.client, org, v.jobRoles);
      await seedCostCentres(db.client, org, v.costCentres);
      await seedTeams(db.client, org, v.teams, v.costCentres);
    }
    const whatIf = await applySetupSql(db.client);
    await vacuumAnalyze(db.client, ['job_roles', 'cost_centres', 'teams']);
    const org = orgs[0];
    const { rows: counts } = await db.client.query<{ job_roles: number; teams: number; all_job_roles: number; all_teams: number }>(
      `SELECT (SELECT count(*) FROM job_roles WHERE organization_id = $1) AS job_roles, (SELECT count(*) FROM teams WHERE organization_id = $1) AS teams,
              (SELECT count(*) FROM job_roles) AS all_job_roles, (SELECT count(*) FROM teams) AS all_teams`,
      [org.orgId],
    );
    const matches: number[] = [];
    for (const term of TEAM_SEARCHES) {
      const { rows } = await db.client.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM teams WHERE organization_id = $1 AND plan_id = $2 AND (name || ' ' || coalesce(description, '')) ILIKE $3`,
        [org.orgId, org.planId, `%${term}%`],
      );
      matches.push(rows[0].n);
    }
    process.stderr.write(
      `seeded in ${Math.round((Date.now() - started) / 100) / 10} s: ${JSON.stringify(counts[0])}; team searches match ${matches.join(', ')} of ${counts[0].teams}\n`,
    );
    const baseline = await startBaseline(
      db,
      join(__dirname, 'reference-data-baseline.js'),
      poolSize,
      recording.baseline.env,
      recording.baseline.nodeArgs,
    );
    const idleRssMb = service.peakRssMb();

    const prefix = `/api/v1/org/${org.orgId}`;
    const headers = { authorization: `Bearer ${org.key}` };
    const searchPaths = TEAM_SEARCHES.map((term) => `${prefix}/teams?search=${encodeURIComponent(term)}`);
    const scenarios: Scenario[] = [
      { name: 'GET /job-roles?limit=100', load: () => ({ method: 'GET', path: `${prefix}/job-roles?limit=100`, headers }) },
      {
        name: 'GET /teams?search=<term>',
        // Each connection cycles through the five searches, starting at its own.
        load: () => ({
          method: 'GET',
          path: searchPaths[0],
          headers,
          requestsFor: (connection) =>
            searchPaths.map((_, i) => ({ method: 'GET', path: searchPaths[(connection + i) % searchPaths.length] })),
        }),
      },
    ];

    // The baseline must answer what the service answers.
    await assertSameAnswers(service, baseline, [`${prefix}/job-roles?limit=100`, ...searchPaths], headers);
    const sqlCheck = await assertSameSql(
      service,
      baseline,
      recording,
      [
        { label: 'GET /job-roles?limit=100', method: 'GET', path: `${prefix}/job-roles?limit=100` },
        { label: 'GET /teams?search=<term>', method: 'GET', path: searchPaths[0] },
      ],
      headers,
    );

    const { runs, summaries } = await compare({ service, baseline, scenarios, rounds, durationSeconds: duration, connections, db });

    process.stdout.write(
      `\nReference data: ${counts[0].job_roles} job roles and ${counts[0].teams} teams in the measured organization ` +
        `(${counts[0].all_job_roles} and ${counts[0].all_teams} in all five); team searches (${TEAM_SEARCHES.join(', ')}) match ` +
        `${matches.join(', ')} teams each. ${connections} connections, ${rounds} round(s) of ${duration} s per target after a 2 s warm-up; ` +
        `pool ${poolSize} (service DB_POOL_SIZE and baseline); ${machine()}${whatIf ? `\nWHAT-IF, schema changed by BENCH_SETUP_SQL: ${whatIf}` : ''}\n\n`,
    );
    process.stdout.write(`Same SQL, checked on one request each: ${sqlCheck.join('; ')}.\n\n`);
    printRuns(runs);
    process.stdout.write('\nSummary (req/s: mean of the rounds and range; p50, p99: worst round):\n\n');
    printSummaries(summaries);
    const failures = summaries.reduce((sum, s) => sum + s.service.failures + s.baseline.failures, 0);
    process.stdout.write(
      `\nPeak RSS (VmHWM): service ${service.peakRssMb()} MB (${idleRssMb} MB after start-up and seeding), baseline ${baseline.peakRssMb()} MB. Unexpected answers: ${failures}.\n`,
    );
    if (failures > 0) process.exitCode = 1;
  });
}
