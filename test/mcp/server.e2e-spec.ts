import { API_PERMISSIONS } from '../../src/common/auth/permissions';
import { TestApp } from '../support/test-app';
import { callError, connect, mcpUrl } from './support';

describe('assistant tool server: transport, authentication, tool list (04 §3)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await TestApp.start();
  });
  afterAll(() => t.close());

  it('04/§3 transport: the SDK client connects over Streamable HTTP at /mcp, stateless, protocol 2025-06-18 or later', async () => {
    const tenant = await t.createTenant();
    const client = await connect(t, tenant.key);
    expect(client.getServerVersion()).toMatchObject({ name: 'workforce-planning' });
    expect(client.getServerCapabilities()?.tools).toBeDefined();
    const url = await mcpUrl(t);
    const init = await fetch(url, {
      method: 'POST',
      headers: { Authorization: `Bearer ${tenant.key}`, 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'initialize',
        params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
      }),
    });
    expect(init.status).toBe(200);
    expect(init.headers.get('mcp-session-id')).toBeNull();
    expect(init.headers.get('ratelimit-limit')).toMatch(/^\d+$/);
    expect(init.headers.get('ratelimit-remaining')).toMatch(/^\d+$/);
    expect(((await init.json()) as { result: { protocolVersion: string } }).result.protocolVersion).toBe('2025-06-18');
    // No session: a tools/list without initialize on the same connection is answered.
    const list = await fetch(url, {
      method: 'POST',
      headers: {
        Authorization: `Bearer ${tenant.key}`,
        'Content-Type': 'application/json',
        Accept: 'application/json, text/event-stream',
        'MCP-Protocol-Version': '2025-06-18',
      },
      body: JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/list' }),
    });
    expect(list.status).toBe(200);
    expect(((await list.json()) as { result: { tools: unknown[] } }).result.tools.length).toBeGreaterThan(0);
    for (const method of ['GET', 'DELETE']) {
      const res = await fetch(url, { method, headers: { Authorization: `Bearer ${tenant.key}` } });
      expect(res.status).toBe(405);
      expect(res.headers.get('allow')).toBe('POST');
    }
    await client.close();
  });

  it('04/§3 authentication: a missing, malformed, unknown or revoked key is 401 with WWW-Authenticate: Bearer; the admin token is not a key', async () => {
    const tenant = await t.createTenant();
    const url = await mcpUrl(t);
    const extra = await t.createKey(tenant, ['business_metrics_view']);
    await t.admin('delete', `/organizations/${tenant.orgId}/api-keys/${extra.id}`).expect(204);
    const body = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' });
    for (const authorization of [
      undefined,
      'Bearer nope',
      `Bearer wfp_${'A'.repeat(43)}`,
      `Bearer ${t.running.adminToken}`,
      `Bearer ${extra.key}`,
    ]) {
      const res = await fetch(url, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          Accept: 'application/json, text/event-stream',
          ...(authorization ? { Authorization: authorization } : {}),
        },
        body,
      });
      expect(res.status).toBe(401);
      expect(res.headers.get('www-authenticate')).toMatch(/^Bearer /);
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe('UNAUTHORIZED');
    }
    await expect(connect(t, 'wfp_wrong')).rejects.toThrow();
  });

  it('04/§3 tools: every tool declares input and output schemas (objects) and its read-only annotation', async () => {
    const tenant = await t.createTenant();
    const client = await connect(t, tenant.key);
    const { tools } = await client.listTools();
    const byName = new Map(tools.map((tool) => [tool.name, tool]));
    const reads = [
      'get_business_metrics_summary',
      'get_headcount_forecast',
      'get_budget_variance',
      'search_people',
      'list_open_vacancies',
      'get_functional_group_summary',
    ];
    const writes = ['create_functional_group', 'move_functional_group', 'create_functional_position', 'assign_functional_position'];
    expect([...byName.keys()].sort()).toEqual(expect.arrayContaining([...reads, ...writes].sort()));
    for (const name of [...reads, ...writes]) {
      const tool = byName.get(name)!;
      expect(tool.inputSchema.type).toBe('object');
      expect(tool.outputSchema?.type).toBe('object');
      expect(tool.description).toEqual(expect.any(String));
      expect(tool.annotations?.readOnlyHint).toBe(reads.includes(name));
      expect(JSON.stringify(tool)).not.toContain('$ref');
    }
    // Schemas come from the REST DTOs: the group body's fields, nullable ones as JSON Schema null types.
    const group = byName.get('create_functional_group')!.inputSchema as {
      properties: Record<string, { type: unknown }>;
      required: string[];
    };
    expect(group.required).toEqual(['name', 'startDate']);
    expect(group.properties.parentFunctionalGroupId.type).toEqual(['string', 'null']);
    expect(byName.get('move_functional_group')!.inputSchema.required).toEqual(['id', 'parentFunctionalGroupId', 'effectiveDate']);
    const people = byName.get('search_people')!.outputSchema as unknown as { properties: { employees: { items: { required: string[] } } } };
    expect(people.properties.employees.items.required).toContain('firstName');
    await client.close();
  });

  it('04/§3 tools: an unknown tool is a protocol error; bad arguments are an isError result with VALIDATION_ERROR naming the field', async () => {
    const tenant = await t.createTenant();
    const client = await connect(t, tenant.key);
    await expect(client.callTool({ name: 'no_such_tool', arguments: {} })).rejects.toThrow(/Unknown tool/);
    const bad = await callError(client, 'get_business_metrics_summary', { from: '2026-02-30' });
    expect(bad).toMatchObject({ code: 'VALIDATION_ERROR', details: [{ field: 'from' }] });
    await client.close();
  });

  it("04/§3 permissions: a key without a tool's permission gets an isError FORBIDDEN result, not a protocol error", async () => {
    const tenant = await t.createTenant();
    const narrow = await t.createKey(
      tenant,
      API_PERMISSIONS.filter(
        (p) =>
          ![
            'business_metrics_view',
            'vacancies_view',
            'functional_groups_edit',
            'functional_groups_view',
            'employees_view',
            'contractors_view',
          ].includes(p),
      ),
    );
    const client = await connect(t, narrow.key);
    for (const [name, args] of [
      ['get_business_metrics_summary', {}],
      ['list_open_vacancies', {}],
      ['search_people', { query: 'x' }],
      ['get_functional_group_summary', { id: 'x' }],
      ['create_functional_group', { name: 'G', startDate: '2026-01-01' }],
    ] as const) {
      const error = await callError(client, name, args);
      expect(error.code).toBe('FORBIDDEN');
    }
    await client.close();
    // Narrowed to the creator's permissions: a key holding business_metrics_view whose creator does not.
    const user = await t
      .admin('post', `/organizations/${tenant.orgId}/users`)
      .send({ email: `narrow.${process.pid}@example.com`, name: 'Narrow', permissions: ['employees_view'] })
      .expect(201);
    const key = await t
      .admin('post', `/organizations/${tenant.orgId}/users/${user.body.data.id}/api-keys`)
      .send({ name: 'k', permissions: ['business_metrics_view', 'employees_view'] })
      .expect(201);
    const narrowed = await connect(t, key.body.data.key);
    expect((await callError(narrowed, 'get_business_metrics_summary')).code).toBe('FORBIDDEN');
    await narrowed.close();
  });
});

describe('assistant tool server: rate limit (04 §3)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await TestApp.start({ RATE_LIMIT_PER_MINUTE: '2' });
  });
  afterAll(() => t.close());

  it("04/§3 rate limit: /mcp counts in the key's public-API bucket, RateLimit-* on every answer, 429 with Retry-After over it", async () => {
    const tenant = await t.createTenant();
    const url = await mcpUrl(t);
    const post = () =>
      fetch(url, {
        method: 'POST',
        headers: {
          Authorization: `Bearer ${tenant.key}`,
          'Content-Type': 'application/json',
          Accept: 'application/json, text/event-stream',
        },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
      });
    const first = await post();
    expect(first.status).toBe(200);
    expect(first.headers.get('ratelimit-limit')).toBe('2');
    expect(first.headers.get('ratelimit-remaining')).toBe('1');
    await tenant.api('get', '/me').expect(200);
    const over = await post();
    expect(over.status).toBe(429);
    expect(over.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(over.headers.get('ratelimit-remaining')).toBe('0');
  });
});
