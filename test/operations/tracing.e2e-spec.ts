import { ChildProcess, execFileSync, spawn } from 'node:child_process';
import { join } from 'node:path';
import { tracingRequested } from '../../src/operations/tracing';
import { PullSource } from '../integrations/support';
import { waitFor } from '../webhooks/receiver';
import { OtlpReceiver, ReceivedSpan } from './otlp-receiver';
import { METRICS_TOKEN } from './scrape';

const ROOT = join(__dirname, '..', '..');
const ADMIN_TOKEN = 'tracing-admin-token-0123456789';

/** The environment of a child without any OTEL_* variable of the test run's own. */
function cleanEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('OTEL_')));
  return { ...env, ...extra };
}

/** Which OpenTelemetry modules a process has loaded after `src/instrumentation.ts` ran with `env`. */
function otelModulesLoaded(env: Record<string, string>): number {
  const script =
    "require('./dist/src/instrumentation'); " +
    "console.log(Object.keys(require.cache).filter((k) => k.includes('@opentelemetry')).length); process.exit(0);";
  return Number(execFileSync(process.execPath, ['-e', script], { cwd: ROOT, env: cleanEnv(env), encoding: 'utf8' }).trim());
}

/** The built service (`node dist/src/main.js`) in a child process: tracing must start before http, express and pg load. */
class ServiceProcess {
  readonly lines: Record<string, unknown>[] = [];
  port = 0;

  private constructor(private readonly child: ChildProcess) {}

  static async start(env: Record<string, string>): Promise<ServiceProcess> {
    const child = spawn(process.execPath, ['dist/src/main.js'], {
      cwd: ROOT,
      env: cleanEnv({
        PORT: '0',
        HOST: '127.0.0.1',
        NODE_ENV: 'test',
        DATA_DIR: 'memory://',
        SEED_DEMO: 'false',
        LOG_LEVEL: 'info',
        ADMIN_TOKEN,
        ...env,
      }),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const service = new ServiceProcess(child);
    let rest = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      const text = rest + chunk.toString('utf8');
      const lines = text.split('\n');
      rest = lines.pop() ?? '';
      for (const line of lines) if (line.startsWith('{')) service.lines.push(JSON.parse(line) as Record<string, unknown>);
    });
    let errors = '';
    child.stderr!.on('data', (chunk: Buffer) => (errors += chunk.toString('utf8')));
    const listening = await waitFor(
      `the service to listen (${errors})`,
      () => {
        if (child.exitCode !== null) throw new Error(`the service exited: ${errors}`);
        return service.lines.find((line) => line.msg === 'listening');
      },
      // Start-up (the embedded database, migrations) takes seconds, or a minute and more on a busy machine.
      150_000,
    );
    service.port = Number(listening.port);
    return service;
  }

