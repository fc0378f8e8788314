import { Injectable } from '@nestjs/common';
import type { RequestContext } from '../../common/auth/request-context';
import { toIsoDateTime } from '../../common/dates';
import { DomainError } from '../../common/errors/domain-error';
import type { AccessGrantViewDto } from '../dto/functional-read-responses.dto';
import type { FunctionalAccess } from '../entities/functional-access-grant.entity';
import { ancestry, GroupParents } from '../reads/figures';
import { FunctionalAccessRepository, GrantRow } from './functional-access.repository';
import type { TxScope } from '../../database/unit-of-work';

export const EDIT_ALL_FUNCTIONAL_GROUPS = 'edit_all_functional_groups';
export const SHARE_FUNCTIONAL_GROUPS = 'share_functional_groups';

const rank = (a: FunctionalAccess | null): number => (a === 'EDITOR' ? 2 : a === 'READER' ? 1 : 0);

/** The organization's access grants, grouped by group, for reads that show grants and managers. */
export class GrantBook {
  private readonly byGroup = new Map<string, GrantRow[]>();

  constructor(rows: GrantRow[]) {
    for (const r of rows) {
      const list = this.byGroup.get(r.functional_group_id);
      if (list) list.push(r);
      else this.byGroup.set(r.functional_group_id, [r]);
    }
  }

  get isEmpty(): boolean {
    return this.byGroup.size === 0;
  }

  /** The grants on the group itself (inherited false) and on its ancestors (chain: the group first, then nearest ancestor first). */
  grantsOn(chain: readonly string[]): AccessGrantViewDto[] {
    const out: AccessGrantViewDto[] = [];
    chain.forEach((groupId, depth) => {
      for (const r of this.byGroup.get(groupId) ?? []) out.push(grantView(r, depth > 0));
    });
    return out;
  }

  /** The managers (EDITOR grants) of the group: one entry per login, its direct grant if any, else the nearest inherited one. */
  managersOf(chain: readonly string[]): AccessGrantViewDto[] {
    const seen = new Set<string>();
    const out: AccessGrantViewDto[] = [];
    for (const g of this.grantsOn(chain)) {
      if (g.access !== 'EDITOR' || seen.has(g.userId)) continue;
      seen.add(g.userId);
      out.push(g);
    }
    return out;
  }
}

function grantView(r: GrantRow, inherited: boolean): AccessGrantViewDto {
  return {
    id: r.id,
    functionalGroupId: r.functional_group_id,
    resourceType: r.resource_type,
    resourceId: r.resource_id,
    userId: r.user_id,
    name: r.name,
    email: r.email,
    access: r.access,
    inherited,
    createdAt: toIsoDateTime(r.created_at),
  };
}

/**
 * What the caller may see of the functional structure on one day (docs/decisions.md "Functional
 * structure: access"): `access(groupId)` is EDITOR, READER or null (not visible: 404).
 */
export interface Viewer {
  /** Every group is visible ("Edit all", "Share functional groups", or the organization does not restrict visibility). */
  readonly all: boolean;
  access(groupId: string): FunctionalAccess | null;
  /** The visible groups among `parents` (every group when `all`). */
  visible(parents: GroupParents): string[];
}

/**
 * Who may see, change and share the functional structure (document 02 "Authentication"): the key's
 * permissions are checked by the guard; this is the creator's side, from capabilities and access grants.
 * Grants inherit downwards along the hierarchy of the day in question, in the plan being read or written
 * (grants are organization-level: one set for the live plan and every scenario).
 */
@Injectable()
export class FunctionalAccessService {
  constructor(private readonly rows: FunctionalAccessRepository) {}

  /** Creating a top-level group or moving a group to the top: "Edit all functional groups" only. */
  canEditRoot(ctx: RequestContext): boolean {
    return ctx.capabilities.has(EDIT_ALL_FUNCTIONAL_GROUPS);
  }

  /** Whether the creator holds an EDITOR grant on the group or one of its ancestors on `day` of ctx.planId. */
  private async managesOn({ ctx, em }: TxScope, groupId: string, day: string): Promise<boolean> {
    if (!ctx.userId) return false;
    return this.rows.managesOn({ ctx, em }, groupId, day);
  }

  /** Changing the group, or creating or changing anything beneath it, on `day`: "Edit all", or a manager grant on it or a parent. */
  async canEditGroup({ ctx, em }: TxScope, groupId: string, day: string): Promise<boolean> {
    return ctx.capabilities.has(EDIT_ALL_FUNCTIONAL_GROUPS) || this.managesOn({ ctx, em }, groupId, day);
  }

