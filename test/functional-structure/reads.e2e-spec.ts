import { API_PERMISSIONS } from '../../src/common/auth/permissions';
import { Tenant, TestApp } from '../support/test-app';
import { err, fs } from './support';

type Query = Record<string, string | number | boolean | undefined>;

/** GET /functional-groups<p> with a query. */
function get(org: Tenant, p: string, query: Query = {}) {
  const qs = new URLSearchParams(
    Object.entries(query)
      .filter((e): e is [string, string | number | boolean] => e[1] !== undefined)
      .map(([k, v]): [string, string] => [k, String(v)]),
  ).toString();
  return org.api('get', `/functional-groups${p}${qs ? `?${qs}` : ''}`);
}

/** A tenant for the same organization whose key belongs to a new user with `userPermissions` and carries `keyPermissions`. */
async function otherUser(
  t: TestApp,
  org: Tenant,
  userPermissions: string[],
  keyPermissions: string[] = [...API_PERMISSIONS],
): Promise<Tenant> {
  const user = await t
    .admin('post', `/organizations/${org.orgId}/users`)
    .send({
      email: `reader${Math.random().toString(36).slice(2)}.${process.pid}@example.com`,
      name: 'Reader',
      permissions: userPermissions,
    })
    .expect(201);
  const key = await t
    .admin('post', `/organizations/${org.orgId}/users/${user.body.data.id}/api-keys`)
    .send({ name: 'k', permissions: keyPermissions })
    .expect(201);
  return t.asKey(org, key.body.data.key, { userId: user.body.data.id });
}

