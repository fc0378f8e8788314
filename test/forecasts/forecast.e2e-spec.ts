import { API_PERMISSIONS } from '../../src/common/auth/permissions';
import { fixClock } from '../support/clock';
import { Tenant, TestApp } from '../support/test-app';

/**
 * Spec 04 §1-§2 on one hand-computed organization (reporting currency USD, EUR -> USD 1.2, Paris x1.5,
 * noticePeriodDays 20), forecast January-March 2026 (31, 28 and 31 days):
 *
 * | who | cost centre | record | months |
 * |---|---|---|---|
 * | Alice | Alpha | from 2025-01-01; 120,000 USD, 180,000 USD from 2026-02-15 | 10,000; 14/28 x 10,000 + 14/28 x 15,000 = 12,500; 15,000 |
 * | Bob | Alpha | from 2026-01-16, Paris; 60,000 EUR = 6,000 USD/month x 1.5 = 9,000 | 9,000 x 16/31; 9,000; 9,000 |
 * | Carol | Beta | 2024-06-01 to 2026-02-28; 96,000 USD = 8,000 | 8,000; 8,000; 0 (March leaver) |
 * | Dan | Beta | from 2024-01-01, notice 2026-01-10, no endDate: last day 01-30; 72,000 = 6,000 | 6,000 x 30/31; 0; 0 |
 * | Eve | Beta | from 2023-01-01, notice 2026-02-05, endDate 2026-03-31; 48,000 = 4,000 | 4,000 each |
 * | Daily Ltd | none | contractor from 2025-06-01, 500 USD daily = 500 x 260 / 12 | 10,833.33 each |
 * | Filler Co | Alpha | contractor 2026-01-01 to 02-14 (fills V6), 7,000 USD monthly | 7,000; 7,000 x 14/28; 0 |
 * | V1 open | Alpha | from 2026-02-01, 120,000 USD, fte 1 | 0; 10,000; 10,000 |
 * | V2 committed | Beta | from 2026-01-01, 96,000 EUR, fte 0.5, Paris: 8,000 x 1.2 x 0.5 x 1.5 = 7,200 | 7,200 each |
 * | V3 on_hold, V4 cancelled | Alpha | 100,000 USD | never |
 * | V5 open | Beta | from 2026-03-10, no salary | unpriced in March |
 * | V6 filled | Alpha | from 2025-12-01, 84,000 USD = 7,000; filler active 01-01..02-14 | 0; 7,000 x 14/28; 7,000 |
 */
