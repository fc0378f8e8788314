import { TestApp } from '../support/test-app';
import { dailyReadings, metricTenant, monthlyReadings } from './support';

const CUID = /^[a-z][a-z0-9]{24}$/;

describe('business-metric reading intake (01 "Business metric readings")', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await TestApp.start();
  });
  afterAll(() => t.close());

  describe('route and response', () => {
    it('01/readings: 200 { data: { metric: { id, slug }, source: { id, name }, written } } and every reading stored', async () => {
      const m = await metricTenant(t);
      const res = await m.push({ metric: m.metricKey, source: 'Zendesk', readings: monthlyReadings(3) }).expect(200);
      expect(res.body).toEqual({
        data: { metric: { id: m.metricId, slug: m.metricKey }, source: { id: expect.stringMatching(CUID), name: 'Zendesk' }, written: 3 },
      });
      expect(await m.stored()).toEqual([
        { source: 'Zendesk', period_start: '2026-01-01', period_end: '2026-01-31', value: 0, ai_value: 0, external_ref: null, note: null },
        { source: 'Zendesk', period_start: '2026-02-01', period_end: '2026-02-28', value: 10, ai_value: 1, external_ref: null, note: null },
        { source: 'Zendesk', period_start: '2026-03-01', period_end: '2026-03-31', value: 20, ai_value: 2, external_ref: null, note: null },
      ]);
    });

    it('01/readings: the metric is named by its key or by its id', async () => {
      const m = await metricTenant(t);
      const byId = await m.push({ metric: m.metricId, source: 'S', readings: monthlyReadings(1) }).expect(200);
      expect(byId.body.data.metric).toEqual({ id: m.metricId, slug: m.metricKey });
      const byKey = await m.push({ metric: m.metricKey, source: 'S', readings: monthlyReadings(1) }).expect(200);
      expect(byKey.body.data.metric).toEqual({ id: m.metricId, slug: m.metricKey });
    });

    it('01/readings rule 5: no metric with that key or id in the organization is 404 NOT_FOUND (with errorId), and nothing is created', async () => {
      const m = await metricTenant(t);
      const other = await metricTenant(t);
      const unknown = await m.push({ metric: 'no-such-metric', source: 'S', readings: monthlyReadings(1) }).expect(404);
      expect(unknown.body.error).toEqual({
        code: 'NOT_FOUND',
        message: expect.stringContaining('no-such-metric'),
        errorId: expect.any(String),
      });
      // Another organization's metric, by id and by key.
      await m.push({ metric: other.metricId, source: 'S', readings: monthlyReadings(1) }).expect(404);
      await m.push({ metric: other.metricKey, source: 'S', readings: monthlyReadings(1) }).expect(404);
      expect(await other.sources()).toEqual([]);
      expect(await other.stored()).toEqual([]);
    });

    it('01/readings: scenarioId is ignored (live data only)', async () => {
      const m = await metricTenant(t);
      await m.tenant
        .api('post', '/business-metrics/readings?scenarioId=cxxxxxxxxxxxxxxxxxxxxxxxx')
        .send({ metric: m.metricKey, source: 'S', readings: monthlyReadings(2) })
        .expect(200);
      expect(await m.stored()).toHaveLength(2);
    });

    it('01/readings rule 5: 401 without a valid key, 403 FORBIDDEN without business_metrics_ingest or for another organization', async () => {
      const m = await metricTenant(t);
      const body = { metric: m.metricKey, source: 'S', readings: monthlyReadings(1) };
      const noKey = await t.http().post(`/api/v1/org/${m.tenant.orgId}/business-metrics/readings`).send(body).expect(401);
      expect(Object.keys(noKey.body.error).sort()).toEqual(['code', 'message']);
      const weak = await t.createKey(m.tenant, ['employees_view']);
      const forbidden = await t
        .http()
        .post(`/api/v1/org/${m.tenant.orgId}/business-metrics/readings`)
        .set('Authorization', `Bearer ${weak.key}`)
        .send(body)
        .expect(403);
      expect(forbidden.body.error).toMatchObject({ code: 'FORBIDDEN', errorId: expect.any(String) });
      // The creator lacks the permission: the key's permission is narrowed away.
      const narrowed = await t.createTenant({ userPermissions: ['employees_view'], keyPermissions: ['business_metrics_ingest'] });
      await narrowed.api('post', '/business-metrics/readings').send(body).expect(403);
      const other = await t.createTenant();
      await t
        .http()
        .post(`/api/v1/org/${other.orgId}/business-metrics/readings`)
        .set('Authorization', `Bearer ${m.tenant.key}`)
        .send(body)
        .expect(403);
      expect(await m.stored()).toEqual([]);
      // business_metrics_ingest alone is enough.
      const ingestOnly = await t.createKey(m.tenant, ['business_metrics_ingest']);
      await t
        .http()
        .post(`/api/v1/org/${m.tenant.orgId}/business-metrics/readings`)
        .set('Authorization', `Bearer ${ingestOnly.key}`)
        .send(body)
        .expect(200);
    });
  });

  describe('source', () => {
    it('01/readings source: trimmed, created on first push, then matched case-insensitively (the first spelling is kept)', async () => {
      const m = await metricTenant(t);
      const first = await m.push({ metric: m.metricKey, source: '  Zendesk Support ', readings: monthlyReadings(1) }).expect(200);
      expect(first.body.data.source.name).toBe('Zendesk Support');
      const again = await m.push({ metric: m.metricKey, source: 'ZENDESK support', readings: monthlyReadings(2) }).expect(200);
      expect(again.body.data.source).toEqual(first.body.data.source);
      const sources = await m.sources();
      expect(sources).toHaveLength(1);
      expect(sources[0]).toMatchObject({ id: first.body.data.source.id, name: 'Zendesk Support' });
      // Another name is another source, with its own readings of the same periods.
      const jira = await m.push({ metric: m.metricKey, source: 'Jira', readings: monthlyReadings(1) }).expect(200);
      expect(jira.body.data.source.id).not.toBe(first.body.data.source.id);
      expect(await m.stored()).toHaveLength(3);
    });

    it('01/readings source: the same name under another metric is another source', async () => {
      const m = await metricTenant(t);
      const second = await t
        .admin('post', `/organizations/${m.tenant.orgId}/business-metrics`)
        .send({ key: 'second', name: 'Second', unit: 'x' })
        .expect(201);
      const a = await m.push({ metric: m.metricKey, source: 'S', readings: monthlyReadings(1) }).expect(200);
      const b = await m.push({ metric: 'second', source: 's', readings: monthlyReadings(1) }).expect(200);
      expect(b.body.data.source.id).not.toBe(a.body.data.source.id);
      expect(b.body.data).toMatchObject({ metric: { id: second.body.data.id, slug: 'second' }, source: { name: 's' } });
    });

    it('01/readings source: 1 to 120 characters after trimming (surrogate pairs count once)', async () => {
      const m = await metricTenant(t);
      const readings = monthlyReadings(1);
      for (const source of ['', '    ', 'x'.repeat(121), ` ${'y'.repeat(121)} `, 42, null]) {
        const res = await m.push({ metric: m.metricKey, source, readings }).expect(400);
        expect(res.body.error.details).toEqual([{ field: 'source', message: expect.stringMatching(/^source /) }]);
      }
      const missing = await m.push({ metric: m.metricKey, readings }).expect(400);
      expect(missing.body.error.details).toEqual([{ field: 'source', message: 'source is required' }]);
      expect(await m.sources()).toEqual([]);
      await m.push({ metric: m.metricKey, source: ` ${'x'.repeat(120)} `, readings }).expect(200);
      const emoji = '📈'.repeat(120);
      const res = await m.push({ metric: m.metricKey, source: emoji, readings }).expect(200);
      expect(res.body.data.source.name).toBe(emoji);
    });
  });

  describe('field rules (400 VALIDATION_ERROR, details[].field a dot path)', () => {
    const good = { periodStart: '2026-01-01', periodEnd: '2026-01-31', value: 10, aiValue: 2, externalRef: 'r', note: 'n' };
    const cases: [string, Record<string, unknown>, string][] = [
      ['periodStart not a real calendar date', { periodStart: '2026-02-30' }, 'periodStart'],
      ['periodStart not YYYY-MM-DD', { periodStart: '2026-1-01' }, 'periodStart'],
      ['periodStart a datetime', { periodStart: '2026-01-01T00:00:00Z' }, 'periodStart'],
      ['periodStart missing', { periodStart: undefined }, 'periodStart'],
      ['periodEnd not a real calendar date', { periodEnd: '2025-13-01' }, 'periodEnd'],
      ['periodEnd missing', { periodEnd: undefined }, 'periodEnd'],
      ['value below 0', { value: -0.5 }, 'value'],
      ['value a string', { value: '10' }, 'value'],
      ['value missing', { value: undefined }, 'value'],
      ['value null', { value: null }, 'value'],
      ['aiValue below 0', { aiValue: -1 }, 'aiValue'],
      ['aiValue a string', { aiValue: '1' }, 'aiValue'],
      ['externalRef over 200 characters', { externalRef: 'r'.repeat(201) }, 'externalRef'],
      ['externalRef not a string', { externalRef: 7 }, 'externalRef'],
      ['note over 2,000 characters', { note: 'n'.repeat(2001) }, 'note'],
      ['note with a NUL character', { note: 'a\u0000b' }, 'note'],
    ];

    it.each(cases)('01/readings field rules: %s is refused at readings.3.<field>, nothing written', async (_name, patch, field) => {
      const m = await metricTenant(t);
      const readings: Record<string, unknown>[] = monthlyReadings(6).map((r) => ({ ...r }));
      readings[3] = { ...good, periodStart: readings[3].periodStart, periodEnd: readings[3].periodEnd, ...patch };
      const res = await m.push({ metric: m.metricKey, source: 'S', readings }).expect(400);
      expect(res.body.error).toEqual({
        code: 'VALIDATION_ERROR',
        message: res.body.error.details[0].message,
        details: [{ field: `readings.3.${field}`, message: expect.stringMatching(new RegExp(`^readings\\.3\\.${field} `)) }],
        errorId: expect.any(String),
      });
      expect(await m.stored()).toEqual([]);
      expect(await m.sources()).toEqual([]);
    });

    it('01/readings field rules: boundaries are accepted (periodEnd = periodStart, value 0, aiValue 0 or = value or null or omitted, 200/2,000 characters)', async () => {
      const m = await metricTenant(t);
      const readings = [
        { periodStart: '2024-02-29', periodEnd: '2024-02-29', value: 0, aiValue: 0 },
        {
          periodStart: '2024-03-01',
          periodEnd: '2024-03-31',
          value: 12.5,
          aiValue: 12.5,
          externalRef: 'r'.repeat(200),
          note: 'n'.repeat(2000),
        },
        { periodStart: '2024-04-01', periodEnd: '2024-04-30', value: 3, aiValue: null, externalRef: null, note: null },
        { periodStart: '2024-05-01', periodEnd: '2024-05-31', value: 1e12, note: '🧮'.repeat(2000) },
      ];
      const res = await m.push({ metric: m.metricKey, source: 'S', readings }).expect(200);
      expect(res.body.data.written).toBe(4);
      const stored = await m.stored();
      expect(stored.map((r) => [r.period_start, r.value, r.ai_value])).toEqual([
        ['2024-02-29', 0, 0],
        ['2024-03-01', 12.5, 12.5],
        ['2024-04-01', 3, null],
        ['2024-05-01', 1e12, null],
      ]);
      expect((stored[1].external_ref as string).length).toBe(200);
      expect([...(stored[3].note as string)].length).toBe(2000);
    });

    it('01/readings field rules: 1 to 1,000 readings; metric, source and readings are required', async () => {
      const m = await metricTenant(t);
      const empty = await m.push({ metric: m.metricKey, source: 'S', readings: [] }).expect(400);
      expect(empty.body.error.details).toEqual([{ field: 'readings', message: expect.stringContaining('1 to 1,000') }]);
      const tooMany = await m.push({ metric: m.metricKey, source: 'S', readings: dailyReadings(1001) }).expect(400);
      expect(tooMany.body.error.details).toEqual([{ field: 'readings', message: expect.stringContaining('1 to 1,000') }]);
      const notArray = await m.push({ metric: m.metricKey, source: 'S', readings: { periodStart: '2026-01-01' } }).expect(400);
      expect(notArray.body.error.details).toEqual([{ field: 'readings', message: 'readings must be an array' }]);
      const notObject = await m.push({ metric: m.metricKey, source: 'S', readings: [monthlyReadings(1)[0], 'x'] }).expect(400);
      expect(notObject.body.error.details).toEqual([{ field: 'readings.1', message: 'readings.1 must be an object' }]);
      const nothing = await m.push({}).expect(400);
      expect(nothing.body.error.details.map((d: { field: string }) => d.field)).toEqual(['metric', 'source', 'readings']);
      const badMetric = await m.push({ metric: 12, source: 'S', readings: monthlyReadings(1) }).expect(400);
      expect(badMetric.body.error.details).toEqual([{ field: 'metric', message: 'metric must be a string' }]);
      const array = await m.tenant.api('post', '/business-metrics/readings').send([1, 2]).expect(400);
      expect(array.body.error.details).toEqual([{ field: 'body', message: expect.any(String) }]);
      expect(await m.stored()).toEqual([]);
      expect(await m.sources()).toEqual([]);
      // Exactly 1,000 is fine.
      const full = await m.push({ metric: m.metricKey, source: 'S', readings: dailyReadings(1000) }).expect(200);
      expect(full.body.data.written).toBe(1000);
      expect(await m.stored()).toHaveLength(1000);
    });

    it('01/readings field rules: every problem of the batch is listed, in body order', async () => {
      const m = await metricTenant(t);
      const readings: Record<string, unknown>[] = monthlyReadings(10);
      readings[2] = { ...readings[2], value: -1, note: 5 };
      readings[7] = { ...readings[7], periodStart: 'soon' };
      const res = await m.push({ metric: m.metricKey, source: 'S', readings }).expect(400);
      expect(res.body.error.details.map((d: { field: string }) => d.field)).toEqual([
        'readings.2.value',
        'readings.2.note',
        'readings.7.periodStart',
      ]);
    });
  });
});
