import { Actor, RequestContext } from '../../src/common/auth/request-context';
import { newId } from '../../src/common/ids';
import { ChangeInput, UnitOfWork } from '../../src/database/unit-of-work';
import { WebhookDeliveryEntity } from '../../src/webhooks/entities/webhook-delivery.entity';
import { changesOf } from '../support/changes';
import { TestApp, Tenant } from '../support/test-app';
import { waitFor } from './receiver';

/** A context of the tenant's live plan, acting as its API key unless told otherwise. */
export async function liveContext(t: TestApp, tenant: Tenant, actor?: Actor): Promise<RequestContext> {
  const ctx = await t.liveContext(tenant);
  return actor ? { ...ctx, actor } : ctx;
}

/** A context writing to a new scenario of the tenant (made directly: the scenarios module is not needed). */
export async function scenarioContext(t: TestApp, tenant: Tenant): Promise<RequestContext> {
  const live = await liveContext(t, tenant);
  const id = newId();
  await t.dataSource.query(`INSERT INTO plans (id, organization_id, kind, name, status) VALUES ($1, $2, 'SCENARIO', 'What if', 'OPEN')`, [
    id,
    tenant.orgId,
  ]);
  return { ...live, planId: id, scenarioId: id };
}

/** One write (one transaction) recording these changes, as a record module's request does. */
export async function write(t: TestApp, ctx: RequestContext, changes: ChangeInput[]): Promise<void> {
  await t.get<UnitOfWork>(UnitOfWork).run(ctx, async (tx) => {
    for (const change of changes) tx.record(change);
  });
}

export function change(
  entityType: string,
  changeType: ChangeInput['changeType'],
  after: Record<string, unknown> = { name: 'x' },
  entityId = newId(),
): ChangeInput {
  return {
    entityType,
    entityId,
    changeType,
    before: changeType === 'create' ? null : { ...after, version: 1 },
    after: changeType === 'delete' ? null : after,
  };
}

export interface EndpointInput {
  name?: string;
  url: string;
  entityTypes?: string[];
  eventTypes?: string[];
  enabled?: boolean;
}

export async function createEndpoint(t: TestApp, tenant: Tenant, input: EndpointInput): Promise<{ id: string; secret: string }> {
  const res = await t
    .admin('post', `/organizations/${tenant.orgId}/webhook-endpoints`)
    .send({ name: 'Receiver', entityTypes: ['employee', 'team'], eventTypes: ['create', 'update', 'delete'], ...input })
    .expect(201);
  return { id: res.body.data.id, secret: res.body.data.secret };
}

/**
 * Waits (bounded) until every live change of the organization is fanned out and every attempt has an
 * outcome, whichever instance sent it: after this, nothing more will be sent for these changes.
 */
export async function settled(t: TestApp, orgId: string, timeoutMs = 20_000): Promise<void> {
  await waitFor(
    `webhook deliveries of ${orgId} to settle`,
    async () => {
      // Changes first: a change is marked DONE in the statement that writes its SENDING deliveries.
      const open = await changesOf(t, orgId, { dispatchStatus: ['PENDING', 'DISPATCHING'] });
      if (open.length > 0) return false;
      return (await t.dataSource.getRepository(WebhookDeliveryEntity).countBy({ organizationId: orgId, status: 'SENDING' })) === 0;
    },
    timeoutMs,
  );
}

export async function endpointOf(t: TestApp, orgId: string, id: string): Promise<Record<string, unknown>> {
  return (await t.admin('get', `/organizations/${orgId}/webhook-endpoints/${id}`).expect(200)).body.data;
}
