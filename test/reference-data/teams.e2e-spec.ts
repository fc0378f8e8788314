import { changesOf } from '../support/changes';
import { newId } from '../../src/common/ids';
import { TestApp, Tenant } from '../support/test-app';

describe('teams (planning records with plan_id)', () => {
  let t: TestApp;
  let tenant: Tenant;
  beforeAll(async () => {
    t = await TestApp.start();
    tenant = await t.createTenant();
  });
  afterAll(() => t.close());

  it('create resolves costCentreId and valueStreamId by id or externalId and stores the live plan', async () => {
    const cc = (await tenant.api('post', '/cost-centres').send({ name: 'Eng', externalId: 'CC-ENG' }).expect(201)).body.data.id;
    const vs = (await tenant.api('post', '/value-streams').send({ name: 'Payments' }).expect(201)).body.data.id;
    const res = await tenant
      .api('post', '/teams')
      .send({ name: 'Platform', costCentreId: 'CC-ENG', valueStreamId: vs, externalId: 'T-PLAT' })
      .expect(201);
    expect(res.body.data).toEqual({
      id: expect.any(String),
      name: 'Platform',
      externalId: 'T-PLAT',
      description: null,
      costCentreId: cc,
      valueStreamId: vs,
      parentTeamId: null,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    const [row] = await t.dataSource.query(
      `SELECT t.plan_id, p.kind FROM teams t JOIN plans p ON p.organization_id = t.organization_id AND p.id = t.plan_id
        WHERE t.organization_id = $1 AND p.organization_id = $1 AND t.id = $2`,
      [tenant.orgId, res.body.data.id],
    );
    expect(row.kind).toBe('LIVE');
  });

  it('a nonexistent costCentreId, valueStreamId or parentTeamId is 400 VALIDATION_ERROR on that field', async () => {
    for (const field of ['costCentreId', 'valueStreamId', 'parentTeamId']) {
      const res = await tenant
        .api('post', '/teams')
        .send({ name: 'X', [field]: 'cxxxxxxxxxxxxxxxxxxxxxxxx' })
        .expect(400);
      expect(res.body.error.details[0].field).toBe(field);
    }
  });

  it('parentTeamId cannot make a cycle; the list filters by parent', async () => {
    const a = (await tenant.api('post', '/teams').send({ name: 'A' }).expect(201)).body.data.id;
    const b = (await tenant.api('post', '/teams').send({ name: 'B', parentTeamId: a }).expect(201)).body.data.id;
    const c = (await tenant.api('post', '/teams').send({ name: 'C', parentTeamId: b }).expect(201)).body.data.id;
    expect((await tenant.api('patch', `/teams/${a}`).send({ parentTeamId: c }).expect(400)).body.error.details[0].field).toBe(
      'parentTeamId',
    );
    await tenant.api('patch', `/teams/${a}`).send({ parentTeamId: a }).expect(400);
    const children = await tenant.api('get', `/teams?parentTeamId=${a}`).expect(200);
    expect(children.body.data.map((x: { id: string }) => x.id)).toEqual([b]);
    await tenant.api('patch', `/teams/${c}`).send({ parentTeamId: null }).expect(200);
    await tenant.api('patch', `/teams/${a}`).send({ parentTeamId: c }).expect(200);
  });

  it('decisions/reference data: deleting a record that others still reference is 409 CONFLICT naming them', async () => {
    const org = await t.createTenant();
    const cc = (await org.api('post', '/cost-centres').send({ name: 'Ops' }).expect(201)).body.data.id;
    const parent = (await org.api('post', '/teams').send({ name: 'Parent', costCentreId: cc }).expect(201)).body.data.id;
    const child = (await org.api('post', '/teams').send({ name: 'Child', parentTeamId: parent, costCentreId: cc }).expect(201)).body.data
      .id;
    const ccDelete = await org.api('delete', `/cost-centres/${cc}`).expect(409);
    expect(ccDelete.body).toEqual({ error: { code: 'CONFLICT', message: expect.stringContaining('2 teams') } });
    const teamDelete = await org.api('delete', `/teams/${parent}`).expect(409);
    expect(teamDelete.body.error.message).toContain('1 sub-teams');
    await org.api('delete', `/teams/${child}`).expect(204);
    await org.api('delete', `/teams/${parent}`).expect(204);
    await org.api('delete', `/cost-centres/${cc}`).expect(204);
  });

  it('teams appear in scenarios: scenarioId reads that plan; another organization’s scenario is 404; writes are 501', async () => {
    const org = await t.createTenant();
    await org.api('post', '/teams').send({ name: 'Live team' }).expect(201);
    const [{ id: livePlan }] = await t.dataSource.query(`SELECT id FROM plans WHERE organization_id = $1 AND kind = 'LIVE'`, [org.orgId]);
    const scenario = newId();
    await t.dataSource.query(
      `INSERT INTO plans (id, organization_id, kind, name, status, forked_at) VALUES ($1, $2, 'SCENARIO', 'What if', 'OPEN', now())`,
      [scenario, org.orgId],
    );
    await t.dataSource.query(
      `INSERT INTO teams (plan_id, id, organization_id, name, external_id, description, cost_centre_id, value_stream_id, parent_team_id, created_at, updated_at)
       SELECT $2, id, organization_id, name || ' (scenario)', external_id, description, cost_centre_id, value_stream_id, parent_team_id, created_at, updated_at
         FROM teams WHERE plan_id = $1`,
      [livePlan, scenario],
    );
    const live = await org.api('get', '/teams').expect(200);
    expect(live.body.data.map((x: { name: string }) => x.name)).toEqual(['Live team']);
    const what = await org.api('get', `/teams?scenarioId=${scenario}`).expect(200);
    expect(what.body.data.map((x: { name: string }) => x.name)).toEqual(['Live team (scenario)']);
    const other = await t.createTenant();
    expect((await other.api('get', `/teams?scenarioId=${scenario}`).expect(404)).body.error.code).toBe('NOT_FOUND');
    await org.api('get', `/teams?scenarioId=cxxxxxxxxxxxxxxxxxxxxxxxx`).expect(404);
    await org.api('post', `/teams?scenarioId=${scenario}`).send({ name: 'S' }).expect(501);
    await org.api('patch', `/teams/${live.body.data[0].id}?scenarioId=${scenario}`).send({ name: 'S' }).expect(501);
    await org.api('delete', `/teams/${live.body.data[0].id}?scenarioId=${scenario}`).expect(501);
  });

  it('03 §2: teams_view reads, teams_edit writes; change records use entity type team', async () => {
    const viewer = await t.createTenant({ keyPermissions: ['teams_view'] });
    await viewer.api('get', '/teams').expect(200);
    await viewer.api('post', '/teams').send({ name: 'No' }).expect(403);
    const org = await t.createTenant();
    const id = (await org.api('post', '/teams').send({ name: 'Recorded' }).expect(201)).body.data.id;
    await org.api('patch', `/teams/${id}`).send({ description: 'd' }).expect(200);
    await org.api('delete', `/teams/${id}`).expect(204);
    const rows = await changesOf(t, org.orgId);
    expect(rows.map(({ entityType, changeType, entityId }) => ({ entityType, changeType, entityId }))).toEqual([
      { entityType: 'team', changeType: 'create', entityId: id },
      { entityType: 'team', changeType: 'update', entityId: id },
      { entityType: 'team', changeType: 'delete', entityId: id },
    ]);
  });
});
