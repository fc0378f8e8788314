import Redis from 'ioredis';
import { fixClock } from '../support/clock';
import { TestApp } from '../support/test-app';

const REDIS_URL = process.env.REDIS_URL || 'redis://127.0.0.1:6379';

describe.each([
  ['in memory', {}],
  ['in Redis', { REDIS_URL }],
])('rate limiting per API key, counters %s (03 §1.8, 01 Limits)', (_name, env) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await TestApp.start({ RATE_LIMIT_PER_MINUTE: '3', ...env });
  });
  afterAll(() => t.close());

  it('03 §1.8: every response carries RateLimit-Limit, -Remaining and -Reset', async () => {
    const tenant = await t.createTenant();
    const res = await tenant.api('get', '/me').expect(200);
    expect(res.headers['ratelimit-limit']).toBe('3');
    expect(res.headers['ratelimit-remaining']).toBe('2');
    const reset = Number(res.headers['ratelimit-reset']);
    expect(reset).toBeGreaterThanOrEqual(1);
    expect(reset).toBeLessThanOrEqual(60);
  });

  it('01 Limits: over the limit is 429 with Retry-After and { error, error_description }', async () => {
    const tenant = await t.createTenant();
    for (let i = 0; i < 3; i++) await tenant.api('get', '/me').expect(200);
    const res = await tenant.api('get', '/me').expect(429);
    expect(res.body).toEqual({ error: 'too_many_requests', error_description: expect.any(String) });
    const retryAfter = Number(res.headers['retry-after']);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(res.headers['ratelimit-remaining']).toBe('0');
    // Another key has its own counter.
    const other = await t.createTenant();
    await other.api('get', '/me').expect(200);
  });

  it('07/§1.7: Retry-After is the wait until a request would be accepted again (a sliding minute), and a refused request does not count', async () => {
    const tenant = await t.createTenant();
    const clock = fixClock('2026-03-02T10:00:10.000Z');
    try {
      await tenant.api('get', '/me').expect(200);
      clock.set('2026-03-02T10:00:30.000Z');
      await tenant.api('get', '/me').expect(200);
      await tenant.api('get', '/me').expect(200);
      // The first request leaves the window at 10:01:10: 40 s from now (a fixed minute would say 30).
      let refused = await tenant.api('get', '/me').expect(429);
      expect(refused.headers['retry-after']).toBe('40');
      clock.set('2026-03-02T10:01:09.500Z');
      refused = await tenant.api('get', '/me').expect(429);
      expect(refused.headers['retry-after']).toBe('1');
      clock.set('2026-03-02T10:01:10.000Z');
      const accepted = await tenant.api('get', '/me').expect(200);
      expect(accepted.headers['ratelimit-remaining']).toBe('0');
      // The two at 10:00:30 are the oldest now: 20 s to wait.
      refused = await tenant.api('get', '/me').expect(429);
      expect(refused.headers['retry-after']).toBe('20');
    } finally {
      clock.restore();
    }
  });
});

describe('rate-limit counters in Redis are shared by instances', () => {
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    a = await TestApp.start({ RATE_LIMIT_PER_MINUTE: '4', REDIS_URL });
    // The second instance talks to the first one's database when embedded: share the data source URL.
    b = await TestApp.start({ RATE_LIMIT_PER_MINUTE: '4', REDIS_URL, DATABASE_URL: a.running.runtime.url });
  });
  afterAll(async () => {
    await b.close();
    await a.close();
  });

  it('requests through two instances count against one limit', async () => {
    const tenant = await a.createTenant();
    const viaB = () => b.http().get(`/api/v1/org/${tenant.orgId}/me`).set('Authorization', `Bearer ${tenant.key}`);
    await tenant.api('get', '/me').expect(200);
    await viaB().expect(200);
    await tenant.api('get', '/me').expect(200);
    await viaB().expect(200);
    await viaB().expect(429);
    await tenant.api('get', '/me').expect(429);
    const redis = new Redis(REDIS_URL);
    try {
      // One window for the key, counting the four accepted requests (refused ones do not count).
      const hits = await redis.hvals(`wfp:rl:default:${tenant.keyId}`);
      expect(hits.reduce((sum, n) => sum + Number(n), 0)).toBe(4);
    } finally {
      redis.disconnect();
    }
  });
});
