import { call, connect } from '../mcp/support';
import { Tenant, TestApp } from '../support/test-app';

const DEFAULTS = { attritionRatePerYear: 0, meritIncrease: null, timeToFillDays: 0, onCostPercent: 0 };
const ALL_FOUR = { attritionRatePerYear: 0.1, meritIncrease: { month: 2, percent: 3 }, timeToFillDays: 30, onCostPercent: 20 };

type Month = Record<string, number | null>;
interface Answer {
  data: { groups: { key: { id: string } | null; months: Month[] }[]; totals: Month[] };
  meta: { assumptions: Record<string, unknown>; liveAssumptions?: Record<string, unknown> };
}

/**
 * Spec 07 §4.1: which assumptions a forecast applies (the organization's, a scenario's own, none), stated in
 * `meta.assumptions` of every answer (JSON, CSV, the assistant tool, compare=live); and §4.2 under every grouping.
 */
describe('07/§4.1 forecast assumptions in every answer', () => {
  let t: TestApp;
  let org: Tenant;
  let scenario: string;
  let plain: string;
  beforeAll(async () => {
    t = await TestApp.start();
    org = await t.createTenant({ reportingCurrency: 'USD' });
    await org.create.employee({ startDate: '2025-01-01', salary: { effectiveDate: '2025-01-01', salary: 120_000, currencyCode: 'USD' } });
    await t
      .admin('patch', `/organizations/${org.orgId}`, org.userId)
      .send({ forecastAssumptions: { onCostPercent: 25 } })
      .expect(200);
    const scenarios = `/organizations/${org.orgId}/scenarios`;
    scenario = (await t.admin('post', scenarios, org.userId).send({ name: 'Richer' }).expect(201)).body.data.id;
    await t
      .admin('patch', `${scenarios}/${scenario}`, org.userId)
      .send({ assumptions: { onCostPercent: 50 } })
      .expect(200);
    plain = (await t.admin('post', scenarios, org.userId).send({ name: 'As the organization' }).expect(201)).body.data.id;
  });
  afterAll(() => t.close());

  const get = async (query: string, tenant = org): Promise<Answer> =>
    (await tenant.api('get', `/forecast?from=2026-01&months=1&${query}`).expect(200)).body as Answer;
  const stated = (source: string, onCostPercent: number) => ({ ...DEFAULTS, onCostPercent, source });

  it('07/§4.1 live data takes the organization’s, a scenario its own else the organization’s, assumptions=none neither; meta.assumptions says which', async () => {
    const cases: [string, unknown, number, number][] = [
      ['', stated('organization', 25), 12_500, 2_500],
      [`scenarioId=${plain}`, stated('organization', 25), 12_500, 2_500],
      [`scenarioId=${scenario}`, stated('scenario', 50), 15_000, 5_000],
      ['assumptions=none', stated('none', 0), 10_000, 0],
      [`scenarioId=${scenario}&assumptions=none`, stated('none', 0), 10_000, 0],
    ];
    for (const [query, assumptions, cost, onCost] of cases) {
      const answer = await get(query);
      expect({ query, meta: answer.meta, cost: answer.data.totals[0].cost, onCost: answer.data.totals[0].onCost }).toEqual({
        query,
        meta: { assumptions },
        cost,
        onCost,
      });
    }
  });

  it('07/§4.1 compare=live: each side its own assumptions, both stated; the delta is scenario minus live under them', async () => {
    const compared = await get(`scenarioId=${scenario}&compare=live`);
    expect(compared.meta).toEqual({ assumptions: stated('scenario', 50), liveAssumptions: stated('organization', 25) });
    expect(compared.data.totals[0]).toMatchObject({
      cost: 15_000,
      onCost: 5_000,
      delta: { closing: 0, forecastHeadcount: 0, forecastCost: 2_500 },
    });
    const none = await get(`scenarioId=${scenario}&compare=live&assumptions=none`);
    expect(none.meta).toEqual({ assumptions: stated('none', 0), liveAssumptions: stated('none', 0) });
    expect(none.data.totals[0].delta).toEqual({ closing: 0, forecastHeadcount: 0, forecastCost: 0 });
  });

  it('07/§4.1 CSV: the assumptions applied in the last columns of every row, the live side’s after them with compare=live', async () => {
    const csv = async (query: string) =>
      (await org.api('get', `/forecast?from=2026-01&months=1&${query}`).set('Accept', 'text/csv').expect(200)).text.trim().split('\r\n');
    const [header, row] = await csv(`scenarioId=${scenario}`);
    expect(header.split(',').slice(-6)).toEqual([
      'assumptionsSource',
      'attritionRatePerYear',
      'meritIncreaseMonth',
      'meritIncreasePercent',
      'timeToFillDays',
      'onCostPercent',
    ]);
    expect(row.endsWith(',15000,0,15000,0,0,1,0,0,5000,USD,scenario,0,,,0,50')).toBe(true);
    const [liveHeader, liveRow] = await csv(`scenarioId=${scenario}&compare=live`);
    expect(
      liveHeader.endsWith(
        ',onCostPercent,liveAssumptionsSource,liveAttritionRatePerYear,liveMeritIncreaseMonth,liveMeritIncreasePercent,liveTimeToFillDays,liveOnCostPercent',
      ),
    ).toBe(true);
    expect(liveRow.endsWith(',USD,0,0,2500,scenario,0,,,0,50,organization,0,,,0,25')).toBe(true);
    const [, merit] = await csv('');
    expect(merit.endsWith(',organization,0,,,0,25')).toBe(true);
  });

  it('07/§4.1 the assistant tool answers the route’s figures with its meta beside them', async () => {
    const client = await connect(t, org.key);
    const answer = await call(client, 'get_headcount_forecast', { from: '2026-01', months: 1, scenarioId: scenario, compare: 'live' });
    const rest = await get(`scenarioId=${scenario}&compare=live`);
    expect(answer).toEqual({ ...rest.data, meta: rest.meta });
    expect((await call(client, 'get_headcount_forecast', { from: '2026-01', months: 1, assumptions: 'none' })).meta).toEqual({
      assumptions: stated('none', 0),
    });
    await client.close();
  });

  it('04/§1.5 onCost is a cost figure: null without cost visibility, like cost', async () => {
    const narrow = t.asKey(org, (await t.createKey(org, ['forecasts_view'])).key);
    const month = (await get('', narrow)).data.totals[0];
    expect([month.cost, month.onCost, month.forecastCost]).toEqual([null, null, null]);
  });

  it('07/§4.1 assumptions takes only none: another value is a 400 naming it', async () => {
    const res = await org.api('get', '/forecast?assumptions=organization').expect(400);
    expect(res.body.error.details[0].field).toBe('assumptions');
  });
});

