import { Injectable } from '@nestjs/common';
import { expandUserPermissions } from '../common/auth/permissions';
import type { RequestContext } from '../common/auth/request-context';
import { DomainError } from '../common/errors/domain-error';
import type { TxScope } from '../database/unit-of-work';
import { OrganizationsRepository } from './organizations.repository';

/** The rights (API permissions and capabilities, `*` expanded) in `wanted` that `held` lacks, in `wanted`'s order. */
export function missingRights(held: readonly string[], wanted: readonly string[]): string[] {
  const have = expandUserPermissions(held);
  return [...expandUserPermissions(wanted)].filter((right) => !have.has(right));
}

/** Whether the request is a person acting in the application (`X-Acting-User`), not the application itself. */
export function actingUserOf(ctx: RequestContext): string | null {
  return ctx.actor.type === 'user' && ctx.userId ? ctx.userId : null;
}

/**
 * "No actor may borrow rights" for what the application API stores on someone's behalf (docs/architecture.md,
 * "Security model"). Without `X-Acting-User` the request is the application's own (admin token) and may do
 * anything; with it, the acting user may configure something that later acts as, or grants, a set of rights
 * only when they hold every one of those rights themselves. A refusal is 403 `FORBIDDEN` naming what is missing.
 */
@Injectable()
export class ActingUserRights {
  constructor(private readonly organizations: OrganizationsRepository) {}

  /**
   * Refuses unless the acting user (if any) is active and holds every right of the organization's user `userId`
   * (spec 04 §5.1, 03 §1 item 14). Acting on oneself needs no more rights, but still an active account.
   */
  async assertCoversUser({ ctx, em }: TxScope, userId: string, action: string): Promise<void> {
    const acting = actingUserOf(ctx);
    if (!acting) return;
    const target = acting === userId ? undefined : await this.organizations.userPermissions({ ctx, em }, userId);
    // An unknown user is the caller's own 400/404 to give; here there is nothing to cover but the acting user's state.
    await this.assertHolds({ ctx, em }, target?.permissions ?? [], action);
  }

  /** Refuses unless the acting user (if any) is active and holds every right in `rights`. */
  async assertHolds({ ctx, em }: TxScope, rights: readonly string[], action: string): Promise<void> {
    const acting = actingUserOf(ctx);
    if (!acting) return;
    const user = await this.organizations.userPermissions({ ctx, em }, acting);
    if (!user?.active) throw DomainError.forbidden('The acting user is not an active user of the organization');
    const missing = missingRights(user.permissions, rights);
    if (missing.length) {
      throw DomainError.forbidden(`The acting user cannot ${action}: it would need rights the acting user lacks (${missing.join(', ')})`);
    }
  }
}
