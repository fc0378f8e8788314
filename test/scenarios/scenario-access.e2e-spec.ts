import { API_PERMISSIONS } from '../../src/common/auth/permissions';
import { callError, call, connect } from '../mcp/support';
import { err } from '../functional-structure/support';
import { TestApp, Tenant } from '../support/test-app';

/** Every permission a key can hold, view_costs and edit_all_functional_groups, but not manage_scenarios. */
const PLANNER = [...API_PERMISSIONS, 'view_costs', 'edit_all_functional_groups'];

interface Person {
  id: string;
  /** The tenant seen through this user's own key (every API permission). */
  as: Tenant;
}

interface World {
  org: Tenant;
  owner: Person;
  viewer: Person;
  editor: Person;
  /** A user the scenario is not shared with. */
  outsider: Person;
  manager: Person;
  /** A PRIVATE scenario of `owner`, shared with `viewer` (VIEWER) and `editor` (EDITOR). */
  scenario: string;
  team: string;
}

describe('03 §3 Scenarios, Access: visibility, owner and members, everywhere a scenarioId is accepted', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await TestApp.start();
  });
  afterAll(() => t.close());

  let counter = 0;
  async function person(org: Tenant, permissions: string[] = PLANNER): Promise<Person> {
    const n = ++counter;
    const user = (
      await t
        .admin('post', `/organizations/${org.orgId}/users`)
        .send({ email: `access${n}.${process.pid}@example.com`, name: `Person ${n}`, permissions })
        .expect(201)
    ).body.data;
    const key = (
      await t
        .admin('post', `/organizations/${org.orgId}/users/${user.id}/api-keys`)
        .send({ name: 'own key', permissions: [...API_PERMISSIONS] })
        .expect(201)
    ).body.data;
    return { id: user.id, as: t.asKey(org, key.key, { userId: user.id, keyId: key.id }) };
  }

  const scenarios = (org: Tenant, rest = '') => `/organizations/${org.orgId}/scenarios${rest}`;

  async function world(): Promise<World> {
    const org = await t.createTenant({ functionalGroupsEnabled: true });
    const [owner, viewer, editor, outsider, manager] = [
      await person(org),
      await person(org),
      await person(org),
      await person(org),
      await person(org, [...PLANNER, 'manage_scenarios']),
    ];
    const team = (await org.create.team({ name: 'Platform' })).id;
    const created = await t.admin('post', scenarios(org), owner.id).send({ name: 'Private plan', visibility: 'PRIVATE' }).expect(201);
    expect(created.body.data).toMatchObject({ visibility: 'PRIVATE', ownerUserId: owner.id });
    const scenario = created.body.data.id;
    await t
      .admin('post', scenarios(org, `/${scenario}/members`), owner.id)
      .send({ userId: viewer.id, role: 'VIEWER' })
      .expect(201);
    await t
      .admin('post', scenarios(org, `/${scenario}/members`), owner.id)
      .send({ userId: editor.id, role: 'EDITOR' })
      .expect(201);
    return { org, owner, viewer, editor, outsider, manager, scenario, team };
  }

  /** The functional groups of a plan, read in SQL. */
  const groupsIn = async (plan: string): Promise<string[]> =>
    (await t.dataSource.query(`SELECT name FROM functional_groups WHERE plan_id = $1 ORDER BY name`, [plan])).map(
      (r: { name: string }) => r.name,
    );
  /** The teams of a plan, read in SQL. */
  const teamsIn = async (plan: string): Promise<string[]> =>
    (await t.dataSource.query(`SELECT name FROM teams WHERE plan_id = $1 ORDER BY name`, [plan])).map((r: { name: string }) => r.name);

  it('03 §3 Access: a scenario is ORGANIZATION unless created PRIVATE; its owner is the X-Acting-User of the create (null without one)', async () => {
    const org = await t.createTenant();
    const planner = await person(org);
    const open = (await t.admin('post', scenarios(org), planner.id).send({ name: 'Open plan' }).expect(201)).body.data;
    expect(open).toMatchObject({ visibility: 'ORGANIZATION', ownerUserId: planner.id });
    const byApp = (await t.admin('post', scenarios(org)).send({ name: 'App plan', visibility: 'PRIVATE' }).expect(201)).body.data;
    expect(byApp).toMatchObject({ visibility: 'PRIVATE', ownerUserId: null });
    const bad = await t.admin('post', scenarios(org)).send({ name: 'X', visibility: 'SECRET' }).expect(400);
    expect(bad.body.error.details[0].field).toBe('visibility');
    // Any other user reads and writes an ORGANIZATION scenario with the usual permissions.
    const other = await person(org);
    await other.as.api('get', `/teams?scenarioId=${open.id}`).expect(200);
    await other.as.api('post', `/functional-groups?scenarioId=${open.id}`).send({ name: 'Anyone', startDate: '2026-01-01' }).expect(201);
    await t
      .admin('post', scenarios(org, `/${open.id}/teams`), other.id)
      .send({ name: 'Anyone team' })
      .expect(201);
    // A PRIVATE scenario the application made without a user: only users with manage_scenarios (and the application).
    expect(err(await other.as.api('get', `/teams?scenarioId=${byApp.id}`))).toEqual({ status: 404, code: 'NOT_FOUND' });
    const manager = await person(org, [...PLANNER, 'manage_scenarios']);
    await manager.as.api('get', `/teams?scenarioId=${byApp.id}`).expect(200);
    await t.admin('get', scenarios(org, `/${byApp.id}/teams`)).expect(200);
  });

  it('01 rule 8 + 03 §3 Access: public reads with scenarioId: no access 404 (as an unknown scenario), VIEWER and EDITOR read', async () => {
    const w = await world();
    const unknown = await w.outsider.as.api('get', `/teams?scenarioId=cnosuchscenario0000000000`).expect(404);
    const hidden = await w.outsider.as.api('get', `/teams?scenarioId=${w.scenario}`).expect(404);
    expect(hidden.body.error.code).toBe('NOT_FOUND');
    expect(hidden.body.error.message).toBe(unknown.body.error.message.replace('cnosuchscenario0000000000', w.scenario));
    await w.outsider.as.api('get', `/teams/${w.team}?scenarioId=${w.scenario}`).expect(404);
    await w.outsider.as.api('get', `/functional-groups?scenarioId=${w.scenario}`).expect(404);
    for (const reader of [w.viewer, w.editor, w.owner, w.manager]) {
      expect(
        (await reader.as.api('get', `/teams?scenarioId=${w.scenario}`).expect(200)).body.data.map((x: { id: string }) => x.id),
      ).toEqual([w.team]);
      await reader.as.api('get', `/functional-groups?scenarioId=${w.scenario}`).expect(200);
    }
  });

  it('02 "the creator also needs access to the scenario": functional writes with scenarioId: no access 404, VIEWER 403 PLAN_NOT_EDITABLE (nothing written), EDITOR writes', async () => {
    const w = await world();
    const body = (name: string) => ({ name, startDate: '2026-01-01' });
    expect(err(await w.outsider.as.api('post', `/functional-groups?scenarioId=${w.scenario}`).send(body('By outsider')))).toEqual({
      status: 404,
      code: 'NOT_FOUND',
    });
    expect(err(await w.viewer.as.api('post', `/functional-groups?scenarioId=${w.scenario}`).send(body('By viewer')))).toEqual({
      status: 403,
      code: 'PLAN_NOT_EDITABLE',
    });
    expect(await groupsIn(w.scenario)).toEqual([]);
    await w.editor.as.api('post', `/functional-groups?scenarioId=${w.scenario}`).send(body('By editor')).expect(201);
    await w.owner.as.api('post', `/functional-groups?scenarioId=${w.scenario}`).send(body('By owner')).expect(201);
    await w.manager.as.api('post', `/functional-groups?scenarioId=${w.scenario}`).send(body('By manager')).expect(201);
    expect(await groupsIn(w.scenario)).toEqual(['By editor', 'By manager', 'By owner']);
    // The live plan is not affected, and its own writes need nothing of the scenario.
    await w.outsider.as.api('post', '/functional-groups').send(body('Live')).expect(201);
  });

  it('04/§2 + 03 §3 Access: the forecast with scenarioId and compare=live: no access 404; VIEWER and EDITOR read it', async () => {
    const w = await world();
    const path = `/forecast?from=2026-01&months=2&scenarioId=${w.scenario}&compare=live`;
    expect(err(await w.outsider.as.api('get', path))).toEqual({ status: 404, code: 'NOT_FOUND' });
    expect(err(await w.outsider.as.api('get', `/forecast?scenarioId=${w.scenario}`))).toEqual({ status: 404, code: 'NOT_FOUND' });
    const seen = (await w.viewer.as.api('get', path).expect(200)).body.data;
    expect(seen.totals[0].delta).toMatchObject({ closing: 0, forecastHeadcount: 0 });
    expect((await w.editor.as.api('get', path).expect(200)).body.data).toEqual(seen);
  });

  it('04/§3 + 03 §3 Access: the assistant tool get_headcount_forecast with a scenarioId: no access is a NOT_FOUND result; VIEWER and EDITOR get it', async () => {
    const w = await world();
    const args = { from: '2026-01', months: 2, scenarioId: w.scenario, compare: 'live' };
    const outsider = await connect(t, w.outsider.as.key);
    expect(await callError(outsider, 'get_headcount_forecast', args)).toMatchObject({ code: 'NOT_FOUND' });
    await outsider.close();
    for (const reader of [w.viewer, w.editor]) {
      const client = await connect(t, reader.as.key);
      const result = await call(client, 'get_headcount_forecast', args);
      const rest = (await reader.as.api('get', `/forecast?from=2026-01&months=2&scenarioId=${w.scenario}&compare=live`)).body;
      expect(result).toEqual({ ...rest.data, meta: rest.meta });
      await client.close();
    }
  });

  it('04/§4.2 + 03 §3 Access: the changes feed with a scenarioId: no access 404; VIEWER and EDITOR get the feed', async () => {
    const w = await world();
    expect(err(await w.outsider.as.api('get', `/changes?scenarioId=${w.scenario}`))).toEqual({ status: 404, code: 'NOT_FOUND' });
    const plain = (await w.viewer.as.api('get', '/changes?limit=1000').expect(200)).body;
    expect((await w.viewer.as.api('get', `/changes?limit=1000&scenarioId=${w.scenario}`).expect(200)).body).toEqual(plain);
    expect((await w.editor.as.api('get', `/changes?limit=1000&scenarioId=${w.scenario}`).expect(200)).body).toEqual(plain);
  });

  it("03 §3 Access: the application API's scenario record routes follow the rules for their X-Acting-User; the token alone has every access", async () => {
    const w = await world();
    const teams = scenarios(w.org, `/${w.scenario}/teams`);
    expect(err(await t.admin('get', teams, w.outsider.id))).toEqual({ status: 404, code: 'NOT_FOUND' });
    expect(err(await t.admin('post', teams, w.outsider.id).send({ name: 'By outsider' }))).toEqual({ status: 404, code: 'NOT_FOUND' });
    expect(err(await t.admin('patch', `${teams}/${w.team}`, w.outsider.id).send({ name: 'By outsider' }))).toEqual({
      status: 404,
      code: 'NOT_FOUND',
    });
    await t.admin('get', teams, w.viewer.id).expect(200);
    expect(err(await t.admin('post', teams, w.viewer.id).send({ name: 'By viewer' }))).toEqual({ status: 403, code: 'PLAN_NOT_EDITABLE' });
    expect(err(await t.admin('delete', `${teams}/${w.team}`, w.viewer.id))).toEqual({ status: 403, code: 'PLAN_NOT_EDITABLE' });
    expect(await teamsIn(w.scenario)).toEqual(['Platform']);
    await t.admin('get', teams, w.editor.id).expect(200);
    await t.admin('post', teams, w.editor.id).send({ name: 'By editor' }).expect(201);
    await t.admin('patch', `${teams}/${w.team}`, w.editor.id).send({ name: 'Platform (editor)' }).expect(200);
    await t.admin('post', teams).send({ name: 'By application' }).expect(201);
    expect(await teamsIn(w.scenario)).toEqual(['By application', 'By editor', 'Platform (editor)']);
  });

  it('03 §3 Access: GET .../scenarios lists only what the acting user may read; GET one answers 404 for a private one without access', async () => {
    const w = await world();
    const open = (await t.admin('post', scenarios(w.org), w.outsider.id).send({ name: 'Open plan' }).expect(201)).body.data.id;
    const mine = (await t.admin('post', scenarios(w.org), w.outsider.id).send({ name: 'Mine', visibility: 'PRIVATE' }).expect(201)).body
      .data.id;
    const listed = async (user?: string) =>
      (await t.admin('get', `${scenarios(w.org)}?limit=100`, user).expect(200)).body.data.map((s: { id: string }) => s.id).sort();
    expect(await listed(w.outsider.id)).toEqual([open, mine].sort());
    expect(await listed(w.viewer.id)).toEqual([open, w.scenario].sort());
    expect(await listed(w.editor.id)).toEqual([open, w.scenario].sort());
    expect(await listed(w.owner.id)).toEqual([open, w.scenario].sort());
    expect(await listed(w.manager.id)).toEqual([open, mine, w.scenario].sort());
    expect(await listed()).toEqual([open, mine, w.scenario].sort());
    const page = (await t.admin('get', `${scenarios(w.org)}?limit=1`, w.viewer.id).expect(200)).body.meta;
    expect(page).toMatchObject({ total: 2, hasNextPage: true });
    expect(err(await t.admin('get', scenarios(w.org, `/${w.scenario}`), w.outsider.id))).toEqual({ status: 404, code: 'NOT_FOUND' });
    await t.admin('get', scenarios(w.org, `/${w.scenario}`), w.viewer.id).expect(200);
    expect(err(await t.admin('get', scenarios(w.org, `/${mine}`), w.viewer.id))).toEqual({ status: 404, code: 'NOT_FOUND' });
  });

  it('03 §3 Access: renaming, locking and reopening need the right to write; visibility needs the owner or manage_scenarios (nothing changed when refused)', async () => {
    const w = await world();
    const one = scenarios(w.org, `/${w.scenario}`);
    expect(err(await t.admin('patch', one, w.outsider.id).send({ name: 'X' }))).toEqual({ status: 404, code: 'NOT_FOUND' });
    expect(err(await t.admin('patch', one, w.viewer.id).send({ name: 'X' }))).toEqual({ status: 403, code: 'PLAN_NOT_EDITABLE' });
    await t.admin('patch', one, w.editor.id).send({ status: 'LOCKED' }).expect(200);
    // Locked: writes inside are refused for everyone, but the editor may reopen it.
    expect(
      err(await w.editor.as.api('post', `/functional-groups?scenarioId=${w.scenario}`).send({ name: 'G', startDate: '2026-01-01' })),
    ).toEqual({ status: 403, code: 'PLAN_NOT_EDITABLE' });
    await t.admin('patch', one, w.editor.id).send({ status: 'OPEN', name: 'Renamed by editor' }).expect(200);
    expect(err(await t.admin('patch', one, w.editor.id).send({ visibility: 'ORGANIZATION' }))).toEqual({ status: 403, code: 'FORBIDDEN' });
    expect(err(await t.admin('patch', one, w.viewer.id).send({ visibility: 'ORGANIZATION' }))).toEqual({ status: 403, code: 'FORBIDDEN' });
    expect((await t.admin('get', one).expect(200)).body.data).toMatchObject({ visibility: 'PRIVATE', name: 'Renamed by editor' });
    await t.admin('patch', one, w.owner.id).send({ visibility: 'ORGANIZATION' }).expect(200);
    await w.outsider.as.api('get', `/teams?scenarioId=${w.scenario}`).expect(200);
    await t.admin('patch', one, w.manager.id).send({ visibility: 'PRIVATE' }).expect(200);
    await w.outsider.as.api('get', `/teams?scenarioId=${w.scenario}`).expect(404);
  });

  it('03 §3 Access: members are managed by the owner or manage_scenarios; VIEWER and EDITOR may list them; a role can change; removing one ends its access', async () => {
    const w = await world();
    const members = scenarios(w.org, `/${w.scenario}/members`);
    const add = (user: string | undefined, body: object) => t.admin('post', members, user).send(body);
    expect(err(await add(w.outsider.id, { userId: w.outsider.id, role: 'EDITOR' }))).toEqual({ status: 404, code: 'NOT_FOUND' });
    expect(err(await add(w.viewer.id, { userId: w.outsider.id, role: 'VIEWER' }))).toEqual({ status: 403, code: 'FORBIDDEN' });
    expect(err(await add(w.editor.id, { userId: w.outsider.id, role: 'VIEWER' }))).toEqual({ status: 403, code: 'FORBIDDEN' });
    expect(err(await t.admin('delete', `${members}/${w.viewer.id}`, w.editor.id))).toEqual({ status: 403, code: 'FORBIDDEN' });
    const listed = async (user?: string) =>
      (await t.admin('get', members, user).expect(200)).body.data.map((m: { userId: string; role: string }) => `${m.userId}:${m.role}`);
    expect(await listed(w.viewer.id)).toEqual([`${w.viewer.id}:VIEWER`, `${w.editor.id}:EDITOR`]);
    expect(await listed(w.editor.id)).toEqual([`${w.viewer.id}:VIEWER`, `${w.editor.id}:EDITOR`]);
    expect(err(await t.admin('get', members, w.outsider.id))).toEqual({ status: 404, code: 'NOT_FOUND' });
    // Bad input: unknown user 404, unknown role 400, an inactive user 400.
    expect(err(await add(w.owner.id, { userId: 'cnosuchuser00000000000000', role: 'VIEWER' }))).toEqual({ status: 404, code: 'NOT_FOUND' });
    expect(err(await add(w.owner.id, { userId: w.outsider.id, role: 'OWNER' }))).toEqual({ status: 400, code: 'VALIDATION_ERROR' });
    const gone = await person(w.org);
    await t.admin('patch', `/organizations/${w.org.orgId}/users/${gone.id}`).send({ active: false }).expect(200);
    expect(err(await add(w.owner.id, { userId: gone.id, role: 'VIEWER' }))).toEqual({ status: 400, code: 'VALIDATION_ERROR' });
    expect(await listed()).toEqual([`${w.viewer.id}:VIEWER`, `${w.editor.id}:EDITOR`]);
    // The manager adds the outsider; a second POST sets another role; removal ends the access.
    const added = await add(w.manager.id, { userId: w.outsider.id, role: 'VIEWER' }).expect(201);
    expect(added.body.data).toEqual({
      userId: w.outsider.id,
      role: 'VIEWER',
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    expect(added.headers.location).toBe(`/admin/v1${members}/${w.outsider.id}`);
    expect((await t.admin('get', added.headers.location.replace('/admin/v1', ''), w.viewer.id).expect(200)).body.data.role).toBe('VIEWER');
    await w.outsider.as.api('get', `/teams?scenarioId=${w.scenario}`).expect(200);
    expect(
      err(await w.outsider.as.api('post', `/functional-groups?scenarioId=${w.scenario}`).send({ name: 'G', startDate: '2026-01-01' })),
    ).toEqual({ status: 403, code: 'PLAN_NOT_EDITABLE' });
    expect((await add(w.owner.id, { userId: w.outsider.id, role: 'EDITOR' }).expect(201)).body.data.role).toBe('EDITOR');
    await w.outsider.as.api('post', `/functional-groups?scenarioId=${w.scenario}`).send({ name: 'G', startDate: '2026-01-01' }).expect(201);
    await t.admin('delete', `${members}/${w.outsider.id}`, w.owner.id).expect(204);
    expect(err(await t.admin('delete', `${members}/${w.outsider.id}`, w.owner.id))).toEqual({ status: 404, code: 'NOT_FOUND' });
    await w.outsider.as.api('get', `/teams?scenarioId=${w.scenario}`).expect(404);
    expect(await listed()).toEqual([`${w.viewer.id}:VIEWER`, `${w.editor.id}:EDITOR`]);
  });

  it('03 §3 Access: diff and merge (dry run or not) of a private scenario: no access 404; VIEWER reads the diff; merging needs manage_scenarios (403), nothing merged', async () => {
    const w = await world();
    await t
      .admin('patch', scenarios(w.org, `/${w.scenario}/teams/${w.team}`), w.editor.id)
      .send({ name: 'Renamed' })
      .expect(200);
    const diff = scenarios(w.org, `/${w.scenario}/diff`);
    const merge = scenarios(w.org, `/${w.scenario}/merge`);
    expect(err(await t.admin('get', diff, w.outsider.id))).toEqual({ status: 404, code: 'NOT_FOUND' });
    for (const reader of [w.viewer, w.editor]) {
      expect((await t.admin('get', diff, reader.id).expect(200)).body.data.map((d: { entityId: string }) => d.entityId)).toEqual([w.team]);
    }
    for (const dryRun of ['?dryRun=true', '']) {
      expect(err(await t.admin('post', `${merge}${dryRun}`, w.outsider.id))).toEqual({ status: 404, code: 'NOT_FOUND' });
      expect(err(await t.admin('post', `${merge}${dryRun}`, w.viewer.id))).toEqual({ status: 403, code: 'FORBIDDEN' });
      expect(err(await t.admin('post', `${merge}${dryRun}`, w.editor.id))).toEqual({ status: 403, code: 'FORBIDDEN' });
    }
    expect(await teamsIn(await livePlan(w.org))).toEqual(['Platform']);
    expect((await t.admin('get', scenarios(w.org, `/${w.scenario}`)).expect(200)).body.data.status).toBe('OPEN');
    expect((await t.admin('post', merge, w.manager.id).expect(200)).body.data).toEqual({ status: 'MERGED', changes: { team: 1 } });
    expect(await teamsIn(await livePlan(w.org))).toEqual(['Renamed']);
  });

  async function livePlan(org: Tenant): Promise<string> {
    return (await t.dataSource.query(`SELECT id FROM plans WHERE organization_id = $1 AND kind = 'LIVE'`, [org.orgId]))[0].id;
  }
});
