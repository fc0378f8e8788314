import { API_PERMISSIONS } from '../../src/common/auth/permissions';
import { fs } from '../functional-structure/support';
import { TestApp } from '../support/test-app';
import { call, callError, connect } from './support';

describe('assistant tool get_headcount_forecast (04 §3, mirroring 04 §2 GET /forecast)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await TestApp.start();
  });
  afterAll(() => t.close());

  it('04/§3 get_headcount_forecast: the input and output of GET /forecast, live and in a scenario with compare=live', async () => {
    const org = await t.createTenant({ reportingCurrency: 'USD' });
    const f = fs(t, org);
    const centre = (await org.create.costCentre({ name: 'Alpha' })).id;
    const alice = await f.employee({
      startDate: '2025-01-01',
      costCentreId: centre,
      salary: { effectiveDate: '2025-01-01', salary: 120000, currencyCode: 'USD' },
    });
    await f.employee({ startDate: '2026-02-10', salary: { effectiveDate: '2026-02-10', salary: 60000, currencyCode: 'USD' } });
    await f.vacancy({ role: 'Hire', targetStartDate: '2026-03-01', salary: 90000, currencyCode: 'USD' });
    const client = await connect(t, org.key);
    const live = await call(client, 'get_headcount_forecast', { from: '2026-01', months: 3, groupBy: 'costCentre' });
    const rest = (await org.api('get', '/forecast?from=2026-01&months=3&groupBy=costCentre').expect(200)).body;
    expect(live).toEqual({ ...rest.data, meta: rest.meta });
    expect((live.totals as { closing: number }[]).map((m) => m.closing)).toEqual([1, 2, 2]);

    const scenario = (await t.admin('post', `/organizations/${org.orgId}/scenarios`).send({ name: 'Alice leaves' }).expect(201)).body.data
      .id;
    await t
      .admin('patch', `/organizations/${org.orgId}/scenarios/${scenario}/employees/${alice}`)
      .send({ endDate: '2026-01-31' })
      .expect(200);
    const compared = await call(client, 'get_headcount_forecast', { from: '2026-01', months: 3, scenarioId: scenario, compare: 'live' });
    const restCompared = (await org.api('get', `/forecast?from=2026-01&months=3&scenarioId=${scenario}&compare=live`).expect(200)).body;
    expect(compared).toEqual({ ...restCompared.data, meta: restCompared.meta });
    expect((compared.totals as { delta: { closing: number } }[]).map((m) => m.delta.closing)).toEqual([0, -1, -1]);
    await client.close();
  });

  it('04/§3 get_headcount_forecast: bad input, an unknown scenario and a missing forecasts_view are isError results', async () => {
    const org = await t.createTenant();
    const client = await connect(t, org.key);
    expect(await callError(client, 'get_headcount_forecast', { months: 61 })).toMatchObject({
      code: 'VALIDATION_ERROR',
      details: [{ field: 'months' }],
    });
    expect(await callError(client, 'get_headcount_forecast', { from: '2026-13' })).toMatchObject({
      code: 'VALIDATION_ERROR',
      details: [{ field: 'from' }],
    });
    expect(await callError(client, 'get_headcount_forecast', { compare: 'live' })).toMatchObject({
      code: 'VALIDATION_ERROR',
      details: [{ field: 'compare' }],
    });
    expect((await callError(client, 'get_headcount_forecast', { horizon: 3 })).code).toBe('VALIDATION_ERROR');
    expect((await callError(client, 'get_headcount_forecast', { scenarioId: 'cnotascenario000000000000' })).code).toBe('NOT_FOUND');
    await client.close();
    const narrow = await connect(
      t,
      (
        await t.createKey(
          org,
          API_PERMISSIONS.filter((p) => p !== 'forecasts_view'),
        )
      ).key,
    );
    expect((await callError(narrow, 'get_headcount_forecast')).code).toBe('FORBIDDEN');
    await narrow.close();
  });
});