  async fetch(method: string, path: string, token: string, body?: unknown): Promise<{ status: number; body: unknown; requestId: string }> {
    const res = await fetch(`http://127.0.0.1:${this.port}${path}`, {
      method,
      headers: { Authorization: `Bearer ${token}`, ...(body ? { 'Content-Type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    return { status: res.status, body: await res.json(), requestId: res.headers.get('x-request-id') ?? '' };
  }

  async stop(): Promise<void> {
    if (this.child.exitCode !== null) return;
    const exited = new Promise((resolve) => this.child.once('exit', resolve));
    this.child.kill('SIGTERM');
    await exited;
  }
}

describe('tracing: OpenTelemetry (05 §2.2, §2.3)', () => {
  beforeAll(() => {
    // These tests run the built service: build it when dist/ is missing or older than the sources.
    execFileSync(process.execPath, ['scripts/ensure-build.js'], { cwd: ROOT, stdio: 'inherit' });
  }, 300_000);

  it('05/§2.2: tracing is off by default and switched on only by the standard OTEL_* variables', () => {
    expect(tracingRequested({})).toBe(false);
    expect(tracingRequested({ OTEL_TRACES_EXPORTER: 'none', OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:4318' })).toBe(false);
    expect(tracingRequested({ OTEL_SDK_DISABLED: 'true', OTEL_TRACES_EXPORTER: 'otlp' })).toBe(false);
    expect(tracingRequested({ OTEL_TRACES_EXPORTER: 'otlp' })).toBe(true);
    expect(tracingRequested({ OTEL_TRACES_EXPORTER: 'console' })).toBe(true);
    expect(tracingRequested({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:4318' })).toBe(true);
    expect(tracingRequested({ OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'http://127.0.0.1:4318/v1/traces' })).toBe(true);
  });

  it('05/§2.2: when off, not one module of the OpenTelemetry SDK is loaded (no cost); when on, the SDK is loaded first', () => {
    expect(otelModulesLoaded({})).toBe(0);
    expect(otelModulesLoaded({ OTEL_TRACES_EXPORTER: 'none' })).toBe(0);
    expect(otelModulesLoaded({ OTEL_SDK_DISABLED: 'true', OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:9' })).toBe(0);
    expect(otelModulesLoaded({ OTEL_TRACES_EXPORTER: 'console' })).toBeGreaterThan(10);
  });

  describe('with OTEL_* set, the built service exports OTLP to a real receiver', () => {
    let receiver: OtlpReceiver;
    let service: ServiceProcess;
    beforeAll(async () => {
      receiver = await OtlpReceiver.start();
      service = await ServiceProcess.start({
        OTEL_TRACES_EXPORTER: 'otlp',
        OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
        OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url,
        OTEL_BSP_SCHEDULE_DELAY: '100',
        METRICS_TOKEN,
      });
    }, 180_000);
    afterAll(async () => {
      await service?.stop();
      await receiver?.close();
    });

    /** The server span of the request `name` (e.g. `GET /api/v1/org/:orgId/job-roles`), once exported. */
    function serverSpan(name: string): Promise<ReceivedSpan> {
      return waitFor(`the span ${name}`, () => receiver.spans.find((span) => span.name === name && span.kind === 2), 20_000);
    }

    /** Whether `span` descends from `root` in the spans received. */
    function descends(span: ReceivedSpan, root: ReceivedSpan): boolean {
      const byId = new Map(receiver.trace(root.traceId).map((s) => [s.spanId, s]));
      for (let at: ReceivedSpan | undefined = span; at; at = at.parentSpanId ? byId.get(at.parentSpanId) : undefined) {
        if (at.spanId === root.spanId) return true;
      }
      return false;
    }

    it('05/§2.2: a request is a server span named by its route template, with express and pg child spans of its SQL', async () => {
      const org = await service.fetch('POST', '/admin/v1/organizations', ADMIN_TOKEN, { name: 'Traced' });
      expect(org.status).toBe(201);
      const orgId = (org.body as { data: { id: string } }).data.id;
      const read = await service.fetch('GET', `/admin/v1/organizations/${orgId}`, ADMIN_TOKEN);
      expect(read.status).toBe(200);

      const server = await serverSpan('GET /admin/v1/organizations/:orgId');
      expect(server.attributes).toMatchObject({
        'http.route': '/admin/v1/organizations/:orgId',
        // 03/§1.20: the route template, as the request log shows it, never the raw path with its ids.
        'url.path': '/admin/v1/organizations/:orgId',
        'http.request.method': 'GET',
        'http.response.status_code': 200,
      });
      expect(JSON.stringify(server)).not.toContain(orgId);
      expect(server.resource['service.name']).toBe('workforce-planning-api');
      expect(server.parentSpanId).toBeNull();
      await waitFor('the SQL spans of the request', () =>
        receiver
          .trace(server.traceId)
          .some((s) => s.scope.includes('instrumentation-pg') && /organizations/.test(String(s.attributes['db.query.text']))),
      );
      const spans = receiver.trace(server.traceId);
      const handler = spans.find((s) => s.scope.includes('instrumentation-express') && s.attributes['express.type'] === 'request_handler');
      expect(handler).toMatchObject({ attributes: { 'http.route': '/admin/v1/organizations/:orgId' } });
      const sql = spans.filter((s) => s.scope.includes('instrumentation-pg') && s.name.startsWith('pg.query'));
      expect(sql.length).toBeGreaterThan(0);
      for (const span of sql) {
        expect(descends(span, server)).toBe(true);
        expect(span.kind).toBe(3);
        expect(span.attributes['db.system.name']).toBe('postgresql');
        expect(span.name).toMatch(/^pg\.query:(SELECT|INSERT|UPDATE|DELETE|WITH|BEGIN|COMMIT)/);
      }
      const statements = sql.map((s) => String(s.attributes['db.query.text']));
      expect(statements.some((text) => /FROM "?organizations"?/i.test(text) && text.includes('$1'))).toBe(true);
      // Parameters are not exported: the organization id is a bound value, never in the statement.
      for (const text of statements) expect(text).not.toContain(orgId);
    });

    it('05/§2.2: a public API request is traced under its route template with its SQL, and its log line carries traceId and requestId', async () => {
      const org = (await service.fetch('POST', '/admin/v1/organizations', ADMIN_TOKEN, { name: 'Traced public' })).body as {
        data: { id: string };
      };
      const orgId = org.data.id;
      const user = await service.fetch('POST', `/admin/v1/organizations/${orgId}/users`, ADMIN_TOKEN, {
        email: `traced.${process.pid}@example.com`,
        name: 'Traced',
        permissions: ['*'],
      });
      const userId = (user.body as { data: { id: string } }).data.id;
      const key = await service.fetch('POST', `/admin/v1/organizations/${orgId}/users/${userId}/api-keys`, ADMIN_TOKEN, {
        name: 'traced key',
        permissions: ['reference_data_view'],
      });
      const apiKey = (key.body as { data: { key: string } }).data.key;
      const list = await service.fetch('GET', `/api/v1/org/${orgId}/job-roles?limit=5`, apiKey);
      expect(list.status).toBe(200);

      const server = await serverSpan('GET /api/v1/org/:orgId/job-roles');
      expect(server.attributes).toMatchObject({ 'http.route': '/api/v1/org/:orgId/job-roles', 'http.response.status_code': 200 });
      await waitFor('the job roles statement', () =>
        receiver.trace(server.traceId).some((s) => /job_roles/.test(String(s.attributes['db.query.text'] ?? ''))),
      );
      const sql = receiver.trace(server.traceId).filter((s) => s.scope.includes('instrumentation-pg') && s.name.startsWith('pg.query'));
      // The guard's key look-up and the list's statement, each a child of the request.
      expect(sql.some((s) => /api_keys/.test(String(s.attributes['db.query.text'])))).toBe(true);
      expect(sql.some((s) => /job_roles/.test(String(s.attributes['db.query.text'])))).toBe(true);
      for (const span of sql) expect(descends(span, server)).toBe(true);

      const line = await waitFor('the request log line', () =>
        service.lines.find((l) => l.msg === 'request' && l.requestId === list.requestId),
      );
      expect(line).toMatchObject({ traceId: server.traceId, path: '/api/v1/org/:orgId/job-roles', status: 200 });
    });

    it('05/§2.2: a span carries no more than the request log: query values redacted as logged, no header value, outgoing URLs without query or userinfo', async () => {
      const source = await PullSource.start();
      try {
        const org = (await service.fetch('POST', '/admin/v1/organizations', ADMIN_TOKEN, { name: 'Traced secrets' })).body as {
          data: { id: string };
        };
        const orgId = org.data.id;
        const user = await service.fetch('POST', `/admin/v1/organizations/${orgId}/users`, ADMIN_TOKEN, {
          email: `secrets.${process.pid}@example.com`,
          name: 'Secrets',
          permissions: ['*'],
        });
        const userId = (user.body as { data: { id: string } }).data.id;
        const key = await service.fetch('POST', `/admin/v1/organizations/${orgId}/users/${userId}/api-keys`, ADMIN_TOKEN, {
          name: 'traced key',
          permissions: ['employees_view'],
        });
        const apiKey = (key.body as { data: { key: string } }).data.key;
        const search = await service.fetch('GET', `/api/v1/org/${orgId}/employees?search=secret.person%40x.test&page=1&limit=5`, apiKey);
        expect(search.status).toBe(200);
        // An e-mail used as externalId in the path: the span's url.path is the route template (03/§1.20).
        const byExternalId = await service.fetch('GET', `/api/v1/org/${orgId}/employees/secret.person%40x.test`, apiKey);
        expect(byExternalId.status).toBe(404);
        const read = await serverSpan('GET /api/v1/org/:orgId/employees/:id');
        expect(read.attributes['url.path']).toBe('/api/v1/org/:orgId/employees/:id');

        const sourceUrl = source.serve('/export', { body: { records: [] } });
        const withSecrets = sourceUrl.replace('http://', 'http://sync-user:pw-S3CRET@') + '?access_token=TOKEN-S3CRET&page=2';
        const integration = await service.fetch('POST', `/admin/v1/organizations/${orgId}/integrations`, ADMIN_TOKEN, {
          name: 'Traced pull',
          actAsUserId: userId,
          pull: { url: withSecrets, entityType: 'employee', intervalMinutes: 60, enabled: true },
        });
        expect(integration.status).toBe(201);
        const integrationId = (integration.body as { data: { id: string } }).data.id;
        const run = await service.fetch('POST', `/admin/v1/organizations/${orgId}/integrations/${integrationId}/pull`, ADMIN_TOKEN);
        expect(run.status).toBe(200);
        expect(source.on('/export?access_token=TOKEN-S3CRET&page=2')).toHaveLength(1);

        const server = await serverSpan('GET /api/v1/org/:orgId/employees');
        expect(server.attributes['url.query']).toBe('search=[REDACTED]&page=1&limit=5');
        const line = await waitFor('the request log line', () =>
          service.lines.find((l) => l.msg === 'request' && l.requestId === search.requestId),
        );
        expect(line.query).toEqual({ search: '[REDACTED]', page: '1', limit: '5' });
        const outgoing = await waitFor(
          'the pull request span',
          () => receiver.spans.find((s) => s.kind === 3 && String(s.attributes['url.full'] ?? '').includes('/export')),
          20_000,
        );
        expect(outgoing.attributes['url.full']).toBe(sourceUrl);
        // The run's own request ends last: once it is received, so are the spans of its SQL and its fetch.
        await serverSpan('POST /admin/v1/organizations/:orgId/integrations/:integrationId/pull');
        // Every span received so far: no value the log keeps out, no credential sent in a header.
        const secrets = ['secret.person', 'x.test', 'TOKEN-S3CRET', 'access_token', 'pw-S3CRET', 'sync-user', apiKey, ADMIN_TOKEN];
        for (const span of receiver.spans) {
          const text = JSON.stringify(span);
          for (const secret of secrets) expect(text).not.toContain(secret);
          expect(Object.keys(span.attributes).filter((name) => /header|user_agent|client\.address/.test(name))).toEqual([]);
        }
      } finally {
        await source.close();
      }
    });

    it('05/§2.2: probes and scrapes are not traced; every request log line of a traced request carries its traceId', async () => {
      const lists = () => receiver.spans.filter((span) => span.kind === 2 && span.name === 'GET /admin/v1/organizations').length;
      const listsBefore = lists();
      const health = await service.fetch('GET', '/health', ADMIN_TOKEN);
      expect(health.status).toBe(200);
      const ready = await service.fetch('GET', '/health/ready', ADMIN_TOKEN);
      expect(ready.status).toBe(200);
      const scrape = await fetch(`http://127.0.0.1:${service.port}/metrics`, { headers: { Authorization: `Bearer ${METRICS_TOKEN}` } });
      expect(scrape.status).toBe(200);
      const scrapeId = scrape.headers.get('x-request-id');
      await scrape.text();
      // A traced request after them: its span ends later, so once it is exported, theirs would have been too.
      expect((await service.fetch('GET', '/admin/v1/organizations?limit=1', ADMIN_TOKEN)).status).toBe(200);
      await waitFor('the span of the request after the probes', () => lists() > listsBefore, 20_000);

      for (const requestId of [health.requestId, ready.requestId, scrapeId]) {
        const line = await waitFor('the probe log line', () => service.lines.find((l) => l.msg === 'request' && l.requestId === requestId));
        expect(line.traceId).toBeUndefined();
      }
      const untraced = receiver.spans.filter(
        (span) => span.kind === 2 && /\/(health|metrics)/.test(`${span.name} ${String(span.attributes['url.path'] ?? '')}`),
      );
      expect(untraced).toEqual([]);
      const traced = service.lines.filter((l) => l.msg === 'request' && String(l.path).startsWith('/admin/v1/'));
      expect(traced.length).toBeGreaterThan(2);
      for (const l of traced)
        expect(l).toEqual(expect.objectContaining({ requestId: expect.any(String), traceId: expect.stringMatching(/^[0-9a-f]{32}$/) }));
    });
  });
});
