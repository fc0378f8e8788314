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

  it('01/projects: create returns every field, with the defaults priority 0, deliveryStatus BACKLOG, iconColor #6B7280', async () => {
    const res = await create({ name: 'Checkout revamp' }).expect(201);
    expect(res.body.data).toEqual({
      id: expect.stringMatching(/^[a-z][a-z0-9]{24}$/),
      externalId: null,
      name: 'Checkout revamp',
      projectCode: null,
      description: null,
      startDate: '2026-01-01',
      endDate: null,
      ownerUserId: null,
      deliveryStatus: 'BACKLOG',
      priority: 0,
      estimatedCost: null,
      valueStreamId: null,
      costCentreId: null,
      postCompletionCostCentreId: null,
      icon: null,
      iconColor: '#6B7280',
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    const [row] = await t.dataSource.query(`SELECT plan_id FROM projects WHERE id = $1`, [res.body.data.id]);
    expect(row.plan_id).toBe(await livePlan(tenant.orgId));
  });

  it('01/projects: every create field is stored and returned as sent (dates as YYYY-MM-DD strings)', async () => {
    const cc = (await tenant.api('post', '/cost-centres').send({ name: 'R&D', externalId: 'CC-RD' }).expect(201)).body.data.id;
    const vs = (await tenant.api('post', '/value-streams').send({ name: 'Growth', externalId: 'VS-GROWTH' }).expect(201)).body.data.id;
    const body = {
      name: 'Mobile app',
      externalId: 'PRJ-MOBILE',
      projectCode: 'MOB',
      description: 'The new app',
      startDate: '2026-02-01',
      endDate: '2026-12-31',
      ownerUserId: tenant.userId,
      valueStreamId: 'VS-GROWTH',
      costCentreId: cc,
      postCompletionCostCentreId: 'CC-RD',
      icon: 'rocket',
      iconColor: '#2563EB',
      deliveryStatus: 'IN_PROGRESS',
      priority: 3,
      estimatedCost: 125000.5,
    };
    const res = await tenant.api('post', '/projects').send(body).expect(201);
    expect(res.body.data).toEqual({
      ...body,
      id: expect.any(String),
      valueStreamId: vs,
      postCompletionCostCentreId: cc,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    const got = await tenant.api('get', `/projects/${res.body.data.id}`).expect(200);
    expect(got.body.data).toEqual({ ...res.body.data, customAttributes: [] });
  });

  it('01/projects: name and startDate are required; startDate and endDate must be real calendar days', async () => {
    expect((await tenant.api('post', '/projects').send({ startDate: '2026-01-01' }).expect(400)).body.error.details[0].field).toBe('name');
    expect((await tenant.api('post', '/projects').send({ name: 'X' }).expect(400)).body.error.details[0].field).toBe('startDate');
    expect((await create({ name: '   ' }).expect(400)).body.error.details[0].field).toBe('name');
    expect((await create({ name: 'X', startDate: '2026-02-30' }).expect(400)).body.error.details[0].field).toBe('startDate');
    expect((await create({ name: 'X', endDate: '2026-13-01' }).expect(400)).body.error.details[0].field).toBe('endDate');
    expect((await create({ name: 'X', startDate: '2026-01-01T00:00:00Z' }).expect(400)).body.error.code).toBe('VALIDATION_ERROR');
  });

  it('01/projects: endDate is not before startDate (400 on create and on PATCH of either date)', async () => {
    const bad = await create({ name: 'Backwards', startDate: '2026-05-02', endDate: '2026-05-01' }).expect(400);
    expect(bad.body.error).toMatchObject({ code: 'VALIDATION_ERROR', details: [{ field: 'endDate', message: expect.any(String) }] });
    const id = (await create({ name: 'Same day', startDate: '2026-05-01', endDate: '2026-05-01' }).expect(201)).body.data.id;
    expect((await tenant.api('patch', `/projects/${id}`).send({ endDate: '2026-04-30' }).expect(400)).body.error.details[0].field).toBe(
      'endDate',
    );
    expect((await tenant.api('patch', `/projects/${id}`).send({ startDate: '2026-05-02' }).expect(400)).body.error.details[0].field).toBe(
      'startDate',
    );
    await tenant.api('patch', `/projects/${id}`).send({ startDate: '2026-05-02', endDate: null }).expect(200);
  });

  it('01/projects: iconColor defaults to #6B7280 and must be a hex colour #RGB or #RRGGBB', async () => {
    expect((await create({ name: 'Default colour' }).expect(201)).body.data.iconColor).toBe('#6B7280');
    expect((await create({ name: 'Short colour', iconColor: '#abc' }).expect(201)).body.data.iconColor).toBe('#abc');
    for (const iconColor of ['red', '#12345', '#GGGGGG', '6B7280', '#6B72801', 12, null]) {
      const res = await create({ name: 'Bad colour', iconColor }).expect(400);
      expect([iconColor, res.body.error.details[0].field]).toEqual([iconColor, 'iconColor']);
    }
  });

  it('01/projects: priority defaults to 0 and is an integer (lower = higher priority)', async () => {
    expect((await create({ name: 'Default priority' }).expect(201)).body.data.priority).toBe(0);
    expect((await create({ name: 'Urgent', priority: -1 }).expect(201)).body.data.priority).toBe(-1);
    for (const priority of [1.5, '2', null]) {
      expect((await create({ name: 'Bad priority', priority }).expect(400)).body.error.details[0].field).toBe('priority');
    }
  });

  it('01/projects: deliveryStatus defaults to BACKLOG and is one of the six values', async () => {
    expect((await create({ name: 'Default status' }).expect(201)).body.data.deliveryStatus).toBe('BACKLOG');
    for (const deliveryStatus of ['BACKLOG', 'TODO', 'IN_PROGRESS', 'IN_REVIEW', 'DONE', 'CANCELLED']) {
      expect((await create({ name: deliveryStatus, deliveryStatus }).expect(201)).body.data.deliveryStatus).toBe(deliveryStatus);
    }
    for (const deliveryStatus of ['done', 'ARCHIVED', null]) {
      expect((await create({ name: 'Bad status', deliveryStatus }).expect(400)).body.error.details[0].field).toBe('deliveryStatus');
    }
  });

  it('01/projects: estimatedCost is a number or null, at least 0, with at most two decimal places', async () => {
    expect((await create({ name: 'Cost', estimatedCost: 1999.99 }).expect(201)).body.data.estimatedCost).toBe(1999.99);
    expect((await create({ name: 'Free', estimatedCost: 0 }).expect(201)).body.data.estimatedCost).toBe(0);
    expect((await create({ name: 'Unknown', estimatedCost: null }).expect(201)).body.data.estimatedCost).toBeNull();
    for (const estimatedCost of [-0.01, 1.005, 1e-7, '100', 1e15]) {
      const res = await create({ name: 'Bad cost', estimatedCost }).expect(400);
      expect([estimatedCost, res.body.error.details[0].field]).toEqual([estimatedCost, 'estimatedCost']);
    }
  });

  it('01/projects: ownerUserId must be a user of the organization (400 VALIDATION_ERROR on ownerUserId)', async () => {
    const other = await t.createTenant();
    for (const ownerUserId of [other.userId, newId(), 'not-an-id']) {
      const res = await create({ name: 'Owned', ownerUserId }).expect(400);
      expect(res.body.error).toMatchObject({ code: 'VALIDATION_ERROR', details: [{ field: 'ownerUserId', message: expect.any(String) }] });
    }
    const id = (await create({ name: 'Owned', ownerUserId: tenant.userId }).expect(201)).body.data.id;
    expect((await tenant.api('patch', `/projects/${id}`).send({ ownerUserId: other.userId }).expect(400)).body.error.details[0].field).toBe(
      'ownerUserId',
    );
    expect((await tenant.api('patch', `/projects/${id}`).send({ ownerUserId: null }).expect(200)).body.data.ownerUserId).toBeNull();
  });

  it('01/projects: valueStreamId and costCentreId resolve by id or externalId; one that matches nothing is 400 on the field', async () => {
    const other = await t.createTenant();
    const foreignCc = (await other.api('post', '/cost-centres').send({ name: 'Foreign' }).expect(201)).body.data.id;
    const foreignVs = (await other.api('post', '/value-streams').send({ name: 'Foreign' }).expect(201)).body.data.id;
    for (const [field, value] of [
      ['costCentreId', foreignCc],
      ['valueStreamId', foreignVs],
      ['costCentreId', 'NO-SUCH-CC'],
      ['valueStreamId', newId()],
    ]) {
      const res = await create({ name: 'Refs', [field]: value }).expect(400);
      expect(res.body.error).toMatchObject({ code: 'VALIDATION_ERROR', details: [{ field }] });
    }
    const cc = (await tenant.api('post', '/cost-centres').send({ name: 'Ops', externalId: 'CC-OPS' }).expect(201)).body.data.id;
    const res = await create({ name: 'Refs', costCentreId: 'CC-OPS' }).expect(201);
    expect(res.body.data.costCentreId).toBe(cc);
    expect(
      (await tenant.api('patch', `/projects/${res.body.data.id}`).send({ costCentreId: null }).expect(200)).body.data.costCentreId,
    ).toBeNull();
  });

  it('01 rule 6: externalId is unique among the organization’s projects (400), not CUID-shaped, and :id accepts it', async () => {
    const id = (await create({ name: 'Ext', externalId: 'EXT-1' }).expect(201)).body.data.id;
    const dup = await create({ name: 'Ext again', externalId: 'EXT-1' }).expect(400);
    expect(dup.body.error).toMatchObject({ code: 'VALIDATION_ERROR', details: [{ field: 'externalId' }] });
    expect((await create({ name: 'Cuid', externalId: newId() }).expect(400)).body.error.details[0].field).toBe('externalId');
    expect((await create({ name: 'Long', externalId: 'x'.repeat(256) }).expect(400)).body.error.details[0].field).toBe('externalId');
    expect((await tenant.api('get', '/projects/EXT-1').expect(200)).body.data.id).toBe(id);
    await tenant.api('patch', '/projects/EXT-1').send({ description: 'by external id' }).expect(200);
    const other = await t.createTenant();
    await create({ name: 'Same ext elsewhere', externalId: 'EXT-1' }, other).expect(201);
    expect((await tenant.api('patch', `/projects/${id}`).send({ externalId: null }).expect(200)).body.data.externalId).toBeNull();
    await tenant.api('get', '/projects/EXT-1').expect(404);
  });

  it('01 rule 10: PATCH changes only the fields sent; nullable fields clear with null, required ones refuse it', async () => {
    const created = (
      await create({
        name: 'Patchy',
        description: 'd',
        projectCode: 'P1',
        priority: 5,
        estimatedCost: 10,
        icon: 'x',
        iconColor: '#000',
      }).expect(201)
    ).body.data;
    const patched = await tenant.api('patch', `/projects/${created.id}`).send({ priority: 2 }).expect(200);
    expect(patched.body.data).toEqual({ ...created, priority: 2, updatedAt: expect.any(String) });
    const cleared = await tenant
      .api('patch', `/projects/${created.id}`)
      .send({ description: null, projectCode: null, estimatedCost: null, icon: null })
      .expect(200);
    expect(cleared.body.data).toMatchObject({
      description: null,
      projectCode: null,
      estimatedCost: null,
      icon: null,
      priority: 2,
      iconColor: '#000',
    });
    for (const field of ['name', 'startDate', 'priority', 'iconColor', 'deliveryStatus']) {
      const res = await tenant
        .api('patch', `/projects/${created.id}`)
        .send({ [field]: null })
        .expect(400);
      expect(res.body.error.details[0].field).toBe(field);
    }
    expect(
      (await tenant.api('patch', `/projects/${created.id}`).send({ deliveryStatus: 'DONE' }).expect(200)).body.data.deliveryStatus,
    ).toBe('DONE');
    await tenant.api('patch', `/projects/${newId()}`).send({ name: 'x' }).expect(404);
  });

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
    const cc = (await org.api('post', '/cost-centres').send({ name: 'Eng', externalId: 'CC-ENG' }).expect(201)).body.data.id;
    const vs = (await org.api('post', '/value-streams').send({ name: 'Core', externalId: 'VS-CORE' }).expect(201)).body.data.id;
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
    const cc = (await org.api('post', '/cost-centres').send({ name: 'Used' }).expect(201)).body.data.id;
    const vs = (await org.api('post', '/value-streams').send({ name: 'Used' }).expect(201)).body.data.id;
    const id = (await create({ name: 'User', costCentreId: cc, valueStreamId: vs }, org).expect(201)).body.data.id;
    expect((await org.api('delete', `/cost-centres/${cc}`).expect(409)).body.error.message).toContain('1 projects');
    expect((await org.api('delete', `/value-streams/${vs}`).expect(409)).body.error.message).toContain('1 projects');
    await org.api('delete', `/projects/${id}`).expect(204);
    await org.api('delete', `/cost-centres/${cc}`).expect(204);
    await org.api('delete', `/value-streams/${vs}`).expect(204);
  });
});