describe('functional structure reads (document 02)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await TestApp.start();
  });
  afterAll(() => t.close());

  it('02/reads: GET / lists the groups active on asOf by name with search, parentId, rootsOnly, offset, limit, total, canCreateRoot, canShare', async () => {
    const org = await t.createTenant();
    const f = fs(t, org);
    const beta = await f.group({ name: 'Beta', description: 'platform work' });
    const alpha = await f.group({ name: 'Alpha' });
    const gamma = await f.group({ name: 'Gamma', parentFunctionalGroupId: alpha });
    await f.group({ name: 'Retired', startDate: '2026-01-01', endDate: '2026-02-28' });
    await f.group({ name: 'Future', startDate: '2026-04-01' });

    const all = await get(org, '', { asOf: '2026-03-01' }).expect(200);
    expect(Object.keys(all.body)).toEqual(['data']);
    expect(all.body.data).toEqual({ groups: expect.any(Array), total: 3, canCreateRoot: true, canShare: true });
    expect(all.body.data.groups.map((g: { name: string }) => g.name)).toEqual(['Alpha', 'Beta', 'Gamma']);
    expect(all.body.data.groups[0]).toEqual({
      id: alpha,
      name: 'Alpha',
      groupType: null,
      description: null,
      externalId: null,
      parentFunctionalGroupId: null,
      startDate: '2026-01-01',
      endDate: null,
      viewerAccess: 'EDITOR',
      hasChildren: true,
    });
    expect(all.body.data.groups[2]).toMatchObject({ id: gamma, parentFunctionalGroupId: alpha, hasChildren: false });

    const names = async (query: Query) => (await get(org, '', { asOf: '2026-03-01', ...query }).expect(200)).body.data;
    expect((await names({ rootsOnly: true })).groups.map((g: { id: string }) => g.id)).toEqual([alpha, beta]);
    expect((await names({ parentId: alpha })).groups.map((g: { id: string }) => g.id)).toEqual([gamma]);
    expect((await names({ search: 'AMM' })).groups.map((g: { id: string }) => g.id)).toEqual([gamma]);
    expect((await names({ search: 'PLATFORM' })).groups.map((g: { id: string }) => g.id)).toEqual([beta]);
    const page = await names({ offset: 1, limit: 1 });
    expect([page.groups.map((g: { id: string }) => g.id), page.total]).toEqual([[beta], 3]);
    expect((await names({ asOf: '2026-02-15' })).groups.map((g: { name: string }) => g.name)).toEqual([
      'Alpha',
      'Beta',
      'Gamma',
      'Retired',
    ]);
    expect((await names({ asOf: '2026-04-01' })).groups.map((g: { name: string }) => g.name)).toEqual(['Alpha', 'Beta', 'Future', 'Gamma']);
    // Before the move day Gamma is under Alpha, from it at the top level.
    await f.post(`/${gamma}/move`, { parentFunctionalGroupId: null, effectiveDate: '2026-05-01' }).expect(200);
    expect((await names({ asOf: '2026-05-01', rootsOnly: true })).groups.map((g: { name: string }) => g.name)).toEqual([
      'Alpha',
      'Beta',
      'Future',
      'Gamma',
    ]);
    expect((await names({ asOf: '2026-04-30', parentId: alpha })).groups.map((g: { id: string }) => g.id)).toEqual([gamma]);
  });

  it('02/reads: query validation is 400 INVALID_INPUT (asOf, limit above 100, negative offset, rootsOnly not a boolean)', async () => {
    const org = await t.createTenant();
    for (const query of [{ asOf: '2026-02-30' }, { limit: 101 }, { offset: -1 }, { rootsOnly: 'maybe' }]) {
      expect([query, err(await get(org, '', query))]).toEqual([query, { status: 400, code: 'INVALID_INPUT' }]);
    }
  });

  it('02/authentication: without "Edit all functional groups" a READER grant shows the group as READER, canCreateRoot is false; without share, canShare is false', async () => {
    const org = await t.createTenant();
    const g = await fs(t, org).group({ name: 'Only' });
    const reader = await otherUser(t, org, [...API_PERMISSIONS]);
    await org
      .api('post', '/functional-groups/access')
      .send({ functionalGroupId: g, resourceType: 'USER', resourceId: reader.userId, access: 'READER' })
      .expect(201);
    const res = await get(reader, '', { asOf: '2026-03-01' }).expect(200);
    expect(res.body.data).toMatchObject({ total: 1, canCreateRoot: false, canShare: false, groups: [{ id: g, viewerAccess: 'READER' }] });
    expect((await get(reader, `/${g}`, { asOf: '2026-03-01' }).expect(200)).body.data.viewerAccess).toBe('READER');
    const noView = await otherUser(
      t,
      org,
      ['*'],
      API_PERMISSIONS.filter((p) => p !== 'functional_groups_view'),
    );
    for (const p of ['', `/${g}`, '/tree', `/${g}/positions`, `/groups/${g}/custom-attributes`]) {
      expect([p, err(await get(noView, p))]).toEqual([p, { status: 403, code: 'FORBIDDEN' }]);
    }
  });

  it('02/switch: with the module off every read answers 403 FEATURE_DISABLED', async () => {
    const org = await t.createTenant({ functionalGroupsEnabled: false });
    const id = 'cabcdefghijklmnopqrstuvwx';
    for (const p of ['', `/${id}`, '/tree', `/${id}/positions`, `/groups/${id}/custom-attributes`, `/positions/${id}/custom-attributes`]) {
      expect([p, err(await get(org, p))]).toEqual([p, { status: 403, code: 'FEATURE_DISABLED' }]);
    }
  });

  it('02/reads: GET /:id by id or externalId with parent, a page of positions with occupants, totalPositions, accessGrants and history; 404 off its dates', async () => {
    const org = await t.createTenant();
    const f = fs(t, org);
    const root = await f.group({ name: 'Root', externalId: 'R-1' });
    const team = await f.group({
      name: 'Team',
      groupType: 'team',
      externalId: 'T-1',
      parentFunctionalGroupId: root,
      startDate: '2026-02-01',
      endDate: '2026-12-31',
    });
    const seat = (body: Record<string, unknown>) => f.position(team, { startDate: '2026-02-01', endDate: '2026-12-31', ...body });
    const seatB = await seat({ name: 'B seat', requiredFte: 1 });
    const seatA = await seat({ name: 'A seat', requiredFte: 0.5, externalId: 'P-A' });
    await seat({ name: 'C seat' });
    await seat({ name: 'Later seat', startDate: '2026-06-01' });
    const e = await f.employee({ firstName: 'Ada', lastName: 'Lovelace' });
    const v = await f.vacancy({ role: 'Backend hire' });
    const a1 = await f.assign(seatB, { employeeId: e, fte: 0.5, startDate: '2026-02-01', endDate: '2026-12-31' });
    const a2 = await f.assign(seatB, { vacancyId: v, fte: 0.5, startDate: '2026-02-01', endDate: '2026-12-31' });
    await f.assign(seatA, { employeeId: e, fte: 0.5, startDate: '2026-02-01', endDate: '2026-02-28' });
    await f.post('/structure/move', { kind: 'POSITION', id: seatA, targetPositionId: seatB, effectiveDate: '2026-02-01' }).expect(200);

    const res = await get(org, '/T-1', { asOf: '2026-03-01', limit: 2 }).expect(200);
    expect(res.body.data).toEqual({
      id: team,
      name: 'Team',
      groupType: 'team',
      description: null,
      externalId: 'T-1',
      parentFunctionalGroupId: root,
      startDate: '2026-02-01',
      endDate: '2026-12-31',
      viewerAccess: 'EDITOR',
      hasChildren: false,
      parent: { id: root, name: 'Root', externalId: 'R-1' },
      positions: [
        {
          id: seatA,
          functionalGroupId: team,
          name: 'A seat',
          description: null,
          externalId: 'P-A',
          jobRoleId: null,
          requiredFte: 0.5,
          reportsToPositionId: seatB,
          startDate: '2026-02-01',
          endDate: '2026-12-31',
          assignments: [],
        },
        {
          id: seatB,
          functionalGroupId: team,
          name: 'B seat',
          description: null,
          externalId: null,
          jobRoleId: null,
          requiredFte: 1,
          reportsToPositionId: null,
          startDate: '2026-02-01',
          endDate: '2026-12-31',
          assignments: [
            {
              id: a1,
              functionalPositionId: seatB,
              employeeId: e,
              contractorId: null,
              vacancyId: null,
              name: 'Ada Lovelace',
              fte: 0.5,
              startDate: '2026-02-01',
              endDate: '2026-12-31',
            },
            {
              id: a2,
              functionalPositionId: seatB,
              employeeId: null,
              contractorId: null,
              vacancyId: v,
              name: 'Backend hire',
              fte: 0.5,
              startDate: '2026-02-01',
              endDate: '2026-12-31',
            },
          ],
        },
      ],
      totalPositions: 3,
      accessGrants: [],
      history: expect.any(Array),
    });
    expect(res.body.data.history.map((h: { changeType: string }) => h.changeType)).toEqual(['create']);
    expect(res.body.data.history[0]).toMatchObject({
      entityType: 'functional_group',
      after: expect.objectContaining({ name: 'Team' }),
      changedAt: expect.any(String),
    });
    const byId = await get(org, `/${team}`, { asOf: '2026-03-01', offset: 2 }).expect(200);
    expect([byId.body.data.id, byId.body.data.positions.map((p: { name: string }) => p.name), byId.body.data.totalPositions]).toEqual([
      team,
      ['C seat'],
      3,
    ]);
    expect((await get(org, `/${team}`, { asOf: '2026-02-15' }).expect(200)).body.data.positions[0].assignments).toHaveLength(1);
    expect((await get(org, `/${team}`, { asOf: '2026-07-01' }).expect(200)).body.data.totalPositions).toBe(4);
    expect((await get(org, `/${root}`, { asOf: '2026-03-01' }).expect(200)).body.data).toMatchObject({
      parent: null,
      hasChildren: true,
      totalPositions: 0,
    });
    expect((await get(org, `/${root}`, { asOf: '2026-01-15' }).expect(200)).body.data.hasChildren).toBe(false);

    for (const asOf of ['2026-01-31', '2027-01-01'])
      expect(err(await get(org, `/${team}`, { asOf }))).toEqual({ status: 404, code: 'NOT_FOUND' });
    expect(err(await get(org, '/cnosuchgroup0000000000000'))).toEqual({ status: 404, code: 'NOT_FOUND' });
    const other = await t.createTenant();
    expect(err(await get(other, `/${team}`, { asOf: '2026-03-01' }))).toEqual({ status: 404, code: 'NOT_FOUND' });
    expect((await get(other, '', { asOf: '2026-03-01' }).expect(200)).body.data.total).toBe(0);
  });

  it('02/reads: scenarioId reads the scenario; live reads do not see it', async () => {
    const org = await t.createTenant();
    await fs(t, org).group({ name: 'Live' });
    const s = (await t.admin('post', `/organizations/${org.orgId}/scenarios`).send({ name: 'Re-org' }).expect(201)).body.data.id;
    const inScenario = await fs(t, org, s).group({ name: 'Planned' });
    const names = async (query: Query) =>
      (await get(org, '', { asOf: '2026-03-01', ...query }).expect(200)).body.data.groups.map((g: { name: string }) => g.name);
    expect(await names({})).toEqual(['Live']);
    expect(await names({ scenarioId: s })).toEqual(['Live', 'Planned']);
    expect(err(await get(org, `/${inScenario}`, { asOf: '2026-03-01' }))).toEqual({ status: 404, code: 'NOT_FOUND' });
    expect((await get(org, `/${inScenario}`, { asOf: '2026-03-01', scenarioId: s }).expect(200)).body.data.name).toBe('Planned');
  });
  it('02/reads: GET /:id/positions lists the seats open on asOf with occupants; search, parentId (reports to), rootsOnly, offset, limit; 404 for an inactive group', async () => {
    const org = await t.createTenant();
    const f = fs(t, org);
    const g = await f.group({ name: 'Team', externalId: 'TEAM' });
    const lead = await f.position(g, { name: 'Lead', description: 'runs the team' });
    const dev1 = await f.position(g, { name: 'Developer 1' });
    const dev2 = await f.position(g, { name: 'Developer 2' });
    await f.position(g, { name: 'Retired', endDate: '2026-02-28' });
    await f.position(await f.group({ name: 'Other' }), { name: 'Developer elsewhere' });
    for (const id of [dev1, dev2])
      await f.post('/structure/move', { kind: 'POSITION', id, targetPositionId: lead, effectiveDate: '2026-03-01' }).expect(200);
    const c = await f.contractor({ name: 'Acme' });
    const a = await f.assign(dev1, { contractorId: c, fte: 0.5 });
    const ids = async (query: Query, group = g) => {
      const res = await get(org, `/${group}/positions`, { asOf: '2026-03-01', ...query }).expect(200);
      return [res.body.data.positions.map((p: { id: string }) => p.id), res.body.data.total];
    };
    expect(await ids({})).toEqual([[dev1, dev2, lead], 3]);
    expect(await ids({}, 'TEAM')).toEqual([[dev1, dev2, lead], 3]);
    expect(await ids({ asOf: '2026-02-01' })).toEqual([[dev1, dev2, lead, expect.any(String)], 4]);
    expect(await ids({ parentId: lead })).toEqual([[dev1, dev2], 2]);
    expect(await ids({ parentId: lead, asOf: '2026-02-28' })).toEqual([[], 0]);
    expect(await ids({ rootsOnly: true })).toEqual([[lead], 1]);
    expect(await ids({ search: 'RUNS' })).toEqual([[lead], 1]);
    expect(await ids({ search: 'developer', offset: 1, limit: 1 })).toEqual([[dev2], 2]);
    const first = (await get(org, `/${g}/positions`, { asOf: '2026-03-01', limit: 1 }).expect(200)).body.data.positions[0];
    expect(first).toMatchObject({
      id: dev1,
      reportsToPositionId: lead,
      requiredFte: 1,
      assignments: [{ id: a, contractorId: c, name: 'Acme', fte: 0.5 }],
    });
    expect(err(await get(org, `/${g}/positions`, { asOf: '2025-12-31' }))).toEqual({ status: 404, code: 'NOT_FOUND' });
  });

  it('02/reads: GET /groups/:id/custom-attributes and /positions/:id/custom-attributes return the values; 404 when the record is not active on asOf', async () => {
    const org = await t.createTenant();
    const f = fs(t, org);
    const g = await f.group({ name: 'Team', endDate: '2026-12-31' });
    const seat = await f.position(g, { name: 'Seat', endDate: '2026-06-30' });
    const groupDef = (
      await org
        .api('post', '/custom-attributes')
        .send({ entityType: 'FUNCTIONAL_GROUP', name: 'Budget', attributeKey: 'budget', fieldType: 'STRING' })
        .expect(201)
    ).body.data.id;
    const seatDef = (
      await org
        .api('post', '/custom-attributes')
        .send({ entityType: 'FUNCTIONAL_POSITION', name: 'Level', attributeKey: 'level', fieldType: 'NUMBER' })
        .expect(201)
    ).body.data.id;
    await f.put(`/groups/${g}/custom-attributes/${groupDef}`, { stringValue: 'B-1' }).expect(200);
    await f.put(`/positions/${seat}/custom-attributes/${seatDef}`, { numberValue: 3 }).expect(200);
    const groupValues = (await get(org, `/groups/${g}/custom-attributes`, { asOf: '2026-03-01' }).expect(200)).body.data;
    expect(groupValues).toEqual([
      expect.objectContaining({
        definitionId: groupDef,
        entityType: 'FUNCTIONAL_GROUP',
        entityId: g,
        stringValue: 'B-1',
        definition: expect.objectContaining({ attributeKey: 'budget' }),
      }),
    ]);
    const seatValues = (await get(org, `/positions/${seat}/custom-attributes`, { asOf: '2026-03-01' }).expect(200)).body.data;
    expect(seatValues).toEqual([
      expect.objectContaining({ definitionId: seatDef, entityType: 'FUNCTIONAL_POSITION', entityId: seat, numberValue: 3 }),
    ]);
    expect(err(await get(org, `/positions/${seat}/custom-attributes`, { asOf: '2026-07-01' }))).toEqual({ status: 404, code: 'NOT_FOUND' });
    expect(err(await get(org, `/groups/${g}/custom-attributes`, { asOf: '2027-01-01' }))).toEqual({ status: 404, code: 'NOT_FOUND' });
    expect(err(await get(org, `/positions/${g}/custom-attributes`, { asOf: '2026-03-01' }))).toEqual({ status: 404, code: 'NOT_FOUND' });
    expect(err(await get(await t.createTenant(), `/groups/${g}/custom-attributes`, { asOf: '2026-03-01' }))).toEqual({
      status: 404,
      code: 'NOT_FOUND',
    });
  });
});
