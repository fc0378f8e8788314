import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { RequestContext } from '../access/request-context';
import { DomainError } from '../common/errors/domain-error';

export const EDIT_ALL_FUNCTIONAL_GROUPS = 'edit_all_functional_groups';

/**
 * Who may change the functional structure (document 02 "Authentication"). The key's
 * `functional_groups_edit` is checked by the guard; this is the creator's side. Part 2 extends
 * `canEditGroup` with manager grants on the group or a parent (inherited downwards).
 */
@Injectable()
export class FunctionalAccessService {
  /** Creating a top-level group or moving a group to the top: "Edit all functional groups" only. */
  canEditRoot(ctx: RequestContext): boolean {
    return ctx.capabilities.has(EDIT_ALL_FUNCTIONAL_GROUPS);
  }

  /** Changing the group, or creating or changing anything beneath it, on `day`. */
  async canEditGroup(ctx: RequestContext, _em: EntityManager, _groupId: string, _day: string): Promise<boolean> {
    return ctx.capabilities.has(EDIT_ALL_FUNCTIONAL_GROUPS);
  }

  assertCanEditRoot(ctx: RequestContext): void {
    if (!this.canEditRoot(ctx)) throw DomainError.forbidden('Top-level functional groups need the creator capability "Edit all functional groups"');
  }

  async assertCanEditGroup(ctx: RequestContext, em: EntityManager, groupId: string, day: string): Promise<void> {
    if (!(await this.canEditGroup(ctx, em, groupId, day))) {
      throw DomainError.forbidden(`Changing functional group ${groupId} needs "Edit all functional groups" or a manager grant on it or a parent`);
    }
  }
}
