import { WEBHOOK_ENTITY_TYPES } from '../../src/webhooks/webhook-event';
import { changesOf } from '../support/changes';
import { changesSince } from '../support/fixtures';
import { TestApp, Tenant } from '../support/test-app';
import { Receiver } from '../webhooks/receiver';
import { createEndpoint, settled } from '../webhooks/support';

// Walks every resource of the app: CI runs it against a generated one too (.ci/run, "resource generator").

describe('03 §3 Scenarios, Dry-run merge: what the merge would do, nothing written, nothing sent', () => {
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

  const scenarios = (org: Tenant, rest = '') => `/organizations/${org.orgId}/scenarios${rest}`;

  /** The organization's live teams and employees, read in SQL. */
  async function liveRows(org: Tenant): Promise<unknown[]> {
    return t.dataSource.query(
      `SELECT 'team' AS kind, t.id, t.name AS label, t.updated_at FROM teams t JOIN plans p ON p.organization_id = t.organization_id AND p.id = t.plan_id AND p.kind = 'LIVE' WHERE t.organization_id = $1
       UNION ALL
       SELECT 'employee', e.id, e.last_name, e.updated_at FROM employees e JOIN plans p ON p.organization_id = e.organization_id AND p.id = e.plan_id AND p.kind = 'LIVE' WHERE e.organization_id = $1
       ORDER BY 1, 2`,
      [org.orgId],
    );
  }

  it('03 §3 Dry-run merge: writes nothing and sends nothing (records, history, the changes feed and a webhook receiver read back); its changes equal the merge that follows', async () => {
    const org = await t.createTenant();
    const path = `/dry-run-${org.orgId}`;
    await createEndpoint(t, org, {
      url: receiver.url(path),
      entityTypes: [...WEBHOOK_ENTITY_TYPES],
      eventTypes: ['create', 'update', 'delete'],
    });
    const platform = (await org.create.team({ name: 'Platform' })).id;
    const ada = (await org.create.employee({ lastName: 'Lovelace', teamAssignment: { teamId: platform, fte: 1, startDate: '2026-01-01' } }))
      .id;
    const s = (await t.admin('post', scenarios(org)).send({ name: 'What if' }).expect(201)).body.data.id;
    await t
      .admin('patch', scenarios(org, `/${s}/teams/${platform}`))
      .send({ name: 'Platform 2' })
      .expect(200);
    await t
      .admin('post', scenarios(org, `/${s}/teams`))
      .send({ name: 'New team' })
      .expect(201);
    await t.admin('delete', scenarios(org, `/${s}/employees/${ada}`)).expect(204);
    await settled(t, org.orgId);
    const received = receiver.on(path).length;
    expect(received).toBeGreaterThan(0);
    const { cursor } = await changesSince(org);
    const history = await changesOf(t, org.orgId);
    const rows = await liveRows(org);

    const dry = await t.admin('post', scenarios(org, `/${s}/merge?dryRun=true`), org.userId).expect(200);
    expect(dry.body).toEqual({
      data: { status: 'DRY_RUN', changes: { team: 2, employee: 1, employee_team_allocation: 1 }, conflicts: [] },
    });
    await settled(t, org.orgId);
    expect(receiver.on(path).length).toBe(received);
    expect((await changesSince(org, cursor)).changes).toEqual([]);
    expect(await changesOf(t, org.orgId)).toEqual(history);
    expect(await liveRows(org)).toEqual(rows);
    expect((await t.admin('get', scenarios(org, `/${s}`)).expect(200)).body.data.status).toBe('OPEN');

    const merged = await t.admin('post', scenarios(org, `/${s}/merge`), org.userId).expect(200);
    expect(merged.body.data).toEqual({ status: 'MERGED', changes: dry.body.data.changes });
    await settled(t, org.orgId);
    expect(receiver.on(path).length).toBe(received + 4);
    expect((await changesSince(org, cursor)).changes).toHaveLength(4);
  });

  it('03 §3 Dry-run merge: lists every conflict (more than the 20 a refused merge names), and the merge is refused', async () => {
    const org = await t.createTenant();
    const teams: string[] = [];
    for (let i = 0; i < 25; i++) teams.push((await org.create.team({ name: `Team ${i}` })).id);
    const calm = (await org.create.team({ name: 'Calm' })).id;
    const s = (await t.admin('post', scenarios(org)).send({ name: 'Clash' }).expect(201)).body.data.id;
    for (const team of [...teams, calm]) {
      await t
        .admin('patch', scenarios(org, `/${s}/teams/${team}`))
        .send({ description: 'scenario' })
        .expect(200);
    }
    for (const team of teams) await org.api('patch', `/teams/${team}`).send({ description: 'live' }).expect(200);
    const dry = (await t.admin('post', scenarios(org, `/${s}/merge?dryRun=true`), org.userId).expect(200)).body.data;
    expect(dry.status).toBe('DRY_RUN');
    expect(dry.changes).toEqual({ team: 26 });
    expect(dry.conflicts.map((c: { entityId: string }) => c.entityId).sort()).toEqual([...teams].sort());
    expect(dry.conflicts.every((c: { entityType: string }) => c.entityType === 'team')).toBe(true);
    const refused = await t.admin('post', scenarios(org, `/${s}/merge`), org.userId).expect(409);
    expect(refused.body.error.message).toMatch(/, \.\.\.$/);
    expect(refused.body.error.message.match(/team c/g)).toHaveLength(20);
    expect((await org.api('get', `/teams/${calm}`).expect(200)).body.data.description).toBeNull();
  });

  it('03 §3 Dry-run merge: the same rights and checks as a merge (X-Acting-User 400, manage_scenarios 403, unknown 404, merged 409, a bad dryRun 400)', async () => {
    const org = await t.createTenant();
    const s = (await t.admin('post', scenarios(org)).send({ name: 'S' }).expect(201)).body.data.id;
    const plain = (
      await t
        .admin('post', `/organizations/${org.orgId}/users`)
        .send({ email: `plain.${process.pid}@example.com`, name: 'Plain', permissions: ['employees_view'] })
        .expect(201)
    ).body.data.id;
    const dry = scenarios(org, `/${s}/merge?dryRun=true`);
    expect((await t.admin('post', dry).expect(400)).body.error.details[0].field).toBe('X-Acting-User');
    expect((await t.admin('post', dry, plain).expect(403)).body.error.code).toBe('FORBIDDEN');
    await t.admin('post', scenarios(org, '/cnosuchscenario0000000000/merge?dryRun=true'), org.userId).expect(404);
    expect((await t.admin('post', scenarios(org, `/${s}/merge?dryRun=maybe`), org.userId).expect(400)).body.error.details[0].field).toBe(
      'dryRun',
    );
    await t.admin('post', scenarios(org, `/${s}/merge?dryRun=false`), org.userId).expect(200);
    expect((await t.admin('post', dry, org.userId).expect(409)).body.error.code).toBe('CONFLICT');
  });
});
