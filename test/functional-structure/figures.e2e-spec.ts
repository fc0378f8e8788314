import { API_PERMISSIONS } from '../../src/common/auth/permissions';
import { TREE_LIMIT } from '../../src/functional-structure/reads/functional-figures.service';
import { Tenant, TestApp } from '../support/test-app';
import { err, fs } from './support';

/**
 * The worked example of docs/decisions.md "Functional structure: figures", on 2026-03-10 (March has 31 days):
 *
 *   Area ── s1 (1.0): e1 1.0 (salary 120,000/yr)
 *   ├── Team B ── s2 (1.0): e2 0.5 (salary 60,000/yr) + vacancy v1 0.5 (salary 120,000)
 *   │   │         s3 (0.5): empty
 *   │   └── Squad D ── s4 (1.0): c1 1.0 until 03-20 (3,100/month), then e3 1.0 from 03-21 (salary 37,200/yr)
 *   │                  s5 (0.5): e2 0.5
 *   └── Team C ── s6 (1.0) from 04-01 (not open yet); s7 (1.0) retired 02-28 with e4 (salary 12,000/yr) until 02-28
 */
function worked() {
  const zero = {
    headcount: 0,
    positions: 0,
    filledPositions: 0,
    openPositions: 0,
    requiredFte: 0,
    filledFte: 0,
    plannedFte: 0,
    arrivals30: 0,
    leavers30: 0,
    monthlyCost: 0,
    unpricedPeople: 0,
  };
  return {
    // c1 on the day; e2 in s5; e3 arrives 03-21, c1 leaves (last day 03-20); cost 3100*20/31 + 3100*11/31 + 5000*0.5.
    squadD: {
      headcount: 2,
      positions: 2,
      filledPositions: 2,
      openPositions: 0,
      requiredFte: 1.5,
      filledFte: 1.5,
      plannedFte: 0,
      arrivals30: 1,
      leavers30: 1,
      monthlyCost: 5600,
      unpricedPeople: 0,
    },
    // + s2 (e2 0.5 of 1.0: filled and short; the vacancy is not an occupant) and s3 (empty: short); e2 counted once.
    teamB: {
      headcount: 2,
      positions: 4,
      filledPositions: 3,
      openPositions: 2,
      requiredFte: 3,
      filledFte: 2,
      // v1 0.5 in s2: a planned hire (spec 03 §1 item 11).
      plannedFte: 0.5,
      arrivals30: 1,
      leavers30: 1,
      monthlyCost: 8100,
      unpricedPeople: 0,
    },
    teamC: zero,
    // + s1 (e1 full) and Team C.
    area: {
      headcount: 3,
      positions: 5,
      filledPositions: 4,
      openPositions: 2,
      requiredFte: 4,
      filledFte: 3,
      plannedFte: 0.5,
      arrivals30: 1,
      leavers30: 1,
      monthlyCost: 18100,
      unpricedPeople: 0,
    },
  };
}

