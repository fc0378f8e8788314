import { TestApp } from '../support/test-app';
import { call, callError, connect } from './support';

describe('assistant tool get_budget_variance (07 §2.4, mirroring 07 §2.2 GET /budgets/:id/variance)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await TestApp.start();
  });
  afterAll(() => t.close());

  it('07/§2.4 get_budget_variance: the answer of GET /budgets/:id/variance, live and in a scenario', async () => {
    const org = await t.createTenant({ reportingCurrency: 'USD' });
    const centre = (await org.create.costCentre({ name: 'Alpha' })).id;
    const salary = { effectiveDate: '2025-01-01', salary: 120_000, currencyCode: 'USD' };
    const alice = (await org.create.employee({ startDate: '2025-01-01', costCentreId: centre, salary })).id;
    const lines = [{ key: centre, month: '2026-02', cost: 9_000, headcount: 1 }];
    const budget = (
      await org
        .api('post', '/budgets')
        .send({ name: 'B', dimension: 'costCentre', fromMonth: '2026-01', toMonth: '2026-03', lines })
        .expect(201)
    ).body.data.id;
    const client = await connect(t, org.key);
    const live = await call(client, 'get_budget_variance', { budgetId: budget });
    const rest = (await org.api('get', `/budgets/${budget}/variance`).expect(200)).body;
    expect(live).toEqual({ ...rest.data, meta: rest.meta });
    expect((live.totals as { forecast: { cost: number } }).forecast.cost).toBe(30_000);

    const scenario = (await t.admin('post', `/organizations/${org.orgId}/scenarios`).send({ name: 'Alice leaves' }).expect(201)).body.data
      .id;
    await t
      .admin('patch', `/organizations/${org.orgId}/scenarios/${scenario}/employees/${alice}`)
      .send({ endDate: '2026-01-31' })
      .expect(200);
    const planned = await call(client, 'get_budget_variance', { budgetId: budget, scenarioId: scenario });
    const restPlanned = (await org.api('get', `/budgets/${budget}/variance?scenarioId=${scenario}`).expect(200)).body;
    expect(planned).toEqual({ ...restPlanned.data, meta: restPlanned.meta });
    expect(planned.scenarioId).toBe(scenario);
    expect((planned.totals as { forecast: { cost: number } }).forecast.cost).toBe(10_000);
    await client.close();
  });

  it('07/§2.4 get_budget_variance: a missing permission, an unknown budget or scenario and bad input are isError results', async () => {
    const org = await t.createTenant();
    const budget = (
      await org.api('post', '/budgets').send({ name: 'B', dimension: 'none', fromMonth: '2026-01', toMonth: '2026-01' }).expect(201)
    ).body.data.id;
    const client = await connect(t, org.key);
    expect((await callError(client, 'get_budget_variance', { budgetId: 'cnotabudget00000000000000' })).code).toBe('NOT_FOUND');
    expect((await callError(client, 'get_budget_variance', { budgetId: budget, scenarioId: 'cnotascenario000000000000' })).code).toBe(
      'NOT_FOUND',
    );
    expect(await callError(client, 'get_budget_variance', {})).toMatchObject({
      code: 'VALIDATION_ERROR',
      details: [{ field: 'budgetId' }],
    });
    expect((await callError(client, 'get_budget_variance', { budgetId: budget, groupBy: 'team' })).code).toBe('VALIDATION_ERROR');
    await client.close();
    for (const permission of ['budgets_view', 'forecasts_view']) {
      const key = await t.createKey(org, [permission]);
      const limited = await connect(t, key.key);
      const refused = await callError(limited, 'get_budget_variance', { budgetId: budget });
      expect(refused.code).toBe('FORBIDDEN');
      await limited.close();
    }
  });
});
