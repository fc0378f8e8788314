/**
 * Creating a scenario on an organization with 50,000 employees, 20,000 vacancies and
 * 100,000 assignments (plus 50,000 salary adjustments) on PostgreSQL, and merging 1,000 changes.
 * Goal: each under 5 s. Then the diff of a scenario with 10,000 changed records (8,000 employee updates, 1,000
 * vacancies created and 1,000 deleted, seeded with SQL as the writes record them): its first page from one client
 * against a same-SQL baseline (bench/scenarios-baseline.ts; goal under 300 ms), and a dry-run merge against the
 * merge that follows. `npm run bench -- scenarios` (BENCH_ROUNDS=n repeats the fork and the diff's rounds;
 * BENCH_SETUP_SQL: what-if SQL on the fresh schema).
 */
import { join } from 'node:path';
import { size } from './smoke';
import {
  BENCH_ADMIN_TOKEN,
  BenchDatabase,
  BenchTenant,
  createDatabase,
  createTenant,
  machine,
  round,
  runBenchmark,
  seed,
  startBaseline,
  startService,
} from './harness';
import { assertSameSql, compare, printRuns, printSummaries, sqlRecording } from './compare';
import { applySetupSql } from './seed-data';

const EMPLOYEES = size(50_000, 40);
const VACANCIES = size(20_000, 20);
const TEAMS = size(100, 5);
const CHANGES = size(1_000, 10);
/** The diff's scenario: employee updates, vacancies created, vacancies deleted. */
const DIFF = { updates: size(8_000, 8), creates: size(1_000, 2), deletes: size(1_000, 2) };

