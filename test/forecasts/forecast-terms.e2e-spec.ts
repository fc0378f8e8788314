import { Tenant, TestApp } from '../support/test-app';

/**
 * Spec 07 §5.2, the worked examples of docs/forecast.md ("Employment terms"): reporting currency USD, January-March
 * 2026 (31, 28, 31 days), cost centres Alpha and Beta, Paris with multiplier 1.5.
 *
 * | who | record | terms |
 * |---|---|---|
 * | Hana | from 2025-01-01, Alpha, 120,000 USD = 10,000 a month | fte 0.5 from 2026-02-01 |
 * | Milo | from 2025-01-01, Alpha, 60,000 USD = 5,000 a month | Beta and Paris from 2026-02-15 |
 */
describe('07/§5.2 forecasts use the terms in force each day', () => {
  let t: TestApp;
  let org: Tenant;
  const ids: Record<string, string> = {};
  type Month = Record<string, number>;
  const forecast = async (query: string) => (await org.api('get', `/forecast?from=2026-01&months=3&${query}`).expect(200)).body.data;
  const pick = (keys: string[]) => (m: Month) => Object.fromEntries(keys.map((k) => [k, m[k]]));

  beforeAll(async () => {
    t = await TestApp.start();
    org = await t.createTenant({ reportingCurrency: 'USD' });
    ids.alpha = (await org.create.costCentre({ name: 'Alpha' })).id;
    ids.beta = (await org.create.costCentre({ name: 'Beta' })).id;
    ids.paris = (await org.create.location({ name: 'Paris', costMultiplier: 1.5 })).id;
    const employee = async (firstName: string, salary: number) =>
      (
        await org.create.employee({
          firstName,
          startDate: '2025-01-01',
          costCentreId: ids.alpha,
          salary: { effectiveDate: '2025-01-01', salary, currencyCode: 'USD' },
        })
      ).id;
    ids.hana = await employee('Hana', 120_000);
    ids.milo = await employee('Milo', 60_000);
    await org.api('post', `/employees/${ids.hana}/terms`).send({ effectiveDate: '2026-02-01', fte: 0.5 }).expect(201);
    await org
      .api('post', `/employees/${ids.milo}/terms`)
      .send({ effectiveDate: '2026-02-15', costCentreId: ids.beta, locationId: ids.paris })
      .expect(201);
  });
  afterAll(() => t.close());

  it('07/§5.2: a half-time person costs the same and counts fte 0.5 in averageFte; headcounts are unchanged', async () => {
    const f = await forecast('groupBy=none');
    expect(f.totals.map(pick(['opening', 'joiners', 'leavers', 'closing', 'averageFte', 'cost']))).toEqual([
      { opening: 2, joiners: 0, leavers: 0, closing: 2, averageFte: 2, cost: 15_000 },
      { opening: 2, joiners: 0, leavers: 0, closing: 2, averageFte: 1.5, cost: 16_250 },
      { opening: 2, joiners: 0, leavers: 0, closing: 2, averageFte: 1.5, cost: 17_500 },
    ]);
  });

  it('07/§5.2: a move on the 15th moves people and cost (with the new multiplier) from that day on', async () => {
    const f = await forecast('groupBy=costCentre');
    expect(f.groups.map((g: { key: { id: string } | null }) => g.key?.id ?? null)).toEqual([ids.alpha, ids.beta]);
    const [alpha, beta] = f.groups.map((g: { months: Month[] }) => g.months.map(pick(['opening', 'closing', 'averageFte', 'cost'])));
    expect(alpha).toEqual([
      { opening: 2, closing: 2, averageFte: 2, cost: 15_000 },
      { opening: 2, closing: 1, averageFte: 1, cost: 12_500 },
      { opening: 1, closing: 1, averageFte: 0.5, cost: 10_000 },
    ]);
    expect(beta).toEqual([
      { opening: 0, closing: 0, averageFte: 0, cost: 0 },
      { opening: 0, closing: 1, averageFte: 0.5, cost: 3_750 },
      { opening: 1, closing: 1, averageFte: 1, cost: 7_500 },
    ]);
    const byLocation = await forecast('groupBy=location');
    const paris = byLocation.groups.find((g: { key: { id: string } | null }) => g.key?.id === ids.paris);
    expect(paris.months.map((m: Month) => m.cost)).toEqual([0, 3_750, 7_500]);
  });

  it('07/§5.2: the allocation groupings price the days of a move with the multiplier in force', async () => {
    const f = await forecast('groupBy=team');
    expect(f.totals.map((m: Month) => [m.closing, m.cost])).toEqual([
      [2, 15_000],
      [2, 16_250],
      [2, 17_500],
    ]);
  });

  it('07/§5.2: the team and project groupings weight averageFte by the fte in force each day, as the cost centre grouping does', async () => {
    const team = await org.create.team({ name: 'Halftimers' });
    const project = await org.create.project({ name: 'Half project' });
    await org.create.assignment({ type: 'team', targetId: team.id, employeeId: ids.hana, fte: 1, startDate: '2025-01-01' });
    await org.create.assignment({ type: 'project', targetId: project.id, employeeId: ids.hana, fte: 0.5, startDate: '2025-01-01' });
    const fteOf = (f: { groups: { key: { id: string } | null; months: Month[] }[] }) =>
      Object.fromEntries(f.groups.map((g) => [g.key?.id ?? 'none', g.months.map((m) => m.averageFte)]));
    const byTeam = await forecast('groupBy=team');
    expect(fteOf(byTeam)).toEqual({ [team.id]: [1, 0.5, 0.5], none: [1, 1, 1] });
    expect(byTeam.totals.map((m: Month) => m.averageFte)).toEqual([2, 1.5, 1.5]);
    const byProject = await forecast('groupBy=project');
    expect(fteOf(byProject)).toEqual({ [project.id]: [0.5, 0.25, 0.25], none: [1.5, 1.25, 1.25] });
    const byProjectCostCentre = await forecast('groupBy=projectCostCentre');
    expect(byProjectCostCentre.totals.map((m: Month) => m.averageFte)).toEqual([2, 1.5, 1.5]);
  });
});