describe('07/§4.2 forecast assumptions under every grouping', () => {
  let t: TestApp;
  let org: Tenant;
  const teams: string[] = [];
  beforeAll(async () => {
    t = await TestApp.start();
    org = await t.createTenant({ reportingCurrency: 'USD' });
    await t.admin('patch', `/organizations/${org.orgId}`, org.userId).send({ forecastAssumptions: ALL_FOUR }).expect(200);
    const centres = [(await org.create.costCentre()).id, (await org.create.costCentre()).id];
    for (let i = 0; i < 2; i++) teams.push((await org.create.team()).id);
    const project = (await org.create.project({ costCentreId: centres[0], endDate: '2026-02-14', postCompletionCostCentreId: centres[1] }))
      .id;
    // Ann moves from team 0 to team 1 on 02-15 and has no last day; a dozen others with and without one, some on projects.
    const ann = (
      await org.create.employee({ startDate: '2025-01-01', salary: { effectiveDate: '2025-01-01', salary: 120_000, currencyCode: 'USD' } })
    ).id;
    await org.create.assignment({ employeeId: ann, type: 'team', targetId: teams[0], startDate: '2025-01-01', endDate: '2026-02-14' });
    await org.create.assignment({ employeeId: ann, type: 'team', targetId: teams[1], startDate: '2026-02-15' });
    for (let i = 0; i < 12; i++) {
      const startDate = i % 3 ? '2025-06-01' : `2026-0${1 + (i % 3)}-${10 + i}`;
      const employeeId = (
        await org.create.employee({
          startDate,
          costCentreId: centres[i % 2],
          salary: { effectiveDate: startDate, salary: 50_000 + 5_000 * i, currencyCode: 'USD' },
          ...(i % 4 === 1 ? { endDate: '2026-02-20' } : {}),
        })
      ).id;
      await org.create.assignment({ employeeId, type: 'team', targetId: teams[i % 2], fte: 0.5 + (i % 2) * 0.5, startDate: '2025-06-01' });
      if (i % 3 === 0) await org.create.assignment({ employeeId, type: 'project', targetId: project, fte: 0.7, startDate: '2025-06-01' });
    }
    await org.create.vacancy({
      status: 'open',
      targetStartDate: '2026-01-05',
      salary: 70_000,
      currencyCode: 'USD',
      costCentreId: centres[0],
    });
  });
  afterAll(() => t.close());

  const get = async (groupBy: string) =>
    (await org.api('get', `/forecast?from=2026-01&months=3&groupBy=${groupBy}`).expect(200)).body.data as Answer['data'];

  it.each(['costCentre', 'team', 'project', 'projectCostCentre'])(
    '07/§4.2 groupBy=%s: the totals are those of groupBy=none, and opening + joiners - leavers - expectedLeavers = closing',
    async (groupBy) => {
      const [none, grouped] = [await get('none'), await get(groupBy)];
      grouped.totals.forEach((month, k) => {
        for (const [field, value] of Object.entries(none.totals[k])) expect([field, month[field]]).toEqual([field, value]);
        const { opening, joiners, leavers, expectedLeavers, closing } = month as Record<string, number>;
        expect(Math.abs(opening + joiners - leavers - expectedLeavers - closing)).toBeLessThanOrEqual(0.015);
      });
    },
  );

  it('07/§4.2 groupBy=team: a person without a last day weighs w(d) in the team of each day, and loses weight in the team of the day before', async () => {
    const alone = await t.createTenant({ reportingCurrency: 'USD' });
    await t
      .admin('patch', `/organizations/${alone.orgId}`, alone.userId)
      .send({ forecastAssumptions: { attritionRatePerYear: 0.1 } })
      .expect(200);
    const [apollo, borealis] = [(await alone.create.team()).id, (await alone.create.team()).id];
    const ann = (
      await alone.create.employee({
        startDate: '2025-01-01',
        salary: { effectiveDate: '2025-01-01', salary: 120_000, currencyCode: 'USD' },
      })
    ).id;
    await alone.create.assignment({ employeeId: ann, type: 'team', targetId: apollo, startDate: '2025-01-01', endDate: '2026-02-14' });
    await alone.create.assignment({ employeeId: ann, type: 'team', targetId: borealis, startDate: '2026-02-15' });
    const body = (await alone.api('get', '/forecast?from=2026-01&months=3&groupBy=team').expect(200)).body.data as Answer['data'];
    // w(d) on day d of the forecast (January 1 is d = 0); her weight lost on day d is counted where she was on d - 1.
    const w = (d: number) => Math.pow(0.9, d / 365);
    const sum = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => w(from + i)).reduce((a, b) => a + b, 0);
    const r2 = (v: number) => Math.round(v * 100) / 100;
    const r4 = (v: number) => Math.round(v * 10_000) / 10_000;
    const figures = (m: Month) => [m.opening, m.closing, m.expectedLeavers, m.averageFte, m.cost];
    const group = (id: string | null) => body.groups.find((g) => (g.key?.id ?? null) === id)!.months.map(figures);
    const month = (opening: number, closing: number, lost: number, days: number, fte: number) => [
      r2(opening),
      r2(closing),
      r2(lost),
      r4(fte / days),
      Math.round((10_000 * fte * 100) / days) / 100,
    ];
    expect(group(apollo)).toEqual([
      month(1, w(30), 1 - w(30), 31, sum(0, 30)),
      month(w(30), 0, w(30) - w(45), 28, sum(31, 44)),
      [0, 0, 0, 0, 0],
    ]);
    expect(group(borealis)).toEqual([
      [0, 0, 0, 0, 0],
      month(0, w(58), w(45) - w(58), 28, sum(45, 58)),
      month(w(58), w(89), w(58) - w(89), 31, sum(59, 89)),
    ]);
    expect(group(null)).toEqual([0, 1, 2].map(() => [0, 0, 0, 0, 0]));
  });
});
