import { RetentionPurge } from '../../src/personal-data/retention-purge';
import { RetentionRepository } from '../../src/personal-data/retention.repository';
import { changesOf, lastSeq, updateChanges } from '../support/changes';
import { ChangesPage } from '../support/fixtures';
import { TestApp, Tenant } from '../support/test-app';
import { Receiver } from '../webhooks/receiver';
import { createEndpoint, settled } from '../webhooks/support';

const DAY = 24 * 60 * 60 * 1000;
/** A time `days` before `now` (explicit timestamps: the purge runs at `now`, the rows are dated before it). */
const daysAgo = (now: Date, days: number) => new Date(now.getTime() - days * DAY);

describe('Personal data: retention of changes and deliveries (05 §3.3)', () => {
  let t: TestApp;
  let receiver: Receiver;
  beforeAll(async () => {
    t = await TestApp.start();
    receiver = await Receiver.start(200);
  });
  afterAll(async () => {
    await t.close();
    await receiver.close();
  });

  const purge = (now: Date, batchSize?: number) => t.get(RetentionPurge).purge(now, batchSize);
  const settings = (tenant: Tenant, body: Record<string, unknown>) =>
    t.admin('patch', `/organizations/${tenant.orgId}`).send(body).expect(200);
  /** Dates the organization's changes recorded so far (after `afterSeq` only, when given) at `at`. */
  async function dateChanges(tenant: Tenant, at: Date, afterSeq = 0): Promise<void> {
    await updateChanges(t, tenant.orgId, { afterSeq }, { createdAt: at });
  }
  const teams = async (tenant: Tenant, n: number) => {
    const ids: string[] = [];
    for (let i = 0; i < n; i++) ids.push((await tenant.create.team()).id);
    return ids;
  };
  const feed = (tenant: Tenant, after?: string) => tenant.api('get', `/changes?limit=1000${after === undefined ? '' : `&after=${after}`}`);

  it('03/§3 Organizations: changeRetentionDays (null: keep all) and deliveryRetentionDays (default 30) on create, PATCH and read', async () => {
    const created = await t.admin('post', '/organizations').send({ name: 'Retention settings' }).expect(201);
    expect(created.body.data).toMatchObject({ changeRetentionDays: null, deliveryRetentionDays: 30 });
    const id = created.body.data.id;
    const set = await t.admin('post', '/organizations').send({ name: 'Kept a year', changeRetentionDays: 365, deliveryRetentionDays: 7 });
    expect(set.status).toBe(201);
    expect(set.body.data).toMatchObject({ changeRetentionDays: 365, deliveryRetentionDays: 7 });
    await t.admin('patch', `/organizations/${id}`).send({ changeRetentionDays: 90, deliveryRetentionDays: 60 }).expect(200);
    // Bad values: the feed keeps at least 90 days; a delivery at least one.
    for (const body of [
      { changeRetentionDays: 89 },
      { changeRetentionDays: 1.5 },
      { deliveryRetentionDays: 0 },
      { deliveryRetentionDays: null },
    ]) {
      const res = await t.admin('patch', `/organizations/${id}`).send(body).expect(400);
      expect(res.body.error.details[0].field).toBe(Object.keys(body)[0]);
    }
    expect((await t.admin('get', `/organizations/${id}`).expect(200)).body.data).toMatchObject({
      changeRetentionDays: 90,
      deliveryRetentionDays: 60,
    });
    await t.admin('patch', `/organizations/${id}`).send({ changeRetentionDays: null }).expect(200);
    expect((await t.admin('get', `/organizations/${id}`).expect(200)).body.data).toMatchObject({
      changeRetentionDays: null,
      deliveryRetentionDays: 60,
    });
  });

  it('05/§3.3: the purge removes changes older than changeRetentionDays and finished deliveries older than deliveryRetentionDays, in batches', async () => {
    const now = new Date();
    const tenant = await t.createTenant();
    const keepAll = await t.createTenant();
    await createEndpoint(t, tenant, { url: receiver.url(`/retention-${tenant.orgId}`), entityTypes: ['team'] });
    const old = await teams(tenant, 5);
    await settled(t, tenant.orgId);
    await dateChanges(tenant, daysAgo(now, 200));
    const recent = await teams(tenant, 3);
    await settled(t, tenant.orgId);
    // The deliveries of two recent changes are dated 40 days back (the organization keeps them 30).
    const [first, second] = await changesOf(t, tenant.orgId, { entityId: recent[0] }).then(async (a) => [
      a[0],
      (await changesOf(t, tenant.orgId, { entityId: recent[1] }))[0],
    ]);
    await t.dataSource.query(`UPDATE webhook_deliveries SET started_at = $3 WHERE organization_id = $1 AND change_seq = ANY($2)`, [
      tenant.orgId,
      [first.seq, second.seq],
      daysAgo(now, 40),
    ]);
    await teams(keepAll, 2);
    await dateChanges(keepAll, daysAgo(now, 2000));
    await settings(tenant, { changeRetentionDays: 90 });
    const deliveriesOf = async (orgId: string) =>
      (await t.dataSource.query(`SELECT change_seq FROM webhook_deliveries WHERE organization_id = $1 ORDER BY change_seq`, [orgId])).map(
        (r: { change_seq: string }) => Number(r.change_seq),
      );
    expect(await deliveriesOf(tenant.orgId)).toHaveLength(8);

    const result = await purge(now, 2);
    expect(result.changes).toBeGreaterThanOrEqual(5);
    const left = await changesOf(t, tenant.orgId);
    expect(left.map((c) => c.entityId)).toEqual(recent);
    expect(left.some((c) => old.includes(c.entityId))).toBe(false);
    // Deliveries of purged changes go with them; of the rest, only those within deliveryRetentionDays stay.
    const third = left.find((c) => c.entityId === recent[2])!;
    expect(await deliveriesOf(tenant.orgId)).toEqual([third.seq]);
    // An organization that keeps everything (the default) keeps every change, however old.
    expect(await changesOf(t, keepAll.orgId)).toHaveLength(2);
    // A second pass finds nothing more.
    await purge(now, 2);
    expect((await changesOf(t, tenant.orgId)).map((c) => c.seq)).toEqual(left.map((c) => c.seq));
  });

  it('05/§3.3: the changes feed answers a cursor older than the oldest retained change with 410 GONE naming it; without after it starts there', async () => {
    const now = new Date();
    const tenant = await t.createTenant();
    const start = (await feed(tenant).expect(200)).body.meta.nextCursor as string;
    await teams(tenant, 2);
    const afterFirst = ((await feed(tenant).expect(200)).body as ChangesPage).data[0].cursor;
    await teams(tenant, 1);
    await dateChanges(tenant, daysAgo(now, 120));
    const recent = await teams(tenant, 2);
    const before = ((await feed(tenant, afterFirst).expect(200)).body as ChangesPage).data;
    expect(before).toHaveLength(4);
    await settings(tenant, { changeRetentionDays: 90 });
    await purge(now);

    for (const cursor of [start, afterFirst]) {
      const gone = await feed(tenant, cursor).expect(410);
      expect(gone.body.error).toMatchObject({ code: 'GONE', details: [{ field: 'after', value: expect.any(String) }] });
    }
    const oldest = (await feed(tenant, afterFirst).expect(410)).body.error.details[0].value as string;
    const fromOldest = ((await feed(tenant, oldest).expect(200)).body as ChangesPage).data;
    expect(fromOldest.map((c) => c.entity_id)).toEqual(recent);
    expect(((await feed(tenant).expect(200)).body as ChangesPage).data).toEqual(fromOldest);
    // A client that was past the purge goes on as before.
    const past = fromOldest[0].cursor;
    expect(((await feed(tenant, past).expect(200)).body as ChangesPage).data.map((c) => c.entity_id)).toEqual(recent.slice(1));
  });

  it('05/§3.3: one purge at a time: an organization held by another purge is skipped until its lease ends; the lease is freed after a pass', async () => {
    const now = new Date();
    const tenant = await t.createTenant();
    await teams(tenant, 3);
    await dateChanges(tenant, daysAgo(now, 200));
    await settings(tenant, { changeRetentionDays: 90 });
    const leases = t.get(RetentionRepository);
    const heldUntil = new Date(now.getTime() + 60_000);
    expect(await leases.claim(tenant.orgId, now, heldUntil)).toBe('0');
    // Another instance's pass, meanwhile: the organization is skipped.
    await purge(now);
    expect(await changesOf(t, tenant.orgId)).toHaveLength(3);
    expect(await leases.claim(tenant.orgId, now, heldUntil)).toBeNull();
    // Once the lease has ended (a pass that died), the next pass takes the organization.
    await purge(new Date(heldUntil.getTime() + 1));
    expect(await changesOf(t, tenant.orgId)).toHaveLength(0);
    const [row] = await t.dataSource.query(`SELECT lease_until FROM change_retention WHERE organization_id = $1`, [tenant.orgId]);
    expect(row.lease_until).toBeNull();
  });

  /**
   * Changes dated 300 days ago, a scenario forked 250 days ago, a live change of `liveTeam` and a scenario change of
   * `scenarioTeam` dated 200 days ago, then a purge at `now` with a retention of 90 days. Returns the scenario's id.
   */
  async function purgedAfterOldFork(
    tenant: Tenant,
    now: Date,
    liveTeam: string,
    scenarioTeam: string,
    planned: string,
    status: 'OPEN' | 'LOCKED' = 'OPEN',
  ): Promise<string> {
    await dateChanges(tenant, daysAgo(now, 300));
    const mark = await lastSeq(t, tenant.orgId);
    const scenario = (await t.admin('post', `/organizations/${tenant.orgId}/scenarios`).send({ name: 'Old plan' }).expect(201)).body.data
      .id;
    await t.dataSource.query(`UPDATE plans SET forked_at = $3 WHERE organization_id = $1 AND id = $2`, [
      tenant.orgId,
      scenario,
      daysAgo(now, 250),
    ]);
    await tenant.api('patch', `/teams/${liveTeam}`).send({ description: 'Changed live' }).expect(200);
    await t
      .admin('patch', `/organizations/${tenant.orgId}/scenarios/${scenario}/teams/${scenarioTeam}`)
      .send({ description: planned })
      .expect(200);
    await dateChanges(tenant, daysAgo(now, 200), mark);
    if (status !== 'OPEN') await t.admin('patch', `/organizations/${tenant.orgId}/scenarios/${scenario}`).send({ status }).expect(200);
    await settings(tenant, { changeRetentionDays: 90 });
    await purge(now);
    return scenario;
  }

  /** The rows of a plan in every table with a plan_id (every planning table and the change history), by table. */
  async function rowsOfPlan(planId: string): Promise<Record<string, number>> {
    const tables: { table_name: string }[] = await t.dataSource.query(
      `SELECT table_name FROM information_schema.columns WHERE column_name = 'plan_id' AND table_schema = 'public' ORDER BY table_name`,
    );
    const counts: Record<string, number> = {};
    for (const { table_name: table } of tables) {
      const [row] = await t.dataSource.query(`SELECT count(*)::int AS n FROM "${table}" WHERE plan_id = $1`, [planId]);
      if (row.n) counts[table] = row.n;
    }
    return counts;
  }

  it('03/§1.22: only an OPEN scenario holds live history: a LOCKED one forked before the horizon holds nothing, and its merge is then refused (409)', async () => {
    const now = new Date();
    const tenant = await t.createTenant();
    const [liveTeam, scenarioTeam] = await teams(tenant, 2);
    const scenario = await purgedAfterOldFork(tenant, now, liveTeam, scenarioTeam, 'Planned', 'LOCKED');

    // The live change after its fork went with the rest; the scenario's own history stays until it is merged or deleted.
    expect((await changesOf(t, tenant.orgId)).map((c) => [c.entityId, c.planId === scenario ? 'scenario' : 'live'])).toEqual([
      [scenarioTeam, 'scenario'],
    ]);
    await t.admin('patch', `/organizations/${tenant.orgId}/scenarios/${scenario}`).send({ status: 'OPEN' }).expect(200);
    for (const path of ['merge?dryRun=true', 'merge']) {
      const refused = await t.admin('post', `/organizations/${tenant.orgId}/scenarios/${scenario}/${path}`, tenant.userId).expect(409);
      expect(refused.body.error.message).toContain('retention');
    }
    expect((await tenant.api('get', `/teams/${scenarioTeam}`).expect(200)).body.data.description).not.toBe('Planned');
  });

  it('03/§1.22: DELETE of a scenario (owner or manage_scenarios) removes its copies, history and members (204) and releases the live history it held', async () => {
    const now = new Date();
    const tenant = await t.createTenant();
    const [liveTeam, scenarioTeam] = await teams(tenant, 2);
    const scenario = await purgedAfterOldFork(tenant, now, liveTeam, scenarioTeam, 'Planned');
    const path = `/organizations/${tenant.orgId}/scenarios/${scenario}`;
    const member = (
      await t
        .admin('post', `/organizations/${tenant.orgId}/users`)
        .send({ email: `member.${process.pid}@example.com`, name: 'Member', permissions: [] })
        .expect(201)
    ).body.data.id;
    await t.admin('post', `${path}/members`).send({ userId: member, role: 'EDITOR' }).expect(201);
    // Held: the live change after its fork.
    expect((await changesOf(t, tenant.orgId)).filter((c) => c.planId !== scenario).map((c) => c.entityId)).toEqual([liveTeam]);
    const held = await rowsOfPlan(scenario);
    expect(held).toMatchObject({ teams: 2 });
    expect(await changesOf(t, tenant.orgId, { planId: scenario })).toHaveLength(1);

    // A member who neither owns it nor holds manage_scenarios may not delete it: nothing removed.
    expect((await t.admin('delete', path, member).expect(403)).body.error.code).toBe('FORBIDDEN');
    expect(await rowsOfPlan(scenario)).toEqual(held);

    await t.admin('delete', path, tenant.userId).expect(204);
    expect(await rowsOfPlan(scenario)).toEqual({});
    expect(await changesOf(t, tenant.orgId, { planId: scenario })).toEqual([]);
    expect(await t.dataSource.query(`SELECT id FROM plans WHERE id = $1`, [scenario])).toEqual([]);
    expect(await t.dataSource.query(`SELECT id FROM scenario_members WHERE scenario_id = $1`, [scenario])).toEqual([]);
    await t.admin('get', path).expect(404);
    await t.admin('delete', path).expect(404);

    // Released: the next purge removes the live change it held back.
    await purge(now);
    expect(await changesOf(t, tenant.orgId)).toEqual([]);
  });

  it('05/§3.3: a scenario forked before the horizon keeps the live changes since its fork and its own until merged; its merge still sees conflicts', async () => {
    const now = new Date();
    const tenant = await t.createTenant();
    const [before, conflicted] = await teams(tenant, 2);
    const scenario = await purgedAfterOldFork(tenant, now, conflicted, conflicted, 'Changed in the scenario');

    // The creates before the fork are gone; the live change after it and the scenario's own stay.
    const left = await changesOf(t, tenant.orgId);
    expect(left.some((c) => c.entityId === before)).toBe(false);
    expect(left.map((c) => [c.entityId, c.planId === scenario ? 'scenario' : 'live'])).toEqual([
      [conflicted, 'live'],
      [conflicted, 'scenario'],
    ]);
    expect(((await feed(tenant).expect(200)).body as ChangesPage).data.map((c) => c.entity_id)).toEqual([conflicted]);
    const merge = await t.admin('post', `/organizations/${tenant.orgId}/scenarios/${scenario}/merge`, tenant.userId).expect(409);
    expect(merge.body.error.message).toContain(`team ${conflicted}`);
  });

  it('05/§3.3: once the scenario is merged, the purge removes the live changes it held back and its own old ones', async () => {
    const now = new Date();
    const tenant = await t.createTenant();
    const [liveTeam, scenarioTeam] = await teams(tenant, 2);
    const scenario = await purgedAfterOldFork(tenant, now, liveTeam, scenarioTeam, 'Planned');
    expect(await changesOf(t, tenant.orgId)).toHaveLength(2);

    const merged = await t.admin('post', `/organizations/${tenant.orgId}/scenarios/${scenario}/merge`, tenant.userId).expect(200);
    expect(merged.body.data.changes).toEqual({ team: 1 });
    await purge(now);
    // What is left is the merge's own change (recent).
    const left = await changesOf(t, tenant.orgId);
    expect(left.map((c) => [c.entityId, c.actorType])).toEqual([[scenarioTeam, 'merge']]);
    expect((await tenant.api('get', `/teams/${scenarioTeam}`).expect(200)).body.data.description).toBe('Planned');
  });

  it('05/§3.3: functional history keeps working for what is retained', async () => {
    const now = new Date();
    const tenant = await t.createTenant({ functionalGroupsEnabled: true });
    const group = (await tenant.create.functionalGroup({ name: 'Area one' })).id;
    await tenant.api('put', `/functional-groups/${group}`).send({ name: 'Area two', startDate: '2026-01-01' }).expect(200);
    await dateChanges(tenant, daysAgo(now, 200));
    await tenant.api('put', `/functional-groups/${group}`).send({ name: 'Area three', startDate: '2026-01-01' }).expect(200);
    await settings(tenant, { changeRetentionDays: 90 });
    await purge(now);
    const read = await tenant.api('get', `/functional-groups/${group}?asOf=2026-03-01`).expect(200);
    expect(read.body.data.name).toBe('Area three');
    expect(read.body.data.history.map((h: { after: { name: string } }) => h.after.name)).toEqual(['Area three']);
    await tenant.api('get', `/functional-groups/${group}/summary?asOf=2026-03-01`).expect(200);
  });
});
