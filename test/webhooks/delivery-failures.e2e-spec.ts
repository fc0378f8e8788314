import { WebhookDispatcher } from '../../src/webhooks/webhook-dispatcher';
import { TestApp, Tenant } from '../support/test-app';
import { Receiver, verifySignature } from './receiver';
import { change, createEndpoint, endpointOf, liveContext, settled, write } from './support';

describe('webhook delivery (02 Events, Signature and headers, Delivery)', () => {
  let t: TestApp;
  let receiver: Receiver;
  beforeAll(async () => {
    t = await TestApp.start({ WEBHOOK_SWEEP_INTERVAL_MS: '200' });
    receiver = await Receiver.start();
  });
  afterAll(async () => {
    await t.close();
    await receiver.close();
  });

  describe('failures (each one attempt, no retries)', () => {
    let failing: Receiver;
    beforeEach(async () => {
      failing = await Receiver.start();
    });
    afterEach(() => failing.close());

    async function oneAttempt(tenant: Tenant, path: string): Promise<void> {
      await settled(t, tenant.orgId);
      // Sweeps come and go; still nothing is sent again.
      const dispatcher = t.get<WebhookDispatcher>(WebhookDispatcher);
      await dispatcher.sweep();
      await dispatcher.sweep();
      await settled(t, tenant.orgId);
      expect(failing.on(path)).toHaveLength(1);
    }

    it('02/delivery: a 500 is one attempt and marks the endpoint FAILING with the status', async () => {
      failing.behaviour = 500;
      const tenant = await t.createTenant();
      const { id } = await createEndpoint(t, tenant, { url: failing.url('/500'), entityTypes: ['team'] });
      await write(t, await liveContext(t, tenant), [change('team', 'create')]);
      await oneAttempt(tenant, '/500');
      expect(await endpointOf(t, tenant.orgId, id)).toMatchObject({
        deliveryStatus: 'FAILING',
        lastResponseStatus: 500,
        lastError: 'HTTP 500',
      });
      const [delivery] = await t.dataSource.query(`SELECT status, response_status FROM webhook_deliveries WHERE endpoint_id = $1`, [id]);
      expect(delivery).toEqual({ status: 'FAILED', response_status: 500 });
    });

    it('02/delivery: a receiver that does not answer within 5 s is one attempt and marks the endpoint FAILING', async () => {
      failing.behaviour = 'hang';
      const tenant = await t.createTenant();
      const { id } = await createEndpoint(t, tenant, { url: failing.url('/hang'), entityTypes: ['team'] });
      await write(t, await liveContext(t, tenant), [change('team', 'create')]);
      await oneAttempt(tenant, '/hang');
      expect(await endpointOf(t, tenant.orgId, id)).toMatchObject({
        deliveryStatus: 'FAILING',
        lastResponseStatus: null,
        lastError: 'Timed out after 5 s',
      });
    });

    it('02/delivery: a redirect is a failure and is never followed', async () => {
      failing.behaviour = 302;
      const tenant = await t.createTenant();
      const { id } = await createEndpoint(t, tenant, { url: failing.url('/moved'), entityTypes: ['team'] });
      await write(t, await liveContext(t, tenant), [change('team', 'create')]);
      await oneAttempt(tenant, '/moved');
      expect(failing.on('/redirected')).toHaveLength(0);
      expect(await endpointOf(t, tenant.orgId, id)).toMatchObject({
        deliveryStatus: 'FAILING',
        lastResponseStatus: 302,
        lastError: 'HTTP 302',
      });
    });

    it('02/delivery: a 2xx after a failure makes the endpoint HEALTHY again', async () => {
      failing.behaviour = 503;
      const tenant = await t.createTenant();
      const { id } = await createEndpoint(t, tenant, { url: failing.url('/flaky'), entityTypes: ['team'] });
      const ctx = await liveContext(t, tenant);
      await write(t, ctx, [change('team', 'create')]);
      await settled(t, tenant.orgId);
      expect((await endpointOf(t, tenant.orgId, id)).deliveryStatus).toBe('FAILING');
      failing.behaviour = 204;
      await write(t, ctx, [change('team', 'update')]);
      await settled(t, tenant.orgId);
      expect(await endpointOf(t, tenant.orgId, id)).toMatchObject({ deliveryStatus: 'HEALTHY', lastResponseStatus: 204, lastError: null });
    });
  });

  it('02/delivery: no connection is one attempt and marks the endpoint FAILING with the error', async () => {
    // Nothing listens on port 9 (discard): a port freed by a closed receiver could be taken by another test file's server meanwhile.
    const url = 'http://127.0.0.1:9/gone';
    const tenant = await t.createTenant();
    const { id } = await createEndpoint(t, tenant, { url, entityTypes: ['team'] });
    await write(t, await liveContext(t, tenant), [change('team', 'create')]);
    await settled(t, tenant.orgId);
    expect(await endpointOf(t, tenant.orgId, id)).toMatchObject({
      deliveryStatus: 'FAILING',
      lastResponseStatus: null,
      lastError: 'Connection refused',
    });
  });

  it('02/endpoint management rule 4: after rotating the secret, later deliveries are signed with the new one', async () => {
    const tenant = await t.createTenant();
    const path = `/rotate-${tenant.orgId}`;
    const { id, secret: old } = await createEndpoint(t, tenant, { url: receiver.url(path), entityTypes: ['team'] });
    const ctx = await liveContext(t, tenant);
    await write(t, ctx, [change('team', 'create', { n: 1 })]);
    await settled(t, tenant.orgId);
    const rotated = await t.admin('post', `/organizations/${tenant.orgId}/webhook-endpoints/${id}/rotate-secret`).expect(200);
    const fresh: string = rotated.body.data.secret;
    expect(fresh).toMatch(/^[0-9a-f]{64}$/);
    expect(fresh).not.toBe(old);
    await write(t, ctx, [change('team', 'update', { n: 2 })]);
    await settled(t, tenant.orgId);
    const [first, second] = receiver.on(path);
    expect(first.body.after.n).toBe(1);
    expect(verifySignature(first.raw, first.headers['x-service-signature'], old)).toBe(true);
    expect(second.body.after.n).toBe(2);
    expect(verifySignature(second.raw, second.headers['x-service-signature'], fresh)).toBe(true);
    expect(verifySignature(second.raw, second.headers['x-service-signature'], old)).toBe(false);
  });

  it('02/endpoint management: a deleted endpoint receives nothing more', async () => {
    const tenant = await t.createTenant();
    const path = `/deleted-${tenant.orgId}`;
    const { id } = await createEndpoint(t, tenant, { url: receiver.url(path), entityTypes: ['team'] });
    await t.admin('delete', `/organizations/${tenant.orgId}/webhook-endpoints/${id}`).expect(204);
    await write(t, await liveContext(t, tenant), [change('team', 'create')]);
    await settled(t, tenant.orgId);
    expect(receiver.on(path)).toHaveLength(0);
  });
});
