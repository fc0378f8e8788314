import type request from 'supertest';
import { bodies } from '../support/fixtures';
import { TestApp, Tenant } from '../support/test-app';
import { Receiver } from './receiver';
import { CoverageLog, Delivered, deliveredBy } from './coverage-table';
import { createEndpoint } from './support';
import { WEBHOOK_ENTITY_TYPES } from '../../src/webhooks/webhook-event';

// Walks every resource of the app: CI runs it against a generated one too (.ci/run, "resource generator").

/**
 * Document 02 "What emits events", through the real REST API of every record module that exists:
 * each request of the table, and the exact events a real receiver gets for it.
 */
describe('02/what emits events: the REST requests of the coverage table, end to end', () => {
  let t: TestApp;
  let receiver: Receiver;
  let tenant: Tenant;
  let secret: string;
  const path = '/coverage';
  beforeAll(async () => {
    t = await TestApp.start({ WEBHOOK_SWEEP_INTERVAL_MS: '200' });
    receiver = await Receiver.start();
    tenant = await t.createTenant();
    ({ secret } = await createEndpoint(t, tenant, {
      url: receiver.url(path),
      entityTypes: [...WEBHOOK_ENTITY_TYPES],
      eventTypes: ['create', 'update', 'delete'],
    }));
  });
  afterAll(async () => {
    await t.close();
    await receiver.close();
  });

  const eventsOf = deliveredBy(() => ({ t, receiver, tenant, secret, path }));

  const sent = new CoverageLog();
  /** eventsOf for one row of COVERAGE, remembered for the row-by-row check at the end of the file. */
  async function rowOf(row: string, send: () => request.Test, status: number): Promise<Delivered> {
    const got = await eventsOf(send, status);
    sent.record(
      row,
      got.kinds,
      got.events.map((e) => e.body.id as string),
    );
    return got;
  }

  let team: string;
  let project: string;

  it('02 events: POST, PATCH, DELETE /teams send team create, update, delete (before and after as the service names them)', async () => {
    const created = await rowOf('POST /teams', () => tenant.api('post', '/teams').send({ name: 'Platform', externalId: 'T-PLAT' }), 201);
    expect(created.kinds).toEqual(['team:create']);
    team = created.body.data.id as string;
    expect(created.events[0].body).toMatchObject({
      entity_id: team,
      before: null,
      after: { id: team, name: 'Platform', externalId: 'T-PLAT' },
    });
    const updated = await rowOf('PATCH /teams/:id', () => tenant.api('patch', `/teams/${team}`).send({ name: 'Platform 2' }), 200);
    expect(updated.kinds).toEqual(['team:update']);
    expect(updated.events[0].body).toMatchObject({ before: { name: 'Platform' }, after: { name: 'Platform 2' } });
    const spare = (await tenant.create.team({ name: 'Spare' })).id;
    const deleted = await rowOf('DELETE /teams/:id', () => tenant.api('delete', `/teams/${spare}`), 204);
    expect(deleted.kinds).toEqual(['team:delete']);
    expect(deleted.events[0].body).toMatchObject({ entity_id: spare, before: { name: 'Spare' }, after: null });
  });

  it('02 events: POST, PATCH, DELETE /projects send project create, update, delete', async () => {
    const created = await rowOf(
      'POST /projects',
      () => tenant.api('post', '/projects').send({ name: 'Apollo', externalId: 'P-APOLLO', startDate: '2026-01-01' }),
      201,
    );
    expect(created.kinds).toEqual(['project:create']);
    project = created.body.data.id as string;
    expect(created.events[0].body.after).toMatchObject({ startDate: '2026-01-01' });
    expect(
      (await rowOf('PATCH /projects/:id', () => tenant.api('patch', `/projects/${project}`).send({ name: 'Apollo 2' }), 200)).kinds,
    ).toEqual(['project:update']);
    const spare = (await tenant.create.project({ name: 'Spare' })).id;
    expect((await rowOf('DELETE /projects/:id', () => tenant.api('delete', `/projects/${spare}`), 204)).kinds).toEqual(['project:delete']);
  });

  it('02 events: POST /employees sends employee create plus a create per team allocation, project allocation and salary in the request', async () => {
    const { kinds, events, body } = await rowOf(
      'POST /employees (with allocations and salary)',
      () =>
        tenant.api('post', '/employees').send(
          bodies.employee({
            startDate: '2026-01-05',
            salary: { effectiveDate: '2026-01-05', salary: 90000.5, currencyCode: 'EUR' },
            teamAssignment: { teamId: 'T-PLAT', fte: 0.5, startDate: '2026-01-05' },
            projectAssignment: { projectId: 'P-APOLLO', fte: 0.25, startDate: '2026-01-05' },
          }),
        ),
      201,
    );
    expect(kinds).toEqual([
      'employee:create',
      'employee_project_allocation:create',
      'employee_team_allocation:create',
      'salary_adjustment:create',
    ]);
    const id = body.data.id;
    const of = (type: string) => events.find((e) => e.body.entity_type === type)!.body.after;
    // Money and FTE are decimal strings without trailing zeros; dates are ISO strings.
    expect(of('salary_adjustment')).toMatchObject({ employeeId: id, salary: '90000.5', currencyCode: 'EUR', effectiveDate: '2026-01-05' });
    expect(of('employee_team_allocation')).toMatchObject({ employeeId: id, targetId: team, fte: '0.5', startDate: '2026-01-05' });
    expect(of('employee_project_allocation')).toMatchObject({ employeeId: id, targetId: project, fte: '0.25' });
  });

  it('02 events: PATCH /employees/:id sends employee update plus a create per allocation and salary added; DELETE sends employee delete', async () => {
    const { id } = await tenant.create.employee({ lastName: 'Hopper', startDate: '2026-01-05' });
    const patched = await rowOf(
      'PATCH /employees/:id (with new allocations and salary)',
      () =>
        tenant.api('patch', `/employees/${id}`).send({
          lastName: 'Murray Hopper',
          salary: { effectiveDate: '2026-02-01', salary: 100000, currencyCode: 'USD' },
          teamAssignment: { teamId: team, fte: 1, startDate: '2026-02-01' },
          projectAssignment: { projectId: project, fte: 0.5, startDate: '2026-02-01' },
        }),
      200,
    );
    expect(patched.kinds).toEqual([
      'employee:update',
      'employee_project_allocation:create',
      'employee_team_allocation:create',
      'salary_adjustment:create',
    ]);
    expect(patched.events.find((e) => e.body.entity_type === 'employee')!.body).toMatchObject({
      before: { lastName: 'Hopper' },
      after: { lastName: 'Murray Hopper' },
    });
    const deleted = await rowOf('DELETE /employees/:id', () => tenant.api('delete', `/employees/${id}`), 204);
    expect(deleted.kinds).toEqual(['employee:delete']);
  });

  it('02 events: POST, PATCH, DELETE /employees/:id/salary-adjustments send salary_adjustment create, update, delete', async () => {
    const employee = (await tenant.create.employee({ startDate: '2026-01-05' })).id;
    const base = `/employees/${employee}/salary-adjustments`;
    const created = await rowOf(
      'POST /employees/:id/salary-adjustments',
      () => tenant.api('post', base).send({ effectiveDate: '2026-03-01', salary: 80000, currencyCode: 'GBP' }),
      201,
    );
    expect(created.kinds).toEqual(['salary_adjustment:create']);
    const raise = created.body.data.id;
    expect(
      (
        await rowOf(
          'PATCH /employees/:id/salary-adjustments/:id',
          () => tenant.api('patch', `${base}/${raise}`).send({ salary: 85000.25 }),
          200,
        )
      ).kinds,
    ).toEqual(['salary_adjustment:update']);
    expect(
      (await rowOf('DELETE /employees/:id/salary-adjustments/:id', () => tenant.api('delete', `${base}/${raise}`), 204)).kinds,
    ).toEqual(['salary_adjustment:delete']);
  });

  it('02 events: POST and PATCH /contractors send contractor create or update plus a create per allocation and rate; DELETE sends contractor delete', async () => {
    const nested = (date: string) => ({
      rateAdjustment: { effectiveDate: date, rate: 650.5, rateType: 'daily', currencyCode: 'EUR' },
      teamAssignment: { teamId: team, fte: 0.5, startDate: date },
      projectAssignment: { projectId: project, fte: 0.5, startDate: date },
    });
    const created = await rowOf(
      'POST /contractors (with allocations and rate)',
      () => tenant.api('post', '/contractors').send({ name: 'Acme Consulting', startDate: '2026-03-01', ...nested('2026-03-01') }),
      201,
    );
    expect(created.kinds).toEqual([
      'contractor:create',
      'contractor_project_allocation:create',
      'contractor_rate:create',
      'contractor_team_allocation:create',
    ]);
    expect(created.events.find((e) => e.body.entity_type === 'contractor_rate')!.body.after).toMatchObject({
      rate: '650.5',
      rateType: 'daily',
    });
    const id = created.body.data.id;
    const patched = await rowOf(
      'PATCH /contractors/:id (with new allocations and rate)',
      () => tenant.api('patch', `/contractors/${id}`).send({ name: 'Acme Consulting Ltd', ...nested('2026-06-01') }),
      200,
    );
    expect(patched.kinds).toEqual([
      'contractor:update',
      'contractor_project_allocation:create',
      'contractor_rate:create',
      'contractor_team_allocation:create',
    ]);
    const spare = (await tenant.create.contractor({ name: 'Spare', startDate: '2026-03-01' })).id;
    expect((await rowOf('DELETE /contractors/:id', () => tenant.api('delete', `/contractors/${spare}`), 204)).kinds).toEqual([
      'contractor:delete',
    ]);
  });

  it('02 events: POST, PATCH, DELETE /contractors/:id/rate-adjustments send contractor_rate create, update, delete', async () => {
    const contractor = (await tenant.api('post', '/contractors').send({ name: 'Rates Ltd', startDate: '2026-01-01' }).expect(201)).body.data
      .id;
    const base = `/contractors/${contractor}/rate-adjustments`;
    const created = await rowOf(
      'POST /contractors/:id/rate-adjustments',
      () => tenant.api('post', base).send({ effectiveDate: '2026-01-01', rate: 50.5, rateType: 'monthly', currencyCode: 'GBP' }),
      201,
    );
    expect(created.kinds).toEqual(['contractor_rate:create']);
    const rate = created.body.data.id;
    expect(
      (await rowOf('PATCH /contractors/:id/rate-adjustments/:id', () => tenant.api('patch', `${base}/${rate}`).send({ rate: 60 }), 200))
        .kinds,
    ).toEqual(['contractor_rate:update']);
    expect((await rowOf('DELETE /contractors/:id/rate-adjustments/:id', () => tenant.api('delete', `${base}/${rate}`), 204)).kinds).toEqual(
      ['contractor_rate:delete'],
    );
  });

  it('02 events: POST, PATCH, DELETE /vacancies send vacancy create, update, delete', async () => {
    const created = await rowOf('POST /vacancies', () => tenant.api('post', '/vacancies').send({ role: 'Staff Engineer' }), 201);
    expect(created.kinds).toEqual(['vacancy:create']);
    const id = created.body.data.id;
    expect(
      (await rowOf('PATCH /vacancies/:id', () => tenant.api('patch', `/vacancies/${id}`).send({ role: 'Principal Engineer' }), 200)).kinds,
    ).toEqual(['vacancy:update']);
    expect((await rowOf('DELETE /vacancies/:id', () => tenant.api('delete', `/vacancies/${id}`), 204)).kinds).toEqual(['vacancy:delete']);
  });

  it('02 events: POST /vacancies/:id/fill sends vacancy update plus the filler created (and an employee filler’s salary); moved allocations send nothing', async () => {
    const forEmployee = (await tenant.api('post', '/vacancies').send({ role: 'Engineer' }).expect(201)).body.data.id;
    await tenant
      .api('post', '/assignments')
      .send({ vacancyId: forEmployee, type: 'team', targetId: team, fte: 1, startDate: '2026-01-01' })
      .expect(201);
    const employee = await rowOf(
      'POST /vacancies/:id/fill (employee)',
      () =>
        tenant
          .api('post', `/vacancies/${forEmployee}/fill`)
          .send({ startDate: '2026-06-01', currencyCode: 'EUR', firstName: 'New', lastName: 'Hire', salary: 95000 }),
      200,
    );
    expect(employee.kinds).toEqual(['employee:create', 'salary_adjustment:create', 'vacancy:update']);
    const forContractor = (await tenant.api('post', '/vacancies').send({ role: 'Contractor' }).expect(201)).body.data.id;
    const contractor = await rowOf(
      'POST /vacancies/:id/fill (contractor)',
      () =>
        tenant.api('post', `/vacancies/${forContractor}/fill`).send({
          fillerType: 'contractor',
          startDate: '2026-06-01',
          currencyCode: 'GBP',
          name: 'Agency Ltd',
          rate: 700,
          rateType: 'daily',
        }),
      200,
    );
    expect(contractor.kinds).toEqual(['contractor:create', 'vacancy:update']);
  });

  it('02 events: writes under /functional-groups send functional_group, functional_position and functional_assignment create and update (never delete)', async () => {
    const group = await rowOf(
      'POST /functional-groups',
      () => tenant.api('post', '/functional-groups').send({ name: 'Area', startDate: '2026-01-01' }),
      201,
    );
    expect(group.kinds).toEqual(['functional_group:create']);
    const groupId = group.body.data.id as string;
    const position = await rowOf(
      'POST /functional-groups/positions',
      () =>
        tenant
          .api('post', '/functional-groups/positions')
          .send({ functionalGroupId: groupId, name: 'Seat', requiredFte: 0.5, startDate: '2026-01-01' }),
      201,
    );
    expect(position.kinds).toEqual(['functional_position:create']);
    // Functional FTE is a decimal string without trailing zeros.
    expect(position.events[0].body.after).toMatchObject({ requiredFte: '0.5' });
    const positionId = position.body.data.id as string;
    const employee = (await tenant.create.employee({ startDate: '2025-01-01' })).id;
    const assignment = await rowOf(
      'POST /functional-groups/assignments',
      () =>
        tenant
          .api('post', '/functional-groups/assignments')
          .send({ functionalPositionId: positionId, employeeId: employee, fte: 0.5, startDate: '2026-01-01' }),
      201,
    );
    expect(assignment.kinds).toEqual(['functional_assignment:create']);
    const assignmentId = assignment.body.data.id as string;
    const ended = await rowOf(
      'PUT /functional-groups/assignments/:id (end)',
      () =>
        tenant
          .api('put', `/functional-groups/assignments/${assignmentId}`)
          .send({ functionalPositionId: positionId, employeeId: employee, fte: 0.5, startDate: '2026-01-01', endDate: '2026-06-30' }),
      200,
    );
    expect(ended.kinds).toEqual(['functional_assignment:update']);
    expect(ended.events[0].body.after).toMatchObject({ endDate: '2026-06-30' });
    const retired = await rowOf(
      'PUT /functional-groups/positions/:id (retire)',
      () =>
        tenant
          .api('put', `/functional-groups/positions/${positionId}`)
          .send({ functionalGroupId: groupId, name: 'Seat', requiredFte: 0.5, startDate: '2026-01-01', endDate: '2026-06-30' }),
      200,
    );
    expect(retired.kinds).toEqual(['functional_position:update']);
    expect(
      (
        await rowOf(
          'PUT /functional-groups/:id',
          () => tenant.api('put', `/functional-groups/${groupId}`).send({ name: 'Area 2', startDate: '2026-01-01' }),
          200,
        )
      ).kinds,
    ).toEqual(['functional_group:update']);
    // Sharing or revoking a manager on a group: one functional_group update for that group (document 02 "Events").
    const manager = (
      await t
        .admin('post', `/organizations/${tenant.orgId}/users`)
        .send({ email: 'manager.coverage@example.com', name: 'Manager', permissions: [] })
        .expect(201)
    ).body.data.id;
    const shared = await rowOf(
      'POST /functional-groups/access',
      () =>
        tenant
          .api('post', '/functional-groups/access')
          .send({ functionalGroupId: groupId, resourceType: 'USER', resourceId: manager, access: 'EDITOR' }),
      201,
    );
    expect(shared.kinds).toEqual(['functional_group:update']);
    const grantId = shared.body.data.id as string;
    expect(shared.events[0].body).toMatchObject({
      entity_id: groupId,
      before: { id: groupId, name: 'Area 2', accessGrants: [] },
      after: {
        id: groupId,
        name: 'Area 2',
        accessGrants: [{ id: grantId, resourceType: 'USER', resourceId: manager, userId: manager, access: 'EDITOR' }],
      },
    });
    const revoked = await rowOf(
      'DELETE /functional-groups/access/:id',
      () => tenant.api('delete', `/functional-groups/access/${grantId}`),
      200,
    );
    expect(revoked.kinds).toEqual(['functional_group:update']);
    expect(revoked.events[0].body).toMatchObject({
      entity_id: groupId,
      before: { accessGrants: [{ id: grantId }] },
      after: { accessGrants: [] },
    });
  });

  it('02 events: changes inside a scenario send nothing until it is merged; the merge sends one merge event per record it changes', async () => {
    const merger = (
      await t
        .admin('post', `/organizations/${tenant.orgId}/users`)
        .send({ email: 'merger.coverage@example.com', name: 'Merger', permissions: ['*'] })
        .expect(201)
    ).body.data.id;
    const scenario = (await t.admin('post', `/organizations/${tenant.orgId}/scenarios`).send({ name: 'What if' }).expect(201)).body.data.id;
    const inScenario = (rest: string) => `/organizations/${tenant.orgId}/scenarios/${scenario}${rest}`;
    const created = await eventsOf(() => t.admin('post', inScenario('/teams')).send({ name: 'Scenario team' }), 201, 'application');
    expect(created.kinds).toEqual([]);
    expect(
      (await eventsOf(() => t.admin('patch', inScenario(`/teams/${team}`)).send({ name: 'Renamed in scenario' }), 200, 'application'))
        .kinds,
    ).toEqual([]);
    const merged = await eventsOf(() => t.admin('post', inScenario('/merge'), merger), 200, 'application');
    expect(merged.kinds).toEqual(['team:create', 'team:update']);
    for (const event of merged.events) expect(event.body.initiator).toEqual({ type: 'merge', id: merger });
    expect(merged.events.find((e) => e.body.change_type === 'update')!.body.after).toMatchObject({ id: team, name: 'Renamed in scenario' });
  });

  it('02 events: reads and refused writes send nothing', async () => {
    expect((await eventsOf(() => tenant.api('get', '/teams'), 200)).kinds).toEqual([]);
    expect((await eventsOf(() => tenant.api('post', '/teams').send({}), 400)).kinds).toEqual([]);
  });

  it('02/what emits events: every request of the coverage table, sent through the API, delivered exactly its events, once each', () => {
    sent.expectEveryRowDelivered();
  });
});
