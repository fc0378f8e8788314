import { API_PERMISSIONS } from '../../src/common/auth/permissions';
import { Tenant, TestApp } from '../support/test-app';

/**
 * Spec 04 §2 groupBy team, project and projectCostCentre, and the day-weighted FTE, on one hand-computed
 * organization (reporting currency USD, no multipliers), January-March 2026 (31, 28 and 31 days):
 *
 * | who | record | teams | projects |
 * |---|---|---|---|
 * | Ann | employee from 2025-01-01, 120,000 = 10,000 a month | Apollo 1 to 2026-01-15, Borealis 1 from 01-16 (a move mid-January) | Pegasus 0.5 (rest 0.5 unallocated) |
 * | Ben | employee from 2025-06-01, notice 03-01, endDate 03-15, 60,000 = 5,000 | Apollo 1 + Borealis 1: sum 2, shares 1/2 each | Pegasus 0.8 + Quasar 0.6: sum 1.4, shares 4/7 and 3/7 |
 * | Cat | contractor from 2026-02-10, 2,800 monthly (February: 2,800 x 19/28 = 1,900) | Borealis 0.5 (rest 0.5 unallocated) | Rigel 1 |
 * | V1 | vacancy open from 2026-01-01, 36,000 = 3,000, fte 1, filled by Dan from 02-01 | Apollo 0.5 | Quasar 1 |
 * | Dan | employee from 2026-02-01 (V1's filler), 48,000 = 4,000; takes over V1's allocations from 02-01 | Apollo 0.5 | Quasar 1 |
 * | V2 | vacancy open from 2026-03-01, fte 0.5, no salary (unpriced) | Borealis 1 from 03-16 | none |
 *
 * Projects: Pegasus (cost centre Alpha, endDate 2026-02-14, post-completion cost centre Beta), Quasar
 * (cost centre Beta, endDate 2026-01-20, no post-completion: Beta after its end too), Rigel (neither: the
 * null group under projectCostCentre).
 */