describe('functional structure figures and tree (document 02, spec 03 §1.6)', () => {
  let t: TestApp;
  let org: Tenant;
  const ids: Record<string, string> = {};
  beforeAll(async () => {
    t = await TestApp.start();
    org = await t.createTenant({ reportingCurrency: 'USD' });
    const f = fs(t, org);
    const salary = (amount: number) => ({ salary: { effectiveDate: '2025-01-01', salary: amount, currencyCode: 'USD' } });
    ids.area = await f.group({ name: 'Area' });
    ids.teamC = await f.group({ name: 'Team C', parentFunctionalGroupId: ids.area });
    ids.teamB = await f.group({ name: 'Team B', parentFunctionalGroupId: ids.area });
    ids.squadD = await f.group({ name: 'Squad D', parentFunctionalGroupId: ids.teamB });
    const e1 = await f.employee(salary(120000));
    const e2 = (ids.e2 = await f.employee(salary(60000)));
    const e3 = (ids.e3 = await f.employee(salary(37200)));
    const e4 = await f.employee(salary(12000));
    const c1 = (ids.c1 = await f.contractor({
      rateAdjustment: { effectiveDate: '2025-01-01', rate: 3100, rateType: 'monthly', currencyCode: 'USD' },
    }));
    const v1 = (ids.v1 = await f.vacancy({ salary: 120000 }));
    const s1 = (ids.s1 = await f.position(ids.area, { name: 's1' }));
    const s2 = (ids.s2 = await f.position(ids.teamB, { name: 's2' }));
    ids.s3 = await f.position(ids.teamB, { name: 's3', requiredFte: 0.5 });
    const s4 = (ids.s4 = await f.position(ids.squadD, { name: 's4' }));
    const s5 = (ids.s5 = await f.position(ids.squadD, { name: 's5', requiredFte: 0.5 }));
    await f.position(ids.teamC, { name: 's6', startDate: '2026-04-01' });
    const s7 = await f.position(ids.teamC, { name: 's7', endDate: '2026-02-28' });
    await f.assign(s1, { employeeId: e1 });
    await f.assign(s2, { employeeId: e2, fte: 0.5 });
    await f.assign(s2, { vacancyId: v1, fte: 0.5 });
    await f.assign(s4, { contractorId: c1, endDate: '2026-03-20' });
    await f.assign(s4, { employeeId: e3, startDate: '2026-03-21' });
    await f.assign(s5, { employeeId: e2, fte: 0.5 });
    await f.assign(s7, { employeeId: e4, endDate: '2026-02-28' });
  });
  afterAll(() => t.close());

  type Node = { id: string; name: string; figures: Record<string, number | null>; managers: unknown[]; children: Node[] };
  const flatten = (nodes: Node[]): Node[] => nodes.flatMap((n) => [n, ...flatten(n.children)]);

  it('02/figures + 03 §1.6: the worked example, every figure of every group rolled up over descendants on the as-of day', async () => {
    const res = await org.api('get', '/functional-groups/tree?asOf=2026-03-10').expect(200);
    expect(res.body.data.totalGroups).toBe(4);
    expect(res.body.data.truncated).toBe(false);
    const nodes = flatten(res.body.data.groups);
    const expected = worked();
    expect(Object.fromEntries(nodes.map((n) => [n.id, n.figures]))).toEqual({
      [ids.area]: expected.area,
      [ids.teamB]: expected.teamB,
      [ids.squadD]: expected.squadD,
      [ids.teamC]: expected.teamC,
    });
  });

  it('03/§1.11: plannedFte is the fte of vacancy assignments in the seats on the as-of day, descendants included, and counts nowhere else', async () => {
    const other = await t.createTenant();
    const f = fs(t, other);
    const top = await f.group({ name: 'Top' });
    const child = await f.group({ name: 'Child', parentFunctionalGroupId: top });
    const seat = await f.position(child, { name: 'Seat', requiredFte: 1 });
    const future = await f.position(top, { name: 'Later' });
    await f.assign(seat, { vacancyId: await f.vacancy(), fte: 0.25 });
    await f.assign(seat, { vacancyId: await f.vacancy(), fte: 0.5, endDate: '2026-03-09' }); // ended the day before
    await f.assign(future, { vacancyId: await f.vacancy(), fte: 0.75, startDate: '2026-03-11' }); // starts the day after
    const nodes = flatten((await other.api('get', '/functional-groups/tree?asOf=2026-03-10').expect(200)).body.data.groups);
    const figures = Object.fromEntries(nodes.map((n) => [n.name, n.figures]));
    expect(figures.Child).toMatchObject({ plannedFte: 0.25, headcount: 0, filledFte: 0, filledPositions: 0, openPositions: 1 });
    expect(figures.Top).toMatchObject({ plannedFte: 0.25, headcount: 0, filledFte: 0, positions: 2 });
    const summary = (await other.api('get', `/functional-groups/${top}/summary?asOf=2026-03-11`).expect(200)).body.data;
    expect(summary.figures.plannedFte).toBe(1);
  });

  it('02/reads: GET /tree nests the hierarchy of the day in name order with viewerAccess, hasChildren and managers', async () => {
    const res = await org.api('get', '/functional-groups/tree?asOf=2026-03-10').expect(200);
    const shape = (nodes: Node[]): unknown[] => nodes.map((n) => ({ name: n.name, managers: n.managers, children: shape(n.children) }));
    expect(shape(res.body.data.groups)).toEqual([
      {
        name: 'Area',
        managers: [],
        children: [
          { name: 'Team B', managers: [], children: [{ name: 'Squad D', managers: [], children: [] }] },
          { name: 'Team C', managers: [], children: [] },
        ],
      },
    ]);
    expect(res.body.data.groups[0]).toMatchObject({
      id: ids.area,
      parentFunctionalGroupId: null,
      viewerAccess: 'EDITOR',
      hasChildren: true,
    });
    // Before the groups existed the tree is empty; later days see later seats (s6 opens 04-01) and occupants.
    expect((await org.api('get', '/functional-groups/tree?asOf=2025-12-31').expect(200)).body.data).toEqual({
      groups: [],
      totalGroups: 0,
      truncated: false,
    });
    const april = flatten((await org.api('get', '/functional-groups/tree?asOf=2026-04-01').expect(200)).body.data.groups);
    expect(april.find((n) => n.id === ids.teamC)!.figures).toMatchObject({ positions: 1, openPositions: 1, requiredFte: 1, headcount: 0 });
    expect(april.find((n) => n.id === ids.squadD)!.figures).toMatchObject({ headcount: 2, arrivals30: 0, leavers30: 0 });
  });

  it('02/figures: monthlyCost is null unless the key has financials_view_summary and its creator view_costs', async () => {
    const noKeyPermission = await t.createKey(
      org,
      API_PERMISSIONS.filter((p) => p !== 'financials_view_summary'),
    );
    const res = await t
      .http()
      .get(`/api/v1/org/${org.orgId}/functional-groups/tree?asOf=2026-03-10`)
      .set('Authorization', `Bearer ${noKeyPermission.key}`)
      .expect(200);
    const nodes = flatten(res.body.data.groups);
    expect(nodes.map((n) => n.figures.monthlyCost)).toEqual([null, null, null, null]);
    expect(nodes.find((n) => n.id === ids.area)!.figures).toEqual({ ...worked().area, monthlyCost: null, unpricedPeople: null });
    const user = await t
      .admin('post', `/organizations/${org.orgId}/users`)
      .send({
        email: `nocost.${process.pid}@example.com`,
        name: 'No cost',
        permissions: [...API_PERMISSIONS, 'edit_all_functional_groups'],
      })
      .expect(201);
    const key = await t
      .admin('post', `/organizations/${org.orgId}/users/${user.body.data.id}/api-keys`)
      .send({ name: 'k', permissions: [...API_PERMISSIONS] })
      .expect(201);
    const noCreatorCost = await t
      .http()
      .get(`/api/v1/org/${org.orgId}/functional-groups/tree?asOf=2026-03-10`)
      .set('Authorization', `Bearer ${key.body.data.key}`)
      .expect(200);
    expect(flatten(noCreatorCost.body.data.groups).map((n) => n.figures.monthlyCost)).toEqual([null, null, null, null]);
  });

  it('02/reads: GET /tree returns at most 500 groups and says when it is truncated; asOf is validated', async () => {
    const big = await t.createTenant();
    const [plan] = await t.dataSource.query(`SELECT id FROM plans WHERE organization_id = $1 AND kind = 'LIVE'`, [big.orgId]);
    const root = await fs(t, big).group({ name: 'Root' });
    // 501 children inserted directly (the write path is tested elsewhere): 502 groups in all.
    await t.dataSource.query(
      `INSERT INTO functional_groups (plan_id, id, organization_id, name, start_date, created_at, updated_at)
       SELECT $1, 'cbulk' || lpad(n::text, 20, '0'), $2, 'Child ' || lpad(n::text, 4, '0'), '2026-01-01', now(), now() FROM generate_series(1, 501) n`,
      [plan.id, big.orgId],
    );
    await t.dataSource.query(
      `INSERT INTO functional_group_placements (plan_id, id, organization_id, group_id, parent_group_id, start_date, created_at, updated_at)
       SELECT $1, 'cplace' || lpad(n::text, 19, '0'), $2, 'cbulk' || lpad(n::text, 20, '0'), $3, '2026-01-01', now(), now() FROM generate_series(1, 501) n`,
      [plan.id, big.orgId, root],
    );
    const res = await big.api('get', '/functional-groups/tree?asOf=2026-03-01').expect(200);
    expect([res.body.data.totalGroups, res.body.data.truncated, flatten(res.body.data.groups).length]).toEqual([502, true, TREE_LIMIT]);
    expect(res.body.data.groups[0].children.at(-1).name).toBe('Child 0499');
    expect(err(await big.api('get', '/functional-groups/tree?asOf=2026-13-01'))).toEqual({ status: 400, code: 'INVALID_INPUT' });
  });
  it('02/reads: GET /:id/summary gives figures, arrivals and leavers by name, the twelve-month schedule and bridge, and the last changes', async () => {
    const res = await org.api('get', `/functional-groups/${ids.teamB}/summary?asOf=2026-03-10`).expect(200);
    const data = res.body.data;
    expect(data).toMatchObject({
      id: ids.teamB,
      name: 'Team B',
      asOf: '2026-03-10',
      viewerAccess: 'EDITOR',
      hasChildren: true,
      figures: worked().teamB,
    });
    expect(data.arrivals).toEqual([
      expect.objectContaining({
        positionId: ids.s4,
        positionName: 's4',
        kind: 'employee',
        personId: ids.e3,
        fte: 1,
        startDate: '2026-03-21',
        endDate: null,
      }),
    ]);
    expect(data.leavers).toEqual([
      expect.objectContaining({
        positionId: ids.s4,
        kind: 'contractor',
        personId: ids.c1,
        name: 'C',
        startDate: '2026-01-01',
        endDate: '2026-03-20',
      }),
    ]);
    expect(data.schedule.from).toBe('2026-03-10');
    expect(data.schedule.to).toBe('2027-03-09');
    expect(
      data.schedule.positions.map((p: { id: string; occupancies: { personId: string }[] }) => [
        p.id,
        p.occupancies.map((o) => o.personId).sort(),
      ]),
    ).toEqual([
      [ids.s2, [ids.e2, ids.v1].sort()],
      [ids.s3, []],
      [ids.s4, [ids.c1, ids.e3].sort()],
      [ids.s5, [ids.e2]],
    ]);
    // e2 holds two seats of Team B at once: one stay. c1 leaves (last day 03-20), e3 joins 03-21.
    expect(data.bridge).toHaveLength(12);
    expect(data.bridge[0]).toEqual({ month: '2026-03', opening: 2, joiners: 1, leavers: 1, closing: 2, cost: 8100 });
    for (const [i, row] of data.bridge.slice(1).entries()) {
      expect(row).toEqual({
        month: i + 4 <= 12 ? `2026-${String(i + 4).padStart(2, '0')}` : `2027-0${i - 8}`,
        opening: 2,
        joiners: 0,
        leavers: 0,
        closing: 2,
        cost: 8100,
      });
    }
    // 2 groups, 4 seats and 5 occupancies were created in Team B's subtree, newest first.
    expect(data.recentChanges).toHaveLength(11);
    expect(data.recentChanges[0]).toMatchObject({
      entityType: 'functional_assignment',
      changeType: 'create',
      after: expect.objectContaining({ functionalPositionId: ids.s5 }),
    });
    expect(data.recentChanges.at(-1)).toMatchObject({ entityType: 'functional_group', entityId: ids.teamB, changeType: 'create' });

    const area = (await org.api('get', `/functional-groups/${ids.area}/summary?asOf=2026-03-10`).expect(200)).body.data;
    expect(area.figures).toEqual(worked().area);
    // e4's last day is 02-28: in the opening (February's closing) and a leaver of March, the month of the first day without e4.
    expect(area.bridge[0]).toEqual({ month: '2026-03', opening: 4, joiners: 1, leavers: 2, closing: 3, cost: 18100 });
    expect(area.bridge[1]).toEqual({ month: '2026-04', opening: 3, joiners: 0, leavers: 0, closing: 3, cost: 18100 });
    expect(area.recentChanges).toHaveLength(18);
    const noCost = await t.createKey(
      org,
      API_PERMISSIONS.filter((p) => p !== 'financials_view_summary'),
    );
    const hidden = (
      await t
        .http()
        .get(`/api/v1/org/${org.orgId}/functional-groups/${ids.teamB}/summary?asOf=2026-03-10`)
        .set('Authorization', `Bearer ${noCost.key}`)
        .expect(200)
    ).body.data;
    expect([hidden.figures.monthlyCost, ...hidden.bridge.map((b: { cost: number | null }) => b.cost)]).toEqual(Array(13).fill(null));
    expect(err(await org.api('get', `/functional-groups/${ids.teamB}/summary?asOf=2025-12-31`))).toEqual({
      status: 404,
      code: 'NOT_FOUND',
    });
  });

  it('06/§1.3: a person paid in a currency with no rate is counted in unpricedPeople, not silently 0 in monthlyCost', async () => {
    const other = await t.createTenant({ reportingCurrency: 'USD' });
    const f = fs(t, other);
    const group = await f.group({ name: 'Far' });
    const paid = await f.employee({ salary: { effectiveDate: '2025-01-01', salary: 120000, currencyCode: 'USD' } });
    const pound = await f.employee({ salary: { effectiveDate: '2025-01-01', salary: 60000, currencyCode: 'GBP' } });
    await f.assign(await f.position(group, { name: 'a' }), { employeeId: paid });
    await f.assign(await f.position(group, { name: 'b' }), { employeeId: pound });
    const tree = (await other.api('get', '/functional-groups/tree?asOf=2026-03-10').expect(200)).body.data.groups;
    expect(tree[0].figures).toMatchObject({ headcount: 2, monthlyCost: 10000, unpricedPeople: 1 });
    const summary = (await other.api('get', `/functional-groups/${group}/summary?asOf=2026-03-10`).expect(200)).body.data;
    expect(summary.figures).toMatchObject({ monthlyCost: 10000, unpricedPeople: 1 });
  });
});
