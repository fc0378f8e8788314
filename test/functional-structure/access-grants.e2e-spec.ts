import { API_PERMISSIONS } from '../../src/common/auth/permissions';
import { changesOf } from '../support/changes';
import { Tenant, TestApp } from '../support/test-app';
import { err, fs } from './support';

let users = 0;

/** A login of the organization (with `permissions`) and a key of it carrying `keyPermissions`, as a Tenant. */
async function login(
  t: TestApp,
  org: Tenant,
  permissions: string[],
  keyPermissions: string[] = [...API_PERMISSIONS],
  email?: string,
): Promise<Tenant & { email: string }> {
  const address = email ?? `login${++users}.${process.pid}@example.com`;
  const user = await t
    .admin('post', `/organizations/${org.orgId}/users`)
    .send({ email: address, name: `Login ${users}`, permissions })
    .expect(201);
  const key = await t
    .admin('post', `/organizations/${org.orgId}/users/${user.body.data.id}/api-keys`)
    .send({ name: 'k', permissions: keyPermissions })
    .expect(201);
  return {
    ...org,
    userId: user.body.data.id,
    userEmail: address,
    email: address,
    keyId: key.body.data.id,
    key: key.body.data.key,
    api: (method, path) => t.http()[method](`/api/v1/org/${org.orgId}${path}`).set('Authorization', `Bearer ${key.body.data.key}`),
  };
}

const grant = (by: Tenant, functionalGroupId: string, resourceId: string, access: 'EDITOR' | 'READER' = 'EDITOR', resourceType = 'USER') =>
  by.api('post', '/functional-groups/access').send({ functionalGroupId, resourceType, resourceId, access });

const ids = (list: { id: string }[]) => list.map((g) => g.id);

/** Depth-first ids and viewerAccess of a tree answer. */
interface TreeNode {
  id: string;
  viewerAccess: string;
  children: TreeNode[];
}

function flatten(nodes: TreeNode[]): string[] {
  return nodes.flatMap((n) => [`${n.id}:${n.viewerAccess}`, ...flatten(n.children)]);
}

