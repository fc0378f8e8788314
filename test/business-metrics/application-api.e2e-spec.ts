import { TestApp } from '../support/test-app';
import { dailyReadings, metricTenant, monthlyReadings } from './support';

describe('application API: business metrics, sources, readings (03 §3 "Business metrics")', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await TestApp.start();
  });
  afterAll(() => t.close());

  const base = (orgId: string) => `/organizations/${orgId}/business-metrics`;

  it('03 §3 metrics: create applies the defaults (active true, description null) and returns the metric', async () => {
    const tenant = await t.createTenant();
    const res = await t
      .admin('post', base(tenant.orgId))
      .send({ key: 'tickets_resolved-2', name: ' Tickets resolved ', unit: 'tickets' })
      .expect(201);
    expect(res.body).toEqual({
      data: {
        id: expect.stringMatching(/^[a-z][a-z0-9]{24}$/),
        key: 'tickets_resolved-2',
        name: 'Tickets resolved',
        unit: 'tickets',
        description: null,
        active: true,
        costScope: { type: 'ORGANIZATION' },
        createdAt: expect.any(String),
        updatedAt: expect.any(String),
      },
    });
    const full = await t
      .admin('post', base(tenant.orgId))
      .send({ key: 'k2', name: 'N', unit: 'u', description: 'About it', active: false })
      .expect(201);
    expect(full.body.data).toMatchObject({ description: 'About it', active: false });
  });

  it('04/§3 costScope: ORGANIZATION by default, COST_CENTRE and TEAM with an id (externalId accepted), null resets; unknown id or bad shape is 400', async () => {
    const tenant = await t.createTenant();
    const centre = (await tenant.api('post', '/cost-centres').send({ name: 'Support', externalId: 'cc-support' }).expect(201)).body.data;
    const team = (await tenant.api('post', '/teams').send({ name: 'Tier 1' }).expect(201)).body.data;
    const byCentre = await t
      .admin('post', base(tenant.orgId))
      .send({ key: 'a', name: 'A', unit: 'u', costScope: { type: 'COST_CENTRE', id: 'cc-support' } })
      .expect(201);
    expect(byCentre.body.data.costScope).toEqual({ type: 'COST_CENTRE', id: centre.id });
    const byTeam = await t
      .admin('patch', `${base(tenant.orgId)}/a`)
      .send({ costScope: { type: 'TEAM', id: team.id } })
      .expect(200);
    expect(byTeam.body.data.costScope).toEqual({ type: 'TEAM', id: team.id });
    expect((await t.admin('get', `${base(tenant.orgId)}/a`).expect(200)).body.data.costScope).toEqual({ type: 'TEAM', id: team.id });
    const reset = await t
      .admin('patch', `${base(tenant.orgId)}/a`)
      .send({ costScope: null })
      .expect(200);
    expect(reset.body.data.costScope).toEqual({ type: 'ORGANIZATION' });
    const cases: [unknown, string][] = [
      [{ type: 'TEAM', id: 'cxxxxxxxxxxxxxxxxxxxxxxxx' }, 'costScope.id'],
      [{ type: 'COST_CENTRE', id: team.id }, 'costScope.id'],
      [{ type: 'COST_CENTRE' }, 'costScope.id'],
      [{ type: 'ORGANIZATION', id: centre.id }, 'costScope.id'],
      [{ type: 'DEPARTMENT', id: centre.id }, 'costScope.type'],
    ];
    for (const [costScope, field] of cases) {
      const res = await t
        .admin('patch', `${base(tenant.orgId)}/a`)
        .send({ costScope })
        .expect(400);
      expect(res.body.error.details.map((d: { field: string }) => d.field)).toContain(field);
    }
    const other = await t.createTenant();
    const foreign = await t
      .admin('post', base(other.orgId))
      .send({ key: 'a', name: 'A', unit: 'u', costScope: { type: 'TEAM', id: team.id } })
      .expect(400);
    expect(foreign.body.error.details[0].field).toBe('costScope.id');
  });

  it('03 §3 metrics: key is 1-80 of a-z 0-9 - _, unique in the organization; name and unit are required', async () => {
    const tenant = await t.createTenant();
    for (const key of ['', 'Upper', 'with space', 'dot.ted', 'k'.repeat(81), 5]) {
      const res = await t.admin('post', base(tenant.orgId)).send({ key, name: 'N', unit: 'u' }).expect(400);
      expect(new Set(res.body.error.details.map((d: { field: string }) => d.field))).toEqual(new Set(['key']));
    }
    await t
      .admin('post', base(tenant.orgId))
      .send({ key: 'k'.repeat(80), name: 'N', unit: 'u' })
      .expect(201);
    const missing = await t.admin('post', base(tenant.orgId)).send({}).expect(400);
    expect(missing.body.error.details.map((d: { field: string }) => d.field)).toEqual(['key', 'name', 'unit']);
    await t.admin('post', base(tenant.orgId)).send({ key: 'dup', name: 'N', unit: 'u' }).expect(201);
    const dup = await t.admin('post', base(tenant.orgId)).send({ key: 'dup', name: 'N2', unit: 'u' }).expect(400);
    expect(dup.body.error).toMatchObject({ code: 'VALIDATION_ERROR', details: [{ field: 'key', message: expect.any(String) }] });
    const other = await t.createTenant();
    await t.admin('post', base(other.orgId)).send({ key: 'dup', name: 'N', unit: 'u' }).expect(201);
    await t.admin('post', base('cxxxxxxxxxxxxxxxxxxxxxxxx')).send({ key: 'x', name: 'N', unit: 'u' }).expect(404);
  });

  it('03 §3 metrics: list (paged, by key), get by id or key, patch any create field', async () => {
    const tenant = await t.createTenant();
    const b = await t.admin('post', base(tenant.orgId)).send({ key: 'b', name: 'B', unit: 'u', description: 'd' }).expect(201);
    await t.admin('post', base(tenant.orgId)).send({ key: 'a', name: 'A', unit: 'u' }).expect(201);
    const page1 = await t.admin('get', `${base(tenant.orgId)}?limit=1`).expect(200);
    expect(page1.body.data.map((m: { key: string }) => m.key)).toEqual(['a']);
    expect(page1.body.meta).toEqual({ page: 1, limit: 1, total: 2, hasNextPage: true });
    const page2 = await t.admin('get', `${base(tenant.orgId)}?limit=1&page=2`).expect(200);
    expect(page2.body.data.map((m: { key: string }) => m.key)).toEqual(['b']);
    expect(page2.body.meta.hasNextPage).toBe(false);
    await t.admin('get', `${base(tenant.orgId)}?limit=101`).expect(400);

    const id = b.body.data.id;
    expect((await t.admin('get', `${base(tenant.orgId)}/${id}`).expect(200)).body.data).toEqual(b.body.data);
    expect((await t.admin('get', `${base(tenant.orgId)}/b`).expect(200)).body.data).toEqual(b.body.data);

    const patched = await t
      .admin('patch', `${base(tenant.orgId)}/${id}`)
      .send({ key: 'b2', name: 'B two', unit: 'hours', description: null, active: false })
      .expect(200);
    expect(patched.body.data).toMatchObject({ id, key: 'b2', name: 'B two', unit: 'hours', description: null, active: false });
    const nameOnly = await t
      .admin('patch', `${base(tenant.orgId)}/b2`)
      .send({ name: 'Again' })
      .expect(200);
    expect(nameOnly.body.data).toMatchObject({ key: 'b2', name: 'Again', unit: 'hours', active: false });
  });

  it('03 §3 metrics: patch refuses bad values, null for required fields and a taken key; unknown or foreign metrics are 404', async () => {
    const tenant = await t.createTenant();
    const m = await t.admin('post', base(tenant.orgId)).send({ key: 'm', name: 'M', unit: 'u' }).expect(201);
    await t.admin('post', base(tenant.orgId)).send({ key: 'taken', name: 'T', unit: 'u' }).expect(201);
    const path = `${base(tenant.orgId)}/${m.body.data.id}`;
    for (const [field, value] of [
      ['key', 'Bad Key'],
      ['key', null],
      ['name', null],
      ['name', ''],
      ['unit', null],
      ['active', 'yes'],
      ['active', null],
    ] as const) {
      const res = await t
        .admin('patch', path)
        .send({ [field]: value })
        .expect(400);
      expect(res.body.error.details[0].field).toBe(field);
    }
    const taken = await t.admin('patch', path).send({ key: 'taken' }).expect(400);
    expect(taken.body.error.details).toEqual([{ field: 'key', message: expect.any(String) }]);
    expect((await t.admin('get', path).expect(200)).body.data).toEqual(m.body.data);

    const other = await t.createTenant();
    await t.admin('get', `${base(other.orgId)}/${m.body.data.id}`).expect(404);
    await t
      .admin('patch', `${base(other.orgId)}/${m.body.data.id}`)
      .send({ name: 'x' })
      .expect(404);
    const unknown = await t.admin('get', `${base(tenant.orgId)}/nothing`).expect(404);
    expect(unknown.body.error).toMatchObject({ code: 'NOT_FOUND', errorId: expect.any(String) });
  });

  it('03 §3 sources: [{ id, name, paused, feedStatus, lastPushAt, lastError }] by name, paged; PATCH { paused }', async () => {
    const m = await metricTenant(t);
    const before = Date.now();
    await m.push({ metric: m.metricKey, source: 'beta', readings: monthlyReadings(1) }).expect(200);
    await m.push({ metric: m.metricKey, source: 'Alpha', readings: monthlyReadings(1) }).expect(200);
    const path = `${base(m.tenant.orgId)}/${m.metricId}/sources`;
    const listed = await t.admin('get', path).expect(200);
    expect(listed.body.meta).toEqual({ page: 1, limit: 20, total: 2, hasNextPage: false });
    expect(listed.body.data.map((s: { name: string }) => s.name)).toEqual(['Alpha', 'beta']);
    const [alpha] = listed.body.data;
    expect(alpha).toEqual({
      id: expect.any(String),
      metricId: m.metricId,
      name: 'Alpha',
      paused: false,
      feedStatus: 'HEALTHY',
      lastPushAt: expect.any(String),
      lastError: null,
      createdAt: expect.any(String),
    });
    expect(Date.parse(alpha.lastPushAt)).toBeGreaterThanOrEqual(before - 1000);
    const paged = await t.admin('get', `${path}?limit=1&page=2`).expect(200);
    expect(paged.body.data.map((s: { name: string }) => s.name)).toEqual(['beta']);

    const paused = await t.admin('patch', `${path}/${alpha.id}`).send({ paused: true }).expect(200);
    expect(paused.body.data).toEqual({ ...alpha, paused: true });
    const resumed = await t.admin('patch', `${path}/${alpha.id}`).send({ paused: false }).expect(200);
    expect(resumed.body.data.paused).toBe(false);
    for (const body of [{}, { paused: 'yes' }, { paused: null }]) {
      const res = await t.admin('patch', `${path}/${alpha.id}`).send(body).expect(400);
      expect(res.body.error.details[0].field).toBe('paused');
    }
    await t.admin('patch', `${path}/cxxxxxxxxxxxxxxxxxxxxxxxx`).send({ paused: true }).expect(404);
    // A source of another metric is not found under this one.
    const second = await t.admin('post', base(m.tenant.orgId)).send({ key: 'second', name: 'S', unit: 'u' }).expect(201);
    await t
      .admin('patch', `${base(m.tenant.orgId)}/${second.body.data.id}/sources/${alpha.id}`)
      .send({ paused: true })
      .expect(404);
    expect((await t.admin('get', `${base(m.tenant.orgId)}/${second.body.data.id}/sources`).expect(200)).body.data).toEqual([]);
    await t.admin('get', `${base(m.tenant.orgId)}/nothing/sources`).expect(404);
  });

  it('03 §3 readings: listed by periodStart then source, with JSON numbers, paged', async () => {
    const m = await metricTenant(t);
    const a = await m
      .push({
        metric: m.metricKey,
        source: 'A',
        readings: [{ periodStart: '2026-01-01', periodEnd: '2026-01-31', value: 10.25, aiValue: 0.5, externalRef: 'x-1', note: 'hi' }],
      })
      .expect(200);
    await m.push({ metric: m.metricKey, source: 'B', readings: monthlyReadings(3) }).expect(200);
    const path = `${base(m.tenant.orgId)}/${m.metricId}/readings`;
    const res = await t.admin('get', path).expect(200);
    expect(res.body.meta).toEqual({ page: 1, limit: 20, total: 4, hasNextPage: false });
    expect(res.body.data.map((r: { periodStart: string; sourceName: string }) => `${r.periodStart} ${r.sourceName}`).sort()).toEqual([
      '2026-01-01 A',
      '2026-01-01 B',
      '2026-02-01 B',
      '2026-03-01 B',
    ]);
    expect(res.body.data.map((r: { periodStart: string }) => r.periodStart)).toEqual([
      '2026-01-01',
      '2026-01-01',
      '2026-02-01',
      '2026-03-01',
    ]);
    const fromA = res.body.data.find((r: { sourceName: string }) => r.sourceName === 'A');
    expect(fromA).toEqual({
      metricId: m.metricId,
      sourceId: a.body.data.source.id,
      sourceName: 'A',
      periodStart: '2026-01-01',
      periodEnd: '2026-01-31',
      value: 10.25,
      aiValue: 0.5,
      externalRef: 'x-1',
      note: 'hi',
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    const page2 = await t.admin('get', `${path}?limit=3&page=2`).expect(200);
    expect(page2.body.data.map((r: { periodStart: string }) => r.periodStart)).toEqual(['2026-03-01']);
    expect(page2.body.meta).toEqual({ page: 2, limit: 3, total: 4, hasNextPage: false });
    // By key too.
    expect((await t.admin('get', `${base(m.tenant.orgId)}/${m.metricKey}/readings`).expect(200)).body.meta.total).toBe(4);
  });

  it('03 §3 readings: filters sourceId, from and to (periods overlapping [from, to]); bad filters are 400', async () => {
    const m = await metricTenant(t);
    const a = await m.push({ metric: m.metricKey, source: 'A', readings: monthlyReadings(6) }).expect(200);
    await m.push({ metric: m.metricKey, source: 'B', readings: dailyReadings(10) }).expect(200);
    const path = `${base(m.tenant.orgId)}/${m.metricId}/readings`;
    const get = async (query: string) => (await t.admin('get', `${path}?limit=100&${query}`).expect(200)).body;
    expect((await get('')).meta.total).toBe(16);
    const bySource = await get(`sourceId=${a.body.data.source.id}`);
    expect(bySource.meta.total).toBe(6);
    expect(new Set(bySource.data.map((r: { sourceName: string }) => r.sourceName))).toEqual(new Set(['A']));
    // 2026-02-15..2026-03-10 overlaps February and March.
    const window = await get('from=2026-02-15&to=2026-03-10');
    expect(window.data.map((r: { periodStart: string }) => r.periodStart)).toEqual(['2026-02-01', '2026-03-01']);
    expect((await get('from=2026-06-30')).data.map((r: { periodStart: string }) => r.periodStart)).toEqual(['2026-06-01']);
    expect((await get('to=2020-01-03')).data.map((r: { periodStart: string }) => r.periodStart)).toEqual([
      '2020-01-01',
      '2020-01-02',
      '2020-01-03',
    ]);
    expect((await get(`sourceId=${a.body.data.source.id}&to=2020-12-31`)).meta.total).toBe(0);
    for (const query of ['from=2026-02-30', 'to=yesterday', 'from=2026-03-01&to=2026-02-01', 'sourceId=not-an-id', 'page=0']) {
      const res = await t.admin('get', `${path}?${query}`).expect(400);
      expect(res.body.error.code).toBe('VALIDATION_ERROR');
    }
    await t.admin('get', `${base(m.tenant.orgId)}/cxxxxxxxxxxxxxxxxxxxxxxxx/readings`).expect(404);
  });

  it('03 §3: the application API needs the admin token', async () => {
    const m = await metricTenant(t);
    await t
      .http()
      .get(`/admin/v1${base(m.tenant.orgId)}`)
      .expect(401);
    await t
      .http()
      .get(`/admin/v1${base(m.tenant.orgId)}`)
      .set('Authorization', `Bearer ${m.tenant.key}`)
      .expect(401);
  });
});
