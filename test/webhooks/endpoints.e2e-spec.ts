import { TestApp, Tenant } from '../support/test-app';
import { Receiver } from './receiver';
import { createEndpoint, endpointOf } from './support';

const base = (tenant: Tenant) => `/organizations/${tenant.orgId}/webhook-endpoints`;

describe('webhook endpoint management (03 §3 Webhook endpoints, 02 Endpoint management)', () => {
  let t: TestApp;
  let receiver: Receiver;
  beforeAll(async () => {
    t = await TestApp.start();
    receiver = await Receiver.start();
  });
  afterAll(async () => {
    await t.close();
    await receiver.close();
  });

  it('03 §3: create answers 201 with the endpoint and its secret (64 lower-case hex), enabled by default, NO_DELIVERIES', async () => {
    const tenant = await t.createTenant();
    const res = await t
      .admin('post', base(tenant))
      .send({
        name: '  Data lake ',
        url: 'https://hooks.example.com/wfp',
        entityTypes: ['employee', 'geography', 'capex_claim'],
        eventTypes: ['create', 'delete'],
      })
      .expect(201);
    expect(res.body.data).toEqual({
      id: expect.stringMatching(/^[a-z][a-z0-9]{24}$/),
      name: 'Data lake',
      url: 'https://hooks.example.com/wfp',
      entityTypes: ['employee', 'geography', 'capex_claim'],
      eventTypes: ['create', 'delete'],
      enabled: true,
      deliveryStatus: 'NO_DELIVERIES',
      lastDeliveryAt: null,
      lastResponseStatus: null,
      lastError: null,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
      secret: expect.stringMatching(/^[0-9a-f]{64}$/),
    });
    const disabled = await t
      .admin('post', base(tenant))
      .send({ name: 'Off', url: 'http://hooks.example.com/', entityTypes: ['team'], eventTypes: ['update'], enabled: false })
      .expect(201);
    expect(disabled.body.data.enabled).toBe(false);
    expect(disabled.body.data.secret).not.toBe(res.body.data.secret);
  });

  it('02 endpoint management rule 2: the secret is shown once: get and list never return it', async () => {
    const tenant = await t.createTenant();
    const { id, secret } = await createEndpoint(t, tenant, { url: 'https://hooks.example.com/a' });
    const got = await t.admin('get', `${base(tenant)}/${id}`).expect(200);
    expect(got.body.data).not.toHaveProperty('secret');
    expect(JSON.stringify(got.body)).not.toContain(secret);
    const listed = await t.admin('get', base(tenant)).expect(200);
    expect(listed.body.data).toHaveLength(1);
    expect(listed.body.meta).toEqual({ page: 1, limit: 20, total: 1, hasNextPage: false });
    expect(JSON.stringify(listed.body)).not.toContain(secret);
  });

  it('03 §3: list pages with page and limit, in creation order, only the organization’s own endpoints', async () => {
    const tenant = await t.createTenant();
    const other = await t.createTenant();
    await createEndpoint(t, other, { url: 'https://hooks.example.com/other' });
    for (const n of [1, 2, 3]) await createEndpoint(t, tenant, { name: `E${n}`, url: `https://hooks.example.com/${n}` });
    const page = await t.admin('get', `${base(tenant)}?page=2&limit=2`).expect(200);
    expect(page.body.data.map((e: { name: string }) => e.name)).toEqual(['E3']);
    expect(page.body.meta).toEqual({ page: 2, limit: 2, total: 3, hasNextPage: false });
  });

  it('03 §3: bad bodies are 400 VALIDATION_ERROR with a detail per field', async () => {
    const tenant = await t.createTenant();
    const cases: [Record<string, unknown>, string][] = [
      [{ name: '', url: 'https://h.example.com', entityTypes: ['team'], eventTypes: ['create'] }, 'name'],
      [{ name: 'x'.repeat(101), url: 'https://h.example.com', entityTypes: ['team'], eventTypes: ['create'] }, 'name'],
      [{ name: 'A', url: 'ftp://h.example.com/x', entityTypes: ['team'], eventTypes: ['create'] }, 'url'],
      [{ name: 'A', url: 'not a url', entityTypes: ['team'], eventTypes: ['create'] }, 'url'],
      [{ name: 'A', url: 'https://h.example.com', entityTypes: [], eventTypes: ['create'] }, 'entityTypes'],
      [{ name: 'A', url: 'https://h.example.com', entityTypes: ['lifecycle_stage'], eventTypes: ['create'] }, 'entityTypes'],
      [{ name: 'A', url: 'https://h.example.com', entityTypes: ['team', 'team'], eventTypes: ['create'] }, 'entityTypes'],
      [{ name: 'A', url: 'https://h.example.com', entityTypes: ['team'], eventTypes: [] }, 'eventTypes'],
      [{ name: 'A', url: 'https://h.example.com', entityTypes: ['team'], eventTypes: ['upsert'] }, 'eventTypes'],
      [{ name: 'A', url: 'https://h.example.com', entityTypes: ['team'], eventTypes: ['create'], enabled: 'yes' }, 'enabled'],
      [{ url: 'https://h.example.com', entityTypes: ['team'], eventTypes: ['create'] }, 'name'],
    ];
    for (const [body, field] of cases) {
      const res = await t.admin('post', base(tenant)).send(body).expect(400);
      expect(res.body.error.code).toBe('VALIDATION_ERROR');
      expect(res.body.error.details.map((d: { field: string }) => d.field)).toContain(field);
    }
    expect((await t.admin('get', base(tenant)).expect(200)).body.meta.total).toBe(0);
  });

  it('03 §3: patch changes any create field, keeps the others, and refuses null or empty lists', async () => {
    const tenant = await t.createTenant();
    const { id } = await createEndpoint(t, tenant, {
      name: 'Before',
      url: 'https://hooks.example.com/a',
      entityTypes: ['team'],
      eventTypes: ['create'],
    });
    const res = await t
      .admin('patch', `${base(tenant)}/${id}`)
      .send({
        name: 'After',
        url: 'https://hooks.example.com/b',
        entityTypes: ['project', 'vacancy'],
        eventTypes: ['update', 'delete'],
        enabled: false,
      })
      .expect(200);
    expect(res.body.data).toMatchObject({
      name: 'After',
      url: 'https://hooks.example.com/b',
      entityTypes: ['project', 'vacancy'],
      eventTypes: ['update', 'delete'],
      enabled: false,
    });
    expect(res.body.data).not.toHaveProperty('secret');
    const partial = await t
      .admin('patch', `${base(tenant)}/${id}`)
      .send({ enabled: true })
      .expect(200);
    expect(partial.body.data).toMatchObject({ name: 'After', enabled: true, entityTypes: ['project', 'vacancy'] });
    const nulls = await t
      .admin('patch', `${base(tenant)}/${id}`)
      .send({ name: null, entityTypes: null })
      .expect(400);
    expect(nulls.body.error.details.map((d: { field: string }) => d.field).sort()).toEqual(['entityTypes', 'name']);
    await t
      .admin('patch', `${base(tenant)}/${id}`)
      .send({ eventTypes: [] })
      .expect(400);
    expect(await endpointOf(t, tenant.orgId, id)).toMatchObject({ name: 'After', eventTypes: ['update', 'delete'] });
  });

  it('03 §3: another organization’s endpoint or an unknown id is 404 for every route; delete is 204', async () => {
    const tenant = await t.createTenant();
    const other = await t.createTenant();
    const { id } = await createEndpoint(t, other, { url: 'https://hooks.example.com/x' });
    const actor = await t
      .admin('post', `/organizations/${tenant.orgId}/users`)
      .send({ email: `a.${tenant.orgId}@example.com`, name: 'A', permissions: ['*'] })
      .expect(201);
    for (const missing of [id, 'cxxxxxxxxxxxxxxxxxxxxxxxx']) {
      await t.admin('get', `${base(tenant)}/${missing}`).expect(404);
      await t
        .admin('patch', `${base(tenant)}/${missing}`)
        .send({ name: 'x' })
        .expect(404);
      await t.admin('post', `${base(tenant)}/${missing}/rotate-secret`).expect(404);
      await t.admin('post', `${base(tenant)}/${missing}/test`, actor.body.data.id).expect(404);
      await t.admin('delete', `${base(tenant)}/${missing}`).expect(404);
    }
    await t.admin('delete', `${base(other)}/${id}`).expect(204);
    await t.admin('get', `${base(other)}/${id}`).expect(404);
    await t.admin('get', `/organizations/cxxxxxxxxxxxxxxxxxxxxxxxx/webhook-endpoints`).expect(404);
  });

  it('02 endpoint management rule 4: rotate-secret issues a new 64-hex secret, returned only there', async () => {
    const tenant = await t.createTenant();
    const { id, secret } = await createEndpoint(t, tenant, { url: 'https://hooks.example.com/r' });
    const res = await t.admin('post', `${base(tenant)}/${id}/rotate-secret`).expect(200);
    expect(res.body).toEqual({ data: { secret: expect.stringMatching(/^[0-9a-f]{64}$/) } });
    expect(res.body.data.secret).not.toBe(secret);
    const [row] = await t.dataSource.query(`SELECT secret FROM webhook_endpoints WHERE id = $1`, [id]);
    expect(row.secret).toBe(res.body.data.secret);
  });

  it('02 Authentication: an acting user needs view_webhooks to see endpoints and configure_webhooks to change them', async () => {
    const tenant = await t.createTenant();
    let n = 0;
    const user = async (permissions: string[], active = true) =>
      (
        await t
          .admin('post', `/organizations/${tenant.orgId}/users`)
          .send({ email: `u${++n}@example.com`, name: 'U', permissions, active })
          .expect(201)
      ).body.data.id as string;
    const nobody = await user(['employees_view']);
    const viewer = await user(['view_webhooks']);
    // 03/§1.18: configuring also needs the view permissions of the types subscribed to (employee and team here).
    const configurer = await user(['configure_webhooks', 'employees_view', 'teams_view']);
    const inactive = await user(['*'], false);
    const { id } = await createEndpoint(t, tenant, { url: 'https://hooks.example.com/p' });
    const body = { name: 'N', url: 'https://hooks.example.com/n', entityTypes: ['team'], eventTypes: ['create'] };

    expect((await t.admin('get', base(tenant), nobody).expect(403)).body.error.code).toBe('FORBIDDEN');
    await t.admin('get', `${base(tenant)}/${id}`, nobody).expect(403);
    await t.admin('get', base(tenant), inactive).expect(403);
    await t.admin('get', base(tenant), viewer).expect(200);
    await t.admin('get', `${base(tenant)}/${id}`, viewer).expect(200);
    await t.admin('post', base(tenant), viewer).send(body).expect(403);
    await t
      .admin('patch', `${base(tenant)}/${id}`, viewer)
      .send({ enabled: false })
      .expect(403);
    await t.admin('post', `${base(tenant)}/${id}/rotate-secret`, viewer).expect(403);
    await t.admin('post', `${base(tenant)}/${id}/test`, viewer).expect(403);
    await t.admin('delete', `${base(tenant)}/${id}`, viewer).expect(403);
    await t.admin('get', base(tenant), configurer).expect(200);
    await t.admin('post', base(tenant), configurer).send(body).expect(201);
    await t
      .admin('patch', `${base(tenant)}/${id}`, configurer)
      .send({ enabled: false })
      .expect(200);
    await t.admin('delete', `${base(tenant)}/${id}`, configurer).expect(204);
  });

  describe('test connection (02 endpoint management rule 3)', () => {
    it('02 rule 3: sends an unsigned test event as the acting user, reports pass, and makes the endpoint HEALTHY', async () => {
      const tenant = await t.createTenant();
      const path = `/test-${tenant.orgId}`;
      const { id } = await createEndpoint(t, tenant, { url: receiver.url(path), entityTypes: ['team'], eventTypes: ['create'] });
      const res = await t.admin('post', `${base(tenant)}/${id}/test`, tenant.userId).expect(200);
      expect(res.body).toEqual({ data: { passed: true, status: 200, error: null, durationMs: expect.any(Number) } });
      const [got] = receiver.on(path);
      expect(receiver.on(path)).toHaveLength(1);
      expect(got.headers).not.toHaveProperty('x-service-signature');
      expect(got.headers).not.toHaveProperty('x-service-event-id');
      expect(got.headers['content-type']).toBe('application/json');
      expect(got.body).toEqual({
        id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        timestamp: expect.any(String),
        entity_type: 'employee',
        entity_id: 'test_entity_id',
        change_type: 'update',
        initiator: { type: 'user', id: tenant.userId, email: tenant.userEmail },
        organization_id: tenant.orgId,
        before: { test: true },
        after: { test: true },
      });
      expect(await endpointOf(t, tenant.orgId, id)).toMatchObject({
        deliveryStatus: 'HEALTHY',
        lastResponseStatus: 200,
        lastError: null,
        lastDeliveryAt: expect.any(String),
      });
    });

    it('02 rule 3: a receiver that rejects unsigned requests fails the test with 401, and the endpoint is FAILING', async () => {
      const strict = await Receiver.start(401);
      try {
        const tenant = await t.createTenant();
        const { id } = await createEndpoint(t, tenant, { url: strict.url('/strict') });
        const res = await t.admin('post', `${base(tenant)}/${id}/test`, tenant.userId).expect(200);
        expect(res.body.data).toEqual({ passed: false, status: 401, error: 'HTTP 401', durationMs: expect.any(Number) });
        expect(await endpointOf(t, tenant.orgId, id)).toMatchObject({
          deliveryStatus: 'FAILING',
          lastResponseStatus: 401,
          lastError: 'HTTP 401',
        });
      } finally {
        await strict.close();
      }
    });

    it('02 rule 3: a test works on a switched-off endpoint, and a refused connection reports the error', async () => {
      // Nothing listens on port 9 (discard): a port freed by a closed receiver could be taken by another test file's server meanwhile.
      const url = 'http://127.0.0.1:9/gone';
      const tenant = await t.createTenant();
      const { id } = await createEndpoint(t, tenant, { url, enabled: false });
      const res = await t.admin('post', `${base(tenant)}/${id}/test`, tenant.userId).expect(200);
      expect(res.body.data).toEqual({ passed: false, status: null, error: 'Connection refused', durationMs: expect.any(Number) });
      expect(await endpointOf(t, tenant.orgId, id)).toMatchObject({
        deliveryStatus: 'FAILING',
        lastResponseStatus: null,
        lastError: 'Connection refused',
        enabled: false,
      });
    });

    it('02 rule 3: the test has the same 5-second timeout', async () => {
      const hanging = await Receiver.start('hang');
      try {
        const tenant = await t.createTenant();
        const { id } = await createEndpoint(t, tenant, { url: hanging.url('/slow') });
        const res = await t.admin('post', `${base(tenant)}/${id}/test`, tenant.userId).expect(200);
        expect(res.body.data).toEqual({ passed: false, status: null, error: 'Timed out after 5 s', durationMs: expect.any(Number) });
        expect(hanging.on('/slow')).toHaveLength(1);
      } finally {
        await hanging.close();
      }
    });

    it('decision: test connection needs X-Acting-User (its initiator): 400 without it, nothing sent', async () => {
      const tenant = await t.createTenant();
      const path = `/no-actor-${tenant.orgId}`;
      const { id } = await createEndpoint(t, tenant, { url: receiver.url(path) });
      const res = await t.admin('post', `${base(tenant)}/${id}/test`).expect(400);
      expect(res.body.error).toMatchObject({
        code: 'VALIDATION_ERROR',
        details: [{ field: 'X-Acting-User', message: expect.any(String) }],
      });
      expect(receiver.on(path)).toHaveLength(0);
      expect((await endpointOf(t, tenant.orgId, id)).deliveryStatus).toBe('NO_DELIVERIES');
    });
  });
});
