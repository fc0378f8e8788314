import { API_PERMISSIONS } from '../../src/common/auth/permissions';
import { Tenant, TestApp } from '../support/test-app';
import { err, fs } from './support';
import { expectSees, grant, ids, login, structure } from './access-support';

describe('functional structure: access grants and visibility (document 02)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await TestApp.start();
  });
  afterAll(() => t.close());

  it('02/visibility matrix (functionalGroupsRestrictedVisibility true): which groups each caller sees (list, tree, GET /:id) and its viewerAccess', async () => {
    const { org, a, a1, a1x, a2, b } = await structure(t);
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
    const { org, f, a2, b } = await structure(t);
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
    const { org, a, a1, a1x, a2, b } = await structure(t, false);
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
    const { org, f, a } = await structure(t, false);
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
    const { org, a, a1, a1x } = await structure(t, false);
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
