import { expandUserPermissions, requirePermissions } from '../common/auth/permissions';
import type { RequestContext } from '../common/auth/request-context';
import type { ResourceCatalog } from '../crud/resources';
import { DomainError } from '../common/errors/domain-error';
import type { TxScope } from '../database/unit-of-work';
import type { OrganizationsRepository } from '../organizations/organizations.repository';

export type WebhookCapability = 'view_webhooks' | 'configure_webhooks';

/**
 * Document 02 "Authentication": endpoints (and integrations, which carry push hooks) are seen with View
 * Webhooks and changed with Configure Webhooks. A person acting through `X-Acting-User` needs that
 * capability (and an active account); the application itself (admin token, no acting user) may do everything.
 */
export async function authorizeWebhookCapability(
  organizations: OrganizationsRepository,
  { ctx, em }: TxScope,
  capability: WebhookCapability,
): Promise<void> {
  if (ctx.actor.type !== 'user' || !ctx.userId) return;
  const user = await organizations.userPermissions({ ctx, em }, ctx.userId);
  if (!user || !user.active) throw DomainError.forbidden('The acting user is not an active user of the organization');
  const held = expandUserPermissions(user.permissions);
  const needed: WebhookCapability[] = capability === 'view_webhooks' ? ['view_webhooks', 'configure_webhooks'] : ['configure_webhooks'];
  if (!needed.some((c) => held.has(c))) throw DomainError.forbidden(`The acting user lacks the ${capability} permission`);
}

/**
 * Spec 03 §1.18: events reach no one who may not read them. A target (webhook endpoint, push hook) is subscribed only to
 * entity types the request may view: the permission the type's resource declares for `GET /changes` (a type no resource
 * records needs none). 403 FORBIDDEN naming the permissions and the types otherwise; the application itself (no
 * X-Acting-User) may subscribe to any. Deliveries check the same rule against the configuring user's rights at each send.
 */
export function assertSubscribable(catalog: ResourceCatalog, ctx: RequestContext, entityTypes: readonly string[]): void {
  const refused = entityTypes.filter((type) => {
    const permission = catalog.viewPermissionOf(type);
    return permission !== undefined && !ctx.permissions.has(permission);
  });
  if (!refused.length) return;
  requirePermissions(
    ctx,
    refused.map((type) => catalog.viewPermissionOf(type)!),
    `to receive events of ${refused.join(', ')}`,
  );
}
