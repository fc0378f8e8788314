import { changesOf } from '../support/changes';
import { TestApp } from '../support/test-app';

describe('budgets (a generated planning resource)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await TestApp.start();
  });
  afterAll(() => t.close());

  it('06/§3.2: create, read by id or externalId, PATCH, list with search and sort, delete; each write is recorded as budget', async () => {
    const org = await t.createTenant();
    const first = (await org.api('post', '/budgets').send({ name: 'Beta', externalId: 'X-1' }).expect(201)).body.data;
    expect(first).toEqual({
      id: expect.any(String),
      name: 'Beta',
      externalId: 'X-1',
      description: null,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    await org.api('post', '/budgets').send({ name: 'Alpha', description: 'the first' }).expect(201);
    expect((await org.api('get', '/budgets/X-1').expect(200)).body.data.id).toBe(first.id);
    expect((await org.api('post', '/budgets').send({ name: 'Again', externalId: 'X-1' }).expect(400)).body.error.details[0].field).toBe(
      'externalId',
    );
    await org.api('patch', `/budgets/${first.id}`).send({ description: 'changed' }).expect(200);
    const names = async (query: string) =>
      (await org.api('get', `/budgets${query}`).expect(200)).body.data.map((x: { name: string }) => x.name);
    expect(await names('')).toEqual(['Alpha', 'Beta']);
    expect(await names('?sortBy=name&sortDir=desc')).toEqual(['Beta', 'Alpha']);
    expect(await names('?search=alph')).toEqual(['Alpha']);
    await org.api('delete', `/budgets/${first.id}`).expect(204);
    await org.api('get', `/budgets/${first.id}`).expect(404);
    const rows = await changesOf(t, org.orgId, { entityId: first.id });
    expect(rows.map((r) => `${r.entityType}:${r.changeType}`)).toEqual(['budget:create', 'budget:update', 'budget:delete']);
    expect(rows.every((r) => r.dispatchStatus !== null)).toBe(true);
  });

  it('06/§3.2: budgets_view reads, budgets_edit writes; GET /changes shows the type to a key that may view it', async () => {
    const org = await t.createTenant();
    await org.api('post', '/budgets').send({ name: 'Seen' }).expect(201);
    const viewer = await t.createTenant({ keyPermissions: ['budgets_view'] });
    await viewer.api('get', '/budgets').expect(200);
    await viewer.api('post', '/budgets').send({ name: 'No' }).expect(403);
    const feed = (await org.api('get', '/changes').expect(200)).body.data;
    expect(feed.map((c: { entity_type: string }) => c.entity_type)).toEqual(['budget']);
  });

  it('06/§3.2: bulk upsert by externalId creates then updates', async () => {
    const org = await t.createTenant();
    const first = await org
      .api('post', '/budgets/bulk')
      .send({ records: [{ externalId: 'B-1', name: 'One' }] })
      .expect(200);
    expect(first.body.data).toMatchObject({ created: 1, updated: 0, failed: 0 });
    const second = await org
      .api('post', '/budgets/bulk')
      .send({ records: [{ externalId: 'B-1', name: 'Uno' }] })
      .expect(200);
    expect(second.body.data).toMatchObject({ created: 0, updated: 1, failed: 0 });
    expect((await org.api('get', '/budgets/B-1').expect(200)).body.data.name).toBe('Uno');
  });

  it('06/§3.2: custom attributes of type BUDGET are set and read on the record', async () => {
    const org = await t.createTenant();
    const id = (await org.api('post', '/budgets').send({ name: 'Attributed' }).expect(201)).body.data.id;
    const definition = (
      await org
        .api('post', '/custom-attributes')
        .send({ entityType: 'BUDGET', name: 'Owner', attributeKey: 'owner', fieldType: 'STRING' })
        .expect(201)
    ).body.data;
    await org.api('put', `/budgets/${id}/custom-attributes/${definition.id}`).send({ stringValue: 'Ada' }).expect(200);
    const values = (await org.api('get', `/budgets/${id}/custom-attributes`).expect(200)).body.data;
    expect(values).toEqual([
      expect.objectContaining({ definitionId: definition.id, entityType: 'BUDGET', entityId: id, stringValue: 'Ada' }),
    ]);
  });

  it('06/§3.2: a scenario copies the records, takes writes through the application API and merges them into live', async () => {
    const org = await t.createTenant();
    const id = (await org.api('post', '/budgets').send({ name: 'Live' }).expect(201)).body.data.id;
    const merger = (
      await t
        .admin('post', `/organizations/${org.orgId}/users`)
        .send({ email: 'merger@example.com', name: 'Merger', permissions: ['manage_scenarios'] })
        .expect(201)
    ).body.data;
    const scenarios = `/organizations/${org.orgId}/scenarios`;
    const s = (await t.admin('post', scenarios).send({ name: 'What if' }).expect(201)).body.data.id;
    expect((await org.api('get', `/budgets?scenarioId=${s}`).expect(200)).body.data.map((x: { id: string }) => x.id)).toEqual([id]);
    await t.admin('patch', `${scenarios}/${s}/budgets/${id}`).send({ name: 'Renamed' }).expect(200);
    expect((await org.api('get', `/budgets/${id}`).expect(200)).body.data.name).toBe('Live');
    const merged = await t.admin('post', `${scenarios}/${s}/merge`, merger.id).expect(200);
    expect(merged.body.data).toEqual({ status: 'MERGED', changes: { budget: 1 } });
    expect((await org.api('get', `/budgets/${id}`).expect(200)).body.data.name).toBe('Renamed');
  });
});
