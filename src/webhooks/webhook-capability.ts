import { expandUserPermissions } from '../common/auth/permissions';
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
