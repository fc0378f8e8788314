import { changesOf } from '../support/changes';
import { bodies } from '../support/fixtures';
import { TestApp, Tenant } from '../support/test-app';

describe('assignments and salary adjustments (01 Assignment, Salary adjustment)', () => {
  let t: TestApp;
  let tenant: Tenant;
  let team: string;
  let employee: string;
  beforeAll(async () => {
    t = await TestApp.start();
    tenant = await t.createTenant();
    team = (await tenant.create.team({ name: 'Core', externalId: 'TEAM-CORE' })).id;
    employee = (await tenant.create.employee({ externalId: 'E-GH' })).id;
  });
  afterAll(() => t.close());

  it('01/assignments: create an allocation by ids or externalIds; the document-01 shape with the holder', async () => {
    const res = await tenant
      .api('post', '/assignments')
      .send({
        type: 'team',
        targetId: 'TEAM-CORE',
        employeeId: 'E-GH',
        fte: 0.6,
        startDate: '2026-02-01',
        endDate: '2026-12-31',
        role: 'Dev',
      })
      .expect(201);
    expect(res.body.data).toEqual({
      id: expect.any(String),
      type: 'team',
      targetId: team,
      employeeId: employee,
      contractorId: null,
      vacancyId: null,
      teamId: null,
      fte: 0.6,
      startDate: '2026-02-01',
      endDate: '2026-12-31',
      role: 'Dev',
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    const [row] = await changesOf(t, tenant.orgId, { entityId: res.body.data.id });
    expect({ entityType: row.entityType, after: row.after }).toEqual({
      entityType: 'employee_team_allocation',
      after: expect.objectContaining({ fte: '0.6' }),
    });
  });

  it('01 errors: a nonexistent referenced id is 400 VALIDATION_ERROR on its field', async () => {
    expect(
      (
        await tenant
          .api('post', '/assignments')
          .send({ type: 'team', targetId: 'NOPE', employeeId: employee, fte: 1, startDate: '2026-01-01' })
          .expect(400)
      ).body.error.details[0].field,
    ).toBe('targetId');
    expect(
      (
        await tenant
          .api('post', '/assignments')
          .send({ type: 'team', targetId: team, employeeId: 'NOPE', fte: 1, startDate: '2026-01-01' })
          .expect(400)
      ).body.error.details[0].field,
    ).toBe('employeeId');
    expect(
      (
        await tenant
          .api('post', '/assignments')
          .send({ type: 'team', targetId: team, contractorId: 'NOPE', fte: 1, startDate: '2026-01-01' })
          .expect(400)
      ).body.error.code,
    ).toBe('VALIDATION_ERROR');
  });

  it('01/assignments: exactly one holder; a team holds only project allocations; fte 0-10; end not before start', async () => {
    const base = { type: 'team', targetId: team, fte: 1, startDate: '2026-01-01' };
    await tenant.api('post', '/assignments').send(base).expect(400);
    await tenant
      .api('post', '/assignments')
      .send({ ...base, employeeId: employee, teamId: team })
      .expect(400);
    expect(
      (
        await tenant
          .api('post', '/assignments')
          .send({ ...base, teamId: team })
          .expect(400)
      ).body.error.details[0].field,
    ).toBe('type');
    expect(
      (
        await tenant
          .api('post', '/assignments')
          .send({ ...base, employeeId: employee, fte: 10.5 })
          .expect(400)
      ).body.error.details[0].field,
    ).toBe('fte');
    await tenant
      .api('post', '/assignments')
      .send({ ...base, employeeId: employee, fte: 10 })
      .expect(201);
    expect(
      (
        await tenant
          .api('post', '/assignments')
          .send({ ...base, employeeId: employee, endDate: '2025-12-31' })
          .expect(400)
      ).body.error.details[0].field,
    ).toBe('endDate');
    await tenant
      .api('post', '/assignments')
      .send({ ...base, type: 'squad', employeeId: employee })
      .expect(400);
  });

  it('01/assignments: list filters by holder, target and activeOn; PATCH changes terms', async () => {
    const org = await t.createTenant();
    const tm = (await org.create.team()).id;
    const e = (await org.create.employee()).id;
    const early = (
      await org
        .api('post', '/assignments')
        .send({ type: 'team', targetId: tm, employeeId: e, fte: 1, startDate: '2026-01-01', endDate: '2026-03-31' })
        .expect(201)
    ).body.data.id;
    const late = (
      await org
        .api('post', '/assignments')
        .send({ type: 'team', targetId: tm, employeeId: e, fte: 0.5, startDate: '2026-04-01' })
        .expect(201)
    ).body.data.id;
    const ids = async (q: string) => (await org.api('get', `/assignments?${q}`).expect(200)).body.data.map((a: { id: string }) => a.id);
    expect(await ids('activeOn=2026-03-31')).toEqual([early]);
    expect(await ids('activeOn=2026-04-01')).toEqual([late]);
    expect(await ids(`employeeId=${e}&targetId=${tm}`)).toEqual([early, late]);
    expect(await ids('employeeId=cxxxxxxxxxxxxxxxxxxxxxxxx')).toEqual([]);
    await org.api('get', '/assignments?activeOn=2026-13-01').expect(400);
    const patched = await org.api('patch', `/assignments/${late}`).send({ fte: 0.75, endDate: '2026-12-31' }).expect(200);
    expect(patched.body.data).toMatchObject({ fte: 0.75, endDate: '2026-12-31', employeeId: e });
    await org.api('delete', `/assignments/${early}`).expect(204);
    const kinds = (await changesOf(t, org.orgId)).filter((k) => k.entityType.endsWith('allocation'));
    expect(kinds.map((k) => k.changeType)).toEqual(['create', 'create', 'update', 'delete']);
  });

  it('02 events: project allocations of employees (nested) and teams are recorded with their entity types', async () => {
    const org = await t.createTenant();
    const project = (await org.create.project({ name: 'Apollo', externalId: 'P-AP' })).id;
    const tm = (await org.create.team()).id;
    const e = await org.create.employee({ projectAssignment: { projectId: 'P-AP', fte: 0.2, startDate: '2026-01-01' } });
    await org
      .api('post', '/assignments')
      .send({ type: 'project', targetId: project, teamId: tm, fte: 2, startDate: '2026-01-01' })
      .expect(201);
    const bad = await org
      .api('post', '/employees')
      .send(bodies.employee({ projectAssignment: { projectId: 'NOPE', fte: 1, startDate: '2026-01-01' } }))
      .expect(400);
    expect(bad.body.error.details[0].field).toBe('projectAssignment.projectId');
    const rows = (await changesOf(t, org.orgId)).filter((r) => r.entityType.endsWith('allocation'));
    expect(rows.map((r) => r.entityType)).toEqual(['employee_project_allocation', 'team_project_allocation']);
    expect(rows[0].after).toMatchObject({ employeeId: e.id, targetId: project, type: 'project' });
    // 03 §1.4: the project now has active assignments.
    expect((await org.api('delete', `/projects/${project}`).expect(409)).body.error.code).toBe('CONFLICT');
  });

  it('03 §2: assignments_view reads and assignments_edit writes', async () => {
    const org = await t.createTenant();
    const target = (await org.create.team()).id;
    const holder = (await org.create.employee()).id;
    const body = bodies.assignment({ type: 'team', targetId: target, employeeId: holder });
    const viewer = t.asKey(org, (await t.createKey(org, ['assignments_view'])).key);
    const editor = t.asKey(org, (await t.createKey(org, ['assignments_edit'])).key);
    const neither = t.asKey(org, (await t.createKey(org, ['teams_view', 'teams_edit'])).key);
    // assignments_view reads, and does not write: a complete valid body is refused, nothing written.
    await viewer.api('post', '/assignments').send(body).expect(403);
    expect((await viewer.api('get', '/assignments').expect(200)).body.data).toEqual([]);
    // assignments_edit writes, and does not read.
    const written = (await editor.api('post', '/assignments').send(body).expect(201)).body.data;
    await editor.api('get', '/assignments').expect(403);
    await editor.api('get', `/assignments/${written.id}`).expect(403);
    expect((await viewer.api('get', '/assignments').expect(200)).body.data.map((a: { id: string }) => a.id)).toEqual([written.id]);
    expect((await viewer.api('get', `/assignments/${written.id}`).expect(200)).body.data.id).toBe(written.id);
    // Without either, neither.
    await neither.api('get', '/assignments').expect(403);
    await neither.api('post', '/assignments').send(body).expect(403);
  });

  it('01/salary adjustments: salary adjustments: list newest first, create, patch, delete, scoped to the employee', async () => {
    const base = `/employees/${employee}/salary-adjustments`;
    await tenant.api('post', base).send({ effectiveDate: '2026-01-01', salary: 100000, currencyCode: 'USD' }).expect(201);
    const raise = (
      await tenant
        .api('post', `/employees/E-GH/salary-adjustments`)
        .send({ effectiveDate: '2026-07-01', salary: 110000, currencyCode: 'USD', reason: 'Promotion' })
        .expect(201)
    ).body.data;
    expect(raise).toMatchObject({ employeeId: employee, salary: 110000, bonus: null, reason: 'Promotion' });
    const list = await tenant.api('get', base).expect(200);
    expect(list.body.data.map((s: { effectiveDate: string }) => s.effectiveDate)).toEqual(['2026-07-01', '2026-01-01']);
    expect((await tenant.api('patch', `${base}/${raise.id}`).send({ bonus: 5000 }).expect(200)).body.data.bonus).toBe(5000);
    await tenant.api('post', base).send({ effectiveDate: '2026-01-01', salary: -1, currencyCode: 'USD' }).expect(400);
    await tenant.api('post', base).send({ effectiveDate: '2026-01-01', salary: 1.234, currencyCode: 'USD' }).expect(400);
    const other = (await tenant.create.employee()).id;
    await tenant.api('patch', `/employees/${other}/salary-adjustments/${raise.id}`).send({ bonus: 1 }).expect(404);
    await tenant.api('delete', `${base}/${raise.id}`).expect(204);
    await tenant.api('get', '/employees/cxxxxxxxxxxxxxxxxxxxxxxxx/salary-adjustments').expect(404);
    expect((await changesOf(t, tenant.orgId, { entityId: raise.id, entityType: 'salary_adjustment' })).length).toBe(3);
    const viewer = await t.createKey(tenant, ['employees_view']);
    await t.http().get(`/api/v1/org/${tenant.orgId}${base}`).set('Authorization', `Bearer ${viewer.key}`).expect(403);
  });
});
