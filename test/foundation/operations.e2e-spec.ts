import { EventEmitter2 } from '@nestjs/event-emitter';
import { CHANGES_COMMITTED, ChangesCommittedEvent, UnitOfWork } from '../../src/database/unit-of-work';
import { changesOf } from '../support/changes';
import { TestApp, Tenant } from '../support/test-app';
import { RequestContext } from '../../src/common/auth/request-context';

describe('operations: health, change recorder', () => {
  let t: TestApp;
  let tenant: Tenant;
  beforeAll(async () => {
    t = await TestApp.start();
    tenant = await t.createTenant();
  });
  afterAll(() => t.close());

  it('GET /health and GET /health/ready answer without authentication', async () => {
    expect((await t.http().get('/health').expect(200)).body).toEqual({ status: 'ok' });
    expect((await t.http().get('/health/ready').expect(200)).body).toEqual({ status: 'ok', database: 'up' });
  });

  it('GET /docs/openapi.json serves the OpenAPI document with both bearer schemes', async () => {
    const res = await t.http().get('/docs/openapi.json').expect(200);
    expect(res.body.openapi).toMatch(/^3\./);
    expect(Object.keys(res.body.components.securitySchemes).sort()).toEqual(['admin-token', 'api-key']);
    expect(res.body.paths['/api/v1/org/{orgId}/me']).toBeDefined();
  });

  async function contextOf(tenantOrg: string): Promise<RequestContext> {
    const [plan] = await t.dataSource.query(`SELECT id FROM plans WHERE organization_id = $1 AND kind = 'LIVE'`, [tenantOrg]);
    return {
      organizationId: tenantOrg,
      planId: plan.id,
      livePlanId: plan.id,
      scenarioId: null,
      actor: { type: 'api_key', id: tenant.keyId },
      permissions: new Set(),
      capabilities: new Set(),
      userId: tenant.userId,
    };
  }

  it('DESIGN mechanism 3: a write records each change once in its transaction, then emits after commit', async () => {
    const uow = t.get<UnitOfWork>(UnitOfWork);
    const events = t.get<EventEmitter2>(EventEmitter2);
    const seen: ChangesCommittedEvent[] = [];
    const listener = (event: ChangesCommittedEvent) => seen.push(event);
    events.on(CHANGES_COMMITTED, listener);
    const ctx = await contextOf(tenant.orgId);
    await uow.run(ctx, async (tx) => {
      tx.record({ entityType: 'team', entityId: 'cteam0000000000000000000a', changeType: 'create', before: null, after: { name: 'A' } });
      tx.record({
        entityType: 'team',
        entityId: 'cteam0000000000000000000a',
        changeType: 'update',
        before: { name: 'A' },
        after: { name: 'B' },
      });
      // Nothing is emitted before commit. (Reading through the pool here would wait for this very
      // transaction on the embedded database, which has one backend session.)
      expect(seen).toHaveLength(0);
    });
    events.off(CHANGES_COMMITTED, listener);
    const rows = await changesOf(t, tenant.orgId);
    expect(rows).toHaveLength(2);
    // PENDING when recorded; the webhook dispatcher may already have claimed or finished it.
    expect(rows[0]).toMatchObject({
      entityType: 'team',
      changeType: 'create',
      before: null,
      after: { name: 'A' },
      actorType: 'api_key',
      actorId: tenant.keyId,
    });
    expect(['PENDING', 'DISPATCHING', 'DONE']).toContain(rows[0].dispatchStatus);
    expect(rows[1]).toMatchObject({ changeType: 'update', before: { name: 'A' }, after: { name: 'B' } });
    expect(rows[0].eventId).not.toBe(rows[1].eventId);
    expect(seen).toEqual([{ organizationId: tenant.orgId, planId: ctx.planId, live: true, count: 2 }]);
  });

  it('DESIGN mechanism 3: a failed write records nothing and emits nothing', async () => {
    const other = await t.createTenant();
    const uow = t.get<UnitOfWork>(UnitOfWork);
    const events = t.get<EventEmitter2>(EventEmitter2);
    let emitted = 0;
    const listener = () => emitted++;
    events.on(CHANGES_COMMITTED, listener);
    const ctx = await contextOf(other.orgId);
    await expect(
      uow.run(ctx, async (tx) => {
        tx.record({ entityType: 'team', entityId: 'x', changeType: 'create', before: null, after: {} });
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    events.off(CHANGES_COMMITTED, listener);
    expect((await changesOf(t, other.orgId)).length).toBe(0);
    expect(emitted).toBe(0);
  });
});
