import request from 'supertest';
import { PullSource } from '../integrations/support';
import { bodies } from '../support/fixtures';
import { TestApp, Tenant } from '../support/test-app';

/**
 * Spec 03 §1 item 10: creating a job role through a nested `jobRole`, or stamping an `externalId` on one
 * found by title, writes reference data and needs `reference_data_edit` of whoever acts (an API key and its
 * creator, or the user a PULL hook acts as): 403 FORBIDDEN otherwise and nothing of the request is written.
 * Matching by externalId, or by title without an externalId, needs no extra permission. The fill follows it.
 */
describe('03/§1.10 nested jobRole writes reference data', () => {
  let t: TestApp;
  let source: PullSource;
  beforeAll(async () => {
    t = await TestApp.start();
    source = await PullSource.start();
  });
  afterAll(async () => {
    await source.close();
    await t.close();
  });

  const WRITES = ['employees_view', 'employees_edit', 'contractors_edit', 'vacancies_view', 'vacancies_edit', 'compensation_edit'];
  const keyed = (tenant: Tenant, key: string) => (method: 'post' | 'patch', path: string) =>
    request(t.server)[method](`/api/v1/org/${tenant.orgId}${path}`).set('Authorization', `Bearer ${key}`);
  const roles = (tenant: Tenant) =>
    t.dataSource.query(`SELECT title, external_id FROM job_roles WHERE organization_id = $1 ORDER BY title`, [tenant.orgId]);
  const count = async (tenant: Tenant, table: string) =>
    (await t.dataSource.query(`SELECT count(*)::int AS n FROM ${table} WHERE organization_id = $1`, [tenant.orgId]))[0].n as number;

  async function tenantWithRole(): Promise<{ tenant: Tenant; role: string }> {
    const tenant = await t.createTenant();
    const role = (await tenant.api('post', '/job-roles').send({ title: 'Engineer', externalId: 'JR-ENG' }).expect(201)).body.data.id;
    return { tenant, role };
  }

  it('03/§1.10: a key without reference_data_edit may not stamp a new externalId on a role found by title (create or PATCH: 403, nothing written)', async () => {
    const { tenant, role } = await tenantWithRole();
    const narrow = t.asKey(tenant, (await t.createKey(tenant, WRITES)).key);
    const employees = await count(tenant, 'employees');
    const res = await narrow
      .api('post', '/employees')
      .send(bodies.employee({ jobRole: { title: 'engineer', externalId: 'HR-OTHER' } }))
      .expect(403);
    expect(res.body.error).toMatchObject({ code: 'FORBIDDEN', message: expect.stringContaining('reference_data_edit') });
    const plain = await narrow.create.employee();
    const id = plain.id;
    await narrow
      .api('patch', `/employees/${id}`)
      .send({ lastName: 'Changed', jobRole: { title: 'Engineer', externalId: 'HR-OTHER' } })
      .expect(403);
    expect(await roles(tenant)).toEqual([{ title: 'Engineer', external_id: 'JR-ENG' }]);
    expect(await count(tenant, 'employees')).toBe(employees + 1);
    expect((await tenant.api('get', `/employees/${id}`).expect(200)).body.data).toMatchObject({
      lastName: plain.lastName,
      jobRoleId: null,
    });
    // Matching by externalId, or by title alone, needs nothing more.
    for (const jobRole of [{ externalId: 'JR-ENG', title: 'Other' }, { title: 'ENGINEER' }]) {
      expect((await narrow.create.employee({ jobRole })).jobRoleId).toBe(role);
    }
  });

  it('03/§1.10: creating a role through jobRole needs reference_data_edit of the key and of its creator (employees, contractors, vacancies, bulk)', async () => {
    const { tenant } = await tenantWithRole();
    const narrowKey = keyed(tenant, (await t.createKey(tenant, WRITES)).key);
    await narrowKey('post', '/employees')
      .send(bodies.employee({ jobRole: { title: 'Designer' } }))
      .expect(403);
    await narrowKey('post', '/contractors')
      .send({ name: 'C', startDate: '2026-01-01', jobRole: { title: 'Designer' } })
      .expect(403);
    await narrowKey('post', '/vacancies')
      .send({ role: 'V', jobRole: { title: 'Designer' } })
      .expect(403);
    const bulk = await narrowKey('post', '/employees/bulk')
      .send({ records: [{ externalId: 'E-1', ...bodies.employee({ jobRole: { title: 'Designer' } }) }] })
      .expect(200);
    expect(bulk.body.data.results[0]).toMatchObject({ result: 'failed', error: { code: 'FORBIDDEN' } });
    // A key holding the permission whose creator does not hold it is narrowed to the creator's rights.
    const user = (
      await t
        .admin('post', `/organizations/${tenant.orgId}/users`)
        .send({ email: `w.${tenant.orgId}@example.com`, name: 'W', permissions: WRITES })
        .expect(201)
    ).body.data.id;
    const key = (
      await t
        .admin('post', `/organizations/${tenant.orgId}/users/${user}/api-keys`)
        .send({ name: 'k', permissions: [...WRITES, 'reference_data_edit'] })
        .expect(201)
    ).body.data.key;
    await keyed(tenant, key)('post', '/employees')
      .send(bodies.employee({ jobRole: { title: 'Designer' } }))
      .expect(403);
    expect(await roles(tenant)).toEqual([{ title: 'Engineer', external_id: 'JR-ENG' }]);
    expect(await count(tenant, 'contractors')).toBe(0);
    expect(await count(tenant, 'vacancies')).toBe(0);
    const allowed = await tenant.create.employee({ jobRole: { title: 'Designer', externalId: 'JR-DES' } });
    expect(allowed.jobRoleId).toEqual(expect.any(String));
  });

  it('03/§1.10: the fill’s own jobRole follows the same rule (403 and the vacancy stays open)', async () => {
    const { tenant } = await tenantWithRole();
    const api = keyed(tenant, (await t.createKey(tenant, WRITES)).key);
    const vacancy = (await tenant.api('post', '/vacancies').send({ role: 'V', status: 'open' }).expect(201)).body.data.id;
    await api('post', `/vacancies/${vacancy}/fill`)
      .send({ startDate: '2026-06-01', currencyCode: 'EUR', firstName: 'A', lastName: 'B', salary: 1, jobRole: { title: 'Principal' } })
      .expect(403);
    expect((await tenant.api('get', `/vacancies/${vacancy}`).expect(200)).body.data).toMatchObject({ status: 'open', isFilled: false });
    expect(await count(tenant, 'employees')).toBe(0);
    expect(await roles(tenant)).toEqual([{ title: 'Engineer', external_id: 'JR-ENG' }]);
  });

  it('03/§1.10: a PULL hook acting as a user without reference_data_edit fails the items that would create or stamp a role', async () => {
    const { tenant } = await tenantWithRole();
    const user = (
      await t
        .admin('post', `/organizations/${tenant.orgId}/users`)
        .send({ email: `pull.${tenant.orgId}@example.com`, name: 'Puller', permissions: WRITES })
        .expect(201)
    ).body.data.id;
    const url = source.serve(`/roles-${tenant.orgId}`, {
      body: {
        records: [
          { externalId: 'E-1', ...bodies.employee({ jobRole: { title: 'Designer' } }) },
          { externalId: 'E-2', ...bodies.employee({ jobRole: { title: 'Engineer', externalId: 'HR-OTHER' } }) },
          { externalId: 'E-3', ...bodies.employee({ jobRole: { externalId: 'JR-ENG' } }) },
        ],
      },
    });
    const integration = (
      await t
        .admin('post', `/organizations/${tenant.orgId}/integrations`)
        .send({ name: 'HR', actAsUserId: user, pull: { url, entityType: 'employee', intervalMinutes: 60 } })
        .expect(201)
    ).body.data.id;
    const run = (await t.admin('post', `/organizations/${tenant.orgId}/integrations/${integration}/pull`).expect(200)).body.data;
    expect(run.results.map((r: { result: string; error: { code: string } | null }) => [r.result, r.error?.code ?? null])).toEqual([
      ['failed', 'FORBIDDEN'],
      ['failed', 'FORBIDDEN'],
      ['created', null],
    ]);
    expect(await roles(tenant)).toEqual([{ title: 'Engineer', external_id: 'JR-ENG' }]);
    expect(await count(tenant, 'employees')).toBe(1);
  });
});