  assertCanEditRoot(ctx: RequestContext): void {
    if (!this.canEditRoot(ctx))
      throw DomainError.forbidden('Top-level functional groups need the creator capability "Edit all functional groups"');
  }

  async assertCanEditGroup({ ctx, em }: TxScope, groupId: string, day: string): Promise<void> {
    if (!(await this.canEditGroup({ ctx, em }, groupId, day))) {
      throw DomainError.forbidden(
        `Changing functional group ${groupId} needs "Edit all functional groups" or a manager grant on it or a parent`,
      );
    }
  }

  /** Whether the caller may share any group: key `functional_groups_share` and creator "Share functional groups". */
  canShareAll(ctx: RequestContext): boolean {
    return ctx.permissions.has('functional_groups_share') && ctx.capabilities.has(SHARE_FUNCTIONAL_GROUPS);
  }

  /**
   * Granting or revoking access on the group (document 02 write rule 7 and the authentication table):
   * the share permission pair, or key `functional_groups_edit` and a manager grant on the group or a
   * parent on `day` of the live plan.
   */
  async assertCanShare({ ctx, em }: TxScope, groupId: string, day: string): Promise<void> {
    if (this.canShareAll(ctx)) return;
    if (ctx.permissions.has('functional_groups_edit') && (await this.managesOn({ ctx, em }, groupId, day))) return;
    throw DomainError.forbidden(
      `Sharing functional group ${groupId} needs functional_groups_share with "Share functional groups", or functional_groups_edit with a manager grant on it or a parent`,
    );
  }

  /** The organization's grants with their logins, optionally only those of one login. */
  async grants(scope: TxScope, userId?: string): Promise<GrantBook> {
    const rows = await this.rows.grants(scope, userId);
    return new GrantBook(rows);
  }

  /** The organization setting `functionalGroupsRestrictedVisibility`: reading a group needs a grant on it or a parent. */
  private restrictedVisibility(scope: TxScope): Promise<boolean> {
    return this.rows.restrictedVisibility(scope);
  }

  /** Whether the caller reads every group (what `viewer` says with `all` and no grant-based limit). */
  async readsEveryGroup(scope: TxScope): Promise<boolean> {
    const { ctx } = scope;
    if (ctx.capabilities.has(EDIT_ALL_FUNCTIONAL_GROUPS) || ctx.capabilities.has(SHARE_FUNCTIONAL_GROUPS)) return true;
    return !(await this.restrictedVisibility(scope));
  }

  /**
   * What the caller sees on a day (document 02 "Read groups": the key's functional_groups_view, checked
   * by the guard, and an active creator). "Edit all functional groups": every group, EDITOR. "Share
   * functional groups", or any account while the organization's `functionalGroupsRestrictedVisibility`
   * is off (the default): every group, at least READER. Otherwise only the groups under the creator's
   * grants. A grant lifts the access to the strongest grant on the group or an ancestor; EDITOR also
   * needs the key's `functional_groups_edit` (viewerAccess says what this caller can do). `parents` is
   * only loaded when grants decide.
   */
  async viewer(scope: TxScope, loadParents: () => Promise<GroupParents>): Promise<Viewer> {
    const { ctx } = scope;
    const keyEdits = ctx.permissions.has('functional_groups_edit');
    const cap = (a: FunctionalAccess | null): FunctionalAccess | null => (a === 'EDITOR' && !keyEdits ? 'READER' : a);
    if (ctx.capabilities.has(EDIT_ALL_FUNCTIONAL_GROUPS)) {
      const access = cap('EDITOR');
      return { all: true, access: () => access, visible: (parents) => [...parents.keys()] };
    }
    const readsAll = ctx.capabilities.has(SHARE_FUNCTIONAL_GROUPS) || !(await this.restrictedVisibility(scope));
    const floor: FunctionalAccess | null = readsAll ? 'READER' : null;
    const own = ctx.userId ? await this.grants(scope, ctx.userId) : new GrantBook([]);
    if (own.isEmpty) {
      return floor
        ? { all: true, access: () => floor, visible: (parents) => [...parents.keys()] }
        : { all: false, access: () => null, visible: () => [] };
    }
    const parents = await loadParents();
    const up = ancestry(parents);
    const memo = new Map<string, FunctionalAccess | null>();
    const access = (groupId: string): FunctionalAccess | null => {
      let known = memo.get(groupId);
      if (known === undefined) {
        known = floor;
        for (const g of own.grantsOn(up(groupId))) if (rank(g.access) > rank(known)) known = g.access;
        known = cap(known);
        memo.set(groupId, known);
      }
      return known;
    };
    return { all: floor !== null, access, visible: (ps) => [...ps.keys()].filter((id) => access(id) !== null) };
  }
}
