import { lastSeq } from '../support/changes';
import { bodies } from '../support/fixtures';
import { TestApp, Tenant } from '../support/test-app';

/**
 * Spec 03 §1.17: an acting user (X-Acting-User) acts with their own API permissions on every application route that
 * reads or writes records: the scenario's record routes, its diff, its members, the dry run and the merge (the edit
 * permission of every record type the merge changes), the erase of a person, project links and metric readings. The
 * scenario is checked first (404 for one the user may not read), then the permission (403 FORBIDDEN), and a refused
 * request writes nothing. The admin token without X-Acting-User keeps every right.
 */
describe('03/§1.17 an acting user acts with their own permissions', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await TestApp.start();
  });
  afterAll(() => t.close());

  let n = 0;
  const user = async (org: Tenant, permissions: string[]) =>
    (
      await t
        .admin('post', `/organizations/${org.orgId}/users`)
        .send({ email: `own${++n}.${process.pid}@example.com`, name: `Own ${n}`, permissions })
        .expect(201)
    ).body.data.id as string;
  const scenarios = (org: Tenant, rest = '') => `/organizations/${org.orgId}/scenarios${rest}`;
  const forbidden = (res: { status: number; body: { error: { code: string; message: string } } }, ...named: string[]) => {
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe('FORBIDDEN');
    for (const name of named) expect(res.body.error.message).toContain(name);
  };
  /** Rows of a planning table in a plan, read in SQL. */
  const rows = async (table: string, planId: string) =>
    (await t.dataSource.query(`SELECT * FROM ${table} WHERE plan_id = $1 ORDER BY id`, [planId])) as Record<string, unknown>[];

  /** An organization with a team and an employee with a salary, and an ORGANIZATION scenario of it. */
  async function world() {
    const org = await t.createTenant();
    const team = await org.create.team({ name: 'Platform' });
    const employee = await org.create.employee({
      firstName: 'Paid',
      salary: { effectiveDate: '2026-01-01', salary: 91000, currencyCode: 'USD' },
    });
    const scenario = (await t.admin('post', scenarios(org)).send({ name: 'Plan' }).expect(201)).body.data.id as string;
    return { org, team: team.id, employee: employee.id, scenario };
  }

  it('03/§1.17: scenario record reads need the view permission of the record type, and include=currentSalary compensation_view (403); the admin token reads all', async () => {
    const w = await world();
    const teamsOnly = await user(w.org, ['teams_view']);
    const employeesOnly = await user(w.org, ['employees_view']);
    const path = (records: string) => scenarios(w.org, `/${w.scenario}/${records}`);

    expect((await t.admin('get', path('teams'), teamsOnly).expect(200)).body.data.map((r: { id: string }) => r.id)).toEqual([w.team]);
    forbidden(await t.admin('get', path('employees'), teamsOnly), 'employees_view');
    forbidden(await t.admin('get', path('employees?include=currentSalary'), teamsOnly), 'employees_view');
    expect((await t.admin('get', path('employees'), employeesOnly).expect(200)).body.data[0]).not.toHaveProperty('currentSalary');
    forbidden(await t.admin('get', path('employees?include=currentSalary'), employeesOnly), 'compensation_view');
    forbidden(await t.admin('get', path('contractors'), employeesOnly), 'contractors_view');

    const full = await t.admin('get', path('employees?include=currentSalary')).expect(200);
    expect(full.body.data[0].currentSalary).toMatchObject({ salary: 91000 });
  });

  it('03/§1.17: scenario record writes need the edit permission, nested records theirs (403, nothing written in the scenario)', async () => {
    const w = await world();
    const viewer = await user(w.org, ['teams_view', 'employees_view']);
    const noSalaries = await user(w.org, ['employees_edit']);
    const writer = await user(w.org, ['employees_edit', 'compensation_edit', 'teams_edit']);
    const path = (records: string) => scenarios(w.org, `/${w.scenario}/${records}`);
    const before = { teams: await rows('teams', w.scenario), employees: await rows('employees', w.scenario) };
    const salaries = await rows('salary_adjustments', w.scenario);

    forbidden(await t.admin('post', path('teams'), viewer).send({ name: 'New' }), 'teams_edit');
    forbidden(await t.admin('patch', path(`teams/${w.team}`), viewer).send({ name: 'Renamed' }), 'teams_edit');
    forbidden(await t.admin('delete', path(`employees/${w.employee}`), viewer), 'employees_edit');
    const nested = bodies.employee({ salary: { effectiveDate: '2026-02-01', salary: 50000, currencyCode: 'USD' } });
    forbidden(await t.admin('post', path('employees'), noSalaries).send(nested), 'compensation_edit');
    expect(await rows('teams', w.scenario)).toEqual(before.teams);
    expect(await rows('employees', w.scenario)).toEqual(before.employees);
    expect(await rows('salary_adjustments', w.scenario)).toEqual(salaries);

    await t.admin('post', path('employees'), writer).send(nested).expect(201);
    await t
      .admin('patch', path(`teams/${w.team}`), writer)
      .send({ name: 'Renamed' })
      .expect(200);
    expect(await rows('employees', w.scenario)).toHaveLength(2);
    expect(await rows('salary_adjustments', w.scenario)).toHaveLength(2);
  });

  it('03/§1.17: the scenario first: a PRIVATE scenario the user may not read is 404 whatever their permissions, a VIEWER write PLAN_NOT_EDITABLE; then the permission', async () => {
    const w = await world();
    const owner = await user(w.org, ['*']);
    const outsider = await user(w.org, []);
    const reader = await user(w.org, []);
    const hidden = (await t.admin('post', scenarios(w.org), owner).send({ name: 'Mine', visibility: 'PRIVATE' }).expect(201)).body.data.id;
    await t
      .admin('post', scenarios(w.org, `/${hidden}/members`), owner)
      .send({ userId: reader, role: 'VIEWER' })
      .expect(201);
    const path = (records: string) => scenarios(w.org, `/${hidden}/${records}`);

    expect((await t.admin('get', path('employees'), outsider).expect(404)).body.error.code).toBe('NOT_FOUND');
    expect((await t.admin('post', path('teams'), outsider).send({ name: 'X' }).expect(404)).body.error.code).toBe('NOT_FOUND');
    expect((await t.admin('post', path('teams'), reader).send({ name: 'X' }).expect(403)).body.error.code).toBe('PLAN_NOT_EDITABLE');
    forbidden(await t.admin('get', path('employees'), reader), 'employees_view');
    expect(await rows('teams', hidden)).toHaveLength(1);
  });

  it('03/§1.17: the diff lists only what the acting user may read: a type they may not view is 403 naming it; entityType narrows it', async () => {
    const w = await world();
    const path = (records: string) => scenarios(w.org, `/${w.scenario}/${records}`);
    await t
      .admin('patch', path(`teams/${w.team}`))
      .send({ name: 'Platform 2' })
      .expect(200);
    await t
      .admin('post', path('employees'))
      .send(bodies.employee({ salary: { effectiveDate: '2026-03-01', salary: 70000, currencyCode: 'USD' } }))
      .expect(201);
    const teams = await user(w.org, ['teams_view']);
    const most = await user(w.org, ['teams_view', 'employees_view']);
    const all = await user(w.org, ['teams_view', 'employees_view', 'compensation_view']);

    forbidden(await t.admin('get', path('diff'), teams), 'employees_view', 'compensation_view', 'salary_adjustment');
    forbidden(await t.admin('get', path('diff'), most), 'compensation_view', 'salary_adjustment');
    forbidden(await t.admin('get', path('diff?entityType=salary_adjustment'), most), 'compensation_view');
    const narrowed = (await t.admin('get', path('diff?entityType=team'), teams).expect(200)).body;
    expect(narrowed.data.map((e: { entityType: string }) => e.entityType)).toEqual(['team']);
    const whole = (await t.admin('get', path('diff'), all).expect(200)).body.data.map((e: { entityType: string }) => e.entityType);
    expect(new Set(whole)).toEqual(new Set(['team', 'employee', 'salary_adjustment']));
  });

  it('03/§1.17: the dry run and the merge need the edit permission of every record type the merge changes (403, nothing merged)', async () => {
    const w = await world();
    const path = (records: string) => scenarios(w.org, `/${w.scenario}/${records}`);
    await t
      .admin('patch', path(`teams/${w.team}`))
      .send({ name: 'Merged name' })
      .expect(200);
    await t
      .admin('post', path('employees'))
      .send(bodies.employee({ salary: { effectiveDate: '2026-03-01', salary: 70000, currencyCode: 'USD' } }))
      .expect(201);
    const teamsOnly = await user(w.org, ['manage_scenarios', 'teams_edit']);
    const noSalaries = await user(w.org, ['manage_scenarios', 'teams_edit', 'employees_edit']);
    const merger = await user(w.org, ['manage_scenarios', 'teams_edit', 'employees_edit', 'compensation_edit']);
    const seq = await lastSeq(t, w.org.orgId);
    const live = await t.dataSource.query(`SELECT id FROM plans WHERE organization_id = $1 AND kind = 'LIVE'`, [w.org.orgId]);
    const liveTeams = await rows('teams', live[0].id);

    forbidden(await t.admin('post', path('merge?dryRun=true'), teamsOnly), 'employees_edit', 'compensation_edit');
    forbidden(await t.admin('post', path('merge'), teamsOnly), 'employees_edit', 'compensation_edit');
    forbidden(await t.admin('post', path('merge'), noSalaries), 'compensation_edit', 'salary_adjustment');
    expect(await lastSeq(t, w.org.orgId)).toBe(seq);
    expect(await rows('teams', live[0].id)).toEqual(liveTeams);
    expect((await t.admin('get', scenarios(w.org, `/${w.scenario}`)).expect(200)).body.data.status).toBe('OPEN');

    const dry = (await t.admin('post', path('merge?dryRun=true'), merger).expect(200)).body.data;
    const merged = (await t.admin('post', path('merge'), merger).expect(200)).body.data;
    expect(merged).toEqual({ status: 'MERGED', changes: dry.changes });
    expect((await w.org.api('get', `/teams/${w.team}`).expect(200)).body.data.name).toBe('Merged name');
  });

  it('03/§1.17: a member borrows nothing from the owner who shares a scenario: they read and write it with their own permissions', async () => {
    const w = await world();
    const owner = await user(w.org, ['*']);
    const member = await user(w.org, ['teams_view']);
    const shared = (await t.admin('post', scenarios(w.org), owner).send({ name: 'Shared', visibility: 'PRIVATE' }).expect(201)).body.data
      .id;
    await t
      .admin('post', scenarios(w.org, `/${shared}/members`), owner)
      .send({ userId: member, role: 'EDITOR' })
      .expect(201);
    const path = (records: string) => scenarios(w.org, `/${shared}/${records}`);
    await t
      .admin('patch', path(`employees/${w.employee}`), owner)
      .send({ lastName: 'Changed' })
      .expect(200);

    expect((await t.admin('get', path('members'), member).expect(200)).body.data.map((m: { userId: string }) => m.userId)).toEqual([
      member,
    ]);
    await t.admin('get', path('teams'), member).expect(200);
    forbidden(await t.admin('get', path('employees'), member), 'employees_view');
    forbidden(await t.admin('post', path('teams'), member).send({ name: 'Not mine to add' }), 'teams_edit');
    forbidden(await t.admin('get', path('diff'), member), 'employees_view');
    forbidden(await t.admin('post', path('members'), member).send({ userId: owner, role: 'VIEWER' }));
    expect(await rows('teams', shared)).toHaveLength(1);
    expect(await t.dataSource.query(`SELECT user_id FROM scenario_members WHERE scenario_id = $1`, [shared])).toEqual([
      { user_id: member },
    ]);
  });

  it("03/§1.17: erasing a person needs the edit permissions of the person's records besides manage_personal_data (403, nothing erased)", async () => {
    const w = await world();
    const eraserOnly = await user(w.org, ['manage_personal_data']);
    const noSalaries = await user(w.org, ['manage_personal_data', 'employees_edit']);
    const eraser = await user(w.org, ['manage_personal_data', 'employees_edit', 'compensation_edit']);
    const erase = (actingUser: string) =>
      t.admin('post', `/organizations/${w.org.orgId}/people/erase`, actingUser).send({ employeeId: w.employee });
    const seq = await lastSeq(t, w.org.orgId);

    forbidden(await erase(eraserOnly), 'employees_edit', 'compensation_edit');
    forbidden(await erase(noSalaries), 'compensation_edit');
    expect(await lastSeq(t, w.org.orgId)).toBe(seq);
    expect((await w.org.api('get', `/employees/${w.employee}`).expect(200)).body.data.firstName).toBe('Paid');

    await erase(eraser).expect(200);
    expect((await w.org.api('get', `/employees/${w.employee}`).expect(200)).body.data.firstName).not.toBe('Paid');
  });

  it('03/§1.22: an acting user changes the retention only with manage_personal_data, the functional switches only with share_functional_groups (403, unchanged)', async () => {
    const w = await world();
    const org = `/organizations/${w.org.orgId}`;
    await t.admin('patch', org).send({ changeRetentionDays: 365 }).expect(200);
    const nobody = await user(w.org, []);
    forbidden(await t.admin('patch', org, nobody).send({ changeRetentionDays: null }), 'manage_personal_data');
    forbidden(await t.admin('patch', org, nobody).send({ deliveryRetentionDays: 365 }), 'manage_personal_data');
    forbidden(await t.admin('patch', org, nobody).send({ functionalGroupsRestrictedVisibility: false }), 'share_functional_groups');
    expect((await t.admin('get', org).expect(200)).body.data).toMatchObject({ changeRetentionDays: 365, deliveryRetentionDays: 30 });
    await t.admin('patch', org, nobody).send({ name: 'Renamed by anyone' }).expect(200);
    const keeper = await user(w.org, ['manage_personal_data']);
    expect((await t.admin('patch', org, keeper).send({ changeRetentionDays: null }).expect(200)).body.data.changeRetentionDays).toBeNull();
  });

  it('03/§1.17: project links need projects_view to read and projects_edit to write, metric readings business_metrics_view (403, nothing written)', async () => {
    const w = await world();
    const project = await w.org.create.project();
    const links = `/organizations/${w.org.orgId}/projects/${project.id}/links`;
    const viewer = await user(w.org, ['projects_view']);
    const nobody = await user(w.org, []);
    const editor = await user(w.org, ['projects_view', 'projects_edit']);
    const link = { provider: 'jira', key: 'OWN-1', status: 'In Progress' };

    forbidden(await t.admin('post', links, viewer).send(link), 'projects_edit');
    forbidden(await t.admin('get', links, nobody), 'projects_view');
    expect((await t.admin('get', links, viewer).expect(200)).body.data).toEqual([]);
    expect((await w.org.api('get', `/projects/${project.id}`).expect(200)).body.data.deliveryStatus).toBe('BACKLOG');
    const made = (await t.admin('post', links, editor).send(link).expect(201)).body.data;
    forbidden(await t.admin('delete', `${links}/${made.id}`, viewer), 'projects_edit');
    forbidden(await t.admin('get', `${links}/${made.id}`, nobody), 'projects_view');
    await t.admin('get', `${links}/${made.id}`, viewer).expect(200);

    const metric = (
      await t
        .admin('post', `/organizations/${w.org.orgId}/business-metrics`)
        .send({ key: 'orders', name: 'Orders', unit: 'count' })
        .expect(201)
    ).body.data;
    const metrics = `/organizations/${w.org.orgId}/business-metrics`;
    forbidden(await t.admin('get', `${metrics}/${metric.id}/readings`, nobody), 'business_metrics_view');
    forbidden(await t.admin('get', metrics, nobody), 'business_metrics_view');
    const reader = await user(w.org, ['business_metrics_view']);
    await t.admin('get', `${metrics}/${metric.id}/readings`, reader).expect(200);
  });
});
