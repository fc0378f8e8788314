import { newId } from '../../src/common/ids';
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
    const cc = (await tenant.create.costCentre({ name: 'R&D', externalId: 'CC-RD' })).id;
    const vs = (await tenant.create.valueStream({ name: 'Growth', externalId: 'VS-GROWTH' })).id;
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
    const foreignCc = (await other.create.costCentre({ name: 'Foreign' })).id;
    const foreignVs = (await other.create.valueStream({ name: 'Foreign' })).id;
    for (const [field, value] of [
      ['costCentreId', foreignCc],
      ['valueStreamId', foreignVs],
      ['costCentreId', 'NO-SUCH-CC'],
      ['valueStreamId', newId()],
    ]) {
      const res = await create({ name: 'Refs', [field]: value }).expect(400);
      expect(res.body.error).toMatchObject({ code: 'VALIDATION_ERROR', details: [{ field }] });
    }
    const cc = (await tenant.create.costCentre({ name: 'Ops', externalId: 'CC-OPS' })).id;
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
});
