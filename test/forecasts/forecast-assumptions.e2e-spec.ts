import { Tenant, TestApp } from '../support/test-app';

/**
 * Spec 07 §4.2: the worked examples of docs/forecast.md ("Forecast assumptions"), one organization each, their
 * figures as the document prints them (totals, reporting currency USD, January-March 2026 unless said). The
 * figures were computed apart, day by day, from the records and the rules (not by the service).
 */
describe('07/§4.2 forecast assumptions: the worked examples', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await TestApp.start();
  });
  afterAll(() => t.close());

  const DAILY = { effectiveDate: '2025-06-01', rate: 500, rateType: 'daily' as const, currencyCode: 'USD' };

  /** A tenant whose forecast assumptions are `assumptions` (set by its user, as the change needs). */
  async function tenantWith(assumptions: object): Promise<Tenant> {
    const org = await t.createTenant({ reportingCurrency: 'USD' });
    await t.admin('patch', `/organizations/${org.orgId}`, org.userId).send({ forecastAssumptions: assumptions }).expect(200);
    return org;
  }
  const employee = (org: Tenant, startDate: string, salary: number, extra: object = {}) =>
    org.create.employee({ startDate, salary: { effectiveDate: startDate, salary, currencyCode: 'USD' }, ...extra });
  const totals = async (org: Tenant, query = 'from=2026-01&months=3') =>
    (await org.api('get', `/forecast?${query}`).expect(200)).body.data.totals as Record<string, number>[];
  const pick = (months: Record<string, number>[], fields: string[]) => months.map((m) => fields.map((f) => m[f]));

  it('07/§4.2 attrition: people without a known last day weigh (1 - r)^(d / 365) in headcount, FTE and cost; expectedLeavers is the weight lost', async () => {
    const org = await tenantWith({ attritionRatePerYear: 0.2 });
    await employee(org, '2025-01-01', 120_000); // Ann
    await employee(org, '2026-02-01', 60_000); // Ben
    await employee(org, '2024-06-01', 96_000, { endDate: '2026-02-28' }); // Cal: a known last day, not weighted
    await org.create.contractor({ startDate: '2025-06-01', rateAdjustment: DAILY }); // Daily Ltd
    const months = await totals(org);
    expect(pick(months, ['opening', 'joiners', 'leavers', 'expectedLeavers', 'closing', 'averageFte', 'cost'])).toEqual([
      [3, 0, 0, 0.04, 2.96, 2.9818, 28_643.47],
      [2.96, 0.98, 0, 0.05, 3.9, 3.9195, 33_140.31],
      [3.9, 0, 1, 0.05, 2.84, 2.8673, 24_691.04],
    ]);
    // Headcounts are expectations to 2 decimals: employees and contractors too, and they still add up.
    expect(months[0]).toMatchObject({ employees: 1.98, contractors: 0.98, forecastHeadcount: 2.96 });
  });

  it('07/§4.2 merit: from the month each year, a salary in force since before it is raised, compounding, until a later adjustment', async () => {
    const org = await tenantWith({ meritIncrease: { month: 2, percent: 5 } });
    await employee(org, '2025-01-01', 120_000); // Ann: 10,500 from February 2026, 11,025 from February 2027
    await employee(org, '2026-02-01', 60_000); // Ben: salary from 02-01, not before February: 5,000, then 5,250 in 2027
    const dee = await employee(org, '2024-06-01', 72_000); // Dee: 6,300 from February; 84,000 from 03-10 replaces it
    await org
      .api('post', `/employees/${dee.id}/salary-adjustments`)
      .send({ effectiveDate: '2026-03-10', salary: 84_000, currencyCode: 'USD' })
      .expect(201);
    await org.create.contractor({ startDate: '2025-06-01', rateAdjustment: DAILY }); // a rate, never raised
    const months = await totals(org, 'from=2026-01&months=14');
    expect([0, 1, 2, 12, 13].map((k) => [months[k].month, months[k].cost])).toEqual([
      ['2026-01', 26_833.33],
      ['2026-02', 32_633.33],
      ['2026-03', 33_130.11],
      ['2027-01', 33_333.33],
      ['2027-02', 34_458.33],
    ]);
  });

  it('07/§4.2 time to fill: an open vacancy starts no earlier than the first day plus timeToFillDays', async () => {
    const org = await tenantWith({ timeToFillDays: 45 });
    const vacancy = (status: string, targetStartDate: string, salary: number) =>
      org.create.vacancy({ status: status as 'open', targetStartDate, salary, currencyCode: 'USD' });
    await vacancy('open', '2026-01-10', 120_000); // V1: from 02-15
    await vacancy('open', '2025-11-01', 60_000); // V2: open since November, from 02-15 (a planned hire again)
    await vacancy('open', '2026-03-01', 96_000); // V3: after 02-15, unchanged
    await vacancy('committed', '2026-01-05', 72_000); // V4: not open, unchanged
    const fields = ['openVacancies', 'plannedHires', 'vacancyCost'];
    expect(pick(await totals(org), fields)).toEqual([
      [1, 1, 5_225.81],
      [3, 2, 13_500],
      [4, 1, 29_000],
    ]);
    expect(pick(await totals(org, 'from=2026-01&months=3&assumptions=none'), fields)).toEqual([
      [3, 2, 17_322.58],
      [3, 0, 21_000],
      [4, 1, 29_000],
    ]);
  });

  it('07/§4.2 on-cost: employees’ pay times 1 + onCostPercent / 100, onCost shown; contractors and vacancies carry none', async () => {
    const org = await tenantWith({ onCostPercent: 25 });
    await employee(org, '2025-01-01', 120_000); // Ann: 10,000 + 2,500
    await employee(org, '2026-02-15', 48_000); // Eve: February 2,000 + 500
    await org.create.contractor({ startDate: '2025-06-01', rateAdjustment: DAILY }); // 10,833.33
    await org.create.vacancy({ status: 'open', targetStartDate: '2026-01-01', salary: 60_000, currencyCode: 'USD' }); // 5,000
    expect(pick(await totals(org), ['cost', 'onCost', 'vacancyCost', 'forecastCost'])).toEqual([
      [23_333.33, 2_500, 5_000, 28_333.33],
      [25_833.33, 3_000, 5_000, 30_833.33],
      [28_333.33, 3_500, 5_000, 33_333.33],
    ]);
  });

  it('07/§4.2 all four at once: attrition, merit, time to fill and on-cost multiply; assumptions=none gives the records alone', async () => {
    const org = await tenantWith({
      attritionRatePerYear: 0.1,
      meritIncrease: { month: 2, percent: 3 },
      timeToFillDays: 30,
      onCostPercent: 20,
    });
    await employee(org, '2025-01-01', 120_000); // Ann: weighted, raised, loaded
    await employee(org, '2024-06-01', 96_000, { endDate: '2026-02-28' }); // Cal: raised and loaded, not weighted
    await org.create.contractor({ startDate: '2025-06-01', rateAdjustment: DAILY }); // weighted only
    await org.create.vacancy({ status: 'open', targetStartDate: '2026-01-10', salary: 60_000, currencyCode: 'USD' }); // from 01-31
    const fields = ['opening', 'leavers', 'expectedLeavers', 'closing', 'averageFte', 'cost', 'onCost', 'vacancyCost', 'openVacancies'];
    expect(pick(await totals(org), fields)).toEqual([
      [3, 0, 0.02, 2.98, 2.9914, 32_334.76, 3_591.37, 161.29, 1],
      [2.98, 0, 0.02, 2.97, 2.9745, 32_785.38, 3_681.71, 5_000, 1],
      [2.97, 1, 0.02, 1.95, 1.9577, 22_703.24, 2_016.47, 5_000, 1],
    ]);
    expect(pick(await totals(org, 'from=2026-01&months=3&assumptions=none'), fields)).toEqual([
      [3, 0, 0, 3, 3, 28_833.33, 0, 3_548.39, 1],
      [3, 0, 0, 3, 3, 28_833.33, 0, 5_000, 1],
      [3, 1, 0, 2, 2, 20_833.33, 0, 5_000, 1],
    ]);
  });
});
