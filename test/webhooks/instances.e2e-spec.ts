import { randomUUID } from 'node:crypto';
import { newId } from '../../src/common/ids';
import { WebhookDispatcher } from '../../src/webhooks/webhook-dispatcher';
import { changesOf, insertChanges } from '../support/changes';
import { TestApp, Tenant } from '../support/test-app';
import { Receiver, verifySignature } from './receiver';
import { change, createEndpoint, liveContext, settled, write } from './support';

/** Writes changes straight into the outbox in the state a process that died would have left them. */
async function leftByACrash(
  t: TestApp,
  tenant: Tenant,
  rows: { status: 'DISPATCHING' | 'DONE'; claimedSecondsAgo: number; label: string }[],
): Promise<number[]> {
  const ctx = await liveContext(t, tenant);
  return insertChanges(
    t,
    tenant.orgId,
    rows.map((row) => ({
      planId: ctx.planId,
      entityType: 'team',
      entityId: newId(),
      changeType: 'create',
      after: { label: row.label },
      actorType: 'api_key',
      actorId: tenant.keyId,
      dispatchStatus: row.status,
      dispatchClaimedAt: new Date(Date.now() - row.claimedSecondsAgo * 1000),
      dispatchClaimId: randomUUID(),
    })),
  );
}

describe('webhook dispatch across instances and crashes (DESIGN mechanism 4)', () => {
  let a: TestApp;
  let b: TestApp;
  let receiver: Receiver;
  beforeAll(async () => {
    a = await TestApp.start({ WEBHOOK_SWEEP_INTERVAL_MS: '200' });
    // On the embedded database the second instance uses the first one's (with a small pool: the embedded
    // server accepts the first instance's pool size plus 8 connections); on a server both use DATABASE_URL.
    const embedded = { DATABASE_URL: a.running.runtime.url, DB_POOL_SIZE: '4' };
    b = await TestApp.start({ WEBHOOK_SWEEP_INTERVAL_MS: '200', ...(process.env.DATABASE_URL ? {} : embedded) });
    receiver = await Receiver.start();
  });
  afterAll(async () => {
    await b.close();
    await a.close();
    await receiver.close();
  });

  it('02/delivery: two application instances on one database deliver every event exactly once', async () => {
    const tenant = await a.createTenant();
    const path = `/two-${tenant.orgId}`;
    const { secret } = await createEndpoint(a, tenant, { url: receiver.url(path), entityTypes: ['team', 'project'] });
    const ctxA = await liveContext(a, tenant);
    const ctxB = await liveContext(b, tenant);
    // Both instances write (each wakes its own dispatcher) and both sweep, concurrently.
    const writes: Promise<void>[] = [];
    for (let i = 0; i < 120; i++) {
      const [t, ctx] = i % 2 ? [b, ctxB] : [a, ctxA];
      writes.push(write(t, ctx, [change('team', 'create', { n: i }), change('project', 'update', { n: i })]));
    }
    await Promise.all(writes);
    await settled(a, tenant.orgId, 60_000);
    const got = receiver.on(path);
    expect(got).toHaveLength(240);
    const ids = got.map((r) => r.body.id);
    expect(new Set(ids).size).toBe(240);
    const outbox = await changesOf(a, tenant.orgId);
    expect(new Set(ids)).toEqual(new Set(outbox.map((r) => r.eventId)));
    expect(got.every((r) => verifySignature(r.raw, r.headers['x-service-signature'], secret))).toBe(true);
  });

  it('decisions/webhooks: a claim left by a crash before anything was sent is sent once, by another instance, after the lease; nothing is lost or doubled', async () => {
    const tenant = await a.createTenant();
    const path = `/claimed-${tenant.orgId}`;
    await createEndpoint(a, tenant, { url: receiver.url(path), entityTypes: ['team'] });
    const fresh = await leftByACrash(a, tenant, [{ status: 'DISPATCHING', claimedSecondsAgo: 0, label: 'fresh claim' }]);
    const stale = await leftByACrash(a, tenant, [
      { status: 'DISPATCHING', claimedSecondsAgo: 3600, label: 'stale 1' },
      { status: 'DISPATCHING', claimedSecondsAgo: 3600, label: 'stale 2' },
    ]);
    // And ordinary changes around them.
    await write(a, await liveContext(a, tenant), [change('team', 'create', { label: 'ordinary' })]);
    await b.get<WebhookDispatcher>(WebhookDispatcher).sweep();
    await a.get<WebhookDispatcher>(WebhookDispatcher).sweep();
    await waitUntil(async () => {
      const rows = await changesOf(a, tenant.orgId, { seqs: stale });
      return rows.every((r) => r.dispatchStatus === 'DONE');
    });
    await waitUntil(async () => receiver.on(path).length >= 3);
    // A claim younger than the lease may belong to a live process that is about to send: it is left alone.
    const [held] = await changesOf(a, tenant.orgId, { seqs: [fresh[0]] });
    expect(held.dispatchStatus).toBe('DISPATCHING');
    await a.get<WebhookDispatcher>(WebhookDispatcher).sweep();
    await b.get<WebhookDispatcher>(WebhookDispatcher).sweep();
    await a.get<WebhookDispatcher>(WebhookDispatcher).idle();
    await b.get<WebhookDispatcher>(WebhookDispatcher).idle();
    expect(
      receiver
        .on(path)
        .map((r) => r.body.after.label)
        .sort(),
    ).toEqual(['ordinary', 'stale 1', 'stale 2']);
  });

  it('decisions/webhooks: an attempt cut short by a crash is marked INTERRUPTED and never sent again', async () => {
    const tenant = await a.createTenant();
    const path = `/interrupted-${tenant.orgId}`;
    const { id: endpointId } = await createEndpoint(a, tenant, { url: receiver.url(path), entityTypes: ['team'] });
    const [old, young] = await leftByACrash(a, tenant, [
      { status: 'DONE', claimedSecondsAgo: 3600, label: 'cut short' },
      { status: 'DONE', claimedSecondsAgo: 1, label: 'maybe still sending' },
    ]);
    await a.dataSource.query(
      `INSERT INTO webhook_deliveries (organization_id, change_seq, endpoint_id, status, started_at)
       VALUES ($4, $1, $3, 'SENDING', now() - interval '1 hour'), ($4, $2, $3, 'SENDING', now() - interval '1 second')`,
      [old, young, endpointId, tenant.orgId],
    );
    await write(a, await liveContext(a, tenant), [change('team', 'create', { label: 'ordinary' })]);
    await a.get<WebhookDispatcher>(WebhookDispatcher).sweep();
    await b.get<WebhookDispatcher>(WebhookDispatcher).sweep();
    await waitUntil(async () => receiver.on(path).length >= 1);
    await a.get<WebhookDispatcher>(WebhookDispatcher).idle();
    await b.get<WebhookDispatcher>(WebhookDispatcher).idle();
    const rows = await a.dataSource.query(
      `SELECT change_seq, status, error FROM webhook_deliveries WHERE change_seq = ANY($1) ORDER BY change_seq`,
      [[old, young]],
    );
    expect(rows).toEqual([
      { change_seq: old, status: 'INTERRUPTED', error: expect.stringMatching(/not sent again/) },
      { change_seq: young, status: 'SENDING', error: null },
    ]);
    expect(receiver.on(path).map((r) => r.body.after.label)).toEqual(['ordinary']);
  });

  it('DESIGN mechanism 4: an instance whose claim was taken over after its lease cannot start it (no double send)', async () => {
    const tenant = await a.createTenant();
    const path = `/takeover-${tenant.orgId}`;
    await createEndpoint(a, tenant, { url: receiver.url(path), entityTypes: ['team'] });
    const [seq] = await leftByACrash(a, tenant, [{ status: 'DISPATCHING', claimedSecondsAgo: 3600, label: 'slow owner' }]);
    const [{ dispatchClaimId: staleClaim }] = await changesOf(a, tenant.orgId, { seqs: [seq] });
    await b.get<WebhookDispatcher>(WebhookDispatcher).sweep();
    await settled(a, tenant.orgId);
    expect(receiver.on(path)).toHaveLength(1);
    // The slow owner wakes up and tries to start its claim: nothing is left under its claim id.
    const started = await a.get<WebhookDispatcher>(WebhookDispatcher).start([seq], staleClaim!, tenant.orgId);
    expect(started).toBe(0);
    await a.get<WebhookDispatcher>(WebhookDispatcher).idle();
    expect(receiver.on(path)).toHaveLength(1);
  });
});

async function waitUntil(check: () => Promise<boolean>, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
