import { randomUUID } from 'node:crypto';
import type { PoolClient } from 'pg';
import { ConfigError, loadConfig } from '../../src/config/app-config';
import { WebhookDispatcher } from '../../src/webhooks/webhook-dispatcher';
import { createIntegration, employee, PullSource, pullNow } from '../integrations/support';
import { insertChanges, updateChanges } from '../support/changes';
import { onPostgresServer, TestApp, Tenant } from '../support/test-app';
import { Receiver, waitFor } from '../webhooks/receiver';
import { createEndpoint, settled } from '../webhooks/support';
import { delta, METRICS_TOKEN, Scrape, scrape } from './scrape';

/** A CUID as the service makes them: an id in a label would look like this. */
const ID = /(^|\/)c[a-z0-9]{24}($|\/)/;

describe('metrics: GET /metrics (05 §2.1)', () => {
  let t: TestApp;
  let tenant: Tenant;
  const secrets: string[] = [];
  beforeAll(async () => {
    t = await TestApp.start({
      METRICS_TOKEN,
      DB_POOL_SIZE: '4',
      RATE_LIMIT_PER_MINUTE: '20',
      // Nothing runs on a timer here: every delivery, run and scrape is the test's own.
      WEBHOOK_SWEEP_INTERVAL_MS: '3600000',
    });
    tenant = await t.createTenant();
    secrets.push(tenant.orgId, tenant.userId, tenant.keyId, tenant.key, tenant.userEmail);
  });
  afterAll(() => t.close());

  it('05/§2.1: without METRICS_TOKEN, GET /metrics answers 404 as a route that does not exist, token or not', async () => {
    const off = await TestApp.start();
    try {
      const res = await off.http().get('/metrics').expect(404);
      expect(res.body.error).toMatchObject({ code: 'NOT_FOUND', message: 'No route GET /metrics' });
      const unknown = await off.http().get('/no-such-route').expect(404);
      expect(Object.keys(unknown.body.error).sort()).toEqual(Object.keys(res.body.error).sort());
      await off.http().get('/metrics').set('Authorization', `Bearer ${METRICS_TOKEN}`).expect(404);
    } finally {
      await off.close();
    }
  });

  it('05/§2.1: METRICS_TOKEN is checked at start: 16 characters or more', () => {
    expect(() => loadConfig({ METRICS_TOKEN: 'too-short' })).toThrow(ConfigError);
    expect(loadConfig({ METRICS_TOKEN }).metricsToken).toBe(METRICS_TOKEN);
    expect(loadConfig({}).metricsToken).toBeNull();
  });

  it('05/§2.1: a missing or wrong bearer token is 401 with WWW-Authenticate; an API key or the admin token is not the metrics token', async () => {
    for (const authorization of [undefined, 'Bearer wrong-token-0123456789', `Bearer ${tenant.key}`, `Bearer ${t.running.adminToken}`]) {
      const req = t.http().get('/metrics');
      const res = await (authorization ? req.set('Authorization', authorization) : req).expect(401);
      expect(res.body.error.code).toBe('UNAUTHORIZED');
      expect(res.headers['www-authenticate']).toMatch(/^Bearer realm="metrics"/);
    }
    await t.http().get('/metrics').set('Authorization', `bearer ${METRICS_TOKEN}`).expect(200);
  });

  it('05/§2.1: the text parses as the Prometheus format with every series of the contract and the process defaults', async () => {
    const metrics = await scrape(t);
    expect(Object.fromEntries([...metrics.types].filter(([name]) => /^(http_request|wfp_)/.test(name)))).toEqual({
      http_request_duration_seconds: 'HISTOGRAM',
      wfp_db_pool_clients: 'GAUGE',
      wfp_webhook_deliveries_total: 'COUNTER',
      wfp_webhook_backlog: 'GAUGE',
      wfp_pull_runs_total: 'COUNTER',
      wfp_rate_limited_total: 'COUNTER',
    });
    for (const name of [
      'process_cpu_seconds_total',
      'process_resident_memory_bytes',
      'nodejs_eventloop_lag_seconds',
      'nodejs_heap_size_used_bytes',
    ])
      expect(metrics.types.has(name)).toBe(true);
    expect(metrics.value('process_cpu_seconds_total')).toBeGreaterThan(0);
    expect(metrics.samples.get('wfp_webhook_deliveries_total')!.map((s) => s.labels)).toEqual([
      { target: 'endpoint', outcome: 'delivered' },
      { target: 'endpoint', outcome: 'failed' },
      { target: 'push', outcome: 'delivered' },
      { target: 'push', outcome: 'failed' },
    ]);
    expect(metrics.samples.get('wfp_pull_runs_total')!.map((s) => s.labels.status)).toEqual(['OK', 'PARTIAL', 'FAILED']);
  });

  it('05/§2.1: http_request_duration_seconds counts known requests by method, route template and status code (public API, application API, /mcp)', async () => {
    const before = await scrape(t);
    for (let i = 0; i < 3; i++) await tenant.api('get', '/job-roles?limit=5').expect(200);
    await tenant.api('get', '/job-roles/cnosuchjobrole00000000000').expect(404);
    await tenant.api('post', '/job-roles').send({ title: 'Engineer' }).expect(201);
    await t.admin('get', `/organizations/${tenant.orgId}`).expect(200);
    await t
      .http()
      .post('/mcp')
      .set('Authorization', `Bearer ${tenant.key}`)
      .set('Accept', 'application/json, text/event-stream')
      .send({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} })
      .expect(200);
    await t.http().get(`/api/v1/org/${tenant.orgId}/no-such-records`).expect(404);
    const after = await scrape(t);

    const count = (labels: Record<string, string>) => delta(before, after, 'http_request_duration_seconds_count', labels);
    expect(count({ method: 'GET', route: '/api/v1/org/:orgId/job-roles', status_code: '200' })).toBe(3);
    expect(count({ method: 'GET', route: '/api/v1/org/:orgId/job-roles/:id', status_code: '404' })).toBe(1);
    expect(count({ method: 'POST', route: '/api/v1/org/:orgId/job-roles', status_code: '201' })).toBe(1);
    expect(count({ method: 'GET', route: '/admin/v1/organizations/:orgId', status_code: '200' })).toBe(1);
    expect(count({ method: 'POST', route: '/mcp', status_code: '200' })).toBe(1);
    // A path that matched no route is counted without its path, which may hold ids.
    expect(count({ method: 'GET', route: 'unmatched', status_code: '404' })).toBe(1);
    // The first scrape itself finished before the second one read the counters.
    expect(count({ method: 'GET', route: '/metrics', status_code: '200' })).toBe(1);
    const labels = { method: 'GET', route: '/api/v1/org/:orgId/job-roles', status_code: '200' };
    expect(delta(before, after, 'http_request_duration_seconds_bucket', { ...labels, le: '+Inf' })).toBe(3);
    expect(delta(before, after, 'http_request_duration_seconds_sum', labels)).toBeGreaterThan(0);
  });

  it('05/§2.1: wfp_rate_limited_total counts each refusal of the rate limit (429) by route template', async () => {
    const limited = await t.createTenant();
    secrets.push(limited.orgId, limited.userId, limited.keyId, limited.key, limited.userEmail);
    const before = await scrape(t);
    // 20 a minute: refusals come within 41 requests, even when a minute ends in between.
    let refused = 0;
    for (let i = 0; i < 80 && refused < 3; i++) if ((await limited.api('get', '/me')).status === 429) refused++;
    const after = await scrape(t);
    expect(refused).toBe(3);
    expect(delta(before, after, 'wfp_rate_limited_total', { route: '/api/v1/org/:orgId/me' })).toBe(refused);
    expect(delta(before, after, 'http_request_duration_seconds_count', { route: '/api/v1/org/:orgId/me', status_code: '429' })).toBe(
      refused,
    );
  });

  it('05/§2.1: wfp_webhook_deliveries_total counts deliveries by target (endpoint, push) and outcome (delivered, failed)', async () => {
    const org = await t.createTenant();
    secrets.push(org.orgId, org.userId, org.keyId, org.key, org.userEmail);
    const ok = await Receiver.start(200);
    const failing = await Receiver.start(500);
    try {
      const endpoints = [await createEndpoint(t, org, { url: ok.url() }), await createEndpoint(t, org, { url: failing.url() })];
      const push = await createIntegration(t, org, { push: { url: ok.url('/push'), entityTypes: ['team'], eventTypes: ['create'] } });
      secrets.push(...endpoints.map((e) => e.id), push.id);
      const before = await scrape(t);
      await org.api('post', '/teams').send({ name: 'Platform' }).expect(201);
      await settled(t, org.orgId);
      await t.get(WebhookDispatcher).idle();
      const after = await scrape(t);
      const expected = { 'endpoint/delivered': 1, 'endpoint/failed': 1, 'push/delivered': 1, 'push/failed': 0 };
      for (const [key, n] of Object.entries(expected)) {
        const [target, outcome] = key.split('/');
        const counted = delta(before, after, 'wfp_webhook_deliveries_total', { target, outcome });
        // On a shared PostgreSQL server another test process's dispatcher may send some of them.
        if (onPostgresServer) expect(counted).toBeLessThanOrEqual(n);
        else expect(counted).toBe(n);
      }
      expect(ok.on('/hook')).toHaveLength(1);
      expect(ok.on('/push')).toHaveLength(1);
      expect(failing.on('/hook')).toHaveLength(1);
    } finally {
      await ok.close();
      await failing.close();
    }
  });

  it('05/§2.1: wfp_webhook_backlog is the number of live changes not yet dispatched', async () => {
    await t.get(WebhookDispatcher).idle();
    const [plan] = await t.dataSource.query(`SELECT id FROM plans WHERE organization_id = $1 AND kind = 'LIVE'`, [tenant.orgId]);
    // Claimed by a pass that no longer runs: not dispatched, and no dispatcher takes them for 30 s.
    const seqs = await insertChanges(
      t,
      tenant.orgId,
      [1, 2, 3].map((g) => ({
        planId: plan.id,
        entityType: 'team',
        entityId: `cbacklog${String(g).padStart(17, '0')}`,
        changeType: 'create',
        after: {},
        actorType: 'system',
        actorId: 'test',
        dispatchStatus: 'DISPATCHING',
        dispatchClaimedAt: new Date(),
        dispatchClaimId: randomUUID(),
      })),
    );
    try {
      const backlog = (await scrape(t)).value('wfp_webhook_backlog');
      if (onPostgresServer) expect(backlog).toBeGreaterThanOrEqual(3);
      else expect(backlog).toBe(3);
    } finally {
      await updateChanges(t, tenant.orgId, { seqs }, { dispatchStatus: 'DONE' });
    }
    if (!onPostgresServer) expect((await scrape(t)).value('wfp_webhook_backlog')).toBe(0);
  });

  it('05/§2.1: wfp_db_pool_clients shows the pool’s total, idle and waiting clients', async () => {
    const pool = (t.dataSource.driver as unknown as { master: { connect(): Promise<PoolClient>; waitingCount: number } }).master;
    const held = await Promise.all([1, 2, 3, 4].map(() => pool.connect()));
    const waiting = pool.connect();
    let scraped: Promise<Scrape> | null = null;
    try {
      scraped = scrape(t);
      // The pool gauge is read before the backlog's statement queues behind the held clients.
      await waitFor('the scrape to wait for a client', () => pool.waitingCount === 2);
    } finally {
      for (const client of held) client.release();
      (await waiting).release();
    }
    const metrics = await scraped;
    expect(metrics.value('wfp_db_pool_clients', { state: 'total' })).toBe(4);
    expect(metrics.value('wfp_db_pool_clients', { state: 'idle' })).toBe(0);
    expect(metrics.value('wfp_db_pool_clients', { state: 'waiting' })).toBe(1);
    const later = await scrape(t);
    expect(later.value('wfp_db_pool_clients', { state: 'waiting' })).toBe(0);
    expect(later.value('wfp_db_pool_clients', { state: 'idle' })).toBeGreaterThan(0);
  });

  it('05/§2.1: wfp_pull_runs_total counts PULL runs by status (OK, PARTIAL, FAILED)', async () => {
    const source = await PullSource.start();
    try {
      const answers = {
        OK: { body: { records: [employee('M-1')] } },
        PARTIAL: { body: { records: [employee('M-2'), { externalId: 'M-3', firstName: 'No last name' }] } },
        FAILED: { status: 500, body: { error: 'down' } },
      };
      const ran: Record<string, number> = { OK: 0, PARTIAL: 0, FAILED: 0 };
      const before = await scrape(t);
      for (const [status, answer] of Object.entries(answers)) {
        const org = await t.createTenant();
        secrets.push(org.orgId, org.userId, org.keyId, org.key, org.userEmail);
        const url = source.serve(`/pull-${status}`, answer);
        const { id } = await createIntegration(t, org, { pull: { url, entityType: 'employee', intervalMinutes: 60 } });
        secrets.push(id);
        const res = await pullNow(t, org.orgId, id);
        // 409: another test process's scheduler claimed this new (due) pull first, and ran it there.
        if (res.status === 409 && onPostgresServer) continue;
        expect(res.status).toBe(200);
        expect(res.body.data.status).toBe(status);
        ran[status]++;
      }
      const after = await scrape(t);
      for (const status of ['OK', 'PARTIAL', 'FAILED']) expect(delta(before, after, 'wfp_pull_runs_total', { status })).toBe(ran[status]);
      if (!onPostgresServer) expect(ran).toEqual({ OK: 1, PARTIAL: 1, FAILED: 1 });
    } finally {
      await source.close();
    }
  });

  it('05/§2.1: no label holds an organization id, a key, a user id, an e-mail or any other id', async () => {
    const values = (await scrape(t)).labelValues();
    expect(values.length).toBeGreaterThan(20);
    for (const value of values) {
      for (const secret of secrets) expect(value).not.toContain(secret);
      expect(value).not.toMatch(ID);
      expect(value).not.toContain('@');
      expect(value).not.toMatch(/wfp_[0-9A-Za-z]{8}/);
    }
    const routes = new Set(values.filter((v) => v.startsWith('/')));
    expect(routes).toContain('/api/v1/org/:orgId/job-roles/:id');
  });
});
