import { call, connect } from '../mcp/support';
import { Tenant, TestApp } from '../support/test-app';

/**
 * People a cost figure leaves out for want of a price (reporting currency USD, no GBP rate), January-March 2026:
 * Paid (120,000 USD: 10,000 a month), Pat (60,000 GBP from 2025-01-01), Nora (no salary, from 2025-06-01),
 * Late (from 2026-01-01, 120,000 USD from 2026-02-01: unpriced in January only) and Cleo (contractor, 400 GBP daily).
 */
describe('06/§1.3 No silent zero: unpricedPeople', () => {
  let t: TestApp;
  let org: Tenant;

  beforeAll(async () => {
    t = await TestApp.start();
    org = await t.createTenant({ reportingCurrency: 'USD' });
    const cc = (await org.api('post', '/cost-centres').send({ name: 'Alpha' }).expect(201)).body.data.id as string;
    const employee = (firstName: string, startDate: string, salary?: { salary: number; currencyCode: string }) =>
      org.create.employee({
        firstName,
        startDate,
        costCentreId: cc,
        ...(salary ? { salary: { effectiveDate: startDate, ...salary } } : {}),
      });
    await employee('Paid', '2025-01-01', { salary: 120_000, currencyCode: 'USD' });
    await employee('Pat', '2025-01-01', { salary: 60_000, currencyCode: 'GBP' });
    await employee('Nora', '2025-06-01');
    const late = await employee('Late', '2026-01-01');
    await org
      .api('post', `/employees/${late.id}/salary-adjustments`)
      .send({ effectiveDate: '2026-02-01', salary: 120_000, currencyCode: 'USD' })
      .expect(201);
    await org.create.contractor({
      name: 'Cleo',
      startDate: '2025-01-01',
      rateAdjustment: { effectiveDate: '2025-01-01', rate: 400, rateType: 'daily', currencyCode: 'GBP' },
    });
  });
  afterAll(() => t.close());

  it('06/§1.3: a person paid in a currency with no rate (or with no salary) is counted in unpricedPeople, not silently 0', async () => {
    const body = (await org.api('get', '/forecast?from=2026-01&months=3&groupBy=costCentre').expect(200)).body.data;
    const pick = (m: { cost: number; unpricedPeople: number }) => [m.cost, m.unpricedPeople];
    expect(body.totals.map(pick)).toEqual([
      [10_000, 4],
      [20_000, 3],
      [20_000, 3],
    ]);
    expect(body.groups.map((g: { months: { cost: number; unpricedPeople: number }[] }) => g.months.map(pick))).toEqual([
      [
        [10_000, 3],
        [20_000, 2],
        [20_000, 2],
      ],
      [
        [0, 1],
        [0, 1],
        [0, 1],
      ],
    ]);
    const team = (await org.api('get', '/forecast?from=2026-01&months=3&groupBy=team').expect(200)).body.data;
    expect(team.totals.map(pick)).toEqual(body.totals.map(pick));
    const csv = (await org.api('get', '/forecast?from=2026-01&months=1').set('Accept', 'text/csv').expect(200)).text.split('\r\n');
    const header = csv[0].split(',');
    expect(csv[1].split(',')[header.indexOf('unpricedPeople')]).toBe('4');
    const client = await connect(t, org.key);
    const tool = (await call(client, 'get_headcount_forecast', { from: '2026-01', months: 3 })) as { totals: { unpricedPeople: number }[] };
    expect(tool.totals.map((m) => m.unpricedPeople)).toEqual([4, 3, 3]);
    await client.close();
  });
});
