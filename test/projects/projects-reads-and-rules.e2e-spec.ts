import { addDays, todayUtc } from '../../src/common/dates';
import { newId } from '../../src/common/ids';
import { changesOf } from '../support/changes';
import { TestApp, Tenant } from '../support/test-app';

describe('projects (document 01 "Project", "Projects")', () => {
  let t: TestApp;
  let tenant: Tenant;
  beforeAll(async () => {
    t = await TestApp.start();
    tenant = await t.createTenant();
  });
  afterAll(() => t.close());

  const create = (body: Record<string, unknown>, org: Tenant = tenant) =>
    org.api('post', '/projects').send({ startDate: '2026-01-01', ...body });
  const livePlan = async (orgId: string): Promise<string> =>
    (await t.dataSource.query(`SELECT id FROM plans WHERE organization_id = $1 AND kind = 'LIVE'`, [orgId]))[0].id;

  it('01 "Common list query parameters": page, limit and meta; limit 1 to 100', async () => {
    const org = await t.createTenant();
    for (const name of ['p1', 'p2', 'p3']) await create({ name }, org).expect(201);
    const res = await org.api('get', '/projects?page=2&limit=2').expect(200);
    expect(res.body).toEqual({
      data: [expect.objectContaining({ name: 'p3' })],
      meta: { page: 2, limit: 2, total: 3, hasNextPage: false },
    });
    const first = await org.api('get', '/projects?limit=2').expect(200);
    expect(first.body.meta).toEqual({ page: 1, limit: 2, total: 3, hasNextPage: true });
    expect((await org.api('get', '/projects').expect(200)).body.meta).toEqual({ page: 1, limit: 20, total: 3, hasNextPage: false });
    await org.api('get', '/projects?limit=101').expect(400);
    await org.api('get', '/projects?page=0').expect(400);
    expect(first.body.data[0].customAttributes).toBeUndefined();
  });

  it('01 "Common list query parameters": search matches name or description, case-insensitively, wildcards literally', async () => {
    const org = await t.createTenant();
    await create({ name: 'Payments gateway' }, org).expect(201);
    await create({ name: 'Ledger', description: 'Moves PAYMENTS between books' }, org).expect(201);
    await create({ name: 'Hiring', description: '100% remote' }, org).expect(201);
    const names = async (q: string) =>
      (await org.api('get', `/projects?search=${encodeURIComponent(q)}`).expect(200)).body.data.map((p: { name: string }) => p.name);
    expect(await names('payments')).toEqual(['Ledger', 'Payments gateway']);
    expect(await names('100%')).toEqual(['Hiring']);
    expect(await names('%')).toEqual(['Hiring']);
    expect(await names('nothing')).toEqual([]);
  });

  it('01 "Common list query parameters": sortBy defaults to name (case-insensitive), sortDir asc or desc; unknown sortBy is 400', async () => {
    const org = await t.createTenant();
    await create({ name: 'beta', priority: 1, startDate: '2026-03-01' }, org).expect(201);
    await create({ name: 'Alpha', priority: 2, startDate: '2026-01-01' }, org).expect(201);
    await create({ name: 'gamma', priority: 0, startDate: '2026-02-01' }, org).expect(201);
    const names = async (q: string) => (await org.api('get', `/projects${q}`).expect(200)).body.data.map((p: { name: string }) => p.name);
    expect(await names('')).toEqual(['Alpha', 'beta', 'gamma']);
    expect(await names('?sortDir=desc')).toEqual(['gamma', 'beta', 'Alpha']);
    expect(await names('?sortBy=priority')).toEqual(['gamma', 'beta', 'Alpha']);
    expect(await names('?sortBy=startDate&sortDir=desc')).toEqual(['beta', 'gamma', 'Alpha']);
    expect((await org.api('get', '/projects?sortBy=salary').expect(400)).body.error.details[0].field).toBe('sortBy');
    expect((await org.api('get', '/projects?sortDir=up').expect(400)).body.error.details[0].field).toBe('sortDir');
  });

  it('01 "Common list query parameters": costCentreId filters by the project’s cost centre (id or externalId); valueStreamId and deliveryStatus too', async () => {
    const org = await t.createTenant();
    const cc = (await org.create.costCentre({ name: 'Eng', externalId: 'CC-ENG' })).id;
    const vs = (await org.create.valueStream({ name: 'Core', externalId: 'VS-CORE' })).id;
    await create({ name: 'In cc', costCentreId: cc, deliveryStatus: 'DONE' }, org).expect(201);
    await create({ name: 'In vs', valueStreamId: vs }, org).expect(201);
    await create({ name: 'Neither' }, org).expect(201);
    const names = async (q: string) => (await org.api('get', `/projects${q}`).expect(200)).body.data.map((p: { name: string }) => p.name);
    expect(await names(`?costCentreId=${cc}`)).toEqual(['In cc']);
    expect(await names('?costCentreId=CC-ENG')).toEqual(['In cc']);
    expect(await names('?costCentreId=CC-NONE')).toEqual([]);
    expect(await names(`?valueStreamId=${vs}`)).toEqual(['In vs']);
    expect(await names('?valueStreamId=VS-CORE')).toEqual(['In vs']);
    expect(await names('?deliveryStatus=DONE')).toEqual(['In cc']);
    expect(await names('?deliveryStatus=BACKLOG')).toEqual(['In vs', 'Neither']);
    await org.api('get', '/projects?deliveryStatus=SOON').expect(400);
  });

  it('01 rule 9: customAttributes (entity type PROJECT) come back on by-id reads only', async () => {
    const id = (await create({ name: 'Attributed', externalId: 'ATTR-P' }).expect(201)).body.data.id;
    const def = (
      await tenant
        .api('post', '/custom-attributes')
        .send({ entityType: 'PROJECT', name: 'Sponsor', attributeKey: 'sponsor', fieldType: 'STRING' })
        .expect(201)
    ).body.data;
    const teamDef = (
      await tenant
        .api('post', '/custom-attributes')
        .send({ entityType: 'TEAM', name: 'Sponsor', attributeKey: 'sponsor', fieldType: 'STRING' })
        .expect(201)
    ).body.data;
    // A TEAM definition is not one of the project's attributes.
    await tenant.api('put', `/projects/${id}/custom-attributes/${teamDef.id}`).send({ stringValue: 'wrong type' }).expect(404);
    await tenant.api('put', `/projects/ATTR-P/custom-attributes/${def.id}`).send({ stringValue: 'CFO' }).expect(200);
    const got = await tenant.api('get', `/projects/${id}`).expect(200);
    expect(got.body.data.customAttributes).toEqual([
      expect.objectContaining({
        definitionId: def.id,
        entityType: 'PROJECT',
        entityId: id,
        stringValue: 'CFO',
        definition: { id: def.id, name: 'Sponsor', attributeKey: 'sponsor', fieldType: 'STRING' },
      }),
    ]);
    const listed = await tenant.api('get', '/projects?search=Attributed').expect(200);
    expect(listed.body.data[0]).not.toHaveProperty('customAttributes');
    expect((await tenant.api('get', `/projects/${id}/custom-attributes`).expect(200)).body.data).toHaveLength(1);
    await tenant.api('delete', `/projects/${id}`).expect(204);
    expect(await t.dataSource.query(`SELECT 1 FROM custom_attribute_values WHERE entity_id = $1`, [id])).toEqual([]);
  });

  it('01 rule 8: scenarioId reads the scenario’s projects; another organization’s scenario is 404; writes with scenarioId are 501', async () => {
    const org = await t.createTenant();
    const id = (await create({ name: 'Live project' }, org).expect(201)).body.data.id;
    const live = await livePlan(org.orgId);
    const scenario = newId();
    await t.dataSource.query(
      `INSERT INTO plans (id, organization_id, kind, name, status, forked_at) VALUES ($1, $2, 'SCENARIO', 'What if', 'OPEN', now())`,
      [scenario, org.orgId],
    );
    await t.dataSource.query(
      `INSERT INTO projects (plan_id, id, organization_id, name, start_date, delivery_status, priority, icon_color, created_at, updated_at)
       SELECT $2, id, organization_id, name || ' (scenario)', start_date, delivery_status, priority, icon_color, created_at, updated_at FROM projects WHERE plan_id = $1`,
      [live, scenario],
    );
    expect((await org.api('get', '/projects').expect(200)).body.data.map((p: { name: string }) => p.name)).toEqual(['Live project']);
    expect((await org.api('get', `/projects?scenarioId=${scenario}`).expect(200)).body.data.map((p: { name: string }) => p.name)).toEqual([
      'Live project (scenario)',
    ]);
    expect((await org.api('get', `/projects/${id}?scenarioId=${scenario}`).expect(200)).body.data.name).toBe('Live project (scenario)');
    const other = await t.createTenant();
    expect((await other.api('get', `/projects?scenarioId=${scenario}`).expect(404)).body.error.code).toBe('NOT_FOUND');
    await org.api('get', `/projects?scenarioId=${newId()}`).expect(404);
    for (const res of [
      await org.api('post', `/projects?scenarioId=${scenario}`).send({ name: 'S', startDate: '2026-01-01' }),
      await org.api('patch', `/projects/${id}?scenarioId=${scenario}`).send({ name: 'S' }),
      await org.api('delete', `/projects/${id}?scenarioId=${scenario}`),
    ]) {
      expect([res.status, res.body]).toEqual([501, { error: { code: 'NOT_IMPLEMENTED', message: expect.any(String) } }]);
    }
    expect((await org.api('get', `/projects/${id}`).expect(200)).body.data.name).toBe('Live project');
  });

  it('03 §1.4: deleting a project with active assignments (end date unset, today or later) is 409 CONFLICT', async () => {
    const org = await t.createTenant();
    const id = (await create({ name: 'Staffed' }, org).expect(201)).body.data.id;
    const plan = await livePlan(org.orgId);
    const exists = await t.dataSource.query(`SELECT to_regclass('public.assignments') AS t`);
    expect(exists[0].t).toBe('assignments');
    const assign = async (endDate: string | null, type = 'project', planId = plan) => {
      const aid = newId();
      await t.dataSource.query(
        `INSERT INTO assignments (plan_id, id, organization_id, type, target_id, vacancy_id, fte, start_date, end_date)
         VALUES ($1, $2, $3, $4, $5, $6, 1, '2020-01-01', $7)`,
        [planId, aid, org.orgId, type, id, newId(), endDate],
      );
      return aid;
    };
    const ongoing = await assign(null);
    const res = await org.api('delete', `/projects/${id}`).expect(409);
    expect(res.body).toEqual({ error: { code: 'CONFLICT', message: expect.stringContaining('active assignments') } });
    await t.dataSource.query(`UPDATE assignments SET end_date = $2 WHERE id = $1`, [ongoing, todayUtc()]);
    await org.api('delete', `/projects/${id}`).expect(409);
    await t.dataSource.query(`UPDATE assignments SET end_date = $2 WHERE id = $1`, [ongoing, addDays(todayUtc(), 30)]);
    await org.api('delete', `/projects/${id}`).expect(409);
    await t.dataSource.query(`UPDATE assignments SET end_date = $2 WHERE id = $1`, [ongoing, addDays(todayUtc(), -1)]);
    // Ended assignments and ones in another plan do not hold the live project.
    const scenario = newId();
    await t.dataSource.query(
      `INSERT INTO plans (id, organization_id, kind, name, status, forked_at) VALUES ($1, $2, 'SCENARIO', 'S', 'OPEN', now())`,
      [scenario, org.orgId],
    );
    await assign(null, 'project', scenario);
    await org.api('delete', `/projects/${id}`).expect(204);
    await org.api('get', `/projects/${id}`).expect(404);
    expect((await changesOf(t, org.orgId)).map((c) => c.changeType)).toEqual(['create', 'delete']);
  });

  it('02 "Events": every write records entity type project with before/after in the project’s own field names, decimals as strings', async () => {
    const org = await t.createTenant();
    const created = (await create({ name: 'Recorded', estimatedCost: 1500.5, priority: 1 }, org).expect(201)).body.data;
    const updated = (await org.api('patch', `/projects/${created.id}`).send({ estimatedCost: 1200, deliveryStatus: 'TODO' }).expect(200))
      .body.data;
    await org.api('patch', `/projects/${created.id}`).send({ name: 'Recorded' }).expect(200);
    await org.api('delete', `/projects/${created.id}`).expect(204);
    const rows = await changesOf(t, org.orgId);
    expect(rows.map((r) => [r.entityType, r.changeType, r.entityId])).toEqual([
      ['project', 'create', created.id],
      ['project', 'update', created.id],
      ['project', 'delete', created.id],
    ]);
    expect(rows[0].before).toBeNull();
    expect(rows[0].after).toEqual({ ...created, estimatedCost: '1500.5' });
    expect(rows[1].before).toEqual({ ...created, estimatedCost: '1500.5' });
    expect(rows[1].after).toEqual({ ...updated, estimatedCost: '1200' });
    expect(rows[2].before).toEqual({ ...updated, estimatedCost: '1200' });
    expect(rows[2].after).toBeNull();
  });

  it('03 §2: projects_view is needed for each read route, projects_edit for each write route', async () => {
    const org = await t.createTenant();
    const id = (await create({ name: 'Guarded' }, org).expect(201)).body.data.id;
    const viewer = await t.createKey(org, ['projects_view']);
    const editor = await t.createKey(org, ['projects_edit']);
    const as = (key: string, method: 'get' | 'post' | 'patch' | 'delete', path: string) =>
      t.http()[method](`/api/v1/org/${org.orgId}${path}`).set('Authorization', `Bearer ${key}`);
    await as(viewer.key, 'get', '/projects').expect(200);
    await as(viewer.key, 'get', `/projects/${id}`).expect(200);
    await as(viewer.key, 'get', `/projects/${id}/custom-attributes`).expect(200);
    for (const res of [
      await as(viewer.key, 'post', '/projects').send({ name: 'No', startDate: '2026-01-01' }),
      await as(viewer.key, 'patch', `/projects/${id}`).send({ name: 'No' }),
      await as(viewer.key, 'delete', `/projects/${id}`),
      await as(editor.key, 'get', '/projects'),
      await as(editor.key, 'get', `/projects/${id}`),
      await as(editor.key, 'get', `/projects/${id}/custom-attributes`),
    ]) {
      expect([res.status, res.body.error.code]).toEqual([403, 'FORBIDDEN']);
    }
    const made = (await as(editor.key, 'post', '/projects').send({ name: 'Yes', startDate: '2026-01-01' }).expect(201)).body.data.id;
    await as(editor.key, 'patch', `/projects/${made}`).send({ name: 'Yes!' }).expect(200);
    await as(editor.key, 'delete', `/projects/${made}`).expect(204);
    // A key holding projects_edit whose creator lacks it gets nothing (spec 03 §2: key ∩ creator).
    const limited = await t.createTenant({ userPermissions: ['projects_view'], keyPermissions: ['projects_view', 'projects_edit'] });
    await limited.api('get', '/projects').expect(200);
    await limited.api('post', '/projects').send({ name: 'No', startDate: '2026-01-01' }).expect(403);
    await t.http().get(`/api/v1/org/${org.orgId}/projects`).expect(401);
  });

  it('tenant isolation: another organization’s projects are 404 by id and externalId, absent from lists, and its orgId is 403', async () => {
    const a = await t.createTenant();
    const b = await t.createTenant();
    const id = (await create({ name: 'Secret', externalId: 'SECRET-1' }, a).expect(201)).body.data.id;
    await create({ name: 'Mine' }, b).expect(201);
    expect((await b.api('get', `/projects/${id}`).expect(404)).body.error.code).toBe('NOT_FOUND');
    await b.api('get', '/projects/SECRET-1').expect(404);
    await b.api('patch', `/projects/${id}`).send({ name: 'Stolen' }).expect(404);
    await b.api('delete', `/projects/${id}`).expect(404);
    await b.api('get', `/projects/${id}/custom-attributes`).expect(404);
    expect((await b.api('get', '/projects?search=Secret').expect(200)).body.data).toEqual([]);
    const cross = await t.http().get(`/api/v1/org/${a.orgId}/projects`).set('Authorization', `Bearer ${b.key}`).expect(403);
    expect(cross.body.error.code).toBe('FORBIDDEN');
    expect((await a.api('get', `/projects/${id}`).expect(200)).body.data.name).toBe('Secret');
  });

  it('decisions/reference data: a cost centre or value stream still used by a project cannot be deleted (409 naming projects)', async () => {
    const org = await t.createTenant();
    const cc = (await org.create.costCentre({ name: 'Used' })).id;
    const vs = (await org.create.valueStream({ name: 'Used' })).id;
    const id = (await create({ name: 'User', costCentreId: cc, valueStreamId: vs }, org).expect(201)).body.data.id;
    expect((await org.api('delete', `/cost-centres/${cc}`).expect(409)).body.error.message).toContain('1 projects');
    expect((await org.api('delete', `/value-streams/${vs}`).expect(409)).body.error.message).toContain('1 projects');
    await org.api('delete', `/projects/${id}`).expect(204);
    await org.api('delete', `/cost-centres/${cc}`).expect(204);
    await org.api('delete', `/value-streams/${vs}`).expect(204);
  });
});
