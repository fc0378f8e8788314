import { CHANGES_TABLE, changesOf, lastSeq } from '../support/changes';
import { fixClock, type TestClock } from '../support/clock';
import { bodies } from '../support/fixtures';
import { TestApp, Tenant } from '../support/test-app';
import { count, createIntegration, employee, PullSource, pullNow } from '../integrations/support';

/** Nested `terms` of employee bodies, keyed by effectiveDate (07 §5.3 with §1.1-1.2). */
describe('nested employment terms in bulk upserts, PULL records and single writes (07 §5.3)', () => {
  let t: TestApp;
  let source: PullSource;
  let clock: TestClock | undefined;
  beforeAll(async () => {
    t = await TestApp.start();
    source = await PullSource.start();
  });
  afterEach(() => {
    clock?.restore();
    clock = undefined;
  });
  afterAll(async () => {
    await t.close();
    await source.close();
  });

  const bulk = async (tenant: Tenant, records: unknown[]) =>
    (await tenant.api('post', '/employees/bulk').send({ records }).expect(200)).body.data;
  const termRows = async (tenant: Tenant) =>
    t.dataSource.query(
      `SELECT effective_date, fields, fte, cost_centre_id FROM employment_terms WHERE organization_id = $1 ORDER BY effective_date`,
      [tenant.orgId],
    );
  const rowCounts = async (tenant: Tenant) =>
    Object.fromEntries(
      await Promise.all(
        ['employees', 'employment_terms', 'salary_adjustments', CHANGES_TABLE].map(async (table) => [
          table,
          await count(t, table, tenant.orgId),
        ]),
      ),
    );

  it('07/§5.3: a bulk item with nested terms creates them with employment_term changes; resent it is unchanged: same rows, no change, same ETag', async () => {
    const tenant = await t.createTenant();
    const finance = await tenant.create.costCentre({ externalId: 'CC-FIN' });
    const terms = [
      { effectiveDate: '2026-01-01', fte: 0.5 },
      { effectiveDate: '2027-04-01', fte: 1, costCentreId: 'CC-FIN' },
    ];
    const item = bodies.employee({ externalId: 'HR-1', startDate: '2025-01-01', fte: 0.5, terms });
    const first = await bulk(tenant, [item]);
    expect(first.results[0].result).toBe('created');
    expect(await termRows(tenant)).toEqual([
      { effective_date: '2026-01-01', fields: ['fte'], fte: '0.5000', cost_centre_id: null },
      { effective_date: '2027-04-01', fields: ['costCentreId', 'fte'], fte: '1.0000', cost_centre_id: finance.id },
    ]);
    const created = await changesOf(t, tenant.orgId, { entityType: 'employment_term' });
    expect(created.map((c) => [c.changeType, c.after?.effectiveDate])).toEqual([
      ['create', '2026-01-01'],
      ['create', '2027-04-01'],
    ]);
    const feed = (await tenant.api('get', '/changes?entityTypes=employment_term').expect(200)).body.data;
    expect(feed).toHaveLength(2);

    const rows = await rowCounts(tenant);
    const before = await tenant.api('get', '/employees/HR-1').expect(200);
    const mark = await lastSeq(t, tenant.orgId);
    const again = await bulk(tenant, [item]);
    expect(again).toMatchObject({ created: 0, updated: 0, unchanged: 1, failed: 0 });
    expect(await rowCounts(tenant)).toEqual(rows);
    expect(await changesOf(t, tenant.orgId, { afterSeq: mark })).toEqual([]);
    const after = await tenant.api('get', '/employees/HR-1').expect(200);
    expect(after.headers.etag).toBe(before.headers.etag);
    expect(after.body.data.updatedAt).toBe(before.body.data.updatedAt);
  });

  it("07/§5.3: a sent term with a stored effectiveDate updates that term's fte (its update recorded); another date adds one", async () => {
    const tenant = await t.createTenant();
    await bulk(tenant, [
      bodies.employee({ externalId: 'HR-1', startDate: '2025-01-01', terms: [{ effectiveDate: '2027-01-01', fte: 0.5 }] }),
    ]);
    const mark = await lastSeq(t, tenant.orgId);
    const changed = await bulk(tenant, [{ externalId: 'HR-1', terms: [{ effectiveDate: '2027-01-01', fte: 0.8 }] }]);
    expect(changed.results[0].result).toBe('updated');
    expect(await termRows(tenant)).toEqual([{ effective_date: '2027-01-01', fields: ['fte'], fte: '0.8000', cost_centre_id: null }]);
    const changes = await changesOf(t, tenant.orgId, { afterSeq: mark });
    expect(changes.map((c) => [c.entityType, c.changeType, c.before?.fte, c.after?.fte])).toEqual([
      ['employment_term', 'update', '0.5', '0.8'],
    ]);
    await bulk(tenant, [{ externalId: 'HR-1', terms: [{ effectiveDate: '2027-07-01', fte: 1 }] }]);
    expect((await termRows(tenant)).map((r: { effective_date: string }) => r.effective_date)).toEqual(['2027-01-01', '2027-07-01']);
  });

  it('07/§5.3: the top-level values are those in force today after the nested terms; the item resent is unchanged', async () => {
    clock = fixClock('2026-06-10T12:00:00Z');
    const tenant = await t.createTenant();
    const [ops, finance] = [
      await tenant.create.costCentre({ externalId: 'CC-OPS' }),
      await tenant.create.costCentre({ externalId: 'CC-FIN' }),
    ];
    // The HR system's current value is CC-OPS, while its history moved the person to CC-FIN in March.
    const item = bodies.employee({
      externalId: 'HR-1',
      startDate: '2025-01-01',
      costCentreId: 'CC-OPS',
      terms: [{ effectiveDate: '2026-03-01', costCentreId: 'CC-FIN' }],
    });
    expect((await bulk(tenant, [item])).results[0].result).toBe('created');
    const read = async (asOf: string) => (await tenant.api('get', `/employees/HR-1?asOf=${asOf}`).expect(200)).body.data.costCentreId;
    expect([await read('2026-02-01'), await read('2026-04-01'), await read('2026-06-10')]).toEqual([ops.id, finance.id, ops.id]);
    const mark = await lastSeq(t, tenant.orgId);
    expect((await bulk(tenant, [item])).results[0].result).toBe('unchanged');
    clock.set('2026-06-11T12:00:00Z');
    expect((await bulk(tenant, [item])).results[0].result).toBe('unchanged');
    expect(await changesOf(t, tenant.orgId, { afterSeq: mark })).toEqual([]);
  });

  it('07/§5.3: a single POST and PATCH take nested terms, keyed as in bulk (a PATCH resending them writes nothing)', async () => {
    const tenant = await t.createTenant();
    const terms = [{ effectiveDate: '2027-02-01', fte: 0.6 }];
    const created = await tenant.create.employee({ externalId: 'HR-9', startDate: '2025-01-01', terms });
    const stored = await tenant.api('get', `/employees/${created.id}/terms`).expect(200);
    expect(stored.body.data.map((x: { effectiveDate: string; fte: number }) => [x.effectiveDate, x.fte])).toEqual([['2027-02-01', 0.6]]);
    const before = await tenant.api('get', '/employees/HR-9').expect(200);
    const mark = await lastSeq(t, tenant.orgId);
    const patched = await tenant.api('patch', '/employees/HR-9').send({ terms }).expect(200);
    expect(patched.headers.etag).toBe(before.headers.etag);
    expect(await changesOf(t, tenant.orgId, { afterSeq: mark })).toEqual([]);
    await tenant
      .api('patch', '/employees/HR-9')
      .send({ terms: [{ effectiveDate: '2027-02-01', fte: 0.7 }] })
      .expect(200);
    expect((await termRows(tenant)).map((r: { fte: string }) => r.fte)).toEqual(['0.7000']);
  });

  it('07/§5.3: bad nested terms fail the item alone with their field paths (two on one day; fte out of range)', async () => {
    const tenant = await t.createTenant();
    const result = await bulk(tenant, [
      bodies.employee({ externalId: 'BAD-1', terms: [{ effectiveDate: '2027-01-01' }, { effectiveDate: '2027-01-01', fte: 0.5 }] }),
      bodies.employee({ externalId: 'BAD-2', terms: [{ effectiveDate: '2027-01-01', fte: 1.5 }] }),
      bodies.employee({ externalId: 'OK-1', terms: [{ effectiveDate: '2027-01-01', fte: 0.5 }] }),
    ]);
    expect(
      result.results.map((r: { result: string; error: { code: string; details: { field: string }[] } | null }) => [
        r.result,
        r.error?.code,
        r.error?.details?.[0]?.field,
      ]),
    ).toEqual([
      ['failed', 'VALIDATION_ERROR', 'terms.1.effectiveDate'],
      ['failed', 'VALIDATION_ERROR', 'terms.0.fte'],
      ['created', undefined, undefined],
    ]);
    expect(await count(t, 'employment_terms', tenant.orgId)).toBe(1);
    const single = await tenant.api('post', '/employees').send(bodies.employee({ terms: [{ effectiveDate: 'soon' }] }));
    expect(single.status).toBe(400);
    expect(single.body.error.details[0].field).toBe('terms.0.effectiveDate');
  });

  it('07/§5.3: PULL records take nested terms keyed by effectiveDate: the second run is unchanged and adds no row', async () => {
    const tenant = await t.createTenant();
    const path = `/pull-terms-${tenant.orgId}`;
    const terms = [{ effectiveDate: '2027-01-01', fte: 0.5 }];
    const url = source.serve(path, { body: { records: [employee('P-1', { startDate: '2025-01-01', terms }), employee('P-2')] } });
    const { id } = await createIntegration(t, tenant, { pull: { url, entityType: 'employee', intervalMinutes: 60 } });
    expect((await pullNow(t, tenant.orgId, id).expect(200)).body.data).toMatchObject({ status: 'OK', created: 2 });
    expect(await termRows(tenant)).toEqual([{ effective_date: '2027-01-01', fields: ['fte'], fte: '0.5000', cost_centre_id: null }]);
    expect((await changesOf(t, tenant.orgId, { entityType: 'employment_term' })).map((c) => c.changeType)).toEqual(['create']);
    const rows = await rowCounts(tenant);
    expect((await pullNow(t, tenant.orgId, id).expect(200)).body.data).toMatchObject({
      status: 'OK',
      created: 0,
      updated: 0,
      unchanged: 2,
    });
    expect(await rowCounts(tenant)).toEqual(rows);
    source.serve(path, { body: { records: [{ externalId: 'P-1', terms: [{ effectiveDate: '2027-01-01', fte: 0.75 }] }] } });
    expect((await pullNow(t, tenant.orgId, id).expect(200)).body.data).toMatchObject({ status: 'OK', updated: 1 });
    expect((await termRows(tenant)).map((r: { fte: string }) => r.fte)).toEqual(['0.7500']);
  });
});
