import { TestApp, Tenant } from '../support/test-app';
import { createIntegration, integrationOf } from './support';

describe('custom integrations: the resource (04 §5.1)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await TestApp.start();
  });
  afterAll(async () => {
    await t.close();
  });

  const push = { url: 'http://127.0.0.1:9/push', entityTypes: ['employee'], eventTypes: ['create', 'update'] };
  const pull = { url: 'http://127.0.0.1:9/pull', entityType: 'employee', intervalMinutes: 60, enabled: false };
  const path = (tenant: Tenant, rest = '') => `/organizations/${tenant.orgId}/integrations${rest}`;

  it('04/5.1 resource: create answers 201 with every field and the secret (64 lower-case hex); status fields start at NEVER', async () => {
    const tenant = await t.createTenant();
    const { body, secret } = await createIntegration(t, tenant, { push, pull });
    expect(secret).toMatch(/^[0-9a-f]{64}$/);
    expect(body).toEqual({
      id: expect.stringMatching(/^[a-z][a-z0-9]{24}$/),
      name: 'HR system',
      actAsUserId: tenant.userId,
      push: { ...push, enabled: true },
      pull,
      lastPushAt: null,
      lastPushStatus: 'NEVER',
      lastPullAt: null,
      lastPullStatus: 'NEVER',
      lastPullResult: null,
      lastError: null,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
      secret,
    });
    const none = await createIntegration(t, tenant, {});
    expect(none.body).toMatchObject({ push: null, pull: null });
  });

  it('04/5.1 resource: the secret is shown only at create: get and list never return it', async () => {
    const tenant = await t.createTenant();
    const { id } = await createIntegration(t, tenant, { push });
    expect(await integrationOf(t, tenant.orgId, id)).not.toHaveProperty('secret');
    const listed = await t.admin('get', path(tenant)).expect(200);
    expect(listed.body.meta).toMatchObject({ total: 1, page: 1 });
    expect(listed.body.data[0]).not.toHaveProperty('secret');
    expect(listed.body.data[0].id).toBe(id);
  });

  it('04/5.1 resource: rotate-secret gives a new 64-hex secret, only there', async () => {
    const tenant = await t.createTenant();
    const { id, secret } = await createIntegration(t, tenant, { push });
    const rotated = await t.admin('post', path(tenant, `/${id}/rotate-secret`)).expect(200);
    expect(rotated.body.data).toEqual({ secret: expect.stringMatching(/^[0-9a-f]{64}$/) });
    expect(rotated.body.data.secret).not.toBe(secret);
    const [row] = await t.dataSource.query(`SELECT secret FROM integrations WHERE id = $1`, [id]);
    expect(row.secret).toBe(rotated.body.data.secret);
  });

  it('04/5.1 resource: actAsUserId must be an active user of the organization (400 otherwise)', async () => {
    const tenant = await t.createTenant();
    const other = await t.createTenant();
    const inactive = await t
      .admin('post', `/organizations/${tenant.orgId}/users`)
      .send({ email: `off.${Date.now()}@example.com`, name: 'Off', permissions: ['*'], active: false })
      .expect(201);
    for (const actAsUserId of [other.userId, inactive.body.data.id, 'nobody']) {
      const res = await t.admin('post', path(tenant)).send({ name: 'X', actAsUserId }).expect(400);
      expect(res.body.error.code).toBe('VALIDATION_ERROR');
      expect(res.body.error.details[0].field).toBe('actAsUserId');
    }
    const { id } = await createIntegration(t, tenant, {});
    await t
      .admin('patch', path(tenant, `/${id}`))
      .send({ actAsUserId: inactive.body.data.id })
      .expect(400);
    expect(await t.dataSource.query(`SELECT count(*)::int AS n FROM integrations WHERE organization_id = $1`, [tenant.orgId])).toEqual([
      { n: 1 },
    ]);
  });

  it('04/5.1 resource: bad bodies are 400 with a detail per field (name 1-100, http(s) URLs, entity and event types, interval 5-1440)', async () => {
    const tenant = await t.createTenant();
    const cases: [Record<string, unknown>, string][] = [
      [{ name: '' }, 'name'],
      [{ name: 'x'.repeat(101) }, 'name'],
      [{ push: { ...push, url: 'ftp://example.com/x' } }, 'push.url'],
      [{ push: { ...push, entityTypes: [] } }, 'push.entityTypes'],
      [{ push: { ...push, eventTypes: ['merge'] } }, 'push.eventTypes'],
      [{ pull: { ...pull, entityType: 'assignment' } }, 'pull.entityType'],
      [{ pull: { ...pull, intervalMinutes: 4 } }, 'pull.intervalMinutes'],
      [{ pull: { ...pull, intervalMinutes: 1441 } }, 'pull.intervalMinutes'],
      [{ pull: { ...pull, url: 'not a url' } }, 'pull.url'],
    ];
    for (const [body, field] of cases) {
      const res = await t
        .admin('post', path(tenant))
        .send({ name: 'X', actAsUserId: tenant.userId, ...body })
        .expect(400);
      expect(res.body.error.details.map((d: { field: string }) => d.field)).toContain(field);
    }
    expect(await t.dataSource.query(`SELECT count(*)::int AS n FROM integrations WHERE organization_id = $1`, [tenant.orgId])).toEqual([
      { n: 0 },
    ]);
  });

  it('04/5.1 resource: patch changes the fields sent; push and pull are replaced or removed with null', async () => {
    const tenant = await t.createTenant();
    const { id } = await createIntegration(t, tenant, { push, pull });
    const renamed = await t
      .admin('patch', path(tenant, `/${id}`))
      .send({ name: 'Payroll' })
      .expect(200);
    expect(renamed.body.data).toMatchObject({ name: 'Payroll', push: { ...push, enabled: true }, pull });
    const changed = await t
      .admin('patch', path(tenant, `/${id}`))
      .send({ push: null, pull: { ...pull, intervalMinutes: 5, enabled: true } })
      .expect(200);
    expect(changed.body.data).toMatchObject({ name: 'Payroll', push: null, pull: { ...pull, intervalMinutes: 5, enabled: true } });
    await t
      .admin('patch', path(tenant, `/${id}`))
      .send({ name: null })
      .expect(400);
  });

  it('04/5.1 resource: another organization’s integration or an unknown id is 404 everywhere; delete is 204', async () => {
    const tenant = await t.createTenant();
    const other = await t.createTenant();
    const { id } = await createIntegration(t, tenant, { push });
    await t.admin('get', path(other, `/${id}`)).expect(404);
    await t
      .admin('patch', path(other, `/${id}`))
      .send({ name: 'x' })
      .expect(404);
    await t.admin('post', path(other, `/${id}/rotate-secret`)).expect(404);
    await t.admin('post', path(other, `/${id}/pull`)).expect(404);
    await t.admin('delete', path(other, `/${id}`)).expect(404);
    await t.admin('delete', path(tenant, `/${id}`)).expect(204);
    await t.admin('get', path(tenant, `/${id}`)).expect(404);
  });

  it('04/5.1 resource: an acting user needs view_webhooks to read and configure_webhooks to change (403 otherwise)', async () => {
    const tenant = await t.createTenant();
    const make = async (permissions: string[]) =>
      (
        await t
          .admin('post', `/organizations/${tenant.orgId}/users`)
          .send({ email: `u${permissions.join('')}.${Date.now()}@example.com`, name: 'U', permissions })
          .expect(201)
      ).body.data.id as string;
    const viewer = await make(['view_webhooks']);
    const nobody = await make(['employees_view']);
    const { id } = await createIntegration(t, tenant, { push });
    await t.admin('get', path(tenant), nobody).expect(403);
    await t.admin('get', path(tenant, `/${id}`), viewer).expect(200);
    await t
      .admin('patch', path(tenant, `/${id}`), viewer)
      .send({ name: 'x' })
      .expect(403);
    await t.admin('post', path(tenant, `/${id}/rotate-secret`), viewer).expect(403);
    await t.admin('post', path(tenant), viewer).send({ name: 'X', actAsUserId: tenant.userId }).expect(403);
  });

  it('04/5.1 resource: a pull that is off or missing cannot be run on demand (409 CONFLICT)', async () => {
    const tenant = await t.createTenant();
    const off = await createIntegration(t, tenant, { pull });
    const none = await createIntegration(t, tenant, { push });
    expect((await t.admin('post', path(tenant, `/${off.id}/pull`)).expect(409)).body.error.code).toBe('CONFLICT');
    await t.admin('post', path(tenant, `/${none.id}/pull`)).expect(409);
  });
});

describe('custom integrations: URL rules of webhook endpoints (04 §5.1)', () => {
  it('04/5.1 URLs: private and loopback targets are refused when private targets are not allowed (as in production)', async () => {
    const t = await TestApp.start({ WEBHOOK_ALLOW_PRIVATE_TARGETS: 'false', DATABASE_URL: '' });
    try {
      const tenant = await t.createTenant();
      const base = { name: 'Internal', actAsUserId: tenant.userId };
      const pushRes = await t
        .admin('post', `/organizations/${tenant.orgId}/integrations`)
        .send({ ...base, push: { url: 'http://127.0.0.1:9/hook', entityTypes: ['team'], eventTypes: ['create'] } })
        .expect(400);
      expect(pushRes.body.error.details[0]).toMatchObject({ field: 'push.url', message: expect.stringContaining('loopback') });
      const pullRes = await t
        .admin('post', `/organizations/${tenant.orgId}/integrations`)
        .send({ ...base, pull: { url: 'http://10.1.2.3/export', entityType: 'team', intervalMinutes: 60 } })
        .expect(400);
      expect(pullRes.body.error.details[0]).toMatchObject({ field: 'pull.url', message: expect.stringContaining('private') });
    } finally {
      await t.close();
    }
  });
});
