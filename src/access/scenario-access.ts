import type { EntityManager } from 'typeorm';
import { expandUserPermissions } from '../common/auth/permissions';
import type { RequestContext } from '../common/auth/request-context';
import { DomainError } from '../common/errors/domain-error';
import { OrganizationsRepository, type ScenarioAccessRow } from '../organizations/organizations.repository';

/**
 * What a request needs of the scenario it names: `read` it (any status), `write` records inside it (it must be
 * OPEN), `edit` the scenario itself (name, description, status: any status), or `manage` who may use it
 * (visibility and members).
 */
export type ScenarioNeed = 'read' | 'write' | 'edit' | 'manage';

/** What one user may do with one scenario. */
export interface ScenarioRights {
  read: boolean;
  write: boolean;
  manage: boolean;
}

const EVERY_RIGHT: ScenarioRights = { read: true, write: true, manage: true };

/**
 * The one rule of scenario access. The application itself (the admin token without X-Acting-User: no user behind
 * the request), the owner and users with manage_scenarios may do everything. Otherwise an ORGANIZATION scenario
 * may be read and written by every user (with the usual permissions); a PRIVATE one only by its members, EDITOR to
 * write, VIEWER to read. Only the owner and manage_scenarios manage visibility and members.
 */
export function scenarioRights(row: ScenarioAccessRow, userId: string | null): ScenarioRights {
  if (userId === null) return EVERY_RIGHT;
  if (managesScenarios({ permissions: row.user_permissions, active: row.user_active }) || row.owner_user_id === userId) return EVERY_RIGHT;
  const shared = row.visibility === 'ORGANIZATION';
  return { read: shared || row.member_role !== null, write: shared || row.member_role === 'EDITOR', manage: false };
}

/** Whether a user (its permissions and state) manages every scenario of the organization: an active user with manage_scenarios. */
export function managesScenarios(user: { permissions: readonly string[] | null; active: boolean | null } | undefined): boolean {
  return user?.active === true && expandUserPermissions(user.permissions ?? []).has('manage_scenarios');
}

/**
 * The scenario named by a request, checked for what the request needs, for the user behind it (`ctx.userId`: the
 * API key's creator, the acting user, a PULL hook's act-as user; none for the application itself):
 * - unknown, or PRIVATE and not readable by the user: 404 NOT_FOUND (its existence is not revealed);
 * - `write` and `edit` without the right to write: 403 PLAN_NOT_EDITABLE; `write` on a scenario that is not OPEN too;
 * - `manage` without being the owner or holding manage_scenarios: 403 FORBIDDEN.
 * Used by the access guard (`scenarioId`), the assistant tools and the application API's scenario routes.
 */
export async function scenarioFor(
  em: EntityManager,
  ctx: RequestContext,
  scenarioId: string,
  need: ScenarioNeed,
): Promise<ScenarioAccessRow> {
  const row = await new OrganizationsRepository().scenarioAccess({ organizationId: ctx.organizationId, em }, scenarioId, ctx.userId);
  const rights = row ? scenarioRights(row, ctx.userId) : null;
  if (!row || !rights?.read) throw DomainError.notFound('Scenario', scenarioId);
  if (need === 'manage' && !rights.manage) {
    throw DomainError.forbidden(`Only the owner of scenario ${scenarioId} or a user with manage_scenarios may change who can use it`);
  }
  if ((need === 'write' || need === 'edit') && !rights.write) {
    throw new DomainError('PLAN_NOT_EDITABLE', `Scenario ${scenarioId} is private and shared with this user for reading only`);
  }
  if (need === 'write' && row.status !== 'OPEN') {
    throw new DomainError('PLAN_NOT_EDITABLE', `Scenario ${scenarioId} is ${row.status.toLowerCase()} and accepts no changes`);
  }
  return row;
}