describe('04/§2 GET /forecast by allocation (team, project, projectCostCentre)', () => {
  let t: TestApp;
  let org: Tenant;
  const ids: Record<string, string> = {};
  const cents = (v: number) => Math.round(v * 100) / 100;
  const r4 = (v: number) => Math.round(v * 10_000) / 10_000;

  beforeAll(async () => {
    t = await TestApp.start();
    org = await t.createTenant({ reportingCurrency: 'USD' });
    const post = async (path: string, body: object) => (await org.api('post', path).send(body).expect(201)).body.data.id as string;
    ids.alpha = await post('/cost-centres', { name: 'Alpha' });
    ids.beta = await post('/cost-centres', { name: 'Beta' });
    ids.apollo = await post('/teams', { name: 'Apollo' });
    ids.borealis = await post('/teams', { name: 'Borealis' });
    ids.pegasus = await post('/projects', {
      name: 'Pegasus',
      startDate: '2025-01-01',
      endDate: '2026-02-14',
      costCentreId: ids.alpha,
      postCompletionCostCentreId: ids.beta,
    });
    ids.quasar = await post('/projects', { name: 'Quasar', startDate: '2025-01-01', endDate: '2026-01-20', costCentreId: ids.beta });
    ids.rigel = await post('/projects', { name: 'Rigel', startDate: '2025-01-01' });
    const employee = async (name: string, startDate: string, salary: number, extra = {}) =>
      (
        await org.create.employee({
          firstName: name,
          lastName: 'Test',
          startDate,
          salary: { effectiveDate: startDate, salary, currencyCode: 'USD' },
          ...extra,
        })
      ).id;
    const assign = (holder: object, type: 'team' | 'project', targetId: string, fte: number, startDate: string, endDate?: string) =>
      post('/assignments', { ...holder, type, targetId, fte, startDate, ...(endDate ? { endDate } : {}) });
    ids.ann = await employee('Ann', '2025-01-01', 120_000);
    await assign({ employeeId: ids.ann }, 'team', ids.apollo, 1, '2025-01-01', '2026-01-15');
    await assign({ employeeId: ids.ann }, 'team', ids.borealis, 1, '2026-01-16');
    await assign({ employeeId: ids.ann }, 'project', ids.pegasus, 0.5, '2025-01-01');
    ids.ben = await employee('Ben', '2025-06-01', 60_000, { noticeDate: '2026-03-01', endDate: '2026-03-15' });
    await assign({ employeeId: ids.ben }, 'team', ids.apollo, 1, '2025-06-01');
    ids.benBorealis = await assign({ employeeId: ids.ben }, 'team', ids.borealis, 1, '2025-06-01');
    await assign({ employeeId: ids.ben }, 'project', ids.pegasus, 0.8, '2025-06-01');
    await assign({ employeeId: ids.ben }, 'project', ids.quasar, 0.6, '2025-06-01');
    ids.cat = await post('/contractors', {
      name: 'Cat',
      startDate: '2026-02-10',
      rateAdjustment: { effectiveDate: '2026-02-10', rate: 2_800, rateType: 'monthly', currencyCode: 'USD' },
    });
    await assign({ contractorId: ids.cat }, 'team', ids.borealis, 0.5, '2026-02-10');
    await assign({ contractorId: ids.cat }, 'project', ids.rigel, 1, '2026-02-10');
    ids.v1 = await post('/vacancies', {
      role: 'V1',
      status: 'open',
      targetStartDate: '2026-01-01',
      salary: 36_000,
      currencyCode: 'USD',
      fte: 1,
    });
    await assign({ vacancyId: ids.v1 }, 'team', ids.apollo, 0.5, '2026-01-01');
    await assign({ vacancyId: ids.v1 }, 'project', ids.quasar, 1, '2026-01-01');
    const fill = await org
      .api('post', `/vacancies/${ids.v1}/fill`)
      .send({ fillerType: 'employee', startDate: '2026-02-01', currencyCode: 'USD', firstName: 'Dan', lastName: 'Test', salary: 48_000 })
      .expect(200);
    expect(fill.body.data).toMatchObject({ teamAllocationsTransferred: 1, projectAllocationsTransferred: 1 });
    ids.dan = fill.body.data.employee.id;
    ids.v2 = await post('/vacancies', { role: 'V2', status: 'open', targetStartDate: '2026-03-01', fte: 0.5 });
    await assign({ vacancyId: ids.v2 }, 'team', ids.borealis, 1, '2026-03-16');
  });
  afterAll(() => t.close());

  const forecast = async (query: string) => (await org.api('get', `/forecast?${query}`).expect(200)).body.data;
  type Month = Record<string, number>;
  const keys = (f: { groups: { key: { name: string } | null }[] }) => f.groups.map((g) => g.key?.name ?? null);

  it('04/§2 averageFte and averageVacancyFte: active days / days of the month (vacancies weighted by fte), groupBy none', async () => {
    const f = await forecast('from=2026-01&months=3');
    // January: Ann and Ben all month = 2; V1 (fte 1) all month = 1.
    // February: Ann, Ben, Dan all month + Cat 19/28; V1 blocked by its filler = 0.
    // March: Ann, Cat, Dan + Ben 15/31; V2 (fte 0.5) 31 days = 0.5.
    expect(f.totals.map((m: Month) => [m.averageFte, m.averageVacancyFte])).toEqual([
      [2, 1],
      [r4(3 + 19 / 28), 0],
      [r4(3 + 15 / 31), 0.5],
    ]);
  });

  it('04/§2 groupBy team: each day split by fte / max(1, sum), the rest to the null group; shares changing mid-month; a sum over 1', async () => {
    const f = await forecast('from=2026-01&months=3&groupBy=team');
    expect(keys(f)).toEqual(['Apollo', 'Borealis', null]);
    const [apollo, borealis, none] = f.groups.map((g: { months: Month[] }) => g.months);
    const pick = (m: Month) => [m.opening, m.joiners, m.leavers, m.closing, m.employees, m.contractors, m.notices, m.averageFte, m.cost];
    // Opening (2025-12-31): Ann Apollo 1; Ben 1/2 and 1/2 (his two teams sum to 2).
    // January: Ann Apollo 01-01..15 (10,000 x 15/31), Borealis 01-16..31 (10,000 x 16/31); Ben 2,500 each.
    // February: Dan joins (Apollo 0.5, rest 0.5 null: 2,000 each); Cat joins 02-10 (Borealis 0.5, null 0.5: 1,900 / 2 each, 19/28 x 0.5 FTE).
    // March: Ben's notice (03-01) and leaving (last day 03-15) at 1/2 each, 5,000 x 15/31 / 2 each; Cat 1,400 each side.
    expect(apollo.map(pick)).toEqual([
      [1.5, 0, 0, 0.5, 0.5, 0, 0, r4(15 / 31 + 0.5), cents((10_000 * 15) / 31 + 2_500)],
      [0.5, 0.5, 0, 1, 1, 0, 0, 1, 2_500 + 2_000],
      [1, 0, 0.5, 0.5, 0.5, 0, 0.5, r4((0.5 * 15) / 31 + 0.5), cents((5_000 * 15) / 31 / 2 + 2_000)],
    ]);
    expect(borealis.map(pick)).toEqual([
      [0.5, 0, 0, 1.5, 1.5, 0, 0, r4(16 / 31 + 0.5), cents((10_000 * 16) / 31 + 2_500)],
      [1.5, 0.5, 0, 2, 1.5, 0.5, 0, r4(1 + 0.5 + (0.5 * 19) / 28), 10_000 + 2_500 + 950],
      [2, 0, 0.5, 1.5, 1, 0.5, 0.5, r4(1 + (0.5 * 15) / 31 + 0.5), cents(10_000 + (5_000 * 15) / 31 / 2 + 1_400)],
    ]);
    expect(none.map(pick)).toEqual([
      [0, 0, 0, 0, 0, 0, 0, 0, 0],
      [0, 1, 0, 1, 0.5, 0.5, 0, r4(0.5 + (0.5 * 19) / 28), 2_000 + 950],
      [1, 0, 0, 1, 0.5, 0.5, 0, 1, 2_000 + 1_400],
    ]);
    // Per group opening + joiners - leavers = closing need not hold (Ann moved in January: Apollo 1.5 - 1 = 0.5).
    expect(apollo[0].opening + apollo[0].joiners - apollo[0].leavers).not.toBe(apollo[0].closing);
  });

  it('04/§2 groupBy team: a vacancy’s figures split by its own assignments until a filler takes them over; unpriced at the month’s last contributing day', async () => {
    const f = await forecast('from=2026-01&months=3&groupBy=team');
    const [apollo, borealis, none] = f.groups.map((g: { months: Month[] }) => g.months);
    const pick = (m: Month) => [m.openVacancies, m.openVacancyFte, m.plannedHires, m.averageVacancyFte, m.vacancyCost, m.unpricedVacancies];
    // V1 in January: Apollo 0.5, the rest null 0.5 (3,000 / 2 each). From 02-01 Dan holds those allocations and V1 is blocked.
    // V2 from 03-01, fte 0.5: planned hire at 03-01's shares (no team: null); Borealis 1 from 03-16:
    // averageVacancyFte 0.5 x 16/31 there and 0.5 x 15/31 null; open and unpriced at 03-31's shares (Borealis).
    expect(apollo.map(pick)).toEqual([
      [0.5, 0.5, 0.5, 0.5, 1_500, 0],
      [0, 0, 0, 0, 0, 0],
      [0, 0, 0, 0, 0, 0],
    ]);
    expect(borealis.map(pick)[2]).toEqual([1, 0.5, 0, r4((0.5 * 16) / 31), 0, 1]);
    expect(none.map(pick)).toEqual([
      [0.5, 0.5, 0.5, 0.5, 1_500, 0],
      [0, 0, 0, 0, 0, 0],
      [0, 0, 1, r4((0.5 * 15) / 31), 0, 0],
    ]);
    expect(apollo[1].forecastHeadcount).toBe(1);
  });

  it('04/§2 groupBy team, project and projectCostCentre: the totals equal those of groupBy none (to the cent and to 4 decimals)', async () => {
    const none = await forecast('from=2026-01&months=3');
    for (const groupBy of ['team', 'project', 'projectCostCentre']) {
      const f = await forecast(`from=2026-01&months=3&groupBy=${groupBy}`);
      expect(f.totals).toEqual(none.totals);
    }
    // The totals of groupBy none, by hand: closing 2, 4, 3; cost 15,000, 20,900 (Ann 10,000 + Ben 5,000 + Cat 1,900 + Dan 4,000),
    // 10,000 + 5,000 x 15/31 + 2,800 + 4,000; vacancy cost 3,000 (V1 in January only).
    expect(none.totals.map((m: Month) => [m.opening, m.closing, m.cost, m.vacancyCost, m.openVacancies, m.unpricedVacancies])).toEqual([
      [2, 2, 15_000, 3_000, 1, 0],
      [2, 4, 20_900, 0, 0, 0],
      [4, 3, cents(10_000 + (5_000 * 15) / 31 + 2_800 + 4_000), 0, 1, 1],
    ]);
  });

  it('04/§2 groupBy project: project assignments’ shares (a sum over 1: 4/7 and 3/7), a vacancy with project assignments and its filler', async () => {
    const f = await forecast('from=2026-01&months=3&groupBy=project');
    expect(keys(f)).toEqual(['Pegasus', 'Quasar', 'Rigel', null]);
    const [pegasus, quasar, rigel, none] = f.groups.map((g: { months: Month[] }) => g.months);
    const pick = (m: Month) => [m.opening, m.joiners, m.leavers, m.closing, m.notices, m.cost, m.openVacancies, m.vacancyCost];
    // Ann: Pegasus 0.5 and null 0.5 (5,000 each). Ben: Pegasus 0.8 / 1.4 = 4/7, Quasar 0.6 / 1.4 = 3/7, nothing null.
    // V1 (Quasar 1) in January: 3,000; Dan (Quasar 1) from February: 4,000; Cat (Rigel 1) from 02-10: 1,900, then 2,800.
    const ben = { pegasus: 4 / 7, quasar: 3 / 7 };
    expect(pegasus.map(pick)).toEqual([
      [r4(0.5 + ben.pegasus), 0, 0, r4(0.5 + ben.pegasus), 0, cents(5_000 + 5_000 * ben.pegasus), 0, 0],
      [r4(0.5 + ben.pegasus), 0, 0, r4(0.5 + ben.pegasus), 0, cents(5_000 + 5_000 * ben.pegasus), 0, 0],
      [r4(0.5 + ben.pegasus), 0, r4(ben.pegasus), 0.5, r4(ben.pegasus), cents(5_000 + ((5_000 * 15) / 31) * ben.pegasus), 0, 0],
    ]);
    expect(quasar.map(pick)).toEqual([
      [r4(ben.quasar), 0, 0, r4(ben.quasar), 0, cents(5_000 * ben.quasar), 1, 3_000],
      [r4(ben.quasar), 1, 0, r4(ben.quasar + 1), 0, cents(5_000 * ben.quasar + 4_000), 0, 0],
      [r4(ben.quasar + 1), 0, r4(ben.quasar), 1, r4(ben.quasar), cents(((5_000 * 15) / 31) * ben.quasar + 4_000), 0, 0],
    ]);
    expect(rigel.map(pick)).toEqual([
      [0, 0, 0, 0, 0, 0, 0, 0],
      [0, 1, 0, 1, 0, 1_900, 0, 0],
      [1, 0, 0, 1, 0, 2_800, 0, 0],
    ]);
    // The null group: Ann's unallocated half, and V2 (no project assignment) in March.
    expect(none.map(pick)).toEqual([
      [0.5, 0, 0, 0.5, 0, 5_000, 0, 0],
      [0.5, 0, 0, 0.5, 0, 5_000, 0, 0],
      [0.5, 0, 0, 0.5, 0, 5_000, 1, 0],
    ]);
    expect(quasar[0].plannedHires).toBe(1);
    expect(quasar[1].averageFte).toBe(r4(ben.quasar + 1));
  });

  it('04/§2 groupBy projectCostCentre: project shares booked to the cost centre up to the project’s endDate and to its postCompletionCostCentreId after it', async () => {
    const f = await forecast('from=2026-01&months=3&groupBy=projectCostCentre');
    expect(keys(f)).toEqual(['Alpha', 'Beta', null]);
    const [alpha, beta, none] = f.groups.map((g: { months: Month[] }) => g.months);
    const pick = (m: Month) => [m.closing, m.averageFte, m.cost, m.vacancyCost];
    // Pegasus (Ann 0.5, Ben 4/7) is Alpha's to 02-14 and Beta's from 02-15 (its post-completion cost centre): in
    // February 14/28 of each. Quasar (Ben 3/7, V1 then Dan) is Beta's before and after its end (no post-completion).
    // Rigel (Cat) has neither: null, with Ann's unallocated half.
    const pegasus = 0.5 + 4 / 7;
    expect(alpha.map(pick)).toEqual([
      [r4(pegasus), r4(pegasus), cents(5_000 + (5_000 * 4) / 7), 0],
      [0, r4(pegasus / 2), cents((5_000 + (5_000 * 4) / 7) / 2), 0],
      [0, 0, 0, 0],
    ]);
    expect(beta.map(pick)).toEqual([
      [r4(3 / 7), r4(3 / 7), cents((5_000 * 3) / 7), 3_000],
      [2.5, r4(pegasus / 2 + 3 / 7 + 1), cents((5_000 + (5_000 * 4) / 7) / 2 + (5_000 * 3) / 7 + 4_000), 0],
      [1.5, r4(0.5 + (15 / 31) * (4 / 7 + 3 / 7) + 1), cents(5_000 + (5_000 * 15) / 31 + 4_000), 0],
    ]);
    expect(none.map(pick)).toEqual([
      [0.5, 0.5, 5_000, 0],
      [1.5, r4(0.5 + 19 / 28), 5_000 + 1_900, 0],
      [1.5, 1.5, 5_000 + 2_800, 0],
    ]);
  });

  it('04/§2 compare=live and scenarioId with groupBy team: the scenario’s own assignments; delta per group, zero in the totals', async () => {
    const scenario = (await t.admin('post', `/organizations/${org.orgId}/scenarios`).send({ name: 'Ben to Apollo' }).expect(201)).body.data
      .id;
    await t.admin('delete', `/organizations/${org.orgId}/scenarios/${scenario}/assignments/${ids.benBorealis}`).expect(204);
    const f = await forecast(`from=2026-01&months=3&groupBy=team&scenarioId=${scenario}&compare=live`);
    expect(keys(f)).toEqual(['Apollo', 'Borealis', null]);
    // Ben is all Apollo in the scenario: +0.5 closing there and -0.5 in Borealis, 2,500 of cost moved in January
    // and February; in March he has left (closing 0) and half of 5,000 x 15/31 moved (the difference of the
    // rounded figures: Apollo 4,419.35 - 3,209.68, Borealis 11,400 - 12,609.68).
    const march = (5_000 * 15) / 31;
    expect(f.groups[0].months.map((m: { delta: unknown }) => m.delta)).toEqual([
      { closing: 0.5, forecastHeadcount: 0.5, forecastCost: 2_500 },
      { closing: 0.5, forecastHeadcount: 0.5, forecastCost: 2_500 },
      { closing: 0, forecastHeadcount: 0, forecastCost: cents(cents(march + 2_000) - cents(march / 2 + 2_000)) },
    ]);
    expect(
      f.groups[1].months.map((m: { delta: { closing: number; forecastCost: number } }) => [m.delta.closing, m.delta.forecastCost]),
    ).toEqual([
      [-0.5, -2_500],
      [-0.5, -2_500],
      [0, cents(cents(10_000 + 1_400) - cents(10_000 + march / 2 + 1_400))],
    ]);
    for (const m of f.totals) expect(m.delta).toEqual({ closing: 0, forecastHeadcount: 0, forecastCost: 0 });
    const s = await forecast(`from=2026-01&months=1&groupBy=project&scenarioId=${scenario}`);
    expect(keys(s)).toEqual(['Pegasus', 'Quasar', null]);
  });

  it('04/§1.5 and §2: under groupBy team without cost visibility, costs are null and the FTE figures stay', async () => {
    const key = await t.createKey(
      org,
      API_PERMISSIONS.filter((p) => p !== 'financials_view_summary'),
    );
    const res = await t
      .http()
      .get(`/api/v1/org/${org.orgId}/forecast?from=2026-01&months=1&groupBy=team`)
      .set('Authorization', `Bearer ${key.key}`)
      .expect(200);
    expect(res.body.data.groups[0].months[0]).toMatchObject({
      cost: null,
      vacancyCost: null,
      forecastCost: null,
      averageFte: r4(15 / 31 + 0.5),
      averageVacancyFte: 0.5,
    });
  });

  it('04/§2 Accept: text/csv with groupBy project: fractional counts to 4 decimals, averageFte and averageVacancyFte columns', async () => {
    const res = await org.api('get', '/forecast?from=2026-01&months=1&groupBy=project').set('Accept', 'text/csv').expect(200);
    const lines = res.text.trim().split('\r\n');
    expect(lines[0].includes(',unpricedVacancies,unpricedPeople,averageFte,averageVacancyFte,expectedLeavers,onCost,currency,')).toBe(true);
    // Quasar in January: Ben 3/7 = 0.4286 (opening and closing), V1 open, fte 1, a planned hire: headcount 1.4286.
    const quasar = (5_000 * 3) / 7;
    expect(lines[2]).toBe(
      `project,${ids.quasar},Quasar,2026-01,0.4286,0,0,0.4286,0.4286,0,1,1,1,0,1.4286,${cents(quasar)},3000,${cents(quasar + 3_000)},0,0,0.4286,1,0,0,USD,organization,0,,,0,0`,
    );
  });
});
