import { API_PERMISSIONS } from '../../src/common/auth/permissions';
import { changesOf } from '../support/changes';
import { TestApp } from '../support/test-app';
import { err, fs } from './support';

describe('functional structure: switch, permissions, scenarios, history (document 02)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await TestApp.start();
  });
  afterAll(() => t.close());

  const writes = (id: string): [string, string, object][] => [
    ['post', '', { name: 'G', startDate: '2026-01-01' }],
    ['put', `/${id}`, { name: 'G', startDate: '2026-01-01' }],
    ['post', `/${id}/move`, { parentFunctionalGroupId: null, effectiveDate: '2026-01-01' }],
    ['post', '/positions', { functionalGroupId: id, name: 'S', requiredFte: 1, startDate: '2026-01-01' }],
    ['put', `/positions/${id}`, { functionalGroupId: id, name: 'S', requiredFte: 1, startDate: '2026-01-01' }],
    ['post', '/assignments', { functionalPositionId: id, employeeId: id, fte: 1, startDate: '2026-01-01' }],
    ['put', `/assignments/${id}`, { functionalPositionId: id, employeeId: id, fte: 1, startDate: '2026-01-01' }],
    ['post', '/structure/move', { kind: 'POSITION', id, targetPositionId: null, effectiveDate: '2026-01-01' }],
    ['put', `/groups/${id}/custom-attributes/${id}`, { stringValue: 'x' }],
    ['delete', `/groups/${id}/custom-attributes/${id}`, {}],
    ['put', `/positions/${id}/custom-attributes/${id}`, { stringValue: 'x' }],
    ['delete', `/positions/${id}/custom-attributes/${id}`, {}],
  ];

  it('02/switch: with the module off, every endpoint answers 403 FEATURE_DISABLED (after authentication)', async () => {
    const org = await t.createTenant({ functionalGroupsEnabled: false });
    for (const [method, path, body] of writes('cabcdefghijklmnopqrstuvwx')) {
      const res = await org.api(method as 'post', `/functional-groups${path}`).send(body);
      expect([path, err(res)]).toEqual([path, { status: 403, code: 'FEATURE_DISABLED' }]);
    }
    await t.http().post(`/api/v1/org/${org.orgId}/functional-groups`).send({}).expect(401);
    await t.admin('patch', `/organizations/${org.orgId}`).send({ functionalGroupsEnabled: true }).expect(200);
    await fs(t, org).group();
  });

  it('02/authentication: writes need the key permission functional_groups_edit (403 FORBIDDEN)', async () => {
    const org = await t.createTenant({ keyPermissions: API_PERMISSIONS.filter((p) => p !== 'functional_groups_edit') });
    for (const [method, path, body] of writes('cabcdefghijklmnopqrstuvwx')) {
      expect([path, err(await org.api(method as 'post', `/functional-groups${path}`).send(body))]).toEqual([
        path,
        { status: 403, code: 'FORBIDDEN' },
      ]);
    }
  });

  it('02/authentication: without "Edit all functional groups" the creator may not create top-level groups, change groups or move to the top', async () => {
    const admin = await t.createTenant();
    const g = await fs(t, admin).group();
    const userWithout = await t
      .admin('post', `/organizations/${admin.orgId}/users`)
      .send({ email: `noedit.${process.pid}@example.com`, name: 'No edit', permissions: [...API_PERMISSIONS] })
      .expect(201);
    const key = await t
      .admin('post', `/organizations/${admin.orgId}/users/${userWithout.body.data.id}/api-keys`)
      .send({ name: 'k', permissions: [...API_PERMISSIONS] })
      .expect(201);
    const limited = t.asKey(admin, key.body.data.key);
    const f = fs(t, limited);
    expect(err(await f.post('', { name: 'Top', startDate: '2026-01-01' }))).toEqual({ status: 403, code: 'FORBIDDEN' });
    expect(err(await f.post('', { name: 'Child', startDate: '2026-01-01', parentFunctionalGroupId: g }))).toEqual({
      status: 403,
      code: 'FORBIDDEN',
    });
    expect(err(await f.put(`/${g}`, { name: 'Renamed', startDate: '2026-01-01' }))).toEqual({ status: 403, code: 'FORBIDDEN' });
    expect(err(await f.post(`/${g}/move`, { parentFunctionalGroupId: null, effectiveDate: '2026-03-01' }))).toEqual({
      status: 403,
      code: 'FORBIDDEN',
    });
    expect(err(await f.post('/positions', { functionalGroupId: g, name: 'S', requiredFte: 1, startDate: '2026-01-01' }))).toEqual({
      status: 403,
      code: 'FORBIDDEN',
    });
    expect((await t.dataSource.query(`SELECT name FROM functional_groups WHERE id = $1`, [g]))[0].name).toBe('Area');
  });

  it('02/scenarioId: writes act on the open scenario only, send nothing until merge; a locked scenario is 403 PLAN_NOT_EDITABLE; merge applies them', async () => {
    const org = await t.createTenant();
    const live = fs(t, org);
    const a = await live.group({ name: 'A' });
    const g = await live.group({ name: 'G' });
    const s = (await t.admin('post', `/organizations/${org.orgId}/scenarios`).send({ name: 'Re-org' }).expect(201)).body.data.id;
    const plan = fs(t, org, s);
    expect(await plan.placements(g, s)).toEqual([{ parent: null, start: '2026-01-01', end: null }]);
    await plan.post(`/${g}/move`, { parentFunctionalGroupId: a, effectiveDate: '2026-07-01' }).expect(200);
    const seat = await plan.position(g);
    expect(await live.placements(g)).toEqual([{ parent: null, start: '2026-01-01', end: null }]);
    expect(await plan.placements(g, s)).toEqual([
      { parent: null, start: '2026-01-01', end: '2026-06-30' },
      { parent: a, start: '2026-07-01', end: null },
    ]);
    expect(await t.dataSource.query(`SELECT plan_id FROM functional_positions WHERE id = $1`, [seat])).toEqual([{ plan_id: s }]);
    const pending = (await changesOf(t, org.orgId, { planId: s })).filter((c) => c.dispatchStatus !== null);
    expect(pending.length).toBe(0);
    expect(
      err(await org.api('post', `/functional-groups?scenarioId=cnosuchscenario0000000000`).send({ name: 'X', startDate: '2026-01-01' })),
    ).toEqual({ status: 404, code: 'NOT_FOUND' });
    await t.admin('patch', `/organizations/${org.orgId}/scenarios/${s}`).send({ status: 'LOCKED' }).expect(200);
    expect(err(await plan.post('', { name: 'X', startDate: '2026-01-01' }))).toEqual({ status: 403, code: 'PLAN_NOT_EDITABLE' });
    const merged = await t.admin('post', `/organizations/${org.orgId}/scenarios/${s}/merge`, org.userId).expect(200);
    expect(merged.body.data.changes).toMatchObject({ functional_position: 1 });
    expect(await live.placements(g)).toEqual([
      { parent: null, start: '2026-01-01', end: '2026-06-30' },
      { parent: a, start: '2026-07-01', end: null },
    ]);
    const [liveSeat] = await t.dataSource.query(`SELECT count(*)::int AS n FROM functional_positions WHERE id = $1`, [seat]);
    expect(liveSeat.n).toBe(2);
    const events = (await changesOf(t, org.orgId, { entityId: seat, entityType: 'functional_position' })).filter((c) => c.planId !== s);
    expect(events.map((c) => ({ actorType: c.actorType }))).toEqual([{ actorType: 'merge' }]);
    // The move alone changed only placements; the group is still announced as updated by the merge.
    const groupEvents = await changesOf(t, org.orgId, { entityId: g, actorType: 'merge' });
    expect(groupEvents.map(({ changeType, dispatchStatus }) => ({ changeType, dispatchStatus }))).toEqual([
      { changeType: 'update', dispatchStatus: expect.any(String) },
    ]);
  });

  it('02/write rule 8 + history: custom attribute PUT/DELETE on groups and positions are updates of the record whose before/after are the value with its definitionId', async () => {
    const org = await t.createTenant();
    const f = fs(t, org);
    const g = await f.group();
    const seat = await f.position(g);
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
    expect((await f.put(`/groups/${g}/custom-attributes/${groupDef}`, { stringValue: 'B-1' }).expect(200)).body).toEqual({
      data: { id: g },
    });
    await f.put(`/groups/${g}/custom-attributes/${groupDef}`, { stringValue: 'B-2' }).expect(200);
    expect((await org.api('delete', `/functional-groups/groups/${g}/custom-attributes/${groupDef}`).expect(200)).body).toEqual({
      data: { id: g },
    });
    await f.put(`/positions/${seat}/custom-attributes/${seatDef}`, { numberValue: 3 }).expect(200);
    expect(err(await f.put(`/positions/${seat}/custom-attributes/${groupDef}`, { stringValue: 'x' }))).toEqual({
      status: 404,
      code: 'NOT_FOUND',
    });
    expect(err(await f.put(`/groups/${seat}/custom-attributes/${groupDef}`, { stringValue: 'x' }))).toEqual({
      status: 404,
      code: 'NOT_FOUND',
    });
    const groupChanges = (await f.changes(g)).filter((c) => c.entityType === 'functional_group').slice(1);
    expect(groupChanges.map((c) => [c.changeType, c.before?.stringValue ?? null, c.after?.stringValue ?? null])).toEqual([
      ['update', null, 'B-1'],
      ['update', 'B-1', 'B-2'],
      ['update', 'B-2', null],
    ]);
    expect(groupChanges[0].after).toMatchObject({ definitionId: groupDef });
    expect(groupChanges[2].after).toBeNull();
    const seatChange = (await f.changes(seat)).pop()!;
    expect(seatChange).toMatchObject({
      entityType: 'functional_position',
      changeType: 'update',
      before: null,
      after: { definitionId: seatDef, numberValue: '3' },
    });
  });

  it('02/events: creates carry the new record (decimal FTE as strings without trailing zeros); link rows are audit-only', async () => {
    const org = await t.createTenant();
    const f = fs(t, org);
    const parent = await f.group({ name: 'P' });
    const g = await f.group({ name: 'G', groupType: 'team', parentFunctionalGroupId: parent, startDate: '2026-02-01' });
    const [create] = await f.changes(g);
    expect(create).toMatchObject({
      entityType: 'functional_group',
      changeType: 'create',
      before: null,
      after: {
        id: g,
        name: 'G',
        groupType: 'team',
        description: null,
        externalId: null,
        parentFunctionalGroupId: parent,
        startDate: '2026-02-01',
        endDate: null,
      },
    });
    const seat = await f.position(g, { requiredFte: 0.75, startDate: '2026-02-01' });
    expect((await f.changes(seat))[0].after).toMatchObject({ requiredFte: '0.75', functionalGroupId: g });
    const links = await changesOf(t, org.orgId, { entityType: ['functional_group_placement', 'functional_position_report'] });
    expect(links.length).toBe(3);
    expect(links.every((l) => l.dispatchStatus === null)).toBe(true);
  });
});
