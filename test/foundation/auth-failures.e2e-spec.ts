import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import { UNKNOWN_KEY_TTL_MS } from '../../src/access/verified-keys';
import { TestApp, Tenant } from '../support/test-app';
import { METRICS_TOKEN } from '../operations/scrape';

const REDIS_URL = process.env.REDIS_URL || 'redis://127.0.0.1:6379';

/** A well-formed key that no organization has. */
const randomKey = () =>
  `wfp_${randomBytes(32)
    .toString('base64')
    .replace(/[^0-9A-Za-z]/g, '')
    .padEnd(43, 'x')
    .slice(0, 43)}`;

/** A client address of its own per test run (documentation range), sent through X-Forwarded-For. */
const randomClient = () =>
  `2001:db8:${randomBytes(2).toString('hex')}:${randomBytes(2).toString('hex')}::${randomBytes(2).toString('hex')}`;

/** The guard's key look-ups (`FROM api_keys`) sent to PostgreSQL while `work` runs, by any instance of this process. */
async function keyLookUps(work: () => Promise<unknown>): Promise<number> {
  const spy = jest.spyOn(Client.prototype, 'query');
  try {
    await work();
    return spy.mock.calls
      .map(([query]) => (typeof query === 'string' ? query : String((query as { text?: string }).text)))
      .filter((sql) => sql.includes('FROM api_keys')).length;
  } finally {
    spy.mockRestore();
  }
}

function expectTooManyRequests(res: { status: number; body: unknown; headers: Record<string, string> }): void {
  expect(res.status).toBe(429);
  expect(res.body).toEqual({ error: 'too_many_requests', error_description: expect.any(String) });
  const retryAfter = Number(res.headers['retry-after']);
  expect(retryAfter).toBeGreaterThanOrEqual(1);
  expect(retryAfter).toBeLessThanOrEqual(60);
}

describe.each([
  ['in memory', { REDIS_URL: '' }],
  ['in Redis', { REDIS_URL }],
])('failed key look-ups, remembered %s', (_name, env) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await TestApp.start({ ...env });
  });
  afterAll(() => t.close());

  it('03/§2: a repeated unknown key costs one database look-up within the window; a key created a moment later works at once', async () => {
    const tenant = await t.createTenant();
    const unknown = randomKey();
    const ask = (key: string) => t.http().get(`/api/v1/org/${tenant.orgId}/me`).set('Authorization', `Bearer ${key}`);
    expect(
      await keyLookUps(async () => {
        for (let i = 0; i < 5; i++) await ask(unknown).expect(401);
      }),
    ).toBe(1);
    // Within UNKNOWN_KEY_TTL_MS: a new key is another secret, looked up and verified at once.
    expect(UNKNOWN_KEY_TTL_MS).toBeGreaterThan(1000);
    const fresh = await t.createKey(tenant, ['employees_view']);
    expect(await keyLookUps(() => ask(fresh.key).expect(200))).toBe(1);
    await ask(unknown).expect(401);
  });
});

describe('unknown keys are remembered across instances through Redis', () => {
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    a = await TestApp.start({ REDIS_URL });
    b = await TestApp.start({ REDIS_URL, DATABASE_URL: a.running.runtime.url });
  });
  afterAll(async () => {
    await b.close();
    await a.close();
  });

  it('03/§2: an unknown key looked up by one instance costs the other instance no database look-up', async () => {
    const tenant: Tenant = await a.createTenant();
    const unknown = randomKey();
    const path = `/api/v1/org/${tenant.orgId}/me`;
    expect(
      await keyLookUps(async () => {
        await a.http().get(path).set('Authorization', `Bearer ${unknown}`).expect(401);
        await b.http().get(path).set('Authorization', `Bearer ${unknown}`).expect(401);
        await b.http().get(path).set('Authorization', `Bearer ${unknown}`).expect(401);
      }),
    ).toBe(1);
  });
});

