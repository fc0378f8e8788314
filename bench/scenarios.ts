/**
 * Creating a scenario on an organization with 50,000 employees, 20,000 vacancies and
 * 100,000 assignments (plus 50,000 salary adjustments) on PostgreSQL, and merging 1,000 changes.
 * Goal: each under 5 s. `npm run bench -- scenarios` (BENCH_ROUNDS=n repeats the fork; BENCH_SETUP_SQL: what-if SQL on the fresh schema).
 */
import { size } from './smoke';
import { BENCH_ADMIN_TOKEN, createDatabase, createTenant, runBenchmark, seed, startService } from './harness';
import { applySetupSql } from './seed-data';

const EMPLOYEES = size(50_000, 40);
const VACANCIES = size(20_000, 20);
const TEAMS = size(100, 5);
const CHANGES = size(1_000, 10);

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
  });
}
