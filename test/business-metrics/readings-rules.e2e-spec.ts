import { randomInt } from 'node:crypto';
import { Client } from 'pg';
import { RecordChangeEntity } from '../../src/database/entities/record-change.entity';
import { WebhookDeliveryEntity } from '../../src/webhooks/entities/webhook-delivery.entity';
import { TestApp } from '../support/test-app';
import { dailyReadings, metricTenant, monthlyReadings } from './support';

const CUID = /^[a-z][a-z0-9]{24}$/;

describe('business-metric reading intake (01 "Business metric readings")', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await TestApp.start();
  });
  afterAll(() => t.close());

  describe('rule 1: a reading is identified by metric + source + periodStart', () => {
    it('01/readings rule 1: re-sending a periodStart replaces periodEnd, value, aiValue, externalRef and note; no second reading', async () => {
      const m = await metricTenant(t);
      await m
        .push({
          metric: m.metricKey,
          source: 'S',
          readings: [{ periodStart: '2026-01-01', periodEnd: '2026-01-31', value: 10, aiValue: 4, externalRef: 'a', note: 'first' }],
        })
        .expect(200);
      await m
        .push({
          metric: m.metricId,
          source: 's',
          readings: [{ periodStart: '2026-01-01', periodEnd: '2026-01-15', value: 20, aiValue: 5, externalRef: 'b', note: 'second' }],
        })
        .expect(200);
      expect(await m.stored()).toEqual([
        { source: 'S', period_start: '2026-01-01', period_end: '2026-01-15', value: 20, ai_value: 5, external_ref: 'b', note: 'second' },
      ]);
      // Omitted optional fields are replaced too (by null): the reading is what was last sent.
      await m
        .push({ metric: m.metricKey, source: 'S', readings: [{ periodStart: '2026-01-01', periodEnd: '2026-01-31', value: 7 }] })
        .expect(200);
      expect(await m.stored()).toEqual([
        { source: 'S', period_start: '2026-01-01', period_end: '2026-01-31', value: 7, ai_value: null, external_ref: null, note: null },
      ]);
    });

    it('01/readings rule 1 (decision): the same periodStart twice in one batch: the later reading wins; written counts the batch', async () => {
      const m = await metricTenant(t);
      const res = await m
        .push({
          metric: m.metricKey,
          source: 'S',
          readings: [
            { periodStart: '2026-02-01', periodEnd: '2026-02-28', value: 1 },
            { periodStart: '2026-01-01', periodEnd: '2026-01-31', value: 2 },
            { periodStart: '2026-02-01', periodEnd: '2026-02-10', value: 3, note: 'later' },
          ],
        })
        .expect(200);
      expect(res.body.data.written).toBe(3);
      expect((await m.stored()).map((r) => [r.period_start, r.period_end, r.value, r.note])).toEqual([
        ['2026-01-01', '2026-01-31', 2, null],
        ['2026-02-01', '2026-02-10', 3, 'later'],
      ]);
    });

    it('01/readings rule 1: a batch mixing new and re-sent periods inserts the new ones and replaces the others', async () => {
      const m = await metricTenant(t);
      await m.push({ metric: m.metricKey, source: 'S', readings: dailyReadings(500, 1) }).expect(200);
      await m.push({ metric: m.metricKey, source: 'S', readings: dailyReadings(1000, 2) }).expect(200);
      const stored = await m.stored();
      expect(stored).toHaveLength(1000);
      expect(new Set(stored.map((r) => r.value))).toEqual(new Set([2]));
    });
  });

  describe('rule 2: a batch is all or nothing', () => {
    it.each([
      ['a field rule', (r: Record<string, unknown>) => ({ ...r, note: 'x'.repeat(2001) }), 'note'],
      ['periodEnd before periodStart', (r: Record<string, unknown>) => ({ ...r, periodEnd: '2019-12-31' }), 'periodEnd'],
      ['aiValue above value', (r: Record<string, unknown>) => ({ ...r, value: 1, aiValue: 2 }), 'aiValue'],
    ])('01/readings rule 2: a batch is all or nothing (bad reading at a random index: %s)', async (_name, spoil, field) => {
      const m = await metricTenant(t);
      // Earlier readings exist: a refused batch must neither add nor replace any of them.
      await m.push({ metric: m.metricKey, source: 'S', readings: dailyReadings(300, 1) }).expect(200);
      const before = await m.stored();
      const readings: Record<string, unknown>[] = dailyReadings(1000, 9);
      const index = randomInt(0, 1000);
      readings[index] = spoil(readings[index]);
      const res = await m.push({ metric: m.metricKey, source: 'S', readings });
      expect({ index, status: res.status }).toEqual({ index, status: 400 });
      expect(res.body.error.details).toEqual([{ field: `readings.${index}.${field}`, message: expect.any(String) }]);
      expect(await m.stored()).toEqual(before);
    });
  });

  describe('rule 3: periodEnd before periodStart and aiValue above value mark the feed failing', () => {
    it('01/readings rule 3: periodEnd before periodStart is a 400 at readings.N.periodEnd and marks the source FAILING until the next good push', async () => {
      const m = await metricTenant(t);
      const ok = await m.push({ metric: m.metricKey, source: 'Feed', readings: monthlyReadings(2) }).expect(200);
      const [healthy] = await m.sources();
      expect(healthy).toMatchObject({
        id: ok.body.data.source.id,
        feedStatus: 'HEALTHY',
        paused: false,
        lastError: null,
        lastPushAt: expect.any(String),
      });
      const stored = await m.stored();

      const readings: Record<string, unknown>[] = monthlyReadings(5);
      readings[4] = { ...readings[4], periodEnd: '2026-04-30' }; // periodStart 2026-05-01
      const refused = await m.push({ metric: m.metricKey, source: 'FEED', readings }).expect(400);
      expect(refused.body.error).toEqual({
        code: 'VALIDATION_ERROR',
        message: 'readings.4.periodEnd must not be before periodStart (2026-05-01)',
        details: [{ field: 'readings.4.periodEnd', message: 'readings.4.periodEnd must not be before periodStart (2026-05-01)' }],
        errorId: expect.any(String),
      });
      const [failing] = await m.sources();
      expect(failing).toEqual({
        ...healthy,
        feedStatus: 'FAILING',
        lastError: { message: 'readings.4.periodEnd must not be before periodStart (2026-05-01)', at: expect.any(String) },
      });
      expect(await m.stored()).toEqual(stored);

      // Still failing after another refused push; recovered by the next good one.
      await m.push({ metric: m.metricKey, source: 'feed', readings }).expect(400);
      expect((await m.sources())[0].feedStatus).toBe('FAILING');
      await m.push({ metric: m.metricKey, source: 'Feed', readings: monthlyReadings(1) }).expect(200);
      const [recovered] = (await m.sources()) as { feedStatus: string; lastPushAt: string; lastError: { at: string } }[];
      expect(recovered.feedStatus).toBe('HEALTHY');
      expect(Date.parse(recovered.lastPushAt)).toBeGreaterThanOrEqual(Date.parse(recovered.lastError.at));
      expect(Date.parse(recovered.lastPushAt)).toBeGreaterThan(Date.parse(healthy.lastPushAt as string));
    });

    it('01/readings rule 3: aiValue above value is a 400 at readings.N.aiValue and marks the source FAILING; lastError counts the other problems', async () => {
      const m = await metricTenant(t);
      await m.push({ metric: m.metricKey, source: 'Feed', readings: monthlyReadings(1) }).expect(200);
      const readings: Record<string, unknown>[] = monthlyReadings(4);
      readings[1] = { ...readings[1], value: 5, aiValue: 5.01 };
      readings[3] = { ...readings[3], periodEnd: '2026-01-01' };
      const res = await m.push({ metric: m.metricKey, source: 'Feed', readings }).expect(400);
      expect(res.body.error.details).toEqual([
        { field: 'readings.1.aiValue', message: 'readings.1.aiValue must not be more than value (5)' },
        { field: 'readings.3.periodEnd', message: 'readings.3.periodEnd must not be before periodStart (2026-04-01)' },
      ]);
      const [source] = await m.sources();
      expect(source).toMatchObject({
        feedStatus: 'FAILING',
        lastError: { message: 'readings.1.aiValue must not be more than value (5) (and 1 more problem)', at: expect.any(String) },
      });
    });

    it('01/readings rule 3 (decision): the first push of a new source refused for a rule-3 reason creates the source, FAILING, never pushed', async () => {
      const m = await metricTenant(t);
      await m
        .push({ metric: m.metricKey, source: ' New feed ', readings: [{ periodStart: '2026-01-02', periodEnd: '2026-01-01', value: 1 }] })
        .expect(400);
      expect(await m.sources()).toEqual([
        {
          id: expect.stringMatching(CUID),
          metricId: m.metricId,
          name: 'New feed',
          paused: false,
          feedStatus: 'FAILING',
          lastPushAt: null,
          lastError: { message: 'readings.0.periodEnd must not be before periodStart (2026-01-02)', at: expect.any(String) },
          createdAt: expect.any(String),
        },
      ]);
      expect(await m.stored()).toEqual([]);
      // With an unknown metric there is nothing to record against: still the 400 of the body.
      await m
        .push({ metric: 'nope', source: 'X', readings: [{ periodStart: '2026-01-02', periodEnd: '2026-01-01', value: 1 }] })
        .expect(400);
    });

    it('01/readings rule 3: other invalid requests leave the source untouched (also when mixed with a rule-3 rejection)', async () => {
      const m = await metricTenant(t);
      await m.push({ metric: m.metricKey, source: 'Feed', readings: monthlyReadings(1) }).expect(200);
      const [before] = await m.sources();
      const bad: Record<string, unknown>[][] = [
        [{ ...monthlyReadings(1)[0], value: -1 }],
        [{ ...monthlyReadings(1)[0], periodStart: '2026-02-31' }],
        [{ ...monthlyReadings(1)[0], note: 'n'.repeat(2001) }],
        // A rule-3 rejection together with another problem is an "other invalid request".
        [
          { periodStart: '2026-02-01', periodEnd: '2026-01-01', value: 1 },
          { ...monthlyReadings(1)[0], externalRef: 'r'.repeat(201) },
        ],
        [],
      ];
      for (const readings of bad) await m.push({ metric: m.metricKey, source: 'Feed', readings }).expect(400);
      await m.push({ metric: 'unknown-metric', source: 'Feed', readings: monthlyReadings(1) }).expect(404);
      expect(await m.sources()).toEqual([before]);
      // ...and a rejected request with another problem creates no source either.
      await m.push({ metric: m.metricKey, source: 'Other', readings: bad[3] }).expect(400);
      expect(await m.sources()).toEqual([before]);
    });
  });

  describe('rule 4: pausing', () => {
    it('01/readings rule 4: a paused source still accepts readings and stays paused (also through a failing push)', async () => {
      const m = await metricTenant(t);
      const first = await m.push({ metric: m.metricKey, source: 'Feed', readings: monthlyReadings(1) }).expect(200);
      const sourceId = first.body.data.source.id;
      await t
        .admin('patch', `/organizations/${m.tenant.orgId}/business-metrics/${m.metricId}/sources/${sourceId}`)
        .send({ paused: true })
        .expect(200);
      await m.push({ metric: m.metricKey, source: 'Feed', readings: monthlyReadings(3) }).expect(200);
      expect(await m.stored()).toHaveLength(3);
      expect((await m.sources())[0]).toMatchObject({ paused: true, feedStatus: 'HEALTHY' });
      await m
        .push({ metric: m.metricKey, source: 'Feed', readings: [{ periodStart: '2026-01-02', periodEnd: '2026-01-01', value: 1 }] })
        .expect(400);
      expect((await m.sources())[0]).toMatchObject({ paused: true, feedStatus: 'FAILING' });
      await m.push({ metric: m.metricKey, source: 'Feed', readings: monthlyReadings(1) }).expect(200);
      expect((await m.sources())[0]).toMatchObject({ paused: true, feedStatus: 'HEALTHY' });
    });
  });

  it('03 §3: an inactive metric still accepts readings (decision)', async () => {
    const m = await metricTenant(t);
    await t.admin('patch', `/organizations/${m.tenant.orgId}/business-metrics/${m.metricId}`).send({ active: false }).expect(200);
    await m.push({ metric: m.metricKey, source: 'S', readings: monthlyReadings(2) }).expect(200);
    expect(await m.stored()).toHaveLength(2);
  });

  it('decisions/business metrics: a 1,000-reading batch is one SQL statement (besides the key look-up), with no per-row queries', async () => {
    const m = await metricTenant(t);
    await m.push({ metric: m.metricKey, source: 'S', readings: dailyReadings(10) }).expect(200);
    const spy = jest.spyOn(Client.prototype, 'query');
    // The request's statements: the webhook dispatcher's background passes (on the change history and the
    // deliveries) may run on the same pool meanwhile; a reading intake records no change.
    const background = new RegExp([RecordChangeEntity, WebhookDeliveryEntity].map((e) => t.dataSource.getMetadata(e).tableName).join('|'));
    const requestStatements = () =>
      spy.mock.calls
        .map(([query]) => (typeof query === 'string' ? query : String((query as { text?: string }).text)))
        .filter((sql) => !background.test(sql))
        // The guard's key look-up, when the key was not verified in the last second (VerifiedKeys).
        .filter((sql) => !sql.includes('FROM api_keys'));
    try {
      await m.push({ metric: m.metricKey, source: 'S', readings: dailyReadings(1000, 3) }).expect(200);
      const statements = requestStatements();
      expect(statements).toHaveLength(1);
      expect(statements[0]).toContain('unnest(');
      expect(statements[0]).toContain('ON CONFLICT (organization_id, source_id, period_start) DO UPDATE');
      // A rule-3 refusal adds exactly one small statement (the source's failing state), and no transaction.
      spy.mockClear();
      await m
        .push({ metric: m.metricKey, source: 'S', readings: [{ periodStart: '2026-01-02', periodEnd: '2026-01-01', value: 1 }] })
        .expect(400);
      expect(requestStatements()).toHaveLength(1);
    } finally {
      spy.mockRestore();
    }
    expect(await m.stored()).toHaveLength(1000);
  });

  it('01/readings: concurrent first pushes of one new source create one source and keep every reading', async () => {
    const m = await metricTenant(t);
    const pushes = ['Feed', 'FEED', 'feed', ' Feed '].map((source, i) =>
      m.push({ metric: m.metricKey, source, readings: dailyReadings(50 * (i + 1), i + 1) }),
    );
    const results = await Promise.all(pushes);
    expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200]);
    expect(new Set(results.map((r) => r.body.data.source.id)).size).toBe(1);
    expect(await m.sources()).toHaveLength(1);
    expect(await m.stored()).toHaveLength(200);
  });
});
