/**
 * Submitting a scenario with 10,000 changes for approval (`POST .../scenarios/:id/submit`), on the forecast
 * benchmark's data (50,000 employees with salaries and cost centres, 5,000 contractors, 20,000 vacancies; bench/forecast.ts).
 * The scenario: 8,000 employees moved to another cost centre, 1,000 vacancies created, 1,000 deleted, written with SQL as
 * the writes record them. A submit computes the impact (the scenario's forecast against live over 12 months by cost
 * centre, and the budget the policy's step names) and writes the round. Goal: under 2 s.
 * Each round submits and withdraws; the submits are timed one at a time. BENCH_ROUNDS (default 3), BENCH_KEEP_DB=<name>.
 */
import { size } from './smoke';
import { createDatabase, machine, round, runBenchmark, seed, startService } from './harness';
import { seedForecast } from './forecast';
import { createOrganizations, seededIds, vacuumAnalyze } from './seed-data';

const EMPLOYEES = size(50_000, 40);
const CHANGES = { moves: size(8_000, 8), creates: size(1_000, 2), deletes: size(1_000, 2) };

export async function approvalsBenchmark(): Promise<void> {
  await runBenchmark(async () => {
    const db = await createDatabase('wfp_bench_approvals');
    // Production refuses the published bench admin token; the submit's time does not depend on Express's mode.
    const service = await startService(db, { NODE_ENV: 'development' });
    const [org] = await createOrganizations(service, db.client, 1, [
      'forecasts_view',
      'financials_view_summary',
      'budgets_view',
      'budgets_edit',
    ]);
    await seed(db, async (client) => {
      await seedForecast(client, org, EMPLOYEES, size(5_000, 5), size(20_000, 10));
      await vacuumAnalyze(client, ['employees', 'salary_adjustments', 'contractors', 'rate_adjustments', 'vacancies']);
    });
    const [centre] = await seededIds(db.client, org.orgId, 'cc', [1]);
    const month = new Date().toISOString().slice(0, 7);
    const fork = await service.admin<{ data: { id: string } }>('POST', `/organizations/${org.orgId}/scenarios`, { name: 'Approval bench' });
    const scenario = fork.data.id;
    const changed = await seed(db, async (client) => {
      const changes = (type: string, change: string, ids: string, count: number) =>
        client.query(
          `INSERT INTO record_changes (event_id, organization_id, plan_id, entity_type, entity_id, change_type, before, after, actor_type, actor_id)
           SELECT gen_random_uuid(), $1, $2, '${type}', ${ids}, '${change}', '{}', '{}', 'system', 'bench' FROM generate_series(1, ${count}) g`,
          [org.orgId, scenario],
        );
      const moved = await client.query(
        `UPDATE employees SET cost_centre_id = $3 WHERE organization_id = $1 AND plan_id = $2
            AND id IN (SELECT id FROM employees WHERE organization_id = $1 AND plan_id = $2 ORDER BY id LIMIT ${CHANGES.moves}) RETURNING id`,
        [org.orgId, scenario, centre],
      );
      await client.query(
        `INSERT INTO record_changes (event_id, organization_id, plan_id, entity_type, entity_id, change_type, before, after, actor_type, actor_id)
         SELECT gen_random_uuid(), $1, $2, 'employee', id, 'update', '{}', '{}', 'system', 'bench' FROM unnest($3::text[]) id`,
        [org.orgId, scenario, moved.rows.map((r: { id: string }) => r.id)],
      );
      const id = (g: string) => `'c' || substr(md5('approvals:' || ${g}), 1, 24)`;
      await client.query(
        `INSERT INTO vacancies (plan_id, id, organization_id, role, status, fte, target_start_date, cost_centre_id, salary, currency_code)
         SELECT $2, ${id('g')}, $1, 'Approval role ' || g, 'open', 1, date '${month}-01' + g % 300, $3, 90000, 'USD'
           FROM generate_series(1, ${CHANGES.creates}) g`,
        [org.orgId, scenario, centre],
      );
      await changes('vacancy', 'create', id('g'), CHANGES.creates);
      const deleted = await client.query(
        `DELETE FROM vacancies WHERE organization_id = $1 AND plan_id = $2
            AND id IN (SELECT id FROM vacancies WHERE organization_id = $1 AND plan_id = $2 AND role NOT LIKE 'Approval%' ORDER BY id LIMIT ${CHANGES.deletes})
          RETURNING id`,
        [org.orgId, scenario],
      );
      await client.query(
        `INSERT INTO record_changes (event_id, organization_id, plan_id, entity_type, entity_id, change_type, before, after, actor_type, actor_id)
         SELECT gen_random_uuid(), $1, $2, 'vacancy', id, 'delete', '{}', '{}', 'system', 'bench' FROM unnest($3::text[]) id`,
        [org.orgId, scenario, deleted.rows.map((r: { id: string }) => r.id)],
      );
      await client.query('ANALYZE');
      return moved.rowCount! + CHANGES.creates + deleted.rowCount!;
    });
    const lines = [{ key: centre, month, cost: 1 }];
    const created = await fetch(`${service.baseUrl}/api/v1/org/${org.orgId}/budgets`, {
      method: 'POST',
      headers: { authorization: `Bearer ${org.key}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        name: 'Bench month',
        dimension: 'costCentre',
        fromMonth: month,
        toMonth: month,
        currencyCode: org.currency,
        lines,
      }),
    });
    if (created.status !== 201) throw new Error(`POST /budgets: ${created.status} ${await created.text()}`);
    const budgetId = ((await created.json()) as { data: { id: string } }).data.id;
    const steps = [{ name: 'Finance', approverCapability: 'approve_scenarios', when: { overBudgetId: budgetId } }];
    await service.admin('PATCH', `/organizations/${org.orgId}`, { scenarioApproval: { required: true, steps } });
    const acting = { 'X-Acting-User': org.userId };
    const base = `/organizations/${org.orgId}/scenarios/${scenario}`;
    const times: number[] = [];
    let impact: unknown = null;
    for (let i = 0; i < Number(process.env.BENCH_ROUNDS ?? 3); i++) {
      const started = performance.now();
      const round_ = await service.admin<{ data: { impact: unknown; steps: { status: string }[] } }>(
        'POST',
        `${base}/submit`,
        undefined,
        acting,
      );
      times.push(round(performance.now() - started, 0));
      impact = { ...(round_.data.impact as object), steps: round_.data.steps.map((s) => s.status) };
      await service.admin('POST', `${base}/withdraw`, undefined, acting);
    }
    process.stdout.write(
      `\nSubmit of a scenario with ${changed} changes (${CHANGES.moves} employees moved, ${CHANGES.creates} vacancies created, ${CHANGES.deletes} deleted) ` +
        `on ${EMPLOYEES} employees: ${times.map((ms) => `${ms} ms`).join(', ')} (goal under 2,000 ms)\n` +
        `impact: ${JSON.stringify(impact).slice(0, 400)}\npeak RSS: service ${service.peakRssMb()} MB; ${machine()}\n`,
    );
    if (times.some((ms) => ms >= 2_000)) process.exitCode = 1;
  });
}
