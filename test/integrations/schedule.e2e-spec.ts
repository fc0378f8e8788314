import { changesOf } from '../support/changes';
import { randomUUID } from 'node:crypto';
import { PullScheduler } from '../../src/integrations/pull-scheduler';
import { TestApp, Tenant } from '../support/test-app';
import { Receiver, verifySignature, waitFor } from '../webhooks/receiver';
import { change, liveContext, settled, write } from '../webhooks/support';
import { count, createIntegration, gate, integrationOf, PullSource } from './support';
import { ownDatabase } from '../support/own-database';

const team = (externalId: string) => ({ externalId, name: `Team ${externalId}` });

/** Makes the integration's next scheduled run due now (as if intervalMinutes had passed). */
async function due(t: TestApp, id: string): Promise<void> {
  await t.dataSource.query(`UPDATE integrations SET pull_next_at = now() - interval '1 second' WHERE id = $1`, [id]);
}

// The schedulers here tick every 100 ms and claim any due hook of their database: on a shared server this file has its
// own, so that they never run another test file's hooks (which would answer those files' runs 409).
let database: Awaited<ReturnType<typeof ownDatabase>>;
beforeAll(async () => {
  database = await ownDatabase('schedule');
});
afterAll(() => database.drop());

describe('PULL hooks: the schedule (04 §5.3)', () => {
  let t: TestApp;
  let source: PullSource;
  beforeAll(async () => {
    t = await TestApp.start({ INTEGRATION_PULL_TICK_MS: '100', ...database.env });
    source = await PullSource.start();
  });
  afterAll(async () => {
    await t.close();
    await source.close();
  });

  async function scheduled(tenant: Tenant, name: string, intervalMinutes = 5) {
    const path = `/${name}-${tenant.orgId}`;
    const url = source.serve(path, { body: { records: [team(`${name}-1`)] } });
    const created = await createIntegration(t, tenant, { pull: { url, entityType: 'team', intervalMinutes } });
    return { path, url, ...created };
  }

  it('04/5.3 schedule: an enabled pull runs by itself (at once, then every intervalMinutes), and not again before it is due', async () => {
    const tenant = await t.createTenant();
    const { path, id } = await scheduled(tenant, 'sched', 7);
    await waitFor('the first scheduled run', async () => (await integrationOf(t, tenant.orgId, id)).lastPullStatus === 'OK');
    expect(await integrationOf(t, tenant.orgId, id)).toMatchObject({ lastPullResult: { created: 1, updated: 0, unchanged: 0, failed: 0 } });
    expect(await count(t, 'teams', tenant.orgId)).toBe(1);
    const [row] = await t.dataSource.query(
      `SELECT extract(epoch FROM pull_next_at - last_pull_at) AS gap, pull_running_until FROM integrations WHERE id = $1`,
      [id],
    );
    // The next run is due intervalMinutes after this one started (7 minutes, less the run's own duration).
    expect(Number(row.gap)).toBeGreaterThan(7 * 60 - 30);
    expect(Number(row.gap)).toBeLessThanOrEqual(7 * 60);
    expect(row.pull_running_until).toBeNull();
    // Many ticks later, still one run: it is not due for 7 minutes.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(source.on(path)).toHaveLength(1);
    // When the interval has passed, it runs again (now unchanged).
    await due(t, id);
    await waitFor('the second scheduled run', () => source.on(path).length === 2);
    await waitFor(
      'its result',
      async () => ((await integrationOf(t, tenant.orgId, id)).lastPullResult as { unchanged: number } | null)?.unchanged === 1,
    );
  });

  it('04/5.3 schedule: disabling and deleting stop the pull; a control integration keeps running', async () => {
    const tenant = await t.createTenant();
    const off = await scheduled(tenant, 'off');
    const gone = await scheduled(tenant, 'gone');
    const control = await scheduled(tenant, 'control');
    await waitFor('the first runs', () => [off, gone, control].every((x) => source.on(x.path).length === 1));
    await waitFor('their results', async () => {
      const rows = await t.dataSource.query(
        `SELECT count(*)::int AS n FROM integrations WHERE organization_id = $1 AND pull_run_id IS NULL AND last_pull_status = 'OK'`,
        [tenant.orgId],
      );
      return rows[0].n === 3;
    });
    await t
      .admin('patch', `/organizations/${tenant.orgId}/integrations/${off.id}`)
      .send({ pull: { url: off.url, entityType: 'team', intervalMinutes: 5, enabled: false } })
      .expect(200);
    await t.admin('delete', `/organizations/${tenant.orgId}/integrations/${gone.id}`).expect(204);
    await due(t, off.id);
    await due(t, control.id);
    await waitFor('the control’s second run', () => source.on(control.path).length === 2);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(source.on(off.path)).toHaveLength(1);
    expect(source.on(gone.path)).toHaveLength(1);
    expect(await integrationOf(t, tenant.orgId, off.id)).toMatchObject({ pull: { enabled: false } });
  });

  it('04/5.3 schedule: a run that overlaps its next tick is not started twice', async () => {
    const tenant = await t.createTenant();
    const path = `/slow-${tenant.orgId}`;
    const held = gate();
    const url = source.serve(path, { body: { records: [team('slow-1')] }, hold: held.hold });
    const { id } = await createIntegration(t, tenant, { pull: { url, entityType: 'team', intervalMinutes: 5 } });
    await waitFor('the slow run to start', () => source.on(path).length === 1);
    // While it runs (the source answers when the test lets it), its next run falls due: a tick, here or on another
    // instance, must leave it alone. This instance's ticks wait for the running one, so tick as another instance would.
    await due(t, id);
    const otherInstance = t.get(PullScheduler) as unknown as { tickOnce(): Promise<number> };
    await otherInstance.tickOnce();
    expect(source.on(path)).toHaveLength(1);
    held.open();
    await waitFor('the slow run to finish', async () => (await integrationOf(t, tenant.orgId, id)).lastPullStatus === 'OK');
  });

  it('04/5.3 schedule: a lease left by a process that died runs out, and the pull runs again', async () => {
    const tenant = await t.createTenant();
    const path = `/dead-${tenant.orgId}`;
    const url = source.serve(path, { body: { records: [team('dead-1')] } });
    const { id } = await createIntegration(t, tenant, { pull: { url, entityType: 'team', intervalMinutes: 5, enabled: false } });
    // As a dead run leaves it: lease still held (in the future), then expired.
    await t.dataSource.query(
      `UPDATE integrations SET pull_enabled = true, pull_next_at = now() - interval '1 second',
              pull_running_until = now() + interval '1 hour', pull_run_id = $2 WHERE organization_id = $3 AND id = $1`,
      [id, randomUUID(), tenant.orgId],
    );
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(source.on(path)).toHaveLength(0);
    await t.dataSource.query(`UPDATE integrations SET pull_running_until = now() - interval '1 second' WHERE id = $1`, [id]);
    await waitFor('the run after the lease', async () => (await integrationOf(t, tenant.orgId, id)).lastPullStatus === 'OK');
    expect(source.on(path)).toHaveLength(1);
  });
});

