import { changesOf, lastSeq } from '../support/changes';
import { bodies } from '../support/fixtures';
import { TestApp, Tenant } from '../support/test-app';

describe('employees (01 Employee, Employees endpoints)', () => {
  let t: TestApp;
  let tenant: Tenant;
  beforeAll(async () => {
    t = await TestApp.start();
    tenant = await t.createTenant();
  });
  afterAll(() => t.close());

  it('01/employees create: the documented fields, with nullable ones null by default', async () => {
    const created = await tenant.create.employee({ startDate: '2026-01-05', internalEmployeeId: 'HR-7' });
    expect(created).toEqual({
      id: expect.stringMatching(/^[a-z][a-z0-9]{24}$/),
      externalId: null,
      firstName: 'Ada',
      lastName: expect.any(String),
      name: null,
      email: expect.any(String),
      internalEmployeeId: 'HR-7',
      startDate: '2026-01-05',
      endDate: null,
      noticeDate: null,
      managerId: null,
      jobRoleId: null,
      workTypeId: null,
      geographyId: null,
      defaultCurrencyCode: null,
      costCentreId: null,
      fte: 1,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
  });

  it('01/employees create: required fields, a valid e-mail, real dates', async () => {
    const res = await tenant.api('post', '/employees').send({ email: 'nope', startDate: '2026-02-30' }).expect(400);
    expect(res.body.error.details.map((d: { field: string }) => d.field).sort()).toEqual(['email', 'firstName', 'lastName', 'startDate']);
  });

  it('01/employees: e-mail is unique in the organization, whatever its case', async () => {
    const first = await tenant.create.employee();
    const res = await tenant
      .api('post', '/employees')
      .send(bodies.employee({ email: first.email.toUpperCase() }))
      .expect(400);
    expect(res.body.error.details[0].field).toBe('email');
    const other = await t.createTenant();
    await other.create.employee({ email: first.email });
  });

  it('01/employees create is atomic: a nonexistent nested teamId is 400 and nothing is written', async () => {
    const org = await t.createTenant();
    const res = await org
      .api('post', '/employees')
      .send(
        bodies.employee({
          salary: { effectiveDate: '2026-01-05', salary: 90000, currencyCode: 'EUR' },
          teamAssignment: { teamId: 'cxxxxxxxxxxxxxxxxxxxxxxxx', fte: 1, startDate: '2026-01-05' },
        }),
      )
      .expect(400);
    expect(res.body.error).toMatchObject({
      code: 'VALIDATION_ERROR',
      details: [{ field: 'teamAssignment.teamId', message: expect.any(String) }],
    });
    const [counts] = await t.dataSource.query(
      `SELECT (SELECT count(*) FROM employees WHERE organization_id = $1)::int AS e, (SELECT count(*) FROM salary_adjustments WHERE organization_id = $1)::int AS s`,
      [org.orgId],
    );
    expect({ ...counts, c: (await changesOf(t, org.orgId)).length }).toEqual({ e: 0, s: 0, c: 0 });
  });

  it('01/employees nested create: salary and team assignment in one request, each recorded (02 events table)', async () => {
    const org = await t.createTenant();
    const orgTeam = (await org.create.team({ externalId: 'T1' })).id;
    const { id } = await org.create.employee({
      salary: { effectiveDate: '2026-01-05', salary: 90000.5, currencyCode: 'EUR', bonus: 1000 },
      teamAssignment: { teamId: 'T1', fte: 0.5, startDate: '2026-01-05', role: 'Lead' },
    });
    const rows = await changesOf(t, org.orgId);
    expect(rows.map((r) => `${r.entityType}:${r.changeType}`)).toEqual([
      'team:create',
      'employee:create',
      'salary_adjustment:create',
      'employee_team_allocation:create',
    ]);
    expect(rows[2].after).toMatchObject({ employeeId: id, salary: '90000.5', bonus: '1000', currencyCode: 'EUR' });
    expect(rows[3].after).toMatchObject({ employeeId: id, targetId: orgTeam, type: 'team', fte: '0.5', role: 'Lead' });
    const read = await org.api('get', `/employees/${id}?include=currentSalary,assignments`).expect(200);
    expect(read.body.data.currentSalary).toMatchObject({
      salary: 90000.5,
      bonus: 1000,
      currencyCode: 'EUR',
      effectiveDate: '2026-01-05',
      employeeId: id,
    });
    expect(read.body.data.assignments).toEqual([
      expect.objectContaining({ type: 'team', targetId: orgTeam, fte: 0.5, startDate: '2026-01-05', endDate: null }),
    ]);
  });

  it('03 §2: a nested salary needs compensation_edit and nested assignments need assignments_edit (403, nothing written)', async () => {
    const org = await t.createTenant({ keyPermissions: ['employees_view', 'employees_edit', 'teams_edit'] });
    await org.api('post', '/teams').send({ name: 'T', externalId: 'T1' }).expect(201);
    await org
      .api('post', '/employees')
      .send(bodies.employee({ salary: { effectiveDate: '2026-01-05', salary: 1, currencyCode: 'EUR' } }))
      .expect(403);
    await org
      .api('post', '/employees')
      .send(bodies.employee({ teamAssignment: { teamId: 'T1', fte: 1, startDate: '2026-01-05' } }))
      .expect(403);
    const [{ n: count }] = await t.dataSource.query(`SELECT count(*)::int AS n FROM employees WHERE organization_id = $1`, [org.orgId]);
    expect(count).toBe(0);
    await org.create.employee();
  });

  it('01/employees: managerId by id or externalId; unresolvable is 404 NOT_FOUND; no management cycles', async () => {
    const boss = (await tenant.create.employee({ externalId: 'EMP-BOSS' })).id;
    const report = await tenant.create.employee({ managerId: 'EMP-BOSS' });
    expect(report.managerId).toBe(boss);
    const res = await tenant
      .api('post', '/employees')
      .send(bodies.employee({ managerId: 'EMP-NOBODY' }))
      .expect(404);
    expect(res.body.error).toMatchObject({ code: 'NOT_FOUND', errorId: expect.any(String) });
    await tenant.api('patch', `/employees/${boss}`).send({ managerId: report.id }).expect(400);
    await tenant.api('patch', `/employees/${boss}`).send({ managerId: boss }).expect(400);
  });

  it('01 nested jobRole: externalId first, then title (stamping the externalId), then created; externalId alone unmatched is 404; jobRoleId wins', async () => {
    const org = await t.createTenant();
    const existing = (await org.create.jobRole({ title: 'Engineer' })).id;
    const byTitle = await org.create.employee({ jobRole: { title: 'engineer', externalId: 'JR-ENG' } });
    expect(byTitle.jobRoleId).toBe(existing);
    expect((await org.api('get', `/job-roles/${existing}`).expect(200)).body.data.externalId).toBe('JR-ENG');
    const byExternal = await org.create.employee({ jobRole: { externalId: 'JR-ENG', title: 'Ignored title' } });
    expect(byExternal.jobRoleId).toBe(existing);
    const created = await org.create.employee({ jobRole: { title: 'Designer', externalId: 'JR-DES' } });
    const newRole = (await org.api('get', '/job-roles/JR-DES').expect(200)).body.data;
    expect(created.jobRoleId).toBe(newRole.id);
    expect(newRole.title).toBe('Designer');
    expect(
      (
        await org
          .api('post', '/employees')
          .send(bodies.employee({ jobRole: { externalId: 'JR-NONE' } }))
          .expect(404)
      ).body.error.code,
    ).toBe('NOT_FOUND');
    const wins = await org.create.employee({ jobRoleId: existing, jobRole: { externalId: 'JR-NONE' } });
    expect(wins.jobRoleId).toBe(existing);
    await org
      .api('post', '/employees')
      .send(bodies.employee({ jobRoleId: 'cxxxxxxxxxxxxxxxxxxxxxxxx' }))
      .expect(400);
    await org
      .api('post', '/employees')
      .send(bodies.employee({ jobRole: {} }))
      .expect(400);
  });

  it('01/employees: defaultCurrencyCode comes from the location when unset', async () => {
    const loc = (await tenant.create.location({ name: 'Berlin', currencyCode: 'EUR', externalId: 'LOC-BER' })).id;
    expect(await tenant.create.employee({ geographyId: 'LOC-BER' })).toMatchObject({ geographyId: loc, defaultCurrencyCode: 'EUR' });
    expect((await tenant.create.employee({ geographyId: loc, defaultCurrencyCode: 'USD' })).defaultCurrencyCode).toBe('USD');
    await tenant
      .api('post', '/employees')
      .send(bodies.employee({ geographyId: 'LOC-NONE' }))
      .expect(400);
    await tenant
      .api('post', '/employees')
      .send(bodies.employee({ workTypeId: 'WT-NONE' }))
      .expect(400);
  });

  it('01/employees PATCH: partial; endDate, noticeDate and externalId clear with null; nested objects only add', async () => {
    const org = await t.createTenant();
    const created = await org.create.employee({
      externalId: 'E-1',
      endDate: '2026-12-31',
      noticeDate: '2026-10-01',
      salary: { effectiveDate: '2026-01-05', salary: 50000, currencyCode: 'EUR' },
    });
    const patched = await org
      .api('patch', `/employees/E-1`)
      .send({
        endDate: null,
        noticeDate: null,
        externalId: null,
        salary: { effectiveDate: '2026-07-01', salary: 60000, currencyCode: 'EUR' },
      })
      .expect(200);
    expect(patched.body.data).toMatchObject({ firstName: 'Ada', endDate: null, noticeDate: null, externalId: null });
    const history = await org.api('get', `/employees/${created.id}?include=salaryHistory,currentSalary`).expect(200);
    expect(history.body.data.salaryHistory.map((s: { salary: number }) => s.salary)).toEqual([60000, 50000]);
    expect(history.body.data.currentSalary.salary).toBe(60000);
    await org.api('patch', `/employees/${created.id}`).send({ firstName: null }).expect(400);
    await org.api('patch', `/employees/${created.id}`).send({ endDate: '2025-01-01' }).expect(400);
  });

  it('01 rule 7: an include key that is not allowed is 400; salary includes need compensation_view', async () => {
    const { id } = await tenant.create.employee();
    const res = await tenant.api('get', `/employees/${id}?include=currentSalary,manager`).expect(400);
    expect(res.body.error.details[0].field).toBe('include');
    const viewer = await t.createKey(tenant, ['employees_view']);
    const asViewer = (path: string) => t.http().get(`/api/v1/org/${tenant.orgId}${path}`).set('Authorization', `Bearer ${viewer.key}`);
    await asViewer(`/employees/${id}`).expect(200);
    await asViewer(`/employees/${id}?include=salaryHistory`).expect(403);
  });

  it('01/employees list: search first name, last name, e-mail; sortBy lastName by default; costCentreId filter', async () => {
    const org = await t.createTenant();
    const cc = (await org.create.costCentre()).id;
    await org.create.employee({ firstName: 'Zoe', lastName: 'Adams', email: 'zoe@acme.test', costCentreId: cc });
    await org.create.employee({ firstName: 'Yan', lastName: 'brown', email: 'yan@other.test' });
    await org.create.employee({ firstName: 'Xia', lastName: 'Clark', email: 'xia@acme.test' });
    const names = (res: { body: { data: { lastName: string }[] } }) => res.body.data.map((e) => e.lastName);
    expect(names(await org.api('get', '/employees').expect(200))).toEqual(['Adams', 'brown', 'Clark']);
    expect(names(await org.api('get', '/employees?sortBy=firstName&sortDir=asc').expect(200))).toEqual(['Clark', 'brown', 'Adams']);
    expect(names(await org.api('get', '/employees?search=ACME').expect(200))).toEqual(['Adams', 'Clark']);
    expect(names(await org.api('get', '/employees?search=yan').expect(200))).toEqual(['brown']);
    expect(names(await org.api('get', `/employees?costCentreId=${cc}`).expect(200))).toEqual(['Adams']);
    await org.api('get', '/employees?sortBy=salary').expect(400);
  });

  it('01/employees DELETE is permanent: salary adjustments and assignments go, reports lose their manager, one employee delete is recorded', async () => {
    const org = await t.createTenant();
    await org.create.team({ externalId: 'T1' });
    const boss = (
      await org.create.employee({
        salary: { effectiveDate: '2026-01-05', salary: 1, currencyCode: 'EUR' },
        teamAssignment: { teamId: 'T1', fte: 1, startDate: '2026-01-05' },
      })
    ).id;
    const report = (await org.create.employee({ managerId: boss })).id;
    const before = await lastSeq(t, org.orgId);
    await org.api('delete', `/employees/${boss}`).expect(204);
    await org.api('get', `/employees/${boss}`).expect(404);
    expect((await org.api('get', `/employees/${report}`).expect(200)).body.data.managerId).toBeNull();
    const left = await t.dataSource.query(
      `SELECT (SELECT count(*) FROM salary_adjustments WHERE organization_id = $1)::int AS s, (SELECT count(*) FROM assignments WHERE organization_id = $1)::int AS a`,
      [org.orgId],
    );
    expect(left[0]).toEqual({ s: 0, a: 0 });
    const after = await changesOf(t, org.orgId, { afterSeq: before });
    // 02 events: the request sends one `employee` delete; the cascade is kept for the audit history only.
    const sent = after.filter((r) => r.dispatchStatus !== null);
    expect(sent.map((r) => [r.entityType, r.changeType, r.entityId])).toEqual([['employee', 'delete', boss]]);
    const audit = after.filter((r) => r.dispatchStatus === null).map((r) => `${r.entityType}:${r.changeType}`);
    expect(audit.sort()).toEqual(['employee:update', 'employee_team_allocation:delete', 'salary_adjustment:delete']);
  });

  it('tenant isolation, permissions and scenarios on employee routes', async () => {
    const other = await t.createTenant();
    const theirs = (await other.create.employee()).id;
    await tenant.api('get', `/employees/${theirs}`).expect(404);
    await tenant.api('patch', `/employees/${theirs}`).send({ firstName: 'X' }).expect(404);
    await tenant.api('delete', `/employees/${theirs}`).expect(404);
    const viewer = await t.createTenant({ keyPermissions: ['employees_view'] });
    await viewer.api('get', '/employees').expect(200);
    await viewer.api('post', '/employees').send(bodies.employee()).expect(403);
    const none = await t.createTenant({ keyPermissions: ['teams_view'] });
    await none.api('get', '/employees').expect(403);
    await tenant.api('post', '/employees?scenarioId=x').send(bodies.employee()).expect(501);
    await tenant.api('get', '/employees?scenarioId=cxxxxxxxxxxxxxxxxxxxxxxxx').expect(404);
  });
});
