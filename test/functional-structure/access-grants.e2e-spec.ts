import { API_PERMISSIONS } from '../../src/common/auth/permissions';
import { changesOf } from '../support/changes';
import { TestApp } from '../support/test-app';
import { err, fs } from './support';
import { grant, login, structure } from './access-support';

describe('functional structure: access grants and visibility (document 02)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await TestApp.start();
  });
  afterAll(() => t.close());

  it('02/access: POST /access answers 201 { data: { id } }; GET /:id shows direct and inherited grants; the tree marks inherited managers', async () => {
    const { org, a, a1, a1x } = await structure(t);
    const manager = await login(t, org, []);
    const reader = await login(t, org, []);
    const res = await grant(org, a, manager.userId).expect(201);
    expect(Object.keys(res.body)).toEqual(['data']);
    expect(res.body.data).toEqual({ id: expect.any(String) });
    const onA = res.body.data.id;
    const onA1 = (await grant(org, a1, reader.userId, 'READER').expect(201)).body.data.id;

    const direct = (await org.api('get', `/functional-groups/${a}`).expect(200)).body.data.accessGrants;
    expect(direct).toEqual([
      {
        id: onA,
        functionalGroupId: a,
        resourceType: 'USER',
        resourceId: manager.userId,
        userId: manager.userId,
        name: expect.any(String),
        email: manager.email,
        access: 'EDITOR',
        inherited: false,
        createdAt: expect.any(String),
      },
    ]);
    const below = (await org.api('get', `/functional-groups/${a1x}`).expect(200)).body.data.accessGrants;
    expect(below.map((g: { id: string; inherited: boolean; access: string }) => [g.id, g.inherited, g.access])).toEqual([
      [onA1, true, 'READER'],
      [onA, true, 'EDITOR'],
    ]);
    const tree = (await org.api('get', '/functional-groups/tree').expect(200)).body.data.groups;
    const nodeA = tree.find((n: { id: string }) => n.id === a);
    expect(nodeA.managers).toEqual([expect.objectContaining({ id: onA, userId: manager.userId, inherited: false })]);
    // READER grants are not managers; A1 inherits A's manager.
    expect(nodeA.children.find((n: { id: string }) => n.id === a1).managers).toEqual([
      expect.objectContaining({ id: onA, userId: manager.userId, functionalGroupId: a, inherited: true }),
    ]);
    // A direct EDITOR grant on A1 for the same login replaces the inherited entry.
    const onA1Manager = (await grant(org, a1, manager.userId).expect(201)).body.data.id;
    const again = (await org.api('get', '/functional-groups/tree').expect(200)).body.data.groups.find((n: { id: string }) => n.id === a);
    expect(again.children.find((n: { id: string }) => n.id === a1).managers).toEqual([
      expect.objectContaining({ id: onA1Manager, inherited: false }),
    ]);
    // Granting the same login again on a group replaces its access and keeps the id.
    expect((await grant(org, a1, reader.userId, 'EDITOR').expect(201)).body.data.id).toBe(onA1);
    expect((await t.dataSource.query(`SELECT access FROM functional_access_grants WHERE id = $1`, [onA1]))[0].access).toBe('EDITOR');
  });

  it('02/access: EDITOR makes a manager of the group and everything beneath it (create beneath, change, move, seats), nothing else', async () => {
    const { org, a, a1, a1x, a2, b } = await structure(t);
    const manager = await login(t, org, [...API_PERMISSIONS]);
    await grant(org, a1, manager.userId).expect(201);
    const m = fs(t, manager);
    // Beneath and on A1: allowed.
    const child = await m.group({ name: 'New under A1', parentFunctionalGroupId: a1 });
    await m.put(`/${a1x}`, { name: 'A1x renamed', startDate: '2026-01-01' }).expect(200);
    await m.put(`/${a1}`, { name: 'A1 renamed', startDate: '2026-01-01' }).expect(200);
    await m.post(`/${child}/move`, { parentFunctionalGroupId: a1x, effectiveDate: '2026-03-01' }).expect(200);
    const seat = await m.position(a1x);
    const employee = await fs(t, org).employee();
    await m.assign(seat, { employeeId: employee });
    // Above, beside, elsewhere and at the top level: 403.
    expect(err(await m.put(`/${a}`, { name: 'A renamed', startDate: '2026-01-01' }))).toEqual({ status: 403, code: 'FORBIDDEN' });
    expect(err(await m.post('', { name: 'Under A2', startDate: '2026-01-01', parentFunctionalGroupId: a2 }))).toEqual({
      status: 403,
      code: 'FORBIDDEN',
    });
    expect(err(await m.post('/positions', { functionalGroupId: b, name: 'S', requiredFte: 1, startDate: '2026-01-01' }))).toEqual({
      status: 403,
      code: 'FORBIDDEN',
    });
    expect(err(await m.post(`/${a1x}/move`, { parentFunctionalGroupId: b, effectiveDate: '2026-03-01' }))).toEqual({
      status: 403,
      code: 'FORBIDDEN',
    });
    expect(err(await m.post(`/${a1x}/move`, { parentFunctionalGroupId: null, effectiveDate: '2026-03-01' }))).toEqual({
      status: 403,
      code: 'FORBIDDEN',
    });
    expect(err(await m.post('', { name: 'Top', startDate: '2026-01-01' }))).toEqual({ status: 403, code: 'FORBIDDEN' });
    const names = await t.dataSource.query(`SELECT name FROM functional_groups WHERE id = ANY($1) ORDER BY name`, [[a, b, a2]]);
    expect(names.map((r: { name: string }) => r.name)).toEqual(['A', 'A2', 'B']);
    // A READER grant does not let its login change anything.
    const reader = await login(t, org, [...API_PERMISSIONS]);
    await grant(org, a1, reader.userId, 'READER').expect(201);
    expect(err(await fs(t, reader).put(`/${a1x}`, { name: 'No', startDate: '2026-01-01' }))).toEqual({ status: 403, code: 'FORBIDDEN' });
  });

  it('02/write rule 7: employees and contractors resolve to the active login with their e-mail; with none: 400 NO_LINKED_USER; unknown: 404', async () => {
    const { org, f, a } = await structure(t);
    const address = `Linked.${process.pid}@Example.com`;
    const linked = await login(t, org, [...API_PERMISSIONS], [...API_PERMISSIONS], address.toLowerCase());
    const employee = await f.employee({ email: address, externalId: 'EMP-LINKED' });
    const res = await grant(org, a, 'EMP-LINKED', 'READER', 'EMPLOYEE').expect(201);
    const [row] = await t.dataSource.query(
      `SELECT user_id, resource_type, resource_id, access FROM functional_access_grants WHERE id = $1`,
      [res.body.data.id],
    );
    expect(row).toEqual({ user_id: linked.userId, resource_type: 'EMPLOYEE', resource_id: employee, access: 'READER' });
    expect((await linked.api('get', `/functional-groups/${a}`).expect(200)).body.data.viewerAccess).toBe('READER');

    const unlinked = await f.employee();
    const noEmail = await f.contractor();
    const contractorWithLogin = await f.contractor({ email: linked.email });
    const inactive = await login(t, org, []);
    await t.admin('patch', `/organizations/${org.orgId}/users/${inactive.userId}`).send({ active: false }).expect(200);
    const inactiveEmployee = await f.employee({ email: inactive.email });
    const before = await t.dataSource.query(`SELECT count(*)::int AS n FROM functional_access_grants WHERE organization_id = $1`, [
      org.orgId,
    ]);
    for (const [type, id] of [
      ['EMPLOYEE', unlinked],
      ['CONTRACTOR', noEmail],
      ['EMPLOYEE', inactiveEmployee],
      ['USER', inactive.userId],
    ]) {
      expect([type, id, err(await grant(org, a, id, 'EDITOR', type))]).toEqual([type, id, { status: 400, code: 'NO_LINKED_USER' }]);
    }
    for (const [type, id] of [
      ['EMPLOYEE', 'cnothereatallxxxxxxxxxxxx'],
      ['CONTRACTOR', 'cnothereatallxxxxxxxxxxxx'],
      ['USER', 'cnothereatallxxxxxxxxxxxx'],
    ]) {
      expect([type, err(await grant(org, a, id, 'EDITOR', type))]).toEqual([type, { status: 404, code: 'NOT_FOUND' }]);
    }
    expect(err(await grant(org, 'cnothereatallxxxxxxxxxxxx', linked.userId))).toEqual({ status: 404, code: 'NOT_FOUND' });
    for (const body of [
      {},
      { functionalGroupId: a, resourceType: 'TEAM', resourceId: linked.userId, access: 'EDITOR' },
      { functionalGroupId: a, resourceType: 'USER', resourceId: linked.userId, access: 'OWNER' },
      { functionalGroupId: a, resourceType: 'USER', resourceId: linked.userId, access: 'EDITOR', extra: 1 },
    ]) {
      expect([body, err(await org.api('post', '/functional-groups/access').send(body))]).toEqual([
        body,
        { status: 400, code: 'INVALID_INPUT' },
      ]);
    }
    expect(
      await t.dataSource.query(`SELECT count(*)::int AS n FROM functional_access_grants WHERE organization_id = $1`, [org.orgId]),
    ).toEqual(before);
    // A contractor whose e-mail is a login resolves like an employee.
    const c = await grant(org, a, contractorWithLogin, 'EDITOR', 'CONTRACTOR').expect(201);
    expect((await t.dataSource.query(`SELECT user_id FROM functional_access_grants WHERE id = $1`, [c.body.data.id]))[0].user_id).toBe(
      linked.userId,
    );
  });

  it('02/write rule 7: DELETE /access/:id revokes a direct grant (200); rights inherited from a parent survive it', async () => {
    const { org, a, a1, a1x } = await structure(t);
    const manager = await login(t, org, [...API_PERMISSIONS]);
    await grant(org, a, manager.userId).expect(201);
    const onA1 = (await grant(org, a1, manager.userId).expect(201)).body.data.id;
    const res = await org.api('delete', `/functional-groups/access/${onA1}`).expect(200);
    expect(res.body).toEqual({ data: { id: onA1 } });
    expect(await t.dataSource.query(`SELECT id FROM functional_access_grants WHERE id = $1`, [onA1])).toEqual([]);
    // Still a manager of A1 and beneath through A.
    await fs(t, manager).put(`/${a1x}`, { name: 'Still mine', startDate: '2026-01-01' }).expect(200);
    const view = (await manager.api('get', `/functional-groups/${a1}`).expect(200)).body.data;
    expect([view.viewerAccess, view.accessGrants.map((g: { inherited: boolean }) => g.inherited)]).toEqual(['EDITOR', [true]]);
    expect(err(await org.api('delete', `/functional-groups/access/${onA1}`))).toEqual({ status: 404, code: 'NOT_FOUND' });
  });

  it('02/authentication: who may grant and revoke: share key + "Share functional groups" anywhere; edit key + a manager grant on the group or a parent; nobody else', async () => {
    const { org, a, a1, a1x, b } = await structure(t);
    const target = await login(t, org, []);
    const sharer = await login(
      t,
      org,
      ['share_functional_groups', ...API_PERMISSIONS],
      ['functional_groups_view', 'functional_groups_share'],
    );
    const onB = (await grant(sharer, b, target.userId, 'READER').expect(201)).body.data.id;
    await sharer.api('delete', `/functional-groups/access/${onB}`).expect(200);

    const shareKeyOnly = await login(t, org, [...API_PERMISSIONS], ['functional_groups_view', 'functional_groups_share']);
    expect(err(await grant(shareKeyOnly, b, target.userId))).toEqual({ status: 403, code: 'FORBIDDEN' });
    const capabilityOnly = await login(t, org, ['share_functional_groups', ...API_PERMISSIONS], ['functional_groups_view']);
    expect(err(await grant(capabilityOnly, b, target.userId))).toEqual({ status: 403, code: 'FORBIDDEN' });

    const manager = await login(t, org, [...API_PERMISSIONS]);
    await grant(org, a1, manager.userId).expect(201);
    const fromManager = (await grant(manager, a1x, target.userId, 'READER').expect(201)).body.data.id;
    await grant(manager, a1, target.userId, 'EDITOR').expect(201);
    expect(err(await grant(manager, a, target.userId))).toEqual({ status: 403, code: 'FORBIDDEN' });
    expect(err(await grant(manager, b, target.userId))).toEqual({ status: 403, code: 'FORBIDDEN' });
    const onA = (await grant(org, a, target.userId, 'READER').expect(201)).body.data.id;
    expect(err(await manager.api('delete', `/functional-groups/access/${onA}`))).toEqual({ status: 403, code: 'FORBIDDEN' });
    await manager.api('delete', `/functional-groups/access/${fromManager}`).expect(200);
    // The same manager through a key without functional_groups_edit: 403 (from the guard when it has neither permission).
    const managerViewKey = await t
      .admin('post', `/organizations/${org.orgId}/users/${manager.userId}/api-keys`)
      .send({ name: 'view', permissions: ['functional_groups_view', 'functional_groups_share'] })
      .expect(201);
    const viaViewKey = t.asKey(manager, managerViewKey.body.data.key);
    expect(err(await grant(viaViewKey, a1x, target.userId))).toEqual({ status: 403, code: 'FORBIDDEN' });
    const neither = await login(t, org, ['*'], ['functional_groups_view']);
    expect(err(await grant(neither, a1x, target.userId))).toEqual({ status: 403, code: 'FORBIDDEN' });
    expect(err(await neither.api('delete', `/functional-groups/access/${onA}`))).toEqual({ status: 403, code: 'FORBIDDEN' });
    const grants = await t.dataSource.query(
      `SELECT functional_group_id AS g, access FROM functional_access_grants WHERE user_id = $1 ORDER BY access`,
      [target.userId],
    );
    expect(grants).toEqual([
      { g: a1, access: 'EDITOR' },
      { g: a, access: 'READER' },
    ]);
  });

  it('02/endpoints: access grants always change live access and ignore scenarioId; a grant does not make a scenario merge conflict', async () => {
    const { org, f, a } = await structure(t);
    const target = await login(t, org, [...API_PERMISSIONS]);
    const scenario = (await t.admin('post', `/organizations/${org.orgId}/scenarios`).send({ name: 'What if' }).expect(201)).body.data.id;
    await fs(t, org, scenario).put(`/${a}`, { name: 'A in scenario', startDate: '2026-01-01' }).expect(200);
    const res = await org
      .api('post', `/functional-groups/access?scenarioId=${scenario}`)
      .send({ functionalGroupId: a, resourceType: 'USER', resourceId: target.userId, access: 'READER' })
      .expect(201);
    const changes = await f.changes(a);
    const live = (await t.dataSource.query(`SELECT id FROM plans WHERE organization_id = $1 AND kind = 'LIVE'`, [org.orgId]))[0].id;
    const [shared] = await changesOf(t, org.orgId, { entityId: a, organizationLevel: true });
    // A live change: in the webhook outbox (null would mean a scenario change that is never sent).
    expect([
      shared.planId,
      shared.changeType,
      shared.dispatchStatus !== null,
      (shared.after?.accessGrants as { id: string }[]).map((g) => g.id),
    ]).toEqual([live, 'update', true, [res.body.data.id]]);
    expect(changes.map((c) => c.changeType)).toEqual(['create', 'update', 'update']);
    // The scenario still sees the grant (grants are organization-level, by group id).
    expect((await target.api('get', `/functional-groups/${a}?scenarioId=${scenario}`).expect(200)).body.data.name).toBe('A in scenario');
    await t.admin('post', `/organizations/${org.orgId}/scenarios/${scenario}/merge`, org.userId).expect(200);
    expect((await t.dataSource.query(`SELECT name FROM functional_groups WHERE plan_id = $1 AND id = $2`, [live, a]))[0].name).toBe(
      'A in scenario',
    );
  });
});
