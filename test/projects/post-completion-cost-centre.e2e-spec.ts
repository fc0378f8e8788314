import { createIntegration, PullSource, pullNow } from '../integrations/support';
import { TestApp, Tenant } from '../support/test-app';

/**
 * Spec 04 §2: projects' `postCompletionCostCentreId` (string or null, a cost centre) on create, PATCH,
 * reads, bulk (§4.1) and PULL items (§5.3), validated like `costCentreId` (id or externalId; one that
 * matches no cost centre of the organization is 400 on the field).
 */
describe('04/§2 projects: postCompletionCostCentreId', () => {
  let t: TestApp;
  let source: PullSource;
  let org: Tenant;
  let ops: string;
  let finance: string;

  beforeAll(async () => {
    t = await TestApp.start();
    source = await PullSource.start();
    org = await t.createTenant();
    ops = (await org.create.costCentre({ name: 'Ops', externalId: 'CC-OPS' })).id;
    finance = (await org.create.costCentre({ name: 'Finance', externalId: 'CC-FIN' })).id;
  });
  afterAll(async () => {
    await t.close();
    await source.close();
  });

  it('04/§2 postCompletionCostCentreId: set on create (by id or externalId), read back, PATCHed and cleared with null', async () => {
    const created = await org
      .api('post', '/projects')
      .send({ name: 'Launch', startDate: '2026-01-01', endDate: '2026-06-30', costCentreId: ops, postCompletionCostCentreId: 'CC-FIN' })
      .expect(201);
    const id = created.body.data.id;
    expect(created.body.data).toMatchObject({ costCentreId: ops, postCompletionCostCentreId: finance });
    expect((await org.api('get', `/projects/${id}`).expect(200)).body.data.postCompletionCostCentreId).toBe(finance);
    const listed = await org.api('get', '/projects?limit=10').expect(200);
    expect(listed.body.data.find((p: { id: string }) => p.id === id).postCompletionCostCentreId).toBe(finance);
    const patched = await org.api('patch', `/projects/${id}`).send({ postCompletionCostCentreId: ops }).expect(200);
    expect(patched.body.data.postCompletionCostCentreId).toBe(ops);
    const cleared = await org.api('patch', `/projects/${id}`).send({ postCompletionCostCentreId: null }).expect(200);
    expect(cleared.body.data.postCompletionCostCentreId).toBeNull();
    const plain = await org.api('post', '/projects').send({ name: 'Plain', startDate: '2026-01-01' }).expect(201);
    expect(plain.body.data.postCompletionCostCentreId).toBeNull();
  });

  it('04/§2 postCompletionCostCentreId validated like costCentreId: another organization’s or an unknown cost centre is 400 on the field', async () => {
    const other = await t.createTenant();
    const foreign = (await other.create.costCentre({ name: 'Foreign' })).id;
    for (const value of [foreign, 'NO-SUCH-CC', 42]) {
      const res = await org
        .api('post', '/projects')
        .send({ name: 'Refs', startDate: '2026-01-01', postCompletionCostCentreId: value })
        .expect(400);
      expect(res.body.error).toMatchObject({ code: 'VALIDATION_ERROR', details: [{ field: 'postCompletionCostCentreId' }] });
    }
    // A cost centre a project names after completion cannot be deleted (409), as for costCentreId.
    const cc = (await org.create.costCentre({ name: 'Kept' })).id;
    await org.api('post', '/projects').send({ name: 'Keeps', startDate: '2026-01-01', postCompletionCostCentreId: cc }).expect(201);
    expect((await org.api('delete', `/cost-centres/${cc}`).expect(409)).body.error.code).toBe('CONFLICT');
  });

  it('04/§4.1 and §2: bulk upsert of projects takes postCompletionCostCentreId (create, then PATCH semantics); a bad one fails its item only', async () => {
    const res = await org
      .api('post', '/projects/bulk')
      .send({
        records: [
          { externalId: 'PRJ-B1', name: 'Bulk one', startDate: '2026-01-01', postCompletionCostCentreId: 'CC-OPS' },
          { externalId: 'PRJ-B2', name: 'Bulk two', startDate: '2026-01-01', postCompletionCostCentreId: 'NO-SUCH-CC' },
        ],
      })
      .expect(200);
    expect(res.body.data).toMatchObject({ created: 1, failed: 1 });
    expect(res.body.data.results[1].error.details).toEqual([expect.objectContaining({ field: 'postCompletionCostCentreId' })]);
    expect((await org.api('get', '/projects/PRJ-B1').expect(200)).body.data.postCompletionCostCentreId).toBe(ops);
    const again = await org
      .api('post', '/projects/bulk')
      .send({ records: [{ externalId: 'PRJ-B1', postCompletionCostCentreId: finance }] })
      .expect(200);
    expect(again.body.data).toMatchObject({ updated: 1 });
    expect((await org.api('get', '/projects/PRJ-B1').expect(200)).body.data).toMatchObject({
      name: 'Bulk one',
      postCompletionCostCentreId: finance,
    });
  });

  it('04/§5.3 and §2: PULL items of entityType project carry postCompletionCostCentreId', async () => {
    const path = `/pull-${org.orgId}-projects`;
    const url = source.serve(path, {
      body: { records: [{ externalId: 'PRJ-P1', name: 'Pulled', startDate: '2026-01-01', postCompletionCostCentreId: 'CC-FIN' }] },
    });
    const { id } = await createIntegration(t, org, { pull: { url, entityType: 'project', intervalMinutes: 60 } });
    expect((await pullNow(t, org.orgId, id).expect(200)).body.data).toMatchObject({ status: 'OK', created: 1 });
    expect((await org.api('get', '/projects/PRJ-P1').expect(200)).body.data.postCompletionCostCentreId).toBe(finance);
  });
});
