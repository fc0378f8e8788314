import { changesOf } from '../support/changes';
import { TestApp, Tenant } from '../support/test-app';
import { waitFor } from '../webhooks/receiver';
import { count, createIntegration, employee, gate, integrationOf, PullSource, pullNow } from './support';

describe('PULL hooks: runs, results and failures (04 §5.3)', () => {
  let t: TestApp;
  let source: PullSource;
  beforeAll(async () => {
    // The schedule never ticks here (the test app's default): every run in this file is on demand.
    t = await TestApp.start();
    source = await PullSource.start();
  });
  afterAll(async () => {
    await t.close();
    await source.close();
  });

  async function pulling(entityType: string, answer: Parameters<PullSource['serve']>[1], tenant?: Tenant) {
    const org = tenant ?? (await t.createTenant());
    const path = `/pull-${org.orgId}-${entityType}-${Math.random().toString(36).slice(2)}`;
    const url = source.serve(path, answer);
    const created = await createIntegration(t, org, { pull: { url, entityType, intervalMinutes: 60 } });
    return { tenant: org, path, ...created };
  }

  it('04/5.3 pull: on demand, GETs pull.url with the bearer secret and Accept JSON, applies the records and answers the run’s result', async () => {
    const { tenant, path, id, secret } = await pulling('employee', { body: { records: [employee('HR-1'), employee('HR-2')] } });
    const res = await pullNow(t, tenant.orgId, id).expect(200);
    expect(res.body.data).toMatchObject({ status: 'OK', created: 2, updated: 0, unchanged: 0, failed: 0, error: null });
    expect(res.body.data.results).toHaveLength(2);
    const [request] = source.on(path);
    expect(request.method).toBe('GET');
    expect(request.headers.authorization).toBe(`Bearer ${secret}`);
    expect(request.headers.accept).toBe('application/json');
    const listed = await tenant.api('get', '/employees?limit=10').expect(200);
    expect(listed.body.data.map((e: { externalId: string }) => e.externalId).sort()).toEqual(['HR-1', 'HR-2']);
    const after = await integrationOf(t, tenant.orgId, id);
    expect(after).toMatchObject({
      lastPullStatus: 'OK',
      lastPullResult: { created: 2, updated: 0, unchanged: 0, failed: 0 },
      lastError: null,
    });
    expect(Date.parse(after.lastPullAt as string)).toBeGreaterThan(Date.now() - 60_000);
  });

  it('04/5.3 pull: §4.1 upsert semantics: a known externalId is updated with only the fields sent, an unchanged one is unchanged', async () => {
    const { tenant, path, id } = await pulling('employee', { body: { records: [employee('UP-1'), employee('UP-2')] } });
    await pullNow(t, tenant.orgId, id).expect(200);
    source.serve(path, { body: { records: [{ externalId: 'UP-1', firstName: 'Grace' }, { externalId: 'UP-2' }] } });
    const res = await pullNow(t, tenant.orgId, id).expect(200);
    expect(res.body.data).toMatchObject({ status: 'OK', created: 0, updated: 1, unchanged: 1, failed: 0 });
    const listed = await tenant.api('get', '/employees?limit=10').expect(200);
    expect(listed.body.data.find((e: { externalId: string }) => e.externalId === 'UP-1')).toMatchObject({
      externalId: 'UP-1',
      firstName: 'Grace',
      lastName: 'Lovelace UP-1',
    });
  });

  it('04/5.3 pull: partial item failures: good items are applied, the run is PARTIAL and lastError names the first failed items', async () => {
    const { tenant, id } = await pulling('employee', {
      body: {
        records: [employee('P-1'), { externalId: 'P-2', firstName: 'No last name' }, employee('P-3'), 'not an object', employee('P-1')],
      },
    });
    const res = await pullNow(t, tenant.orgId, id).expect(200);
    expect(res.body.data).toMatchObject({ status: 'PARTIAL', created: 2, updated: 0, unchanged: 0, failed: 3 });
    expect(res.body.data.results[1]).toMatchObject({ index: 1, externalId: 'P-2', result: 'failed', error: { code: 'VALIDATION_ERROR' } });
    expect(await count(t, 'employees', tenant.orgId)).toBe(2);
    const after = await integrationOf(t, tenant.orgId, id);
    expect(after).toMatchObject({ lastPullStatus: 'PARTIAL', lastPullResult: { created: 2, updated: 0, unchanged: 0, failed: 3 } });
    expect(after.lastError).toMatch(/^Pull: 3 of 5 items failed: #1 \(P-2\) VALIDATION_ERROR: .*#3 .*#4 \(P-1\)/);
  });

  describe('04/5.3 pull: each failure makes the run FAILED, changes nothing and sets lastError', () => {
    const good = { records: [employee('F-1')] };
    const cases: [string, Parameters<PullSource['serve']>[1] | 'unreachable', RegExp][] = [
      ['unreachable', 'unreachable', /^Pull: Fetch failed: Connection refused/],
      ['non-200', { status: 503, body: good }, /^Pull: Fetch failed: HTTP 503/],
      ['a 201 is not a 200 either', { status: 201, body: good }, /HTTP 201/],
      ['body over 10 MB', { body: Buffer.alloc(10 * 1024 * 1024 + 10, 0x20) }, /over 10485760 bytes/],
      [
        'body over 10 MB in chunks, without Content-Length',
        { body: Buffer.alloc(10 * 1024 * 1024 + 10, 0x20), chunked: true },
        /over 10485760 bytes/,
      ],
      ['invalid JSON', { body: '{"records": [' }, /not valid JSON/],
      ['wrong shape: no records', { body: { items: [] } }, /"records" array/],
      ['wrong shape: an array', { body: [employee('F-2')] }, /"records" array/],
      [
        'wrong shape: over 1,000 records',
        { body: { records: Array.from({ length: 1001 }, (_, i) => employee(`F-${i}`)) } },
        /1001 records; at most 1000/,
      ],
    ];
    it.each(cases)('%s', async (_name, answer, error) => {
      const tenant = await t.createTenant();
      const { id } =
        answer === 'unreachable'
          ? await createIntegration(t, tenant, { pull: { url: 'http://127.0.0.1:9/closed', entityType: 'employee', intervalMinutes: 60 } })
          : await pulling('employee', answer, tenant);
      const res = await pullNow(t, tenant.orgId, id).expect(200);
      expect(res.body.data).toMatchObject({ status: 'FAILED', created: 0, updated: 0, unchanged: 0, failed: 0, results: [] });
      expect(await count(t, 'employees', tenant.orgId)).toBe(0);
      expect((await changesOf(t, tenant.orgId)).length).toBe(0);
      const after = await integrationOf(t, tenant.orgId, id);
      expect(after).toMatchObject({ lastPullStatus: 'FAILED', lastPullResult: null });
      expect(after.lastError).toMatch(error);
    });
  });

  it('04/5.3 pull: a later good run clears the pull error; the acting user needs the edit permission of the type (FAILED otherwise)', async () => {
    const { tenant, path, id } = await pulling('employee', { status: 500, body: {} });
    await pullNow(t, tenant.orgId, id).expect(200);
    expect((await integrationOf(t, tenant.orgId, id)).lastError).toMatch(/^Pull: /);
    source.serve(path, { body: { records: [] } });
    expect((await pullNow(t, tenant.orgId, id).expect(200)).body.data.status).toBe('OK');
    expect(await integrationOf(t, tenant.orgId, id)).toMatchObject({ lastPullStatus: 'OK', lastError: null });

    const reader = await t
      .admin('post', `/organizations/${tenant.orgId}/users`)
      .send({ email: `reader.${Date.now()}@example.com`, name: 'Reader', permissions: ['employees_view'] })
      .expect(201);
    await t.admin('patch', `/organizations/${tenant.orgId}/integrations/${id}`).send({ actAsUserId: reader.body.data.id }).expect(200);
    source.serve(path, { body: { records: [employee('NOPE')] } });
    const res = await pullNow(t, tenant.orgId, id).expect(200);
    expect(res.body.data).toMatchObject({ status: 'FAILED', error: expect.stringContaining('lacks the employees_edit permission') });
    expect(await count(t, 'employees', tenant.orgId)).toBe(0);
  });

  it('04/5.3 pull: functional positions use document 02’s create body plus externalId; group references may be externalIds', async () => {
    const tenant = await t.createTenant();
    const group = await tenant
      .api('post', '/functional-groups')
      .send({ name: 'Area', externalId: 'G-AREA', startDate: '2026-01-01' })
      .expect(201);
    const item = { externalId: 'S-1', functionalGroupId: 'G-AREA', name: 'Seat', requiredFte: 1, startDate: '2026-01-01' };
    const { id, path } = await pulling(
      'functional_position',
      { body: { records: [item, { ...item, externalId: 'S-2', requiredFte: 2 }] } },
      tenant,
    );
    const first = await pullNow(t, tenant.orgId, id).expect(200);
    expect(first.body.data).toMatchObject({ status: 'PARTIAL', created: 1, failed: 1 });
    expect(first.body.data.results[1].error).toMatchObject({ code: 'VALIDATION_ERROR' });
    const [seat] = await t.dataSource.query(`SELECT functional_group_id, name FROM functional_positions WHERE organization_id = $1`, [
      tenant.orgId,
    ]);
    expect(seat).toEqual({ functional_group_id: group.body.data.id, name: 'Seat' });
    source.serve(path, {
      body: {
        records: [
          { externalId: 'S-1', name: 'Renamed seat' },
          { ...item, externalId: 'S-1b', unknownField: 1 },
        ],
      },
    });
    const second = await pullNow(t, tenant.orgId, id).expect(200);
    expect(second.body.data).toMatchObject({ status: 'PARTIAL', updated: 1, failed: 1 });
    expect(second.body.data.results[1].error.details[0]).toMatchObject({ field: 'unknownField' });
    const [renamed] = await t.dataSource.query(`SELECT name, required_fte FROM functional_positions WHERE organization_id = $1`, [
      tenant.orgId,
    ]);
    expect(renamed).toMatchObject({ name: 'Renamed seat' });
  });

  it('04/5.3 pull: functional records need the module on (FAILED, nothing changes)', async () => {
    const tenant = await t.createTenant({ functionalGroupsEnabled: false });
    const { id } = await pulling(
      'functional_group',
      { body: { records: [{ externalId: 'G', name: 'G', startDate: '2026-01-01' }] } },
      tenant,
    );
    const res = await pullNow(t, tenant.orgId, id).expect(200);
    expect(res.body.data).toMatchObject({ status: 'FAILED', error: expect.stringContaining('functional groups module is off') });
    expect(await count(t, 'functional_groups', tenant.orgId)).toBe(0);
  });

  it('04/5.3 pull: one run at a time: an on-demand run while another holds the integration is 409, and nothing is fetched twice', async () => {
    const held = gate();
    const { tenant, path, id } = await pulling('team', { body: { records: [{ externalId: 'T-1', name: 'Team 1' }] }, hold: held.hold });
    const first = pullNow(t, tenant.orgId, id).then((res) => res); // (then: sent now, not when awaited)
    // The first run holds the integration from its claim until the source answers, which waits for the test.
    await waitFor('the first run to fetch', () => source.on(path).length === 1);
    const b = await pullNow(t, tenant.orgId, id);
    held.open();
    const a = await first;
    expect([a.status, b.status]).toEqual([200, 409]);
    expect(b.body.error.code).toBe('CONFLICT');
    expect(source.on(path)).toHaveLength(1);
    expect(await count(t, 'teams', tenant.orgId)).toBe(1);
  });
});
