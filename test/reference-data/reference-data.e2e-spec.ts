import { changesOf } from '../support/changes';
import { TestApp, Tenant } from '../support/test-app';

describe('reference data (01 rules 3, 5, 6; 03 §1.7, §2)', () => {
  let t: TestApp;
  let tenant: Tenant;
  beforeAll(async () => {
    t = await TestApp.start();
    tenant = await t.createTenant();
  });
  afterAll(() => t.close());

  it('job roles: create, get, list, patch, delete with the document-01 envelopes', async () => {
    const created = await tenant
      .api('post', '/job-roles')
      .send({ title: 'Backend Engineer', family: 'Engineering', level: 'L3' })
      .expect(201);
    expect(created.body).toEqual({
      data: {
        id: expect.stringMatching(/^[a-z][a-z0-9]{24}$/),
        title: 'Backend Engineer',
        externalId: null,
        family: 'Engineering',
        level: 'L3',
        description: null,
        createdAt: expect.any(String),
        updatedAt: expect.any(String),
      },
    });
    const id = created.body.data.id;
    expect((await tenant.api('get', `/job-roles/${id}`).expect(200)).body.data.title).toBe('Backend Engineer');
    const listed = await tenant.api('get', '/job-roles').expect(200);
    expect(listed.body.meta).toEqual({ page: 1, limit: 20, total: 1, hasNextPage: false });
    expect(listed.body.data.map((r: { id: string }) => r.id)).toEqual([id]);
    const patched = await tenant.api('patch', `/job-roles/${id}`).send({ level: null, description: 'Builds APIs' }).expect(200);
    expect(patched.body.data).toMatchObject({ title: 'Backend Engineer', level: null, description: 'Builds APIs' });
    await tenant.api('delete', `/job-roles/${id}`).expect(204);
    await tenant.api('get', `/job-roles/${id}`).expect(404);
  });

  it('01 rule 10: PATCH is partial, and a required field cannot be cleared with null', async () => {
    const id = (await tenant.api('post', '/job-roles').send({ title: 'Partial', family: 'F' }).expect(201)).body.data.id;
    const res = await tenant.api('patch', `/job-roles/${id}`).send({ title: null }).expect(400);
    expect(res.body.error.details[0].field).toBe('title');
    expect((await tenant.api('patch', `/job-roles/${id}`).send({}).expect(200)).body.data).toMatchObject({ title: 'Partial', family: 'F' });
  });

  it('01 rule 6: externalId is unique per entity type, at most 255 characters, never CUID-shaped; a duplicate is 400', async () => {
    await tenant.api('post', '/job-roles').send({ title: 'A', externalId: 'HR-1' }).expect(201);
    const dup = await tenant.api('post', '/job-roles').send({ title: 'B', externalId: 'HR-1' }).expect(400);
    expect(dup.body.error).toMatchObject({
      code: 'VALIDATION_ERROR',
      details: [{ field: 'externalId', message: expect.any(String) }],
      errorId: expect.any(String),
    });
    // The same externalId on another entity type is fine.
    await tenant.api('post', '/locations').send({ name: 'L', externalId: 'HR-1' }).expect(201);
    const cuid = await tenant.api('post', '/job-roles').send({ title: 'C', externalId: 'cabcdefghijklmnopqrstuvwx' }).expect(400);
    expect(cuid.body.error.details[0].field).toBe('externalId');
    await tenant
      .api('post', '/job-roles')
      .send({ title: 'D', externalId: 'x'.repeat(256) })
      .expect(400);
    await tenant
      .api('post', '/job-roles')
      .send({ title: 'E', externalId: 'x'.repeat(255) })
      .expect(201);
  });

  it('01 rule 5: :id accepts the CUID or the externalId', async () => {
    const created = await tenant.api('post', '/cost-centres').send({ name: 'Finance', code: 'FIN', externalId: 'CC 100/a' }).expect(201);
    const byExternal = await tenant.api('get', `/cost-centres/${encodeURIComponent('CC 100/a')}`).expect(200);
    expect(byExternal.body.data.id).toBe(created.body.data.id);
    await tenant
      .api('patch', `/cost-centres/${encodeURIComponent('CC 100/a')}`)
      .send({ description: 'x' })
      .expect(200);
  });

  it('job roles: titles are unique in the organization, whatever their case', async () => {
    await tenant.api('post', '/job-roles').send({ title: 'Data Analyst' }).expect(201);
    const res = await tenant.api('post', '/job-roles').send({ title: 'data analyst' }).expect(400);
    expect(res.body.error.details[0].field).toBe('title');
  });

  it('locations: costMultiplier defaults to 1 and must be >= 0; codes are checked', async () => {
    const res = await tenant.api('post', '/locations').send({ name: 'London', countryCode: 'GB', currencyCode: 'GBP' }).expect(201);
    expect(res.body.data).toMatchObject({ name: 'London', countryCode: 'GB', currencyCode: 'GBP', costMultiplier: 1, externalId: null });
    const patched = await tenant.api('patch', `/locations/${res.body.data.id}`).send({ costMultiplier: 1.25 }).expect(200);
    expect(patched.body.data.costMultiplier).toBe(1.25);
    const bad = await tenant
      .api('post', '/locations')
      .send({ name: 'X', costMultiplier: -0.5, countryCode: 'gbr', currencyCode: 'ZZZ' })
      .expect(400);
    expect(bad.body.error.details.map((d: { field: string }) => d.field).sort()).toEqual(['costMultiplier', 'countryCode', 'currencyCode']);
  });

  it('cost centres and value streams: code is unique in the organization', async () => {
    for (const path of ['/cost-centres', '/value-streams']) {
      await tenant.api('post', path).send({ name: 'One', code: 'DUP' }).expect(201);
      const res = await tenant.api('post', path).send({ name: 'Two', code: 'DUP' }).expect(400);
      expect(res.body.error.details[0].field).toBe('code');
    }
  });

  it('03 §1.7: /work-types answers as /resource-types does, plus Deprecation and Link headers', async () => {
    const created = await tenant.api('post', '/resource-types').send({ name: 'Permanent' }).expect(201);
    const viaOld = await tenant.api('get', `/work-types/${created.body.data.id}`).expect(200);
    expect(viaOld.body).toEqual(created.body);
    expect(viaOld.headers['deprecation']).toBe('true');
    expect(viaOld.headers['link']).toBe(`</api/v1/org/${tenant.orgId}/resource-types>; rel="successor-version"`);
    const list = await tenant.api('get', '/work-types').expect(200);
    expect(list.body).toEqual((await tenant.api('get', '/resource-types').expect(200)).body);
    expect(list.headers['deprecation']).toBe('true');
    const createdOld = await tenant.api('post', '/work-types').send({ name: 'Contractor' }).expect(201);
    await tenant.api('get', `/resource-types/${createdOld.body.data.id}`).expect(200);
    const missing = await tenant.api('get', '/work-types/cxxxxxxxxxxxxxxxxxxxxxxxx').expect(404);
    expect(missing.headers['deprecation']).toBe('true');
    expect((await tenant.api('get', '/resource-types').expect(200)).headers['deprecation']).toBeUndefined();
  });

  it('03 §1.7: /lifecycle-stages (removed in 1.3.0) answers 404 NOT_FOUND', async () => {
    for (const method of ['get', 'post'] as const) {
      const res = await tenant.api(method, '/lifecycle-stages').expect(404);
      expect(res.body.error.code).toBe('NOT_FOUND');
    }
    await tenant.api('get', '/lifecycle-stages/cxxxxxxxxxxxxxxxxxxxxxxxx').expect(404);
  });

  it('drivers: key is 1-80 of a-z 0-9 - _ and unique', async () => {
    const res = await tenant
      .api('post', '/drivers')
      .send({ name: 'Active customers', key: 'active_customers', unit: 'customers' })
      .expect(201);
    expect(res.body.data).toMatchObject({ name: 'Active customers', key: 'active_customers', unit: 'customers', description: null });
    expect(
      (await tenant.api('post', '/drivers').send({ name: 'Again', key: 'active_customers' }).expect(400)).body.error.details[0].field,
    ).toBe('key');
    expect((await tenant.api('post', '/drivers').send({ name: 'Bad', key: 'Bad Key' }).expect(400)).body.error.details[0].field).toBe(
      'key',
    );
  });

  it('exchange rates: rate > 0, currencies differ, unique per pair and date', async () => {
    const res = await tenant
      .api('post', '/exchange-rates')
      .send({ fromCurrency: 'EUR', toCurrency: 'USD', rate: 1.1, effectiveDate: '2026-01-01' })
      .expect(201);
    expect(res.body.data).toMatchObject({ fromCurrency: 'EUR', toCurrency: 'USD', rate: 1.1, effectiveDate: '2026-01-01' });
    const dup = await tenant
      .api('post', '/exchange-rates')
      .send({ fromCurrency: 'EUR', toCurrency: 'USD', rate: 1.2, effectiveDate: '2026-01-01' })
      .expect(400);
    expect(dup.body.error.details[0].field).toBe('effectiveDate');
    for (const body of [
      { fromCurrency: 'EUR', toCurrency: 'USD', rate: 0, effectiveDate: '2026-02-01' },
      { fromCurrency: 'EUR', toCurrency: 'EUR', rate: 1, effectiveDate: '2026-02-01' },
      { fromCurrency: 'EUR', toCurrency: 'USD', rate: 1, effectiveDate: '2026-02-30' },
    ]) {
      await tenant.api('post', '/exchange-rates').send(body).expect(400);
    }
  });

  it('exchange rates: the rate in force on a day, the inverse when only it is stored, the identity for one currency', async () => {
    const org = await t.createTenant();
    await org
      .api('post', '/exchange-rates')
      .send({ fromCurrency: 'GBP', toCurrency: 'USD', rate: 1.25, effectiveDate: '2026-01-01' })
      .expect(201);
    await org
      .api('post', '/exchange-rates')
      .send({ fromCurrency: 'GBP', toCurrency: 'USD', rate: 1.5, effectiveDate: '2026-06-01' })
      .expect(201);
    const onDay = (from: string, to: string, date: string) =>
      org.api('get', `/exchange-rates/convert?from=${from}&to=${to}&date=${date}&amount=10`);
    expect((await onDay('GBP', 'USD', '2026-05-31').expect(200)).body.data).toMatchObject({
      rate: 1.25,
      converted: 12.5,
      source: 'direct',
      effectiveDate: '2026-01-01',
    });
    expect((await onDay('GBP', 'USD', '2026-06-01').expect(200)).body.data).toMatchObject({
      rate: 1.5,
      source: 'direct',
      effectiveDate: '2026-06-01',
    });
    const inverse = (await onDay('USD', 'GBP', '2026-03-01').expect(200)).body.data;
    expect(inverse).toMatchObject({ source: 'inverse', effectiveDate: '2026-01-01' });
    expect(inverse.rate).toBeCloseTo(0.8, 10);
    expect((await onDay('EUR', 'EUR', '2026-03-01').expect(200)).body.data).toMatchObject({ rate: 1, converted: 10, source: 'identity' });
    expect((await onDay('GBP', 'USD', '2025-12-31').expect(404)).body.error.code).toBe('NOT_FOUND');
    // Without a date: the current rate (today's).
    expect((await org.api('get', '/exchange-rates/convert?from=GBP&to=USD').expect(200)).body.data.rate).toBe(1.5);
  });

  it('01 "Common list query parameters": search is case-insensitive and sortBy/sortDir follow the allow-list', async () => {
    const org = await t.createTenant();
    for (const title of ['Zeta Designer', 'alpha engineer', 'Beta ENGINEER'])
      await org.api('post', '/job-roles').send({ title }).expect(201);
    const found = await org.api('get', '/job-roles?search=EnGiNeEr').expect(200);
    expect(found.body.data.map((r: { title: string }) => r.title)).toEqual(['alpha engineer', 'Beta ENGINEER']);
    const desc = await org.api('get', '/job-roles?sortBy=title&sortDir=desc').expect(200);
    expect(desc.body.data.map((r: { title: string }) => r.title)).toEqual(['Zeta Designer', 'Beta ENGINEER', 'alpha engineer']);
    const bad = await org.api('get', '/job-roles?sortBy=password').expect(400);
    expect(bad.body.error.details[0].field).toBe('sortBy');
    await org.api('get', '/job-roles?sortDir=up').expect(400);
    // LIKE wildcards are literal.
    expect((await org.api('get', '/job-roles?search=%25').expect(200)).body.data).toHaveLength(0);
  });

  it('01 list limits: page >= 1, limit 1-100 (default 20), hasNextPage', async () => {
    const org = await t.createTenant();
    for (let i = 0; i < 3; i++)
      await org
        .api('post', '/drivers')
        .send({ name: `D${i}`, key: `d${i}` })
        .expect(201);
    const page = await org.api('get', '/drivers?page=2&limit=2').expect(200);
    expect(page.body.meta).toEqual({ page: 2, limit: 2, total: 3, hasNextPage: false });
    expect(page.body.data).toHaveLength(1);
    expect((await org.api('get', '/drivers?page=1&limit=2').expect(200)).body.meta.hasNextPage).toBe(true);
    for (const q of ['limit=0', 'limit=101', 'page=0', 'page=abc', 'limit=1.5']) {
      const res = await org.api('get', `/drivers?${q}`).expect(400);
      expect(res.body.error.code).toBe('VALIDATION_ERROR');
    }
  });

  it('tenant isolation: another organization’s record is 404 and never listed', async () => {
    const other = await t.createTenant();
    const theirs = (await other.api('post', '/job-roles').send({ title: 'Theirs', externalId: 'THEIRS' }).expect(201)).body.data.id;
    await tenant.api('get', `/job-roles/${theirs}`).expect(404);
    await tenant.api('get', '/job-roles/THEIRS').expect(404);
    await tenant.api('patch', `/job-roles/${theirs}`).send({ title: 'Mine' }).expect(404);
    await tenant.api('delete', `/job-roles/${theirs}`).expect(404);
    const listed = await tenant.api('get', '/job-roles?limit=100').expect(200);
    expect(listed.body.data.map((r: { id: string }) => r.id)).not.toContain(theirs);
    expect((await other.api('get', `/job-roles/${theirs}`).expect(200)).body.data.title).toBe('Theirs');
  });

  it('03 §2: reads need reference_data_view and writes reference_data_edit', async () => {
    const viewer = await t.createTenant({ keyPermissions: ['reference_data_view'] });
    await viewer.api('get', '/job-roles').expect(200);
    const res = await viewer.api('post', '/job-roles').send({ title: 'Nope' }).expect(403);
    expect(res.body.error).toMatchObject({ code: 'FORBIDDEN', errorId: expect.any(String) });
    const none = await t.createTenant({ keyPermissions: ['teams_view'] });
    await none.api('get', '/job-roles').expect(403);
    await none.api('get', '/exchange-rates/convert?from=USD&to=USD').expect(403);
    // Held by the key but not by its creator: still refused.
    const narrowed = await t.createTenant({
      keyPermissions: ['reference_data_view', 'reference_data_edit'],
      userPermissions: ['reference_data_view'],
    });
    await narrowed.api('get', '/job-roles').expect(200);
    await narrowed.api('post', '/job-roles').send({ title: 'Nope' }).expect(403);
  });

  it('01 rule 8: a write with scenarioId is 501 NOT_IMPLEMENTED with only code and message', async () => {
    const res = await tenant.api('post', '/job-roles?scenarioId=whatever').send({ title: 'S' }).expect(501);
    expect(res.body).toEqual({ error: { code: 'NOT_IMPLEMENTED', message: expect.any(String) } });
  });

  it('02 events: every write is recorded with document 02 entity types (geography, cost_center, value_stream)', async () => {
    const org = await t.createTenant();
    const loc = (await org.api('post', '/locations').send({ name: 'Paris', costMultiplier: 1.1 }).expect(201)).body.data.id;
    await org.api('patch', `/locations/${loc}`).send({ name: 'Paris FR' }).expect(200);
    await org.api('patch', `/locations/${loc}`).send({ name: 'Paris FR' }).expect(200); // no change, no record
    await org.api('delete', `/locations/${loc}`).expect(204);
    const cc = (await org.api('post', '/cost-centres').send({ name: 'CC' }).expect(201)).body.data.id;
    const vs = (await org.api('post', '/value-streams').send({ name: 'VS' }).expect(201)).body.data.id;
    const jr = (await org.api('post', '/job-roles').send({ title: 'JR' }).expect(201)).body.data.id;
    const rows = await changesOf(t, org.orgId);
    expect(rows.map((r) => `${r.entityType}:${r.changeType}`)).toEqual([
      'geography:create',
      'geography:update',
      'geography:delete',
      'cost_center:create',
      'value_stream:create',
      'job_role:create',
    ]);
    expect(rows[0]).toMatchObject({
      entityId: loc,
      before: null,
      actorType: 'api_key',
      actorId: org.keyId,
      after: expect.objectContaining({ name: 'Paris', costMultiplier: '1.1' }),
    });
    expect(rows[1].before?.name).toBe('Paris');
    expect(rows[1].after?.name).toBe('Paris FR');
    expect(rows[2]).toMatchObject({ after: null, before: expect.objectContaining({ name: 'Paris FR' }) });
    expect([rows[3].entityId, rows[4].entityId, rows[5].entityId]).toEqual([cc, vs, jr]);
  });
});