describe('04/§2 GET /forecast', () => {
  let t: TestApp;
  let org: Tenant;
  const ids: Record<string, string> = {};

  const DAILY = (500 * 260) / 12;
  const people = {
    jan: 10_000 + (9_000 * 16) / 31 + 8_000 + (6_000 * 30) / 31 + 4_000 + DAILY + 7_000,
    feb: 12_500 + 9_000 + 8_000 + 4_000 + DAILY + 3_500,
    mar: 15_000 + 9_000 + 4_000 + DAILY,
  };
  const vacancies = { jan: 7_200, feb: 10_000 + 7_200 + 3_500, mar: 10_000 + 7_200 + 7_000 };
  const cents = (v: number) => Math.round(v * 100) / 100;

  beforeAll(async () => {
    t = await TestApp.start();
    org = await t.createTenant({ reportingCurrency: 'USD' });
    await t.admin('patch', `/organizations/${org.orgId}`).send({ noticePeriodDays: 20 }).expect(200);
    const post = async (path: string, body: object) => (await org.api('post', path).send(body).expect(201)).body.data.id as string;
    ids.alpha = await post('/cost-centres', { name: 'Alpha' });
    ids.beta = await post('/cost-centres', { name: 'Beta' });
    ids.paris = await post('/locations', { name: 'Paris', currencyCode: 'EUR', costMultiplier: 1.5 });
    await post('/exchange-rates', { fromCurrency: 'EUR', toCurrency: 'USD', rate: 1.2, effectiveDate: '2020-01-01' });
    const employee = async (name: string, costCentreId: string, startDate: string, salary: number, currencyCode: string, extra = {}) =>
      (
        await org.create.employee({
          firstName: name,
          lastName: 'Test',
          startDate,
          costCentreId,
          salary: { effectiveDate: startDate, salary, currencyCode },
          ...extra,
        })
      ).id;
    ids.alice = await employee('Alice', ids.alpha, '2025-01-01', 120_000, 'USD');
    await post(`/employees/${ids.alice}/salary-adjustments`, { effectiveDate: '2026-02-15', salary: 180_000, currencyCode: 'USD' });
    ids.bob = await employee('Bob', ids.alpha, '2026-01-16', 60_000, 'EUR', { geographyId: ids.paris });
    ids.carol = await employee('Carol', ids.beta, '2024-06-01', 96_000, 'USD', { endDate: '2026-02-28' });
    ids.dan = await employee('Dan', ids.beta, '2024-01-01', 72_000, 'USD', { noticeDate: '2026-01-10' });
    ids.eve = await employee('Eve', ids.beta, '2023-01-01', 48_000, 'USD', { noticeDate: '2026-02-05', endDate: '2026-03-31' });
    ids.daily = await post('/contractors', {
      name: 'Daily Ltd',
      startDate: '2025-06-01',
      rateAdjustment: { effectiveDate: '2025-06-01', rate: 500, rateType: 'daily', currencyCode: 'USD' },
    });
    const vacancy = (role: string, status: string, costCentreId: string, extra: object) =>
      post('/vacancies', { role, status, costCentreId, ...extra });
    ids.v1 = await vacancy('V1', 'open', ids.alpha, { targetStartDate: '2026-02-01', salary: 120_000, currencyCode: 'USD', fte: 1 });
    ids.v2 = await vacancy('V2', 'committed', ids.beta, {
      targetStartDate: '2026-01-01',
      salary: 96_000,
      currencyCode: 'EUR',
      fte: 0.5,
      geographyId: ids.paris,
    });
    ids.v3 = await vacancy('V3', 'on_hold', ids.alpha, { targetStartDate: '2026-01-01', salary: 100_000, currencyCode: 'USD' });
    ids.v4 = await vacancy('V4', 'cancelled', ids.alpha, { targetStartDate: '2026-01-01', salary: 100_000, currencyCode: 'USD' });
    ids.v5 = await vacancy('V5', 'open', ids.beta, { targetStartDate: '2026-03-10' });
    ids.v6 = await vacancy('V6', 'open', ids.alpha, { targetStartDate: '2025-12-01', salary: 84_000, currencyCode: 'USD' });
    const fill = await org
      .api('post', `/vacancies/${ids.v6}/fill`)
      .send({ fillerType: 'contractor', startDate: '2026-01-01', currencyCode: 'USD', name: 'Filler Co', rate: 7_000, rateType: 'monthly' })
      .expect(200);
    ids.filler = fill.body.data.contractor.id;
    await org.api('patch', `/contractors/${ids.filler}`).send({ endDate: '2026-02-14', costCentreId: ids.alpha }).expect(200);
  });
  afterAll(() => t.close());

  const forecast = async (query: string, tenant: Tenant = org) => (await tenant.api('get', `/forecast?${query}`).expect(200)).body.data;

  it('04/§2: months from `from`, opening + joiners - leavers = closing, employees and contractors (§1.2 last day, notices)', async () => {
    const f = await forecast('from=2026-01&months=3');
    expect(f).toMatchObject({ from: '2026-01', months: 3, groupBy: 'none', currency: 'USD' });
    expect(f.groups).toHaveLength(1);
    expect(f.groups[0].key).toBeNull();
    const pick = (m: Record<string, unknown>) => [
      m.month,
      m.opening,
      m.joiners,
      m.leavers,
      m.closing,
      m.employees,
      m.contractors,
      m.notices,
    ];
    // Opening: Alice, Carol, Dan, Eve + Daily Ltd. January: Bob and Filler Co join; Dan's last day is
    // noticeDate + 20 = 01-30, so he leaves in January. February: Filler Co (last day 02-14); Eve's
    // notice (her endDate wins). March: Carol (last day 02-28 is in February's closing).
    expect(f.totals.map(pick)).toEqual([
      ['2026-01', 5, 2, 1, 6, 4, 2, 1],
      ['2026-02', 6, 0, 1, 5, 4, 1, 1],
      ['2026-03', 5, 0, 1, 4, 3, 1, 0],
    ]);
    expect(f.groups[0].months).toEqual(f.totals);
  });

  it('04/§1.4 and §2: vacancies by status, fte, planned hires (a re-opened filled vacancy), forecast headcount, unpriced', async () => {
    const f = await forecast('from=2026-01&months=3');
    const pick = (m: Record<string, unknown>) => [
      m.openVacancies,
      m.openVacancyFte,
      m.plannedHires,
      m.forecastHeadcount,
      m.unpricedVacancies,
    ];
    // Jan 31: V2 (0.5); V6 is blocked by its filler. Feb 28: V1, V2, V6 (its filler's last day was
    // 02-14: it starts again on 02-15, a planned hire). Mar 31: + V5 (unpriced). V3, V4 never count.
    expect(f.totals.map(pick)).toEqual([
      [1, 0.5, 1, 6 + 1, 0],
      [3, 2.5, 2, 5 + 3, 0],
      [4, 3.5, 1, 4 + 4, 1],
    ]);
  });

  it('04/§1.3-§1.4 and §2: day-weighted people cost (salary change, multiplier, conversion, contractor rate) and vacancy cost, rounded to cents', async () => {
    const f = await forecast('from=2026-01&months=3');
    const costs = f.totals.map((m: Record<string, number>) => [m.cost, m.vacancyCost, m.forecastCost]);
    expect(costs).toEqual([
      [cents(people.jan), cents(vacancies.jan), cents(people.jan + vacancies.jan)],
      [cents(people.feb), cents(vacancies.feb), cents(people.feb + vacancies.feb)],
      [cents(people.mar), cents(vacancies.mar), cents(people.mar + vacancies.mar)],
    ]);
  });

  it('04/§2 groupBy: groups of each record’s own attribute, by name with the null group last; totals are their sums', async () => {
    const f = await forecast('from=2026-01&months=3&groupBy=costCentre');
    expect(f.groups.map((g: { key: unknown }) => g.key)).toEqual([{ id: ids.alpha, name: 'Alpha' }, { id: ids.beta, name: 'Beta' }, null]);
    const [alpha, beta, none] = f.groups;
    // Alpha: Alice, Bob, Filler Co; V1, V6. Beta: Carol, Dan, Eve; V2, V5. None: Daily Ltd.
    expect(alpha.months.map((m: Record<string, number>) => [m.closing, m.openVacancies, m.cost, m.vacancyCost])).toEqual([
      [3, 0, cents(10_000 + (9_000 * 16) / 31 + 7_000), 0],
      [2, 2, cents(12_500 + 9_000 + 3_500), cents(10_000 + 3_500)],
      [2, 2, cents(15_000 + 9_000), cents(10_000 + 7_000)],
    ]);
    expect(
      beta.months.map((m: Record<string, number>) => [m.closing, m.openVacancies, m.notices, m.cost, m.vacancyCost, m.unpricedVacancies]),
    ).toEqual([
      [2, 1, 1, cents(8_000 + (6_000 * 30) / 31 + 4_000), 7_200, 0],
      [2, 1, 1, cents(8_000 + 4_000), 7_200, 0],
      [1, 2, 0, 4_000, 7_200, 1],
    ]);
    expect(none.months.map((m: Record<string, number>) => [m.closing, m.contractors, m.cost])).toEqual([
      [1, 1, cents(DAILY)],
      [1, 1, cents(DAILY)],
      [1, 1, cents(DAILY)],
    ]);
    const totals = await forecast('from=2026-01&months=3');
    expect(f.totals).toEqual(totals.totals);
    const byLocation = await forecast('from=2026-01&months=3&groupBy=location');
    expect(byLocation.groups.map((g: { key: unknown }) => g.key)).toEqual([{ id: ids.paris, name: 'Paris' }, null]);
    expect(byLocation.groups[0].months[1]).toMatchObject({ closing: 1, openVacancies: 1, cost: 9_000, vacancyCost: 7_200 });
  });

  it('04/§2 groupBy jobRole and workType: groups keyed by the job role (named by its title) and the resource type', async () => {
    const other = await t.createTenant();
    const post = async (path: string, body: object) => (await other.api('post', path).send(body).expect(201)).body.data.id as string;
    const engineer = await post('/job-roles', { title: 'Engineer' });
    const permanent = await post('/resource-types', { name: 'Permanent' });
    await other.create.employee({ startDate: '2025-01-01', jobRoleId: engineer, workTypeId: permanent });
    await other.create.employee({ startDate: '2025-01-01' });
    const byRole = await forecast('from=2026-01&months=1&groupBy=jobRole', other);
    expect(byRole.groups.map((g: { key: unknown; months: { closing: number }[] }) => [g.key, g.months[0].closing])).toEqual([
      [{ id: engineer, name: 'Engineer' }, 1],
      [null, 1],
    ]);
    const byType = await forecast('from=2026-01&months=1&groupBy=workType', other);
    expect(byType.groups.map((g: { key: unknown }) => g.key)).toEqual([{ id: permanent, name: 'Permanent' }, null]);
  });

  it('04/§1.4: a vacancy without targetStartDate contributes from today', async () => {
    const other = await t.createTenant();
    await other.api('post', '/vacancies').send({ role: 'Now', status: 'open', salary: 120_000, currencyCode: 'USD' }).expect(201);
    // "Today" is the test's: 2026-03-10, a second before midnight (UTC).
    const clock = fixClock('2026-03-10T23:59:59.000Z');
    try {
      const f = await forecast('months=2', other);
      expect(f.from).toBe('2026-03');
      // From today to the month's end: 10,000 x (31 - 10 + 1) / 31; then a full month.
      expect(f.totals.map((m: Record<string, number>) => [m.plannedHires, m.openVacancies, m.vacancyCost])).toEqual([
        [1, 1, cents((10_000 * 22) / 31)],
        [0, 1, 10_000],
      ]);
      clock.set('2026-03-11T00:00:00.000Z');
      const next = await forecast('months=1', other);
      expect(next.totals.map((m: Record<string, number>) => m.vacancyCost)).toEqual([cents((10_000 * 21) / 31)]);
    } finally {
      clock.restore();
    }
  });

  it('04/§1.2: noticePeriodDays is an organization setting (default 30, 0-365) that moves the expected last day', async () => {
    const other = await t.createTenant();
    expect((await t.admin('get', `/organizations/${other.orgId}`).expect(200)).body.data.noticePeriodDays).toBe(30);
    await t.admin('patch', `/organizations/${other.orgId}`).send({ noticePeriodDays: 366 }).expect(400);
    await other.create.employee({ startDate: '2025-01-01', noticeDate: '2026-01-10' });
    // Default 30: last day 02-09, a February leaver; with 0 days, last day 01-10, a January leaver.
    expect((await forecast('from=2026-01&months=2', other)).totals.map((m: { leavers: number }) => m.leavers)).toEqual([0, 1]);
    await t.admin('patch', `/organizations/${other.orgId}`).send({ noticePeriodDays: 0 }).expect(200);
    expect((await forecast('from=2026-01&months=2', other)).totals.map((m: { leavers: number }) => m.leavers)).toEqual([1, 0]);
  });

  it('04/§2 scenarioId and compare=live: the scenario’s own records, delta = scenario minus live', async () => {
    const scenario = (await t.admin('post', `/organizations/${org.orgId}/scenarios`).send({ name: 'Alice leaves' }).expect(201)).body.data
      .id;
    await t
      .admin('patch', `/organizations/${org.orgId}/scenarios/${scenario}/employees/${ids.alice}`)
      .send({ endDate: '2026-01-31' })
      .expect(200);
    const s = await forecast(`from=2026-01&months=3&scenarioId=${scenario}`);
    expect(s.totals.map((m: { closing: number }) => m.closing)).toEqual([6, 4, 3]);
    expect(s.totals[0].delta).toBeUndefined();
    const c = await forecast(`from=2026-01&months=3&scenarioId=${scenario}&compare=live`);
    // Alice is a February leaver in the scenario: -1 closing from February, -12,500 and -15,000 cost.
    expect(c.totals.map((m: { delta: unknown }) => m.delta)).toEqual([
      { closing: 0, forecastHeadcount: 0, forecastCost: 0 },
      { closing: -1, forecastHeadcount: -1, forecastCost: -12_500 },
      { closing: -1, forecastHeadcount: -1, forecastCost: -15_000 },
    ]);
    const live = await forecast('from=2026-01&months=3');
    expect(live.totals[1].closing).toBe(5);
    const csv = await org
      .api('get', `/forecast?from=2026-01&months=3&scenarioId=${scenario}&compare=live`)
      .set('Accept', 'text/csv')
      .expect(200);
    const [header, , february] = csv.text.trim().split('\r\n');
    const stated = ',organization,0,,,0,0';
    expect(
      header.endsWith(
        ',currency,deltaClosing,deltaForecastHeadcount,deltaForecastCost,assumptionsSource,attritionRatePerYear,meritIncreaseMonth,meritIncreasePercent,timeToFillDays,onCostPercent,liveAssumptionsSource,liveAttritionRatePerYear,liveMeritIncreaseMonth,liveMeritIncreasePercent,liveTimeToFillDays,liveOnCostPercent',
      ),
    ).toBe(true);
    expect(february.endsWith(`,USD,-1,-1,-12500${stated}${stated}`)).toBe(true);
  });

  it('04/§1.5: cost figures are null without financials_view_summary (counts stay)', async () => {
    const key = await t.createKey(
      org,
      API_PERMISSIONS.filter((p) => p !== 'financials_view_summary'),
    );
    const res = await t
      .http()
      .get(`/api/v1/org/${org.orgId}/forecast?from=2026-01&months=3`)
      .set('Authorization', `Bearer ${key.key}`)
      .expect(200);
    for (const m of res.body.data.totals) {
      expect(m).toMatchObject({ cost: null, vacancyCost: null, forecastCost: null });
    }
    expect(res.body.data.totals[0].closing).toBe(6);
  });

  it('04/§1.6 and §2: 403 without forecasts_view; 400 VALIDATION_ERROR naming the field for bad or unknown parameters; 404 for an unknown scenario', async () => {
    const key = await t.createKey(org, ['employees_view']);
    await t.http().get(`/api/v1/org/${org.orgId}/forecast`).set('Authorization', `Bearer ${key.key}`).expect(403);
    // 04/§1.6: the new permissions can be granted to keys and show in /me.
    const granted = await t.createKey(org, ['forecasts_view', 'business_metrics_view']);
    const me = await t.http().get(`/api/v1/org/${org.orgId}/me`).set('Authorization', `Bearer ${granted.key}`).expect(200);
    expect(me.body.data.permissions).toEqual(['business_metrics_view', 'forecasts_view']);
    await t.http().get(`/api/v1/org/${org.orgId}/forecast?months=1`).set('Authorization', `Bearer ${granted.key}`).expect(200);
    const bad = async (query: string, field: string) => {
      const res = await org.api('get', `/forecast?${query}`).expect(400);
      expect(res.body.error.code).toBe('VALIDATION_ERROR');
      expect(res.body.error.details.map((d: { field: string }) => d.field)).toContain(field);
    };
    await bad('months=0', 'months');
    await bad('months=61', 'months');
    await bad('months=1.5', 'months');
    await bad('from=2026-13', 'from');
    await bad('from=2026-1', 'from');
    await bad('groupBy=teams', 'groupBy');
    await bad('compare=live', 'compare');
    await bad('compare=other', 'compare');
    await bad('colour=blue', 'colour');
    await org.api('get', '/forecast?scenarioId=cnotascenario00000000000000').expect(404);
  });

  it('04/§2 Accept: text/csv: the same figures, one row per group and month, with a header row', async () => {
    const res = await org.api('get', '/forecast?from=2026-01&months=3&groupBy=costCentre').set('Accept', 'text/csv').expect(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    const lines = res.text.trim().split('\r\n');
    expect(lines[0]).toBe(
      'groupBy,groupId,groupName,month,opening,joiners,leavers,closing,employees,contractors,openVacancies,openVacancyFte,plannedHires,notices,forecastHeadcount,cost,vacancyCost,forecastCost,unpricedVacancies,unpricedPeople,averageFte,averageVacancyFte,expectedLeavers,onCost,currency,assumptionsSource,attritionRatePerYear,meritIncreaseMonth,meritIncreasePercent,timeToFillDays,onCostPercent',
    );
    expect(lines).toHaveLength(1 + 3 * 3);
    // averageFte of Alpha in January: Alice and Filler Co all month, Bob from the 16th: 2 + 16/31 = 2.5161.
    const stated = 'USD,organization,0,,,0,0';
    expect(lines[1]).toBe(
      `costCentre,${ids.alpha},Alpha,2026-01,1,2,0,3,2,1,0,0,0,0,3,${cents(10_000 + (9_000 * 16) / 31 + 7_000)},0,${cents(10_000 + (9_000 * 16) / 31 + 7_000)},0,0,2.5161,0,0,0,${stated}`,
    );
    expect(lines[9]).toBe(
      `costCentre,,No cost centre,2026-03,1,0,0,1,0,1,0,0,0,0,1,${cents(DAILY)},0,${cents(DAILY)},0,0,1,0,0,0,${stated}`,
    );
  });

  it('07/§6.1: every group has a label, never blank: its name, or for the group without a key what it holds ("No cost centre", "No team", ...)', async () => {
    const labels = async (groupBy: string, tenant: Tenant = org) =>
      (await forecast(`from=2026-01&months=1&groupBy=${groupBy}`, tenant)).groups.map((g: { key: unknown; label: string }) => [
        g.key === null ? null : (g.key as { name: string }).name,
        g.label,
      ]);
    expect(await labels('costCentre')).toEqual([
      ['Alpha', 'Alpha'],
      ['Beta', 'Beta'],
      [null, 'No cost centre'],
    ]);
    expect(await labels('location')).toEqual([
      ['Paris', 'Paris'],
      [null, 'No location'],
    ]);
    expect(await labels('none')).toEqual([[null, 'All']]);
    const other = await t.createTenant();
    await other.create.employee({ startDate: '2025-01-01' });
    for (const [groupBy, label] of [
      ['team', 'No team'],
      ['project', 'No project'],
      ['projectCostCentre', 'No cost centre'],
      ['jobRole', 'No job role'],
      ['workType', 'No work type'],
    ]) {
      expect(await labels(groupBy, other)).toEqual([[null, label]]);
      const csv = (await other.api('get', `/forecast?from=2026-01&months=1&groupBy=${groupBy}`).set('Accept', 'text/csv').expect(200)).text;
      expect(csv.split('\r\n')[1].startsWith(`${groupBy},,${label},2026-01,`)).toBe(true);
    }
  });
});
