import { TestApp, Tenant } from '../support/test-app';

/**
 * "No actor may borrow rights" across the application API (docs/architecture.md "Security model"): with
 * X-Acting-User, what is stored to act or read for someone later (a login, an API key, a webhook endpoint,
 * a push hook) is checked against the acting user's own rights. Without the header the application itself
 * (admin token) may do everything. Refusals are 403 FORBIDDEN and change nothing.
 */
describe('application API: an acting user cannot give or use rights beyond their own', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await TestApp.start({ INTEGRATION_PULL_TICK_MS: '3600000' });
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

  it('webhook endpoints: with X-Acting-User, subscribing, redirecting or rotating needs the view permission of every subscribed entity type', async () => {
    const tenant = await t.createTenant();
    const hooker = (await makeUser(tenant, ['configure_webhooks', 'employees_view']).expect(201)).body.data.id;
    const path = `/organizations/${tenant.orgId}/webhook-endpoints`;
    const body = { name: 'Pay', url: 'http://127.0.0.1:9/pay', eventTypes: ['create'] };
    const refused = await t
      .admin('post', path, hooker)
      .send({ ...body, entityTypes: ['employee', 'salary_adjustment'] })
      .expect(403);
    expect(refused.body.error.message).toContain('compensation_view');
    expect(await count(tenant, 'webhook_endpoints')).toBe(0);
    await t
      .admin('post', path, hooker)
      .send({ ...body, entityTypes: ['employee'] })
      .expect(201);
    const pay = (
      await t
        .admin('post', path)
        .send({ ...body, entityTypes: ['salary_adjustment'] })
        .expect(201)
    ).body.data.id;
    await t.admin('patch', `${path}/${pay}`, hooker).send({ url: 'http://127.0.0.1:9/attacker' }).expect(403);
    await t.admin('post', `${path}/${pay}/rotate-secret`, hooker).expect(403);
    const [row] = await t.dataSource.query(`SELECT url FROM webhook_endpoints WHERE id = $1`, [pay]);
    expect(row.url).toBe('http://127.0.0.1:9/pay');
  });

  it('integrations: a push hook configured by an acting user may carry only entity types the acting user may view; rotating an admin hook’s secret is 403', async () => {
    const tenant = await t.createTenant();
    const hooker = (await makeUser(tenant, ['configure_webhooks', 'employees_view']).expect(201)).body.data.id;
    const path = `/organizations/${tenant.orgId}/integrations`;
    const push = { url: 'http://127.0.0.1:9/push', eventTypes: ['create'] };
    await t
      .admin('post', path, hooker)
      .send({ name: 'Pay', actAsUserId: hooker, push: { ...push, entityTypes: ['contractor_rate'] } })
      .expect(403);
    expect(await count(tenant, 'integrations')).toBe(0);
    await t
      .admin('post', path, hooker)
      .send({ name: 'People', actAsUserId: hooker, push: { ...push, entityTypes: ['employee'] } })
      .expect(201);
    const admins = (await t.admin('post', path).send({ name: 'Admin', actAsUserId: tenant.userId }).expect(201)).body.data;
    await t.admin('post', `${path}/${admins.id}/rotate-secret`, hooker).expect(403);
    await t.admin('post', `${path}/${admins.id}/rotate-secret`).expect(200);
  });
});
