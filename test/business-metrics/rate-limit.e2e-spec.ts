import Redis from 'ioredis';
import { TestApp } from '../support/test-app';
import { metricTenant, monthlyReadings } from './support';

const REDIS_URL = process.env.REDIS_URL || 'redis://127.0.0.1:6379';
const LIMIT = 120;

function expectTooManyRequests(res: { status: number; body: unknown; headers: Record<string, string> }): void {
  expect(res.status).toBe(429);
  expect(res.body).toEqual({ error: 'too_many_requests', error_description: expect.any(String) });
  const retryAfter = Number(res.headers['retry-after']);
  expect(Number.isInteger(retryAfter)).toBe(true);
  expect(retryAfter).toBeGreaterThanOrEqual(1);
  expect(retryAfter).toBeLessThanOrEqual(60);
  expect(res.headers['ratelimit-limit']).toBe(String(LIMIT));
  expect(res.headers['ratelimit-remaining']).toBe('0');
}

describe.each([
  ['in memory', {}],
  ['in Redis', { REDIS_URL }],
])('01 Limits: the reading intake allows 120 requests per minute per API key (counters %s)', (_name, env) => {
  let t: TestApp;
  beforeAll(async () => {
    // The default limit, not a test value: READINGS_RATE_LIMIT_PER_MINUTE is unset.
    t = await TestApp.start({ READINGS_RATE_LIMIT_PER_MINUTE: '', RATE_LIMIT_PER_MINUTE: '6000', ...env });
  });
  afterAll(() => t.close());

  it('01/readings rule 5 and Limits: request 121 of a minute is 429 { error: too_many_requests, error_description } with Retry-After; nothing written', async () => {
    const m = await metricTenant(t);
    const body = { metric: m.metricKey, source: 'S', readings: monthlyReadings(1) };
    const first = await m.push(body).expect(200);
    expect(first.headers['ratelimit-limit']).toBe(String(LIMIT));
    expect(first.headers['ratelimit-remaining']).toBe(String(LIMIT - 1));
    // Refused requests count too: the limit is on requests, not on accepted batches.
    await m.push({ ...body, readings: [] }).expect(400);
    for (let i = 2; i < LIMIT; i++) await m.push(body).expect(200);
    const limited = await m.push({ ...body, readings: monthlyReadings(12) });
    expectTooManyRequests(limited);
    expect(await m.stored()).toHaveLength(1);

    // The limit is per key and per route: another key of the same user, and other routes of this key, still pass.
    const other = await t.createKey(m.tenant, ['business_metrics_ingest']);
    await t
      .http()
      .post(`/api/v1/org/${m.tenant.orgId}/business-metrics/readings`)
      .set('Authorization', `Bearer ${other.key}`)
      .send(body)
      .expect(200);
    await m.tenant.api('get', '/me').expect(200);
  });
});

describe('01 Limits: with REDIS_URL the reading limit is shared by every instance', () => {
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    a = await TestApp.start({ READINGS_RATE_LIMIT_PER_MINUTE: '', REDIS_URL });
    b = await TestApp.start({ READINGS_RATE_LIMIT_PER_MINUTE: '', REDIS_URL, DATABASE_URL: a.running.runtime.url });
  });
  afterAll(async () => {
    await b.close();
    await a.close();
  });

  it("01/readings Limits: 60 requests through each of two instances exhaust one key's 120; the next is 429 on both", async () => {
    const m = await metricTenant(a);
    const body = { metric: m.metricKey, source: 'S', readings: monthlyReadings(1) };
    const viaB = () =>
      b.http().post(`/api/v1/org/${m.tenant.orgId}/business-metrics/readings`).set('Authorization', `Bearer ${m.tenant.key}`).send(body);
    for (let i = 0; i < LIMIT / 2; i++) {
      await m.push(body).expect(200);
      await viaB().expect(200);
    }
    expectTooManyRequests(await viaB());
    expectTooManyRequests(await m.push(body));
    const redis = new Redis(REDIS_URL);
    try {
      // One window for the key, counting the accepted requests only.
      const hits = await redis.hvals(`wfp:rl:readings:${m.tenant.keyId}`);
      expect(hits.reduce((sum, n) => sum + Number(n), 0)).toBe(LIMIT);
    } finally {
      redis.disconnect();
    }
  });
});