describe('PULL hooks: two instances on one database (04 §5.3)', () => {
  let a: TestApp;
  let b: TestApp;
  let source: PullSource;
  let receiver: Receiver;
  beforeAll(async () => {
    receiver = await Receiver.start();
    a = await TestApp.start({ INTEGRATION_PULL_TICK_MS: '100', ...database.env });
    // As test/webhooks/instances: on the embedded database the second instance uses the first one's.
    const embedded = { DATABASE_URL: a.running.runtime.url, DB_POOL_SIZE: '4' };
    b = await TestApp.start({ INTEGRATION_PULL_TICK_MS: '100', ...(process.env.DATABASE_URL ? database.env : embedded) });
    source = await PullSource.start();
  });
  afterAll(async () => {
    await b.close();
    await a.close();
    await source.close();
    await receiver.close();
  });

  it('04/5.2 push: two instances on one database deliver every push exactly once, signed with the integration’s secret', async () => {
    const tenant = await a.createTenant();
    const path = `/push-two-${tenant.orgId}`;
    const { secret } = await createIntegration(a, tenant, {
      push: { url: receiver.url(path), entityTypes: ['team'], eventTypes: ['create'] },
    });
    const [ctxA, ctxB] = [await liveContext(a, tenant), await liveContext(b, tenant)];
    const writes: Promise<void>[] = [];
    for (let i = 0; i < 60; i++)
      writes.push(i % 2 ? write(b, ctxB, [change('team', 'create', { n: i })]) : write(a, ctxA, [change('team', 'create', { n: i })]));
    await Promise.all(writes);
    await settled(a, tenant.orgId, 60_000);
    const got = receiver.on(path);
    expect(got).toHaveLength(60);
    expect(new Set(got.map((r) => r.body.id)).size).toBe(60);
    expect(got.every((r) => verifySignature(r.raw, r.headers['x-service-signature'], secret))).toBe(true);
  });

  it('04/5.3 one run per integration at a time across instances: two instances ticking on one schedule never double a run', async () => {
    const tenant = await a.createTenant();
    const made: { id: string; path: string }[] = [];
    for (let i = 0; i < 6; i++) {
      const path = `/two-${tenant.orgId}-${i}`;
      const url = source.serve(path, { body: { records: [team(`two-${i}`)] }, delayMs: 300 });
      made.push({ path, ...(await createIntegration(a, tenant, { pull: { url, entityType: 'team', intervalMinutes: 5 } })) });
    }
    // Both schedulers tick every 100 ms, and here both are also made to tick at once, repeatedly.
    const ticks = Array.from({ length: 5 }, () => [a, b].map((x) => x.get<PullScheduler>(PullScheduler).tick())).flat();
    await Promise.all(ticks);
    await waitFor('every first run', async () => {
      const [row] = await a.dataSource.query(
        `SELECT count(*)::int AS n FROM integrations WHERE organization_id = $1 AND last_pull_status = 'OK' AND pull_run_id IS NULL`,
        [tenant.orgId],
      );
      return row.n === 6;
    });
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(made.map((m) => source.on(m.path).length)).toEqual([1, 1, 1, 1, 1, 1]);
    expect(await count(a, 'teams', tenant.orgId)).toBe(6);

    // A second round: each is due again once; still exactly one more run each.
    for (const m of made) await due(a, m.id);
    await Promise.all([a, b].map((x) => x.get<PullScheduler>(PullScheduler).tick()));
    await waitFor('every second run', () => made.every((m) => source.on(m.path).length >= 2));
    await new Promise((resolve) => setTimeout(resolve, 800));
    expect(made.map((m) => source.on(m.path).length)).toEqual([2, 2, 2, 2, 2, 2]);
    expect((await changesOf(a, tenant.orgId)).length).toBe(6);
  });
});
