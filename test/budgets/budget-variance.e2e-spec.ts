import { API_PERMISSIONS } from '../../src/common/auth/permissions';
import { Tenant, TestApp } from '../support/test-app';

/**
 * The worked example of docs/forecast.md ("Budget variance"): reporting currency USD, EUR -> USD 1.25 (so USD -> EUR
 * 0.8), a budget in EUR by cost centre for January-March 2026 (31, 28, 31 days).
 *
 * | who | cost centre | record | forecast cost in EUR |
 * |---|---|---|---|
 * | Ana | Engineering | from 2025-01-01, 120,000 USD | 8,000 each month |
 * | Ben | Engineering | from 2026-02-16, 96,000 USD | Feb 8,000 x 0.8 x 13/28 = 2,971.43; Mar 6,400 |
 * | Cara | Sales | from 2025-06-01, 60,000 EUR | 5,000 each month |
 * | Fay | Sales | from 2026-01-01, no salary | 0 (unpriced) |
 * | V1 | Sales | open vacancy from 2026-03-01, 72,000 USD | Mar 4,800 |
 * | Dan | none | from 2025-01-01, 48,000 USD | 3,200 each month |
 */
describe('07/§2.2 GET /budgets/:id/variance', () => {
  let t: TestApp;
  let org: Tenant;
  const ids: Record<string, string> = {};
  const LINES = () => [
    { key: ids.engineering, month: '2026-01', cost: 8_500, headcount: 1, fte: 1 },
    { key: ids.engineering, month: '2026-02', cost: 10_500, headcount: 2, fte: 1.5 },
    { key: ids.engineering, month: '2026-03', cost: 14_000, headcount: 2, fte: 2 },
    { key: ids.sales, month: '2026-01', cost: 5_000, headcount: 2 },
    { key: ids.sales, month: '2026-02', cost: 5_000, headcount: 2 },
    { key: ids.sales, month: '2026-03', cost: 9_000, headcount: 3 },
    { key: ids.support, month: '2026-01', cost: 2_000, headcount: 1, fte: 1 },
  ];

  beforeAll(async () => {
    t = await TestApp.start();
    org = await t.createTenant({ reportingCurrency: 'USD' });
    for (const name of ['Engineering', 'Sales', 'Support']) ids[name.toLowerCase()] = (await org.create.costCentre({ name })).id;
    await org
      .api('post', '/exchange-rates')
      .send({ fromCurrency: 'EUR', toCurrency: 'USD', rate: 1.25, effectiveDate: '2025-01-01' })
      .expect(201);
    const employee = async (firstName: string, costCentreId: string | undefined, startDate: string, salary?: [number, string]) =>
      (
        await org.create.employee({
          firstName,
          startDate,
          costCentreId,
          ...(salary ? { salary: { effectiveDate: startDate, salary: salary[0], currencyCode: salary[1] } } : {}),
        })
      ).id;
    ids.ana = await employee('Ana', ids.engineering, '2025-01-01', [120_000, 'USD']);
    ids.ben = await employee('Ben', ids.engineering, '2026-02-16', [96_000, 'USD']);
    ids.cara = await employee('Cara', ids.sales, '2025-06-01', [60_000, 'EUR']);
    ids.fay = await employee('Fay', ids.sales, '2026-01-01');
    ids.dan = await employee('Dan', undefined, '2025-01-01', [48_000, 'USD']);
    await org.create.vacancy({ role: 'V1', costCentreId: ids.sales, targetStartDate: '2026-03-01', salary: 72_000, currencyCode: 'USD' });
    ids.budget = (
      await org
        .api('post', '/budgets')
        .send({ name: 'Q1 2026', dimension: 'costCentre', fromMonth: '2026-01', toMonth: '2026-03', currencyCode: 'EUR', lines: LINES() })
        .expect(201)
    ).body.data.id;
  });
  afterAll(() => t.close());

  const month = (m: string, budget: object, forecast: object, variance: object, over: boolean | null) => ({
    month: m,
    budget,
    forecast,
    variance,
    over,
  });
  const b = (cost: number | null, headcount: number | null, fte: number | null) => ({ cost, headcount, fte });
  const f = (cost: number | null, closingHeadcount: number, averageFte: number, unpricedPeople: number) => ({
    cost,
    closingHeadcount,
    averageFte,
    unpricedPeople,
  });
  const v = b;

  it('07/§2.2 worked example: every group and month, to the cent (docs/forecast.md)', async () => {
    const data = (await org.api('get', `/budgets/${ids.budget}/variance`).expect(200)).body.data;
    expect(data).toEqual({
      budgetId: ids.budget,
      scenarioId: null,
      currencyCode: 'EUR',
      groups: [
        {
          key: ids.engineering,
          name: 'Engineering',
          label: 'Engineering',
          months: [
            month('2026-01', b(8_500, 1, 1), f(8_000, 1, 1, 0), v(-500, 0, 0), false),
            month('2026-02', b(10_500, 2, 1.5), f(10_971.43, 2, 1.4643, 0), v(471.43, 0, -0.0357), true),
            month('2026-03', b(14_000, 2, 2), f(14_400, 2, 2, 0), v(400, 0, 0), true),
          ],
          totals: { budget: b(33_000, 2, 1.5), forecast: f(33_371.43, 2, 1.4889, 0), variance: v(371.43, 0, -0.0111), over: true },
        },
        {
          key: ids.sales,
          name: 'Sales',
          label: 'Sales',
          months: [
            month('2026-01', b(5_000, 2, null), f(5_000, 2, 2, 1), v(0, 0, null), false),
            month('2026-02', b(5_000, 2, null), f(5_000, 2, 2, 1), v(0, 0, null), false),
            month('2026-03', b(9_000, 3, null), f(9_800, 3, 3, 1), v(800, 0, null), true),
          ],
          totals: { budget: b(19_000, 3, null), forecast: f(19_800, 3, 2.3444, 1), variance: v(800, 0, null), over: true },
        },
        {
          key: ids.support,
          name: 'Support',
          label: 'Support',
          months: [
            month('2026-01', b(2_000, 1, 1), f(0, 0, 0, 0), v(-2_000, -1, -1), false),
            month('2026-02', b(0, 0, 0), f(0, 0, 0, 0), v(0, 0, 0), false),
            month('2026-03', b(0, 0, 0), f(0, 0, 0, 0), v(0, 0, 0), false),
          ],
          totals: { budget: b(2_000, 0, 0.3444), forecast: f(0, 0, 0, 0), variance: v(-2_000, 0, -0.3444), over: false },
        },
        {
          key: null,
          name: null,
          label: 'No cost centre',
          months: ['2026-01', '2026-02', '2026-03'].map((m) => month(m, b(0, 0, 0), f(3_200, 1, 1, 0), v(3_200, 1, 1), true)),
          totals: { budget: b(0, 0, 0), forecast: f(9_600, 1, 1, 0), variance: v(9_600, 1, 1), over: true },
        },
      ],
      totals: { budget: b(54_000, 5, null), forecast: f(62_771.43, 6, 4.8333, 1), variance: v(8_771.43, 1, null), over: true },
    });
  });

  it("07/§2.2: the forecast side is GET /forecast's over the budget's months and grouping, priced in the budget's currency", async () => {
    const variance = (await org.api('get', `/budgets/${ids.budget}/variance`).expect(200)).body.data;
    const forecast = (await org.api('get', '/forecast?from=2026-01&months=3&groupBy=costCentre').expect(200)).body.data;
    expect(forecast.currency).toBe('USD');
    for (const group of forecast.groups) {
      const mine = variance.groups.find((g: { key: string | null }) => g.key === (group.key?.id ?? null));
      group.months.forEach((m: { forecastCost: number; forecastHeadcount: number; unpricedPeople: number }, k: number) => {
        expect(mine.months[k].forecast.cost).toBeCloseTo(m.forecastCost * 0.8, 2);
        expect([mine.months[k].forecast.closingHeadcount, mine.months[k].forecast.unpricedPeople]).toEqual([
          m.forecastHeadcount,
          m.unpricedPeople,
        ]);
      });
    }
  });

  it('07/§2.2: dimension team forecasts by allocation, in the reporting currency when the budget is in it', async () => {
    const tenant = await t.createTenant();
    const [apollo, borealis] = [(await tenant.create.team({ name: 'Apollo' })).id, (await tenant.create.team({ name: 'Borealis' })).id];
    const salary = { effectiveDate: '2025-01-01', salary: 120_000, currencyCode: 'USD' };
    const ann = (await tenant.create.employee({ startDate: '2025-01-01', salary })).id;
    await tenant.create.assignment({
      type: 'team',
      targetId: apollo,
      employeeId: ann,
      fte: 1,
      startDate: '2025-01-01',
      endDate: '2026-01-15',
    });
    await tenant.create.assignment({ type: 'team', targetId: borealis, employeeId: ann, fte: 0.5, startDate: '2026-01-16' });
    const lines = [{ key: borealis, month: '2026-02', cost: 4_000, headcount: 0.5, fte: 0.5 }];
    const id = (
      await tenant
        .api('post', '/budgets')
        .send({ name: 'Teams', dimension: 'team', fromMonth: '2026-01', toMonth: '2026-02', lines })
        .expect(201)
    ).body.data.id;
    const data = (await tenant.api('get', `/budgets/${id}/variance`).expect(200)).body.data;
    const forecast = (await tenant.api('get', '/forecast?from=2026-01&months=2&groupBy=team').expect(200)).body.data;
    expect(data.currencyCode).toBe('USD');
    expect(data.groups.map((g: { key: string | null; name: string | null }) => [g.key, g.name])).toEqual([
      [apollo, 'Apollo'],
      [borealis, 'Borealis'],
      [null, null],
    ]);
    data.groups.forEach((g: { months: { forecast: { cost: number; closingHeadcount: number } }[] }, i: number) =>
      g.months.forEach((m, k) => {
        expect(m.forecast.cost).toBe(forecast.groups[i].months[k].forecastCost);
        expect(m.forecast.closingHeadcount).toBe(forecast.groups[i].months[k].forecastHeadcount);
      }),
    );
    // Borealis, February: half of Ann's 10,000 against 4,000 budgeted.
    expect(data.groups[1].months[1]).toMatchObject({
      forecast: { cost: 5_000, closingHeadcount: 0.5, averageFte: 0.5 },
      variance: { cost: 1_000 },
      over: true,
    });
  });

  it('07/§2.2: with scenarioId the scenario is forecast against the same budget; an unknown scenario is 404', async () => {
    const scenario = (await t.admin('post', `/organizations/${org.orgId}/scenarios`).send({ name: 'Ana leaves' }).expect(201)).body.data.id;
    await t
      .admin('patch', `/organizations/${org.orgId}/scenarios/${scenario}/employees/${ids.ana}`)
      .send({ endDate: '2026-01-31' })
      .expect(200);
    const data = (await org.api('get', `/budgets/${ids.budget}/variance?scenarioId=${scenario}`).expect(200)).body.data;
    expect(data.scenarioId).toBe(scenario);
    expect(data.groups[0].months.map((m: { forecast: { cost: number } }) => m.forecast.cost)).toEqual([8_000, 2_971.43, 6_400]);
    expect(data.groups[0].months.map((m: { budget: { cost: number } }) => m.budget.cost)).toEqual([8_500, 10_500, 14_000]);
    expect(data.groups[0].months.map((m: { over: boolean }) => m.over)).toEqual([false, false, false]);
    await org.api('get', `/budgets/${ids.budget}/variance?scenarioId=cnotascenario000000000000`).expect(404);
    const live = (await org.api('get', `/budgets/${ids.budget}/variance`).expect(200)).body.data;
    expect(live.groups[0].months[1].forecast.cost).toBe(10_971.43);
  });

  it('07/§2.2: the variance needs budgets_view and forecasts_view; an unknown budget is 404 and an unknown parameter 400', async () => {
    for (const permissions of [['budgets_view'], ['forecasts_view']]) {
      const key = t.asKey(org, (await t.createKey(org, [...permissions, 'financials_view_summary'])).key);
      expect((await key.api('get', `/budgets/${ids.budget}/variance`).expect(403)).body.error.code).toBe('FORBIDDEN');
    }
    await org.api('get', '/budgets/cnotabudget00000000000000/variance').expect(404);
    expect((await org.api('get', `/budgets/${ids.budget}/variance?groupBy=team`).expect(400)).body.error.code).toBe('VALIDATION_ERROR');
  });

  it('07/§2.2 (04 §1.5): without cost visibility every cost and over is null; headcount and FTE are still compared', async () => {
    const key = t.asKey(
      org,
      (
        await t.createKey(
          org,
          API_PERMISSIONS.filter((p) => p !== 'financials_view_summary'),
        )
      ).key,
    );
    const data = (await key.api('get', `/budgets/${ids.budget}/variance`).expect(200)).body.data;
    expect(data.groups[0].months[1]).toEqual(month('2026-02', b(null, 2, 1.5), f(null, 2, 1.4643, 0), v(null, 0, -0.0357), null));
    expect(data.totals).toEqual({ budget: b(null, 5, null), forecast: f(null, 6, 4.8333, 1), variance: v(null, 1, null), over: null });
  });

  it('07/§2.2: Accept: text/csv answers one row per group and month with a header row', async () => {
    const res = await org.api('get', `/budgets/${ids.budget}/variance`).set('Accept', 'text/csv').expect(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    const rows = res.text.split('\r\n').filter(Boolean);
    expect(rows[0]).toBe(
      'dimension,groupId,groupName,month,budgetCost,budgetHeadcount,budgetFte,forecastCost,forecastClosingHeadcount,forecastAverageFte,forecastUnpricedPeople,varianceCost,varianceHeadcount,varianceFte,over,currency,' +
        'assumptionsSource,attritionRatePerYear,meritIncreaseMonth,meritIncreasePercent,timeToFillDays,onCostPercent',
    );
    expect(rows).toHaveLength(1 + 4 * 3);
    const none = 'organization,0,,,0,0';
    expect(rows[2]).toBe(
      `costCentre,${ids.engineering},Engineering,2026-02,10500,2,1.5,10971.43,2,1.4643,0,471.43,0,-0.0357,true,EUR,${none}`,
    );
    expect(rows[4]).toBe(`costCentre,${ids.sales},Sales,2026-01,5000,2,,5000,2,2,1,0,0,,false,EUR,${none}`);
    expect(rows[12]).toBe(`costCentre,,No cost centre,2026-03,0,0,0,3200,1,1,0,3200,1,1,true,EUR,${none}`);
  });

  it("07/§2.2: without an exchange rate from the reporting currency to the budget's, the variance is 409 and names both", async () => {
    const id = (
      await org
        .api('post', '/budgets')
        .send({ name: 'Pounds', dimension: 'none', fromMonth: '2026-01', toMonth: '2026-01', currencyCode: 'GBP' })
        .expect(201)
    ).body.data.id;
    const refused = await org.api('get', `/budgets/${id}/variance`).expect(409);
    expect(refused.body.error).toMatchObject({ code: 'CONFLICT', message: expect.stringContaining('USD to GBP') });
  });

  it("07/§4.1: the variance's forecast applies the organization's assumptions and states them in meta.assumptions", async () => {
    const tenant = await t.createTenant({ reportingCurrency: 'USD' });
    const salary = { effectiveDate: '2025-01-01', salary: 120_000, currencyCode: 'USD' };
    await tenant.create.employee({ startDate: '2025-01-01', salary });
    await t
      .admin('patch', `/organizations/${tenant.orgId}`, tenant.userId)
      .send({ forecastAssumptions: { onCostPercent: 20 } })
      .expect(200);
    const lines = [{ key: null, month: '2026-01', cost: 11_000 }];
    const id = (
      await tenant
        .api('post', '/budgets')
        .send({ name: 'Whole', dimension: 'none', fromMonth: '2026-01', toMonth: '2026-01', lines })
        .expect(201)
    ).body.data.id;
    const variance = (await tenant.api('get', `/budgets/${id}/variance`).expect(200)).body;
    expect(variance.meta.assumptions).toMatchObject({ source: 'organization', onCostPercent: 20 });
    expect(variance.data.totals.forecast.cost).toBe(12_000);
    expect(variance.data.totals.over).toBe(true);
    const forecast = (await tenant.api('get', '/forecast?from=2026-01&months=1').expect(200)).body;
    expect(variance.meta).toEqual({ assumptions: forecast.meta.assumptions });
    const csv = (await tenant.api('get', `/budgets/${id}/variance`).set('Accept', 'text/csv').expect(200)).text;
    expect(csv.split('\r\n')[1]).toMatch(/,organization,0,,,0,20$/);
  });
});
