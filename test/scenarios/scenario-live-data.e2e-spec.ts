import type { RequestContext } from '../../src/common/auth/request-context';
import { DomainError } from '../../src/common/errors/domain-error';
import { LocationsService } from '../../src/reference-data/locations.service';
import { JobRolesService } from '../../src/reference-data/job-roles.service';
import { bodies } from '../support/fixtures';
import { lastSeq } from '../support/changes';
import { TestApp, Tenant } from '../support/test-app';

/**
 * Spec 03 §1 item 15: scenario writes never change live records. A nested `jobRole` in a scenario write resolves
 * only against existing live job roles (by externalId, then title); one that would create or stamp a live job role
 * is 400 VALIDATION_ERROR naming `jobRole`, with or without X-Acting-User, and nothing of the request is written.
 */
describe('03/§1.15 scenario writes never change live records', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await TestApp.start();
  });
  afterAll(() => t.close());

  interface World {
    tenant: Tenant;
    scenario: string;
    role: string;
    employee: string;
  }

  async function world(): Promise<World> {
    const tenant = await t.createTenant();
    const role = (await tenant.api('post', '/job-roles').send({ title: 'Engineer', externalId: 'JR-ENG' }).expect(201)).body.data.id;
    const employee = (await tenant.create.employee({ lastName: 'Live' })).id;
    const scenario = (await t.admin('post', `/organizations/${tenant.orgId}/scenarios`).send({ name: 'What if' }).expect(201)).body.data.id;
    return { tenant, scenario, role, employee };
  }

  const inScenario = (w: World, path: string) => `/organizations/${w.tenant.orgId}/scenarios/${w.scenario}${path}`;
  const roles = (w: World) =>
    t.dataSource.query(`SELECT id, title, external_id FROM job_roles WHERE organization_id = $1 ORDER BY title`, [w.tenant.orgId]);
  const rowCount = async (w: World, table: string) =>
    (await t.dataSource.query(`SELECT count(*)::int AS n FROM ${table} WHERE organization_id = $1`, [w.tenant.orgId]))[0].n as number;
  const snapshot = async (w: World) => ({
    roles: await roles(w),
    employees: await rowCount(w, 'employees'),
    contractors: await rowCount(w, 'contractors'),
    vacancies: await rowCount(w, 'vacancies'),
    changes: await lastSeq(t, w.tenant.orgId),
  });

  function expectJobRoleRefused(res: {
    status: number;
    body: { error: { code: string; details?: { field: string; message: string }[] } };
  }) {
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('VALIDATION_ERROR');
    expect(res.body.error.details).toEqual([
      { field: 'jobRole', message: expect.stringContaining('create the job role in live data first') },
    ]);
  }

  it('03/§1.15: a nested jobRole that would create a live job role is 400 naming jobRole (employees, contractors, vacancies; with or without X-Acting-User), nothing written', async () => {
    const w = await world();
    const before = await snapshot(w);
    const narrow = (
      await t
        .admin('post', `/organizations/${w.tenant.orgId}/users`)
        .send({ email: `narrow.${process.pid}.${Date.now()}@example.com`, name: 'Narrow', permissions: ['employees_edit'] })
        .expect(201)
    ).body.data.id;
    for (const actingUser of [undefined, w.tenant.userId, narrow]) {
      expectJobRoleRefused(
        await t.admin('post', inScenario(w, '/employees'), actingUser).send(bodies.employee({ jobRole: { title: 'ScenarioRole' } })),
      );
    }
    expectJobRoleRefused(
      await t
        .admin('post', inScenario(w, '/contractors'))
        .send(bodies.contractor({ jobRole: { title: 'ScenarioRole', externalId: 'JR-NEW' } })),
    );
    expectJobRoleRefused(await t.admin('post', inScenario(w, '/vacancies')).send(bodies.vacancy({ jobRole: { title: 'ScenarioRole' } })));
    expectJobRoleRefused(
      await t.admin('patch', inScenario(w, `/employees/${w.employee}`)).send({ lastName: 'Changed', jobRole: { title: 'ScenarioRole' } }),
    );
    expect(await snapshot(w)).toEqual(before);
    const listed = (await t.admin('get', inScenario(w, '/employees')).expect(200)).body.data;
    expect(listed.map((e: { lastName: string }) => e.lastName)).toEqual(['Live']);
  });

  it('03/§1.15: stamping an externalId on a live job role found by title is 400 naming jobRole in a scenario; the role keeps its externalId', async () => {
    const w = await world();
    const before = await snapshot(w);
    expectJobRoleRefused(
      await t
        .admin('post', inScenario(w, '/employees'), w.tenant.userId)
        .send(bodies.employee({ jobRole: { title: 'engineer', externalId: 'HR-77' } })),
    );
    expect(await snapshot(w)).toEqual(before);
    expect(await roles(w)).toEqual([{ id: w.role, title: 'Engineer', external_id: 'JR-ENG' }]);
  });

  it('03/§1.15: a nested jobRole in a scenario matches existing live job roles by externalId, then by title', async () => {
    const w = await world();
    for (const jobRole of [
      { externalId: 'JR-ENG', title: 'Ignored' },
      { title: 'ENGINEER' },
      { title: 'Engineer', externalId: 'JR-ENG' },
    ]) {
      const created = await t.admin('post', inScenario(w, '/employees')).send(bodies.employee({ jobRole })).expect(201);
      expect(created.body.data.jobRoleId).toBe(w.role);
    }
    expect(await roles(w)).toEqual([{ id: w.role, title: 'Engineer', external_id: 'JR-ENG' }]);
    // Live data is untouched: the three employees exist in the scenario only.
    expect((await w.tenant.api('get', '/employees').expect(200)).body.data).toHaveLength(1);
  });

  it('03/§1.15: the public API writes that carry a nested jobRole (bulk upsert, vacancy fill) do not run in a scenario (501), nothing written', async () => {
    const w = await world();
    const vacancy = (await w.tenant.create.vacancy()).id;
    const before = await snapshot(w);
    const bulk = await w.tenant
      .api('post', `/employees/bulk?scenarioId=${w.scenario}`)
      .send({ records: [{ externalId: 'E-SCN', ...bodies.employee({ jobRole: { title: 'ScenarioRole' } }) }] })
      .expect(501);
    expect(bulk.body.error.code).toBe('NOT_IMPLEMENTED');
    await w.tenant
      .api('post', `/vacancies/${vacancy}/fill?scenarioId=${w.scenario}`)
      .send({
        startDate: '2026-06-01',
        currencyCode: 'EUR',
        firstName: 'New',
        lastName: 'Hire',
        salary: 95000,
        jobRole: { title: 'ScenarioRole' },
      })
      .expect(501);
    expect(await snapshot(w)).toEqual(before);
  });

  it('03/§1.15: whatever path a scenario write takes, organization-level records (reference data) are refused, not written', async () => {
    const w = await world();
    const live = (await t.dataSource.query(`SELECT id FROM plans WHERE organization_id = $1 AND kind = 'LIVE'`, [w.tenant.orgId]))[0].id;
    const ctx: RequestContext = {
      organizationId: w.tenant.orgId,
      livePlanId: live,
      planId: w.scenario,
      scenarioId: w.scenario,
      actor: { type: 'user', id: w.tenant.userId },
      permissions: new Set(['reference_data_edit']),
      capabilities: new Set(),
      userId: w.tenant.userId,
    };
    const before = await roles(w);
    const refusals = [
      t.get(JobRolesService).create(ctx, { title: 'Direct' }),
      t.get(JobRolesService).update(ctx, w.role, { title: 'Renamed' }),
      t.get(JobRolesService).remove(ctx, w.role),
      t.get(LocationsService).create(ctx, { name: 'Atlantis' }),
    ];
    for (const refusal of refusals) {
      const error = await refusal.then(
        () => null,
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(DomainError);
      expect(error).toMatchObject({
        code: 'VALIDATION_ERROR',
        details: [{ field: 'scenarioId', message: expect.stringContaining('live data') }],
      });
    }
    expect(await roles(w)).toEqual(before);
    expect(await rowCount(w, 'locations')).toBe(0);
  });
});
