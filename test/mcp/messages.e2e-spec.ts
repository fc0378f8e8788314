import { fixClock } from '../support/clock';
import { TestApp, Tenant } from '../support/test-app';
import { mcpUrl } from './support';

/** Spec 04 §3: one JSON-RPC message per POST (batches refused whole), and `Idempotency-Key` ignored on /mcp. */
describe('assistant tool server: one message per POST, no idempotency (04 §3)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await TestApp.start({ RATE_LIMIT_PER_MINUTE: '50' });
  });
  afterAll(() => t.close());

  const toolCall = (id: number, name: string) => ({
    jsonrpc: '2.0',
    id,
    method: 'tools/call',
    params: { name: 'create_functional_group', arguments: { name, startDate: '2026-01-01' } },
  });
  const post = async (tenant: Tenant, body: unknown, headers: Record<string, string> = {}) =>
    fetch(await mcpUrl(t), {
      method: 'POST',
      headers: {
        Authorization: `Bearer ${tenant.key}`,
        'Content-Type': 'application/json',
        Accept: 'application/json, text/event-stream',
        'MCP-Protocol-Version': '2025-06-18',
        ...headers,
      },
      body: JSON.stringify(body),
      // A request that is never answered fails here, not at the test's timeout.
      signal: AbortSignal.timeout(10_000),
    });
  const groups = async (tenant: Tenant) =>
    (await t.dataSource.query(`SELECT name FROM functional_groups WHERE organization_id = $1 ORDER BY name`, [tenant.orgId])).map(
      (r: { name: string }) => r.name,
    );

  it('04/§3: a JSON-RPC batch is refused with HTTP 400 and error -32600, nothing in it runs, and it costs one rate-limit hit', async () => {
    const tenant = await t.createTenant();
    // Both requests in one rate-limit minute: the clock stands still at 5 s past it.
    const clock = fixClock('2026-03-02T09:00:05.000Z');
    try {
      const batch = Array.from({ length: 100 }, (_v, i) => toolCall(i + 1, `Batch ${i}`));
      const res = await post(tenant, batch);
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ jsonrpc: '2.0', error: { code: -32600 }, id: null });
      expect(res.headers.get('ratelimit-remaining')).toBe('49');
      expect(await groups(tenant)).toEqual([]);
      const single = await post(tenant, toolCall(1, 'Single'));
      expect(single.status).toBe(200);
      expect(single.headers.get('ratelimit-remaining')).toBe('48');
      expect(await groups(tenant)).toEqual(['Single']);
    } finally {
      clock.restore();
    }
  });

  it('04/§3: Idempotency-Key does not apply to /mcp: the header is ignored and every request is answered and runs', async () => {
    const tenant = await t.createTenant();
    const headers = { 'Idempotency-Key': 'same-key' };
    for (const name of ['Again', 'Again', 'Other']) {
      const res = await post(tenant, toolCall(7, name), headers);
      expect(res.status).toBe(200);
      expect(res.headers.get('idempotent-replayed')).toBeNull();
      expect(((await res.json()) as { result: { isError?: boolean } }).result.isError).toBeFalsy();
    }
    expect(await groups(tenant)).toEqual(['Again', 'Again', 'Other']);
    expect(await t.dataSource.query(`SELECT count(*)::int AS n FROM idempotency_keys WHERE organization_id = $1`, [tenant.orgId])).toEqual([
      { n: 0 },
    ]);
  });
});
