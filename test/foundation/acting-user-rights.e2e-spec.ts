import { TestApp, Tenant } from '../support/test-app';

/**
 * "No actor may borrow rights" across the application API (docs/architecture.md "Security model"): with
 * X-Acting-User, what is stored to act for someone later (a login, an API key) is checked against the acting user's own rights. Without the header the application itself
 * (admin token) may do everything. Refusals are 403 FORBIDDEN and change nothing.
 */
describe('application API: an acting user cannot give or use rights beyond their own', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await TestApp.start();
  });
  afterAll(() => t.close());

  let n = 0;
  const makeUser = (tenant: Tenant, permissions: string[], actingUser?: string) =>
    t.admin('post', `/organizations/${tenant.orgId}/users`, actingUser).send({ email: `r${++n}@example.com`, name: `R${n}`, permissions });
  const userRow = async (id: string) =>
    (await t.dataSource.query(`SELECT name, permissions, active FROM users WHERE id = $1`, [id]))[0] as Record<string, unknown>;
  const count = async (tenant: Tenant, table: string) =>
    (await t.dataSource.query(`SELECT count(*)::int AS n FROM ${table} WHERE organization_id = $1`, [tenant.orgId]))[0].n as number;

  it('users: an acting user may create or change users only within their own rights, and may not change a user with more rights', async () => {
    const tenant = await t.createTenant();
    const lead = (await makeUser(tenant, ['employees_view', 'employees_edit']).expect(201)).body.data.id;
    const users = await count(tenant, 'users');
    const refused = await makeUser(tenant, ['*'], lead).expect(403);
    expect(refused.body.error).toMatchObject({ code: 'FORBIDDEN', message: expect.stringContaining('compensation_view') });
    await makeUser(tenant, ['employees_edit', 'compensation_edit'], lead).expect(403);
    expect(await count(tenant, 'users')).toBe(users);
    const helper = (await makeUser(tenant, ['employees_view'], lead).expect(201)).body.data.id;
    const path = (id: string) => `/organizations/${tenant.orgId}/users/${id}`;
    await t
      .admin('patch', path(lead), lead)
      .send({ permissions: ['*'] })
      .expect(403);
    await t.admin('patch', path(tenant.userId), lead).send({ name: 'Taken over', active: false }).expect(403);
    expect(await userRow(lead)).toMatchObject({ permissions: ['employees_view', 'employees_edit'] });
    expect(await userRow(tenant.userId)).toMatchObject({ active: true });
    await t
      .admin('patch', path(helper), lead)
      .send({ permissions: ['employees_view', 'employees_edit'] })
      .expect(200);
    await t
      .admin('patch', path(lead))
      .send({ permissions: ['*'] })
      .expect(200);
  });

  it('API keys: an acting user may create a key only for themselves or a user whose every right they hold', async () => {
    const tenant = await t.createTenant();
    const lead = (await makeUser(tenant, ['employees_view']).expect(201)).body.data.id;
    const keys = await count(tenant, 'api_keys');
    const forAdmin = await t
      .admin('post', `/organizations/${tenant.orgId}/users/${tenant.userId}/api-keys`, lead)
      .send({ name: 'borrowed', permissions: ['compensation_view'] })
      .expect(403);
    expect(forAdmin.body.error.code).toBe('FORBIDDEN');
    expect(await count(tenant, 'api_keys')).toBe(keys);
    await t
      .admin('post', `/organizations/${tenant.orgId}/users/${lead}/api-keys`, lead)
      .send({ name: 'mine', permissions: ['employees_view'] })
      .expect(201);
  });
});
