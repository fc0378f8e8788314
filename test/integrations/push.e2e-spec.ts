import { changesOf } from '../support/changes';
import { TestApp, Tenant } from '../support/test-app';
import { Receiver, verifySignature, waitFor } from '../webhooks/receiver';
import { createEndpoint, settled } from '../webhooks/support';
import { createIntegration, employee, integrationOf, PullSource, pullNow } from './support';

describe('push hooks (04 §5.2) and the events of a pull (04 §5.4)', () => {
  let t: TestApp;
  let receiver: Receiver;
  let source: PullSource;
  beforeAll(async () => {
    t = await TestApp.start({ WEBHOOK_SWEEP_INTERVAL_MS: '200' });
    receiver = await Receiver.start();
    source = await PullSource.start();
  });
  afterAll(async () => {
    await t.close();
    await receiver.close();
    await source.close();
  });

  const pushTo = (url: string, entityTypes = ['team']) => ({ url, entityTypes, eventTypes: ['create', 'update', 'delete'] });
  const team = (tenant: Tenant, name: string) => tenant.api('post', '/teams').send({ name }).expect(201);

  it('04/5.2 push: receives exactly what a webhook endpoint with the same subscription receives, signed with the integration’s secret', async () => {
    const tenant = await t.createTenant();
    const hookPath = `/hook-${tenant.orgId}`;
    const pushPath = `/push-${tenant.orgId}`;
    const endpoint = await createEndpoint(t, tenant, { url: receiver.url(hookPath), entityTypes: ['team'] });
    const { id, secret } = await createIntegration(t, tenant, { push: pushTo(receiver.url(pushPath)) });
    expect(secret).not.toBe(endpoint.secret);
    await team(tenant, 'Platform');
    await settled(t, tenant.orgId);
    const [hook] = receiver.on(hookPath);
    const [push] = await waitFor('the push', () => receiver.on(pushPath).length === 1 && receiver.on(pushPath));
    expect(push.body).toEqual({ ...hook.body, timestamp: expect.any(String) });
    expect(push.body).toMatchObject({ entity_type: 'team', change_type: 'create', initiator: { type: 'api_key', id: tenant.keyId } });
    expect(push.headers['content-type']).toBe('application/json');
    expect(push.headers['x-service-event-id']).toBe(hook.body.id);
    expect(verifySignature(push.raw, push.headers['x-service-signature'], secret)).toBe(true);
    expect(verifySignature(push.raw, push.headers['x-service-signature'], endpoint.secret)).toBe(false);
    const after = await waitFor('the push status', async () => {
      const got = await integrationOf(t, tenant.orgId, id);
      return got.lastPushStatus === 'OK' && got;
    });
    expect(Date.parse(after.lastPushAt as string)).toBeGreaterThan(Date.now() - 60_000);
    // Exactly once, in one delivery row that names the integration.
    const rows = await t.dataSource.query(`SELECT status, endpoint_id FROM webhook_deliveries WHERE integration_id = $1`, [id]);
    expect(rows).toEqual([{ status: 'SENT', endpoint_id: null }]);
  });

  it('04/5.2 push: only subscribed entity and change types; a failing receiver makes lastPushStatus FAILED with lastError, not retried', async () => {
    const tenant = await t.createTenant();
    const path = `/fail-${tenant.orgId}`;
    const failing = await Receiver.start(500);
    try {
      const { id } = await createIntegration(t, tenant, {
        push: { url: failing.url(path), entityTypes: ['team'], eventTypes: ['update'] },
      });
      const created = await team(tenant, 'Ops');
      await tenant.api('post', '/projects').send({ name: 'Not subscribed', startDate: '2026-01-01' }).expect(201);
      await tenant.api('patch', `/teams/${created.body.data.id}`).send({ name: 'Ops 2' }).expect(200);
      await settled(t, tenant.orgId);
      const after = await waitFor('the push failure', async () => {
        const got = await integrationOf(t, tenant.orgId, id);
        return got.lastPushStatus === 'FAILED' && got;
      });
      expect(after.lastError).toBe('Push: HTTP 500');
      expect(failing.on(path).map((r) => `${r.body.change_type} ${r.body.entity_type}`)).toEqual(['update team']);
    } finally {
      await failing.close();
    }
  });

  it('04/5.2 push: disabling or deleting the integration stops it; a rotated secret signs later pushes', async () => {
    const tenant = await t.createTenant();
    const path = `/stop-${tenant.orgId}`;
    const { id } = await createIntegration(t, tenant, { push: pushTo(receiver.url(path)) });
    const rotated = (await t.admin('post', `/organizations/${tenant.orgId}/integrations/${id}/rotate-secret`).expect(200)).body.data.secret;
    await team(tenant, 'One');
    const [first] = await waitFor('the first push', () => receiver.on(path).length === 1 && receiver.on(path));
    expect(verifySignature(first.raw, first.headers['x-service-signature'], rotated)).toBe(true);

    await t
      .admin('patch', `/organizations/${tenant.orgId}/integrations/${id}`)
      .send({ push: { ...pushTo(receiver.url(path)), enabled: false } })
      .expect(200);
    await team(tenant, 'Two');
    await settled(t, tenant.orgId);
    await t.admin('delete', `/organizations/${tenant.orgId}/integrations/${id}`).expect(204);
    await team(tenant, 'Three');
    await settled(t, tenant.orgId);
    // A control: an endpoint on another path still receives later events, so the silence above is real.
    const control = `/control-${tenant.orgId}`;
    await createEndpoint(t, tenant, { url: receiver.url(control), entityTypes: ['team'] });
    await team(tenant, 'Four');
    await waitFor('the control delivery', () => receiver.on(control).length === 1);
    expect(receiver.on(path).map((r) => r.body.after.name)).toEqual(['One']);
  });

  it('04/5.4 events of a pull: a pull that changes a functional group sends functional_group events with initiator { type: user, id } and no email, to endpoints and push hooks', async () => {
    const tenant = await t.createTenant();
    const hookPath = `/fg-hook-${tenant.orgId}`;
    const pushPath = `/fg-push-${tenant.orgId}`;
    await createEndpoint(t, tenant, { url: receiver.url(hookPath), entityTypes: ['functional_group'] });
    const url = source.serve(`/groups-${tenant.orgId}`, {
      body: { records: [{ externalId: 'AREA-1', name: 'Area', startDate: '2026-01-01' }] },
    });
    const { id } = await createIntegration(t, tenant, {
      push: pushTo(receiver.url(pushPath), ['functional_group']),
      pull: { url, entityType: 'functional_group', intervalMinutes: 60 },
    });
    expect((await pullNow(t, tenant.orgId, id).expect(200)).body.data).toMatchObject({ status: 'OK', created: 1 });
    await settled(t, tenant.orgId);
    const [hook] = await waitFor('the webhook', () => receiver.on(hookPath).length === 1 && receiver.on(hookPath));
    const [push] = await waitFor('the push', () => receiver.on(pushPath).length === 1 && receiver.on(pushPath));
    for (const got of [hook, push]) {
      expect(got.body).toMatchObject({
        entity_type: 'functional_group',
        change_type: 'create',
        after: { externalId: 'AREA-1', name: 'Area' },
      });
      expect(got.body.initiator).toEqual({ type: 'user', id: tenant.userId });
    }
    // An update by a later pull is an update event, likewise.
    source.serve(`/groups-${tenant.orgId}`, { body: { records: [{ externalId: 'AREA-1', name: 'Area renamed' }] } });
    expect((await pullNow(t, tenant.orgId, id).expect(200)).body.data).toMatchObject({ status: 'OK', updated: 1 });
    const updates = await waitFor('the update', () => receiver.on(hookPath).length === 2 && receiver.on(hookPath));
    expect(updates[1].body).toMatchObject({
      change_type: 'update',
      after: { name: 'Area renamed' },
      initiator: { type: 'user', id: tenant.userId },
    });
    expect(updates[1].body.initiator).not.toHaveProperty('email');
  });

  it('04/5.4 events of a pull: a pull that changes employees sends no webhook and no push; the changes show in GET /changes with the user initiator', async () => {
    const tenant = await t.createTenant();
    const hookPath = `/emp-hook-${tenant.orgId}`;
    const pushPath = `/emp-push-${tenant.orgId}`;
    await createEndpoint(t, tenant, { url: receiver.url(hookPath), entityTypes: ['employee', 'salary_adjustment'] });
    const salary = { effectiveDate: '2026-01-05', salary: 90000, currencyCode: 'EUR' };
    const url = source.serve(`/people-${tenant.orgId}`, { body: { records: [employee('E-1', { salary }), employee('E-2')] } });
    const { id } = await createIntegration(t, tenant, {
      push: pushTo(receiver.url(pushPath), ['employee', 'salary_adjustment']),
      pull: { url, entityType: 'employee', intervalMinutes: 60 },
    });
    expect((await pullNow(t, tenant.orgId, id).expect(200)).body.data).toMatchObject({ status: 'OK', created: 2 });
    const pulled = await changesOf(t, tenant.orgId);
    expect(pulled).toHaveLength(3);
    expect(pulled.every((r) => r.dispatchStatus === null)).toBe(true);
    // A control write through the API is delivered to both: after it, nothing of the pull can still come.
    await tenant.create.employee({ externalId: 'CONTROL' });
    await settled(t, tenant.orgId);
    await waitFor('the control push', () => receiver.on(pushPath).length === 1);
    expect(receiver.on(hookPath).map((r) => r.body.after.externalId)).toEqual(['CONTROL']);
    expect(receiver.on(pushPath).map((r) => r.body.after.externalId)).toEqual(['CONTROL']);

    const feed = await tenant.api('get', '/changes?entityTypes=employee,salary_adjustment').expect(200);
    const byPull = feed.body.data.filter((c: { initiator: { type: string } }) => c.initiator.type === 'user');
    expect(byPull.map((c: { entity_type: string; change_type: string }) => `${c.change_type} ${c.entity_type}`).sort()).toEqual([
      'create employee',
      'create employee',
      'create salary_adjustment',
    ]);
    for (const c of byPull) expect(c.initiator).toEqual({ type: 'user', id: tenant.userId });
    expect(feed.body.data).toHaveLength(4);
  });
});
