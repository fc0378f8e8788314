import { addDays, todayUtc } from '../../src/common/dates';
import { fs } from '../functional-structure/support';
import { TestApp, Tenant } from '../support/test-app';
import { call, callError, connect } from './support';

/**
 * get_business_metrics_summary on a hand-computed fixture: March 2026 (31 days), reporting currency USD.
 * People: E1 120,000/yr from 2025-01-01 in cost centre CC1 (10,000 a month); E2 62,000/yr from 2026-03-17
 * in CC2 (5,166.67 a month); C1 3,100/month from 2026-01-01 to 2026-03-10.
 */
describe('assistant tool get_business_metrics_summary (04 §3, 01 rule 6)', () => {
  let t: TestApp;
  let org: Tenant;
  const ids: Record<string, string> = {};
  const metrics = (orgId: string) => `/organizations/${orgId}/business-metrics`;
  const push = (metric: string, source: string, readings: object[]) =>
    org.api('post', '/business-metrics/readings').send({ metric, source, readings }).expect(200);
  const march = { from: '2026-03-01', to: '2026-03-31' };

  beforeAll(async () => {
    t = await TestApp.start();
    org = await t.createTenant({ reportingCurrency: 'USD' });
    const f = fs(t, org);
    ids.cc1 = (await org.create.costCentre({ name: 'CC1' })).id;
    ids.cc2 = (await org.create.costCentre({ name: 'CC2' })).id;
    ids.team = (await org.create.team({ name: 'T1' })).id;
    const salary = (amount: number) => ({ salary: { effectiveDate: '2025-01-01', salary: amount, currencyCode: 'USD' } });
    ids.e1 = await f.employee({ ...salary(120000), costCentreId: ids.cc1, startDate: '2025-01-01' });
    ids.e2 = await f.employee({ ...salary(62000), costCentreId: ids.cc2, startDate: '2026-03-17' });
    ids.c1 = await f.contractor({
      startDate: '2026-01-01',
      endDate: '2026-03-10',
      rateAdjustment: { effectiveDate: '2026-01-01', rate: 3100, rateType: 'monthly', currencyCode: 'USD' },
    });
    const assign = (body: object) =>
      org
        .api('post', '/assignments')
        .send({ type: 'team', targetId: ids.team, ...body })
        .expect(201);
    await assign({ employeeId: ids.e1, fte: 0.5, startDate: '2026-03-01', endDate: '2026-03-15' });
    await assign({ employeeId: ids.e1, fte: 0.75, startDate: '2026-03-11', endDate: '2026-03-20' });
    await assign({ contractorId: ids.c1, fte: 1, startDate: '2026-03-05' });

    const create = (body: object) =>
      t
        .admin('post', metrics(org.orgId))
        .send({ unit: 'tickets', ...body })
        .expect(201);
    ids.a = (await create({ key: 'a-tickets', name: 'Tickets' })).body.data.id;
    await create({ key: 'b-centre', name: 'By centre', costScope: { type: 'COST_CENTRE', id: ids.cc1 } });
    await create({ key: 'c-team', name: 'By team', costScope: { type: 'TEAM', id: ids.team } });
    await create({ key: 'd-inactive', name: 'Off', active: false });
    await push('a-tickets', 'Zendesk', [
      { periodStart: '2026-02-20', periodEnd: '2026-03-05', value: 140, aiValue: 70 },
      { periodStart: '2026-03-10', periodEnd: '2026-03-10', value: 30 },
    ]);
    await push('a-tickets', 'jira', [
      { periodStart: '2026-03-25', periodEnd: '2026-04-03', value: 100, aiValue: 20 },
      { periodStart: '2026-04-04', periodEnd: '2026-04-05', value: 999, aiValue: 999 },
    ]);
    await push('b-centre', 'sheet', [{ periodStart: '2026-03-01', periodEnd: '2026-03-31', value: 400, aiValue: 0 }]);
    await push('d-inactive', 'sheet', [{ periodStart: '2026-03-01', periodEnd: '2026-03-31', value: 5 }]);
  });
  afterAll(() => t.close());

  it('04/§3 summary: every figure of the fixture (proration, every source, AI share, cost scopes, cost per unit), active metrics by key', async () => {
    const client = await connect(t, org.key);
    const out = await call(client, 'get_business_metrics_summary', march);
    expect(out).toMatchObject({ from: '2026-03-01', to: '2026-03-31', currency: 'USD' });
    const [a, b, c, ...rest] = out.metrics as Record<string, unknown>[];
    expect(rest).toEqual([]);
    // a: Zendesk 140 over 14 days (Feb 20 - Mar 5), 5 inside: 50 (ai 70 x 5/14 = 25); 30 on Mar 10 (no aiValue);
    // jira 100 over 10 days (Mar 25 - Apr 3), 7 inside: 70 (ai 20 x 7/10 = 14); the April reading is outside.
    // volume 50 + 30 + 70 = 150; aiVolume 25 + 14 = 39; aiShare 39 / (50 + 70) = 0.325.
    // Organization cost: E1 10,000 + E2 62,000/12 x 15/31 = 2,500 + C1 3,100 x 10/31 = 1,000 -> 13,500; per unit 13,500 / 150 = 90.
    expect(a).toEqual({
      key: 'a-tickets',
      name: 'Tickets',
      unit: 'tickets',
      volume: 150,
      aiVolume: 39,
      aiShare: 0.325,
      cost: 13500,
      costPerUnit: 90,
      unpricedPeople: 0,
      readings: 3,
      sources: [
        { name: 'jira', feedStatus: 'HEALTHY', lastPushAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) },
        { name: 'Zendesk', feedStatus: 'HEALTHY', lastPushAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) },
      ],
    });
    // b: 400 in the month, aiValue 0 -> aiShare 0; cost centre CC1 = E1 only: 10,000; per unit 25.
    expect(b).toMatchObject({ key: 'b-centre', volume: 400, aiVolume: 0, aiShare: 0, cost: 10000, costPerUnit: 25, readings: 1 });
    // c: team T1. E1 at 0.5 on Mar 1-10, 0.5 + 0.75 capped at 1 on Mar 11-15, 0.75 on Mar 16-20:
    // 10,000/31 x (10 x 0.5 + 5 x 1 + 5 x 0.75) = 10,000/31 x 13.75 = 4,435.4839; C1 from Mar 5 to its last day Mar 10: 3,100 x 6/31 = 600.
    // cost 5,035.48; no readings: volume 0, aiShare and costPerUnit null.
    expect(c).toEqual({
      key: 'c-team',
      name: 'By team',
      unit: 'tickets',
      volume: 0,
      aiVolume: 0,
      aiShare: null,
      cost: 5035.48,
      costPerUnit: null,
      unpricedPeople: 0,
      readings: 0,
      sources: [],
    });
    await client.close();
  });

  it('04/§3 summary: proration is by overlapping days inside a window that cuts readings (4 decimals)', async () => {
    const client = await connect(t, org.key);
    // Mar 3 - Mar 26: Zendesk 140 x 3/14 = 30 (ai 15), 30; jira 100 x 2/10 = 20 (ai 4): volume 80, aiVolume 19, aiShare 19/50 = 0.38.
    const out = await call(client, 'get_business_metrics_summary', { from: '2026-03-03', to: '2026-03-26', metric: 'a-tickets' });
    expect(out.metrics).toEqual([expect.objectContaining({ key: 'a-tickets', volume: 80, aiVolume: 19, aiShare: 0.38, readings: 3 })]);
    // Mar 1 only: 140 x 1/14 = 10 exactly; Mar 2-4 of Zendesk: 30. A 1/7 share is rounded to 4 decimals.
    const one = await call(client, 'get_business_metrics_summary', { from: '2026-03-01', to: '2026-03-01', metric: ids.a });
    expect(one.metrics).toEqual([expect.objectContaining({ volume: 10, aiVolume: 5, aiShare: 0.5, readings: 1 })]);
    const third = await call(client, 'get_business_metrics_summary', { from: '2026-03-25', to: '2026-03-27', metric: 'a-tickets' });
    expect(third.metrics).toEqual([expect.objectContaining({ volume: 30, aiVolume: 6, aiShare: 0.2 })]);
    await client.close();
  });

  it('04/§3 summary: a named metric by key or id; a named inactive metric gives an empty list; an unknown one is NOT_FOUND', async () => {
    const client = await connect(t, org.key);
    expect(
      ((await call(client, 'get_business_metrics_summary', { ...march, metric: 'b-centre' })).metrics as { key: string }[]).map(
        (m) => m.key,
      ),
    ).toEqual(['b-centre']);
    expect((await call(client, 'get_business_metrics_summary', { ...march, metric: ids.a })).metrics).toHaveLength(1);
    expect((await call(client, 'get_business_metrics_summary', { ...march, metric: 'd-inactive' })).metrics).toEqual([]);
    expect((await callError(client, 'get_business_metrics_summary', { metric: 'nope' })).code).toBe('NOT_FOUND');
    const other = await t.createTenant();
    const otherClient = await connect(t, other.key);
    expect((await callError(otherClient, 'get_business_metrics_summary', { metric: 'a-tickets' })).code).toBe('NOT_FOUND');
    expect(await call(otherClient, 'get_business_metrics_summary')).toMatchObject({ metrics: [] });
    await otherClient.close();
    await client.close();
  });

  it('04/§3 summary window: default the 30 days ending today; a lone from or to completes 30 days; to before from and windows over 3,653 days are errors on to', async () => {
    const client = await connect(t, org.key);
    const today = todayUtc();
    expect(await call(client, 'get_business_metrics_summary')).toMatchObject({ from: addDays(today, -29), to: today });
    expect(await call(client, 'get_business_metrics_summary', { from: '2026-03-01' })).toMatchObject({
      from: '2026-03-01',
      to: '2026-03-30',
    });
    expect(await call(client, 'get_business_metrics_summary', { to: '2026-03-30' })).toMatchObject({
      from: '2026-03-01',
      to: '2026-03-30',
    });
    expect(await callError(client, 'get_business_metrics_summary', { from: '2026-03-02', to: '2026-03-01' })).toMatchObject({
      code: 'VALIDATION_ERROR',
      details: [{ field: 'to' }],
    });
    await call(client, 'get_business_metrics_summary', { from: '2020-01-01', to: addDays('2020-01-01', 3652) });
    expect(await callError(client, 'get_business_metrics_summary', { from: '2020-01-01', to: addDays('2020-01-01', 3653) })).toMatchObject({
      code: 'VALIDATION_ERROR',
      details: [{ field: 'to' }],
    });
    const wrongType = await callError(client, 'get_business_metrics_summary', { metric: 5 });
    expect(wrongType.code).toBe('VALIDATION_ERROR');
    expect(new Set(wrongType.details!.map((d) => d.field))).toEqual(new Set(['metric']));
    await client.close();
  });

  it('04/§1.5 summary: cost and costPerUnit are null unless the key has financials_view_summary and its creator view_costs', async () => {
    const noFinancials = await t.createKey(org, ['business_metrics_view']);
    let client = await connect(t, noFinancials.key);
    let out = await call(client, 'get_business_metrics_summary', { ...march, metric: 'a-tickets' });
    expect(out.metrics).toEqual([expect.objectContaining({ volume: 150, cost: null, costPerUnit: null, unpricedPeople: null })]);
    await client.close();
    const user = await t
      .admin('post', `/organizations/${org.orgId}/users`)
      .send({
        email: `nocost.${process.pid}@example.com`,
        name: 'No costs',
        permissions: ['business_metrics_view', 'financials_view_summary'],
      })
      .expect(201);
    const key = await t
      .admin('post', `/organizations/${org.orgId}/users/${user.body.data.id}/api-keys`)
      .send({ name: 'k', permissions: ['business_metrics_view', 'financials_view_summary'] })
      .expect(201);
    client = await connect(t, key.body.data.key);
    out = await call(client, 'get_business_metrics_summary', { ...march, metric: 'a-tickets' });
    expect(out.metrics).toEqual([expect.objectContaining({ cost: null, costPerUnit: null })]);
    await client.close();
  });

  it('06/§1.3: a person paid in a currency with no rate is counted in unpricedPeople, not silently 0 in the summary cost', async () => {
    const other = await t.createTenant({ reportingCurrency: 'USD' });
    const f = fs(t, other);
    await f.employee({ startDate: '2025-01-01', salary: { effectiveDate: '2025-01-01', salary: 120000, currencyCode: 'USD' } });
    await f.employee({ startDate: '2025-01-01', salary: { effectiveDate: '2025-01-01', salary: 60000, currencyCode: 'GBP' } });
    await f.employee({ startDate: '2025-01-01' });
    await t.admin('post', metrics(other.orgId)).send({ unit: 'tickets', key: 'all', name: 'All' }).expect(201);
    const client = await connect(t, other.key);
    const out = await call(client, 'get_business_metrics_summary', march);
    expect(out.metrics).toEqual([expect.objectContaining({ cost: 10000, unpricedPeople: 2 })]);
    await client.close();
  });
});