describe('functional structure: access grants and visibility (document 02)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await TestApp.start();
  });
  afterAll(() => t.close());

  /**
   * A: top level with A1 (with A1x beneath) and A2; B: top level. Created by an "Edit all" key. The
   * organization restricts visibility to grants (`functionalGroupsRestrictedVisibility`) unless told otherwise.
   */
  async function structure(restricted = true) {
    const org = await t.createTenant();
    if (restricted) await t.admin('patch', `/organizations/${org.orgId}`).send({ functionalGroupsRestrictedVisibility: true }).expect(200);
    const f = fs(t, org);
    const a = await f.group({ name: 'A' });
    const a1 = await f.group({ name: 'A1', parentFunctionalGroupId: a });
    const a1x = await f.group({ name: 'A1x', parentFunctionalGroupId: a1 });
    const a2 = await f.group({ name: 'A2', parentFunctionalGroupId: a });
    const b = await f.group({ name: 'B' });
    return { org, f, a, a1, a1x, a2, b };
  }

  /** `caller` sees exactly `expected` (group id -> viewerAccess) in the list, the tree, GET /:id, its positions and summary. */
  async function expectSees(who: string, caller: Tenant, expected: Record<string, 'EDITOR' | 'READER'>, all: string[]): Promise<void> {
    const list = (await caller.api('get', '/functional-groups?limit=100').expect(200)).body.data;
    const seen = Object.fromEntries(list.groups.map((g: { id: string; viewerAccess: string }) => [g.id, g.viewerAccess]));
    expect([who, seen, list.total]).toEqual([who, expected, Object.keys(expected).length]);
    const tree = (await caller.api('get', '/functional-groups/tree').expect(200)).body.data;
    expect([who, Object.fromEntries(flatten(tree.groups).map((s) => s.split(':'))), tree.totalGroups]).toEqual([
      who,
      expected,
      Object.keys(expected).length,
    ]);
    for (const id of all) {
      const res = await caller.api('get', `/functional-groups/${id}`);
      expect([who, id, res.status, res.body.data?.viewerAccess]).toEqual([who, id, expected[id] ? 200 : 404, expected[id]]);
      const positions = await caller.api('get', `/functional-groups/${id}/positions`);
      expect([who, id, positions.status]).toEqual([who, id, expected[id] ? 200 : 404]);
      const summary = await caller.api('get', `/functional-groups/${id}/summary`);
      expect([who, id, summary.status]).toEqual([who, id, expected[id] ? 200 : 404]);
    }
  }

  it('02/access: POST /access answers 201 { data: { id } }; GET /:id shows direct and inherited grants; the tree marks inherited managers', async () => {
    const { org, a, a1, a1x } = await structure();
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
    const { org, a, a1, a1x, a2, b } = await structure();
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
    const { org, f, a } = await structure();
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
    const { org, a, a1, a1x } = await structure();
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
    const { org, a, a1, a1x, b } = await structure();
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
    const viaViewKey = {
      ...manager,
      api: (method: 'post', path: string) =>
        t.http()[method](`/api/v1/org/${org.orgId}${path}`).set('Authorization', `Bearer ${managerViewKey.body.data.key}`),
    } as Tenant;
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
    const { org, f, a } = await structure();
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

  it('02/visibility matrix (functionalGroupsRestrictedVisibility true): which groups each caller sees (list, tree, GET /:id) and its viewerAccess', async () => {
    const { org, a, a1, a1x, a2, b } = await structure();
    const all = [a, a1, a1x, a2, b];
    const editAll = org; // creator "*", key with every permission
    const editAllViewKey = await login(t, org, ['*'], ['functional_groups_view']);
    const sharer = await login(t, org, ['share_functional_groups', ...API_PERMISSIONS]);
    const managerOfA1 = await login(t, org, [...API_PERMISSIONS]);
    await grant(org, a1, managerOfA1.userId).expect(201);
    const readerOfA = await login(t, org, [...API_PERMISSIONS]);
    await grant(org, a, readerOfA.userId, 'READER').expect(201);
    await grant(org, a1x, readerOfA.userId, 'EDITOR').expect(201);
    const sharerManager = await login(t, org, ['share_functional_groups', ...API_PERMISSIONS]);
    await grant(org, b, sharerManager.userId).expect(201);
    const nobody = await login(t, org, [...API_PERMISSIONS]);

    const cases: [string, Tenant, Record<string, 'EDITOR' | 'READER'>][] = [
      ['"Edit all", edit key', editAll, { [a]: 'EDITOR', [a1]: 'EDITOR', [a1x]: 'EDITOR', [a2]: 'EDITOR', [b]: 'EDITOR' }],
      ['"Edit all", view-only key', editAllViewKey, { [a]: 'READER', [a1]: 'READER', [a1x]: 'READER', [a2]: 'READER', [b]: 'READER' }],
      ['"Share"', sharer, { [a]: 'READER', [a1]: 'READER', [a1x]: 'READER', [a2]: 'READER', [b]: 'READER' }],
      ['"Share" + manager of B', sharerManager, { [a]: 'READER', [a1]: 'READER', [a1x]: 'READER', [a2]: 'READER', [b]: 'EDITOR' }],
      ['manager of A1', managerOfA1, { [a1]: 'EDITOR', [a1x]: 'EDITOR' }],
      ['reader of A, manager of A1x', readerOfA, { [a]: 'READER', [a1]: 'READER', [a1x]: 'EDITOR', [a2]: 'READER' }],
      ['no grants', nobody, {}],
    ];
    for (const [who, caller, expected] of cases) await expectSees(who, caller, expected, all);
    // A visible group whose parent is not visible is a root of the caller's tree.
    const roots = (await managerOfA1.api('get', '/functional-groups/tree').expect(200)).body.data.groups;
    expect(ids(roots)).toEqual([a1]);
    expect(ids((await managerOfA1.api('get', '/functional-groups?rootsOnly=false').expect(200)).body.data.groups)).toEqual([a1, a1x]);
    // A seat of an invisible group is invisible too.
    const seat = await fs(t, org).position(a2);
    expect((await managerOfA1.api('get', `/functional-groups/positions/${seat}/custom-attributes`)).status).toBe(404);
    expect((await readerOfA.api('get', `/functional-groups/positions/${seat}/custom-attributes`)).status).toBe(200);
  });

  it('02/visibility (functionalGroupsRestrictedVisibility true): inherited rights follow the hierarchy of the as-of day (before and after a move)', async () => {
    const { org, f, a2, b } = await structure();
    const readerOfB = await login(t, org, [...API_PERMISSIONS]);
    await grant(org, b, readerOfB.userId, 'READER').expect(201);
    await f.post(`/${a2}/move`, { parentFunctionalGroupId: b, effectiveDate: '2026-05-01' }).expect(200);
    const visibleOn = async (asOf: string) =>
      ids((await readerOfB.api('get', `/functional-groups?asOf=${asOf}`).expect(200)).body.data.groups);
    expect(await visibleOn('2026-04-30')).toEqual([b]);
    expect(await visibleOn('2026-05-01')).toEqual([a2, b]);
    expect((await readerOfB.api('get', `/functional-groups/${a2}?asOf=2026-04-30`)).status).toBe(404);
    expect((await readerOfB.api('get', `/functional-groups/${a2}?asOf=2026-05-01`)).status).toBe(200);
    // Writes check the manager grant on the day of the change.
    const managerOfB = await login(t, org, [...API_PERMISSIONS]);
    await grant(org, b, managerOfB.userId).expect(201);
    expect(
      err(await fs(t, managerOfB).post('/positions', { functionalGroupId: a2, name: 'Early', requiredFte: 1, startDate: '2026-04-01' })),
    ).toEqual({ status: 403, code: 'FORBIDDEN' });
    await fs(t, managerOfB).position(a2, { name: 'Late', startDate: '2026-06-01' });
  });

  it('02/authentication: with the default setting an account without a grant reads every group (READER); its grants still make it EDITOR beneath them', async () => {
    const { org, a, a1, a1x, a2, b } = await structure(false);
    const all = [a, a1, a1x, a2, b];
    const nobody = await login(t, org, [...API_PERMISSIONS]);
    const managerOfA1 = await login(t, org, [...API_PERMISSIONS]);
    await grant(org, a1, managerOfA1.userId).expect(201);
    const managerViewKey = await login(t, org, [...API_PERMISSIONS], ['functional_groups_view']);
    await grant(org, a1, managerViewKey.userId).expect(201);
    const everyReader = { [a]: 'READER', [a1]: 'READER', [a1x]: 'READER', [a2]: 'READER', [b]: 'READER' } as const;
    await expectSees('no grants', nobody, everyReader, all);
    await expectSees('manager of A1', managerOfA1, { ...everyReader, [a1]: 'EDITOR', [a1x]: 'EDITOR' }, all);
    await expectSees('manager of A1, view-only key', managerViewKey, everyReader, all);
    // Reading is not editing: without a grant the account still cannot change a group.
    expect(err(await fs(t, nobody).put(`/${a}`, { name: 'No', startDate: '2026-01-01' }))).toEqual({ status: 403, code: 'FORBIDDEN' });
    const list = (await nobody.api('get', '/functional-groups').expect(200)).body.data;
    expect([list.canCreateRoot, list.canShare]).toEqual([false, false]);
  });

  it('02/authentication: with the default setting monthlyCost and bridge costs stay null unless the key has financials_view_summary and the creator view_costs', async () => {
    const { org, f, a } = await structure(false);
    const employee = await f.employee({ salary: { effectiveDate: '2025-01-01', salary: 120000, currencyCode: 'USD' } });
    await f.assign(await f.position(a), { employeeId: employee });
    const noCostView = await login(t, org, [...API_PERMISSIONS]);
    const costViewer = await login(t, org, [...API_PERMISSIONS, 'view_costs']);
    const costs = async (caller: Tenant) => {
      const tree = (await caller.api('get', '/functional-groups/tree?asOf=2026-03-10').expect(200)).body.data.groups;
      const summary = (await caller.api('get', `/functional-groups/${a}/summary?asOf=2026-03-10`).expect(200)).body.data;
      return [tree.find((g: { id: string }) => g.id === a).figures.monthlyCost, summary.figures.monthlyCost, summary.bridge[0].cost];
    };
    expect(await costs(noCostView)).toEqual([null, null, null]);
    expect(await costs(costViewer)).toEqual([10000, 10000, 10000]);
  });

  it('03 §3 organizations: functionalGroupsRestrictedVisibility (default false) switches grant-based visibility on and off', async () => {
    const { org, a, a1, a1x } = await structure(false);
    expect((await t.admin('get', `/organizations/${org.orgId}`).expect(200)).body.data.functionalGroupsRestrictedVisibility).toBe(false);
    const reader = await login(t, org, [...API_PERMISSIONS]);
    await grant(org, a1, reader.userId, 'READER').expect(201);
    const seen = async () => ids((await reader.api('get', '/functional-groups?limit=100').expect(200)).body.data.groups).sort();
    expect(await seen()).toHaveLength(5);
    const patched = await t.admin('patch', `/organizations/${org.orgId}`).send({ functionalGroupsRestrictedVisibility: true }).expect(200);
    expect(patched.body.data.functionalGroupsRestrictedVisibility).toBe(true);
    expect(await seen()).toEqual([a1, a1x].sort());
    expect((await reader.api('get', `/functional-groups/${a}`)).status).toBe(404);
    await t.admin('patch', `/organizations/${org.orgId}`).send({ functionalGroupsRestrictedVisibility: false }).expect(200);
    expect((await reader.api('get', `/functional-groups/${a}`).expect(200)).body.data.viewerAccess).toBe('READER');
    const created = await t
      .admin('post', '/organizations')
      .send({ name: 'Restricted', functionalGroupsRestrictedVisibility: true })
      .expect(201);
    expect(created.body.data.functionalGroupsRestrictedVisibility).toBe(true);
    expect(err(await t.admin('patch', `/organizations/${org.orgId}`).send({ functionalGroupsRestrictedVisibility: 'yes' }))).toEqual({
      status: 400,
      code: 'VALIDATION_ERROR',
    });
  });
});
