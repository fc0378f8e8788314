/**
 * The changes feed: `GET /changes?limit=1000` with a million retained live changes.
 *
 * A fresh PostgreSQL database; one organization whose history holds BENCH_CHANGES (default 1,000,000)
 * live changes spread over 92 days (seeded with SQL straight into record_changes, with commit
 * positions and the organization's clock, as the unit of work writes them: employee, team, allocation
 * and salary-adjustment records of realistic size), plus 100,000 scenario changes that the feed skips.
 * The built service (`node dist/src/main.js`) answers; an API key with every permission polls.
 *
 * Loads (autocannon, 10 s after 2 s warm-up, 1 and 4 clients):
 *  - catch-up: each request starts at a random position of the history (1,000 cursors per client).
 *  - from-oldest: no `after` (a new client's first page).
 *  - tail: `after` = the newest position (the steady state of a poller that is up to date).
 * Then catch-up and tail against a node:http + pg baseline sending the same SQL (bench/changes-baseline.ts),
 * answers and statements compared first, BENCH_ROUNDS rounds with BENCH_CONNECTIONS (default 4) clients.
 */
import { join } from 'node:path';
import { assertSameAnswers, assertSameSql, compare, cpuMeter, printRuns, printSummaries, Scenario, sqlRecording } from './compare';
import {
  BENCH_CITUS,
  createDatabase,
  createTenant,
  machine,
  printTable,
  round,
  runBenchmark,
  runLoad,
  seed,
  startBaseline,
  startService,
} from './harness';
import { encodeCursor } from '../src/changes/change-cursor';
import { API_PERMISSIONS } from '../src/common/auth/permissions';

const CHANGES = Number(process.env.BENCH_CHANGES ?? 1_000_000);
const DURATION = Number(process.env.BENCH_DURATION ?? 10);

const SEED_SQL = `
  INSERT INTO record_changes (event_id, organization_id, plan_id, entity_type, entity_id, change_type, before, after,
                              actor_type, actor_id, dispatch_status, commit_seq, created_at)
  SELECT gen_random_uuid(), $1, $2,
         (ARRAY['employee', 'team', 'employee_team_allocation', 'salary_adjustment'])[1 + i % 4],
         'c' || lpad(to_hex(i), 24, '0'),
         CASE WHEN i % 3 = 0 THEN 'update' ELSE 'create' END,
         CASE WHEN i % 3 = 0 THEN p ELSE NULL END, p,
         'api_key', $3, 'DONE', i, now() - make_interval(secs => ($4::bigint - i) * 7.95)
    FROM generate_series($5::bigint, $6::bigint) AS i,
         LATERAL (SELECT jsonb_build_object(
           'id', 'c' || lpad(to_hex(i), 24, '0'), 'externalId', 'HR-' || i, 'firstName', 'Person', 'lastName', 'Number ' || i,
           'email', 'person' || i || '@example.com', 'startDate', '2025-01-01', 'endDate', NULL, 'managerId', NULL,
           'jobRoleId', NULL, 'geographyId', NULL, 'costCentreId', NULL, 'createdAt', now(), 'updatedAt', now()) AS p) AS payload`;