describe.each([
  ['in memory', { REDIS_URL: '' }],
  ['in Redis', { REDIS_URL }],
])('unauthenticated requests are limited per client address, counters %s', (_name, env) => {
  let t: TestApp;
  let tenant: Tenant;
  beforeAll(async () => {
    t = await TestApp.start({ AUTH_FAILURE_LIMIT_PER_MINUTE: '3', TRUST_PROXY: 'loopback', METRICS_TOKEN, ...env });
    tenant = await t.createTenant();
  });
  afterAll(() => t.close());

  const from = (client: string, key: string) =>
    t.http().get(`/api/v1/org/${tenant.orgId}/me`).set('X-Forwarded-For', client).set('Authorization', `Bearer ${key}`);

  it('03/§1.20: past the limit of 401s a client address gets 429 with Retry-After for each failure, while a valid key and the admin token from it still pass', async () => {
    const client = randomClient();
    for (let i = 0; i < 3; i++) await from(client, randomKey()).expect(401);
    const unknown = randomKey();
    expectTooManyRequests(await from(client, unknown));
    // A repeated guess is remembered: no look-up; a malformed one never had one.
    expect(
      await keyLookUps(async () => {
        expectTooManyRequests(await from(client, unknown));
        expectTooManyRequests(await from(client, 'not-a-key'));
      }),
    ).toBe(0);
    // Credentials that verify pass whatever the address's count.
    await from(client, tenant.key).expect(200);
    await t
      .http()
      .get(`/admin/v1/organizations/${tenant.orgId}`)
      .set('X-Forwarded-For', client)
      .set('Authorization', `Bearer ${t.running.adminToken}`)
      .expect(200);
    expectTooManyRequests(await from(client, randomKey()));
    // Another client is not affected; valid requests never count.
    await from(randomClient(), randomKey()).expect(401);
    const steady = randomClient();
    for (let i = 0; i < 5; i++) await from(steady, tenant.key).expect(200);
    await from(steady, randomKey()).expect(401);
  });

  it('03/§2: a wrong admin token counts as a failure of its client address; the right one still passes', async () => {
    const client = randomClient();
    const admin = (token: string) =>
      t.http().get(`/admin/v1/organizations/${tenant.orgId}`).set('X-Forwarded-For', client).set('Authorization', `Bearer ${token}`);
    for (let i = 0; i < 3; i++) await admin('wrong-admin-token-0123456789').expect(401);
    expectTooManyRequests(await admin('wrong-admin-token-0123456789'));
    await admin(t.running.adminToken).expect(200);
  });

  it('03/§1.20: wrong /metrics tokens count against the client address like failed keys (429 past the limit); the right token still passes', async () => {
    const client = randomClient();
    const scrapeAs = (token: string) => t.http().get('/metrics').set('X-Forwarded-For', client).set('Authorization', `Bearer ${token}`);
    for (let i = 0; i < 3; i++) await scrapeAs('not-the-metrics-token-0123').expect(401);
    expectTooManyRequests(await scrapeAs('not-the-metrics-token-0123'));
    // The same address's key guesses share the count.
    expectTooManyRequests(await from(client, randomKey()));
    await scrapeAs(METRICS_TOKEN).expect(200);
  });

  it('03/§2: an IPv6 client is counted by its /64: other addresses of the same /64 share the limit', async () => {
    const [a, b] = [randomBytes(2).readUInt16BE(), randomBytes(2).readUInt16BE()];
    const prefix = `2001:db8:${a.toString(16)}:${b.toString(16)}`;
    const neighbour = `2001:db8:${a.toString(16)}:${(b ^ 1).toString(16)}`;
    for (let i = 1; i <= 3; i++) await from(`${prefix}::${i}`, randomKey()).expect(401);
    expectTooManyRequests(await from(`${prefix}:0:0:0:ff`, randomKey()));
    expectTooManyRequests(await from(`${prefix}:1:2:3:4`, randomKey()));
    await from(`${neighbour}::1`, randomKey()).expect(401);
  });
});

describe('X-Forwarded-For names the client only behind a trusted proxy', () => {
  let t: TestApp;
  beforeAll(async () => {
    // No TRUST_PROXY: every request of this test comes from the loopback address (counted in memory, so that
    // other test processes sharing Redis and that address are not refused).
    t = await TestApp.start({ AUTH_FAILURE_LIMIT_PER_MINUTE: '3', REDIS_URL: '' });
  });
  afterAll(() => t.close());

  it('03/§2: without TRUST_PROXY a client cannot dodge the limit with X-Forwarded-For', async () => {
    const tenant = await t.createTenant();
    const ask = (key: string) =>
      t.http().get(`/api/v1/org/${tenant.orgId}/me`).set('X-Forwarded-For', randomClient()).set('Authorization', `Bearer ${key}`);
    for (let i = 0; i < 3; i++) await ask(randomKey()).expect(401);
    expectTooManyRequests(await ask(randomKey()));
    expectTooManyRequests(await ask(randomKey()));
    await ask(tenant.key).expect(200);
  });

  it('03/§2: TRUST_PROXY is a hop count or a list of addresses, ranges and presets; anything else stops the start', () => {
    const { loadConfig } = jest.requireActual<typeof import('../../src/config/app-config')>('../../src/config/app-config');
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: 'loopback, 10.0.0.0/8,fd00::/8' }).trustProxy).toBe('loopback,10.0.0.0/8,fd00::/8');
    expect(loadConfig({}).trustProxy).toBeNull();
    for (const bad of ['true', '*', '10.0.0.0/33', 'proxy.example.com'])
      expect(() => loadConfig({ TRUST_PROXY: bad })).toThrow(/TRUST_PROXY/);
  });
});