export async function scenariosBenchmark(): Promise<void> {
  await runBenchmark(async () => {
    const db = await createDatabase('wfp_bench_scenarios');
    // What-if (BENCH_SETUP_SQL, printed to stderr): SQL run on the fresh schema, e.g. a table's fillfactor.
    await applySetupSql(db.client);
    const service = await startService(db);
    const tenant = await createTenant(service, ['employees_view']);
    const { rows } = await db.client.query(`SELECT id FROM plans WHERE organization_id = $1 AND kind = 'LIVE'`, [tenant.orgId]);
    const plan: string = rows[0].id;
    const started = Date.now();
    await seed(db, async (client) => {
      const id = (prefix: string) => `'${prefix}' || lpad(g::text, 24, '0')`;
      await client.query(
        `INSERT INTO teams (plan_id, id, organization_id, name, created_at, updated_at)
         SELECT $1, ${id('t')}, $2, 'Team ' || g, now(), now() FROM generate_series(1, ${TEAMS}) g`,
        [plan, tenant.orgId],
      );
      await client.query(
        `INSERT INTO employees (plan_id, id, organization_id, first_name, last_name, email, start_date, created_at, updated_at)
         SELECT $1, ${id('e')}, $2, 'First' || g, 'Last' || g, 'person' || g || '@example.com', DATE '2024-01-01' + (g % 700), now(), now()
           FROM generate_series(1, ${EMPLOYEES}) g`,
        [plan, tenant.orgId],
      );
      await client.query(
        `INSERT INTO salary_adjustments (plan_id, id, organization_id, employee_id, effective_date, salary, currency_code, created_at, updated_at)
         SELECT $1, ${id('s')}, $2, 'e' || lpad(g::text, 24, '0'), DATE '2024-01-01', 50000 + g % 50000, 'USD', now(), now()
           FROM generate_series(1, ${EMPLOYEES}) g`,
        [plan, tenant.orgId],
      );
      await client.query(
        `INSERT INTO vacancies (plan_id, id, organization_id, role, status, fte, created_at, updated_at)
         SELECT $1, ${id('v')}, $2, 'Role ' || g, 'open', 1, now(), now() FROM generate_series(1, ${VACANCIES}) g`,
        [plan, tenant.orgId],
      );
      await client.query(
        `INSERT INTO assignments (plan_id, id, organization_id, type, target_id, employee_id, fte, start_date, created_at, updated_at)
         SELECT $1, ${id('a')}, $2, 'team', 't' || lpad((1 + g % ${TEAMS})::text, 24, '0'), 'e' || lpad((1 + (g - 1) % ${EMPLOYEES})::text, 24, '0'),
                0.5, DATE '2024-01-01', now(), now()
           FROM generate_series(1, ${EMPLOYEES * 2}) g`,
        [plan, tenant.orgId],
      );
      await client.query('ANALYZE');
    });
    process.stdout.write(
      `seeded ${EMPLOYEES} employees, ${EMPLOYEES} salaries, ${VACANCIES} vacancies, ${EMPLOYEES * 2} assignments in ${Date.now() - started} ms\n`,
    );

    const rounds = Number(process.env.BENCH_ROUNDS ?? 2);
    const forks: number[] = [];
    let scenario = '';
    for (let round = 0; round < rounds; round++) {
      const t0 = performance.now();
      const res = await service.admin<{ data: { id: string } }>('POST', `/organizations/${tenant.orgId}/scenarios`, {
        name: `Bench ${round}`,
      });
      forks.push(performance.now() - t0);
      scenario = res.data.id;
    }
    const copied = await db.client.query(
      `SELECT (SELECT count(*) FROM employees WHERE plan_id = $1)::int AS e, (SELECT count(*) FROM assignments WHERE plan_id = $1)::int AS a`,
      [scenario],
    );
    process.stdout.write(
      `scenario create: ${forks.map((ms) => `${ms.toFixed(0)} ms`).join(', ')} (copied ${copied.rows[0].e} employees, ${copied.rows[0].a} assignments)\n`,
    );

    // 1,000 changes inside the scenario through the application API: 800 updates, 100 creates, 100 deletes.
    const t1 = performance.now();
    for (let i = 1; i <= CHANGES; i++) {
      const n = String(i).padStart(24, '0');
      if (i <= 800)
        await service.admin('PATCH', `/organizations/${tenant.orgId}/scenarios/${scenario}/employees/e${n}`, { lastName: `Changed${i}` });
      else if (i <= 900)
        await service.admin('POST', `/organizations/${tenant.orgId}/scenarios/${scenario}/vacancies`, { role: `New role ${i}` });
      else await service.admin('DELETE', `/organizations/${tenant.orgId}/scenarios/${scenario}/vacancies/v${n}`);
    }
    process.stdout.write(`made ${CHANGES} scenario changes in ${(performance.now() - t1).toFixed(0)} ms\n`);
    const t2 = performance.now();
    const res = await fetch(`${service.baseUrl}/admin/v1/organizations/${tenant.orgId}/scenarios/${scenario}/merge`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${BENCH_ADMIN_TOKEN}`, 'X-Acting-User': tenant.userId },
    });
    if (!res.ok) throw new Error(`merge: ${res.status} ${await res.text()}`);
    const merged = (await res.json()) as { data: { changes: Record<string, number> } };
    process.stdout.write(
      `merge: ${(performance.now() - t2).toFixed(0)} ms, changes ${JSON.stringify(merged.data.changes)}; service peak RSS ${service.peakRssMb()} MB\n`,
    );
    await service.stop();
    await diffBenchmark(db, tenant);
  });
}

/**
 * The diff of a scenario with DIFF's changed records, first page, service against the same-SQL baseline; then a
 * dry-run merge and the merge of that scenario.
 */
async function diffBenchmark(db: BenchDatabase, tenant: BenchTenant): Promise<void> {
  const recording = sqlRecording('wfp-bench-scenarios');
  const service = await startService(db, recording.service.env, recording.service.nodeArgs);
  const scenario = (
    await service.admin<{ data: { id: string } }>('POST', `/organizations/${tenant.orgId}/scenarios`, { name: 'Diff bench' })
  ).data.id;
  const total = await seed(db, async (client) => {
    const id = (prefix: string, from: number) => `'${prefix}' || lpad((g + ${from})::text, 24, '0')`;
    const changes = (type: string, change: string, ids: string, count: number) =>
      client.query(
        `INSERT INTO record_changes (event_id, organization_id, plan_id, entity_type, entity_id, change_type, before, after, actor_type, actor_id)
         SELECT gen_random_uuid(), $1, $2, '${type}', ${ids}, '${change}', '{}', '{}', 'system', 'bench' FROM generate_series(1, ${count}) g`,
        [tenant.orgId, scenario],
      );
    await client.query(
      `UPDATE employees SET last_name = 'Diff ' || last_name WHERE organization_id = $1 AND plan_id = $2
          AND id IN (SELECT ${id('e', 0)} FROM generate_series(1, ${DIFF.updates}) g)`,
      [tenant.orgId, scenario],
    );
    await changes('employee', 'update', id('e', 0), DIFF.updates);
    await client.query(
      `INSERT INTO vacancies (plan_id, id, organization_id, role, status, fte, created_at, updated_at)
       SELECT $2, ${id('w', 0)}, $1, 'Diff role ' || g, 'open', 1, now(), now() FROM generate_series(1, ${DIFF.creates}) g`,
      [tenant.orgId, scenario],
    );
    await changes('vacancy', 'create', id('w', 0), DIFF.creates);
    // Vacancies the first scenario left alone (it deleted v901..v1000).
    const first = Math.floor(VACANCIES / 2);
    await client.query(
      `DELETE FROM vacancies WHERE organization_id = $1 AND plan_id = $2 AND id IN (SELECT ${id('v', first)} FROM generate_series(1, ${DIFF.deletes}) g)`,
      [tenant.orgId, scenario],
    );
    await changes('vacancy', 'delete', id('v', first), DIFF.deletes);
    await client.query('ANALYZE');
    return DIFF.updates + DIFF.creates + DIFF.deletes;
  });
  const baseline = await startBaseline(
    db,
    join(__dirname, 'scenarios-baseline.js'),
    10,
    {
      ADMIN_TOKEN: BENCH_ADMIN_TOKEN,
      ...recording.baseline.env,
    },
    recording.baseline.nodeArgs,
  );
  const headers = { authorization: `Bearer ${BENCH_ADMIN_TOKEN}`, 'x-acting-user': tenant.userId };
  const path = `/admin/v1/organizations/${tenant.orgId}/scenarios/${scenario}/diff`;

  // Both answer the same page (the records aside: the baseline sends their columns, not their payloads).
  const answers = await Promise.all(
    [service, baseline].map(async (target) => {
      const started = performance.now();
      const body = (await (await fetch(target.baseUrl + path, { headers })).json()) as {
        data: { entityType: string; entityId: string; change: string; conflict: boolean }[];
        meta: { total: number };
      };
      return { ms: performance.now() - started, body };
    }),
  );
  const summary = (a: (typeof answers)[number]) =>
    JSON.stringify({ total: a.body.meta.total, data: a.body.data.map((d) => [d.entityType, d.entityId, d.change, d.conflict]) });
  if (summary(answers[0]) !== summary(answers[1]))
    throw new Error(`service and baseline list different changes:\n${summary(answers[0])}\n${summary(answers[1])}`);
  if (answers[0].body.meta.total !== total) throw new Error(`the diff counts ${answers[0].body.meta.total} changes, ${total} were seeded`);
  const sqlCheck = await assertSameSql(
    service,
    baseline,
    recording,
    [{ label: 'GET .../diff (first page)', method: 'GET', path }],
    headers,
  );

  const rounds = Number(process.env.BENCH_ROUNDS ?? 2);
  const { runs, summaries } = await compare({
    service,
    baseline,
    scenarios: [{ name: 'GET .../scenarios/:id/diff (first page)', load: () => ({ method: 'GET', path, headers }) }],
    rounds,
    durationSeconds: Number(process.env.BENCH_DURATION ?? 10),
    connections: 1,
    db,
  });

  // A dry run reads what the merge reads first (the same computation), writes nothing: timed against the merge.
  const merge = async (dryRun: boolean) => {
    const started = performance.now();
    const res = await fetch(
      `${service.baseUrl}/admin/v1/organizations/${tenant.orgId}/scenarios/${scenario}/merge${dryRun ? '?dryRun=true' : ''}`,
      {
        method: 'POST',
        headers: { Authorization: `Bearer ${BENCH_ADMIN_TOKEN}`, 'X-Acting-User': tenant.userId },
      },
    );
    if (!res.ok) throw new Error(`merge${dryRun ? ' (dry run)' : ''}: ${res.status} ${await res.text()}`);
    return { ms: round(performance.now() - started, 0), changes: ((await res.json()) as { data: { changes: unknown } }).data.changes };
  };
  const dryRuns = [await merge(true), await merge(true), await merge(true)];
  const merged = await merge(false);
  if (JSON.stringify(dryRuns[0].changes) !== JSON.stringify(merged.changes))
    throw new Error('the dry run and the merge count different changes');

  process.stdout.write(
    `\nDiff of a scenario with ${total} changed records (${DIFF.updates} employee updates, ${DIFF.creates} vacancies created, ${DIFF.deletes} deleted), ` +
      `first page (20), 1 client, ${rounds} round(s); ${machine()}\n` +
      `first request: service ${round(answers[0].ms, 0)} ms, baseline ${round(answers[1].ms, 0)} ms. Same SQL: ${sqlCheck.join('; ')}.\n\n`,
  );
  printRuns(runs);
  process.stdout.write('\n');
  printSummaries(summaries);
  process.stdout.write(
    `\ndry-run merge: ${dryRuns.map((r) => `${r.ms} ms`).join(', ')}; merge: ${merged.ms} ms; changes ${JSON.stringify(merged.changes)}\n`,
  );
  if (summaries.some((s) => s.service.failures + s.baseline.failures > 0)) process.exitCode = 1;
}