export async function changesBenchmark(): Promise<void> {
  await runBenchmark(async () => {
    const db = await createDatabase('wfp_bench_changes');
    // Both record their SQL until assertSameSql has compared one request of each kind.
    const recording = sqlRecording('wfp-bench-changes');
    const service = await startService(
      db,
      { RATE_LIMIT_PER_MINUTE: '10000000', DB_POOL_SIZE: '10', ...recording.service.env },
      recording.service.nodeArgs,
    );
    const tenant = await createTenant(service, [...API_PERMISSIONS]);
    const started = Date.now();
    await seed(db, async (client) => {
      const [{ id: livePlan }] = (await client.query(`SELECT id FROM plans WHERE organization_id = $1 AND kind = 'LIVE'`, [tenant.orgId]))
        .rows;
      const scenario = `s${String(Date.now()).padStart(24, '0')}`.slice(0, 25);
      await client.query(`INSERT INTO plans (id, organization_id, kind, name, status) VALUES ($1, $2, 'SCENARIO', 'Bench', 'OPEN')`, [
        scenario,
        tenant.orgId,
      ]);
      for (let from = 1; from <= CHANGES; from += 100_000) {
        await client.query(SEED_SQL, [tenant.orgId, livePlan, tenant.keyId, CHANGES, from, Math.min(from + 99_999, CHANGES)]);
      }
      await client.query(
        `INSERT INTO record_changes (event_id, organization_id, plan_id, entity_type, entity_id, change_type, before, after, actor_type, actor_id)
         SELECT gen_random_uuid(), $1, $2, 'employee', 'x' || i, 'update', '{}', '{"name": "what if"}', 'system', 'bench' FROM generate_series(1, 100000) i`,
        [tenant.orgId, scenario],
      );
      await client.query(
        `INSERT INTO change_clocks (organization_id, seq) VALUES ($1, $2) ON CONFLICT (organization_id) DO UPDATE SET seq = EXCLUDED.seq`,
        [tenant.orgId, CHANGES],
      );
      await client.query('VACUUM ANALYZE record_changes');
    });
    const { rows } = await db.client.query(
      // On the cluster the coordinator's table is empty: the shards' size (citus_total_relation_size).
      `SELECT count(*)::int AS n, pg_size_pretty(${BENCH_CITUS ? 'citus_total_relation_size' : 'pg_total_relation_size'}('record_changes')) AS size FROM record_changes`,
    );
    process.stdout.write(`seeded ${rows[0].n} changes (${rows[0].size}) in ${round((Date.now() - started) / 1000)} s; ${machine()}\n`);

    const headers = { Authorization: `Bearer ${tenant.key}` };
    const base = `/api/v1/org/${tenant.orgId}/changes?limit=1000`;
    const randomCursors = () =>
      Array.from({ length: 1000 }, () => ({
        method: 'GET' as const,
        path: `${base}&after=${encodeCursor(Math.floor(Math.random() * Math.max(1, CHANGES - 1000)), tenant.orgId)}`,
        headers,
      }));
    const baseline = await startBaseline(
      db,
      join(__dirname, 'changes-baseline.js'),
      10,
      recording.baseline.env,
      recording.baseline.nodeArgs,
    );
    const middle = `${base}&after=${encodeCursor(Math.floor(CHANGES / 2), tenant.orgId)}`;
    const tail = `${base}&after=${encodeCursor(CHANGES, tenant.orgId)}`;
    await assertSameAnswers(service, baseline, [middle, base, tail], headers);
    const sqlCheck = await assertSameSql(
      service,
      baseline,
      recording,
      [
        { label: 'catch-up page', method: 'GET', path: middle },
        { label: 'tail', method: 'GET', path: tail },
      ],
      headers,
    );

    const loads = [
      { name: 'catch-up (random position)', requestsFor: randomCursors, path: base },
      { name: 'from oldest', path: base },
      { name: 'tail (up to date)', path: `${base}&after=${encodeCursor(CHANGES, tenant.orgId)}` },
    ];
    const results = [];
    for (const load of loads) {
      for (const connections of [1, 4]) {
        // CPU of the service and of the database's backends (on the cluster, coordinator and workers), warm-up included.
        const cpu = await cpuMeter(db, service.pid);
        const r = await runLoad({
          name: load.name,
          baseUrl: service.baseUrl,
          method: 'GET',
          path: load.path,
          headers,
          requestsFor: load.requestsFor,
          connections,
          durationSeconds: DURATION,
        });
        results.push({
          load: r.name,
          clients: connections,
          'requests/s': round(r.requestsPerSecond),
          'changes/s': load.name.startsWith('tail') ? 0 : Math.round(r.requestsPerSecond * 1000),
          'p50 ms': r.p50Ms,
          'p99 ms': r.p99Ms,
          failures: r.failures,
          ...(await cpu().then((used) => {
            const per = (ms: number) => round(ms / Math.max(1, r.requests), 2);
            return {
              'service CPU ms/req': per(used.target),
              'PostgreSQL CPU ms/req': per(used.postgres),
              ...(BENCH_CITUS ? { 'of which Citus workers': per(used.workers) } : {}),
            };
          })),
        });
      }
    }
    printTable(results);

    const scenarios: Scenario[] = [
      {
        name: 'GET /changes?limit=1000 catch-up (random position)',
        load: () => ({ method: 'GET', path: base, headers, requestsFor: randomCursors }),
      },
      { name: 'GET /changes?limit=1000 tail (up to date)', load: () => ({ method: 'GET', path: tail, headers }) },
    ];
    const connections = Number(process.env.BENCH_CONNECTIONS ?? 4);
    const rounds = Number(process.env.BENCH_ROUNDS ?? 2);
    const { runs, summaries } = await compare({ service, baseline, scenarios, rounds, durationSeconds: DURATION, connections, db });
    process.stdout.write(
      `\nAgainst the same-SQL baseline, ${connections} clients, ${rounds} round(s) of ${DURATION} s per target after a 2 s warm-up.\n` +
        `Same SQL, checked on one request each: ${sqlCheck.join('; ')}.\n\n`,
    );
    printRuns(runs);
    process.stdout.write('\nSummary (req/s: mean of the rounds and range; p50, p99: worst round):\n\n');
    printSummaries(summaries);
    const failures = summaries.reduce((sum, s) => sum + s.service.failures + s.baseline.failures, 0);
    if (failures > 0) process.exitCode = 1;
    const page = await fetch(`${service.baseUrl}${base}&after=${encodeCursor(Math.floor(CHANGES / 2), tenant.orgId)}`, { headers });
    const body = (await page.json()) as { data: unknown[]; meta: { hasMore: boolean } };
    process.stdout.write(`check: status ${page.status}, ${body.data.length} changes, hasMore ${body.meta.hasMore}\n`);
  });
}
