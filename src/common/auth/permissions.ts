import { DomainError } from '../errors/domain-error';
import { type Declared, extendList, type VocabularyDeclaration } from '../vocabulary';

/** API key permissions of spec 03 §2. */
const SPEC_API_PERMISSIONS = [
  'employees_view',
  'employees_edit',
  'contractors_view',
  'contractors_edit',
  'vacancies_view',
  'vacancies_edit',
  'projects_view',
  'projects_edit',
  'teams_view',
  'teams_edit',
  'assignments_view',
  'assignments_edit',
  'compensation_view',
  'compensation_edit',
  'reference_data_view',
  'reference_data_edit',
  'custom_attributes_view',
  'custom_attributes_edit',
  'business_metrics_ingest',
  'functional_groups_view',
  'functional_groups_edit',
  'functional_groups_share',
  'financials_view_summary',
  'forecasts_view',
  'business_metrics_view',
  'budgets_view',
  'budgets_edit',
] as const;

/** An API permission: spec 03 §2's, or one a module declares in its folder (`vocabulary.ts`). */
export type ApiPermission = (typeof SPEC_API_PERMISSIONS)[number] | Declared<'permissions'>;

/** Every API permission: spec 03 §2's, then the modules' (added at start-up, `addToVocabulary`). */
export const API_PERMISSIONS: readonly ApiPermission[] = [...SPEC_API_PERMISSIONS];

/** Application capabilities a user may hold besides the API permissions (spec 03 §3 Users). */
export const APP_CAPABILITIES = [
  'edit_all_functional_groups',
  'share_functional_groups',
  'view_costs',
  'view_webhooks',
  'configure_webhooks',
  'manage_scenarios',
  'approve_scenarios',
  'manage_personal_data',
] as const;

export type AppCapability = (typeof APP_CAPABILITIES)[number];

export const USER_PERMISSIONS: readonly string[] = [...API_PERMISSIONS, ...APP_CAPABILITIES, '*'];

/** Adds a module's API permissions to API_PERMISSIONS and USER_PERMISSIONS. */
export function addPermissions(declaration: VocabularyDeclaration): void {
  extendList(API_PERMISSIONS, declaration.permissions);
  extendList(USER_PERMISSIONS, declaration.permissions);
}

export function isApiPermission(value: string): value is ApiPermission {
  return (API_PERMISSIONS as readonly string[]).includes(value);
}

/** What a user holds, with `*` expanded to everything. */
export function expandUserPermissions(granted: readonly string[]): Set<string> {
  return granted.includes('*') ? new Set<string>([...API_PERMISSIONS, ...APP_CAPABILITIES]) : new Set(granted);
}

/** A key's effective permissions: the key's, narrowed to what its creator holds. */
export function effectiveKeyPermissions(keyPermissions: readonly string[], creatorPermissions: readonly string[]): Set<ApiPermission> {
  const creator = expandUserPermissions(creatorPermissions);
  return new Set(keyPermissions.filter((p): p is ApiPermission => isApiPermission(p) && creator.has(p)));
}

/** The API permissions of a user's grant (`*` expanded): what the user acts with as acting user or key creator. */
export function userApiPermissions(granted: readonly string[]): Set<ApiPermission> {
  const held = expandUserPermissions(granted);
  return new Set(API_PERMISSIONS.filter((p) => held.has(p)));
}

/**
 * The edit permission that pairs with a view permission (spec 03 §2: `employees_view` and `employees_edit`, ...), or
 * undefined when the view permission has no pair (`forecasts_view`).
 */
export function editPermissionOf(view: ApiPermission): ApiPermission | undefined {
  const edit = view.replace(/_view$/, '_edit');
  return edit !== view && isApiPermission(edit) ? edit : undefined;
}

/** Who a refusal names: the API key, the acting user, or the user who merges. */
function holderOf(ctx: { actor?: { type: string } }): string {
  if (ctx.actor?.type === 'user') return 'The acting user';
  if (ctx.actor?.type === 'merge') return 'The merging user';
  return 'The API key';
}

/**
 * The one permission check of every request (spec 03 §2 and §1.17): 403 FORBIDDEN naming what is missing unless the
 * context holds every permission in `needed`. The context carries the API key's permissions (narrowed to its
 * creator's), the acting user's own, or, for the application itself (admin token without X-Acting-User), every one.
 * `what` says what needs them (`Merging these changes`); without it the refusal names the permissions alone.
 */
export function requirePermissions(
  ctx: { permissions: ReadonlySet<ApiPermission>; actor?: { type: string } },
  needed: readonly ApiPermission[],
  what?: string,
): void {
  const missing = [...new Set(needed)].filter((p) => !ctx.permissions.has(p));
  if (!missing.length) return;
  throw DomainError.forbidden(`${holderOf(ctx)} lacks the permission ${missing.join(', ')}${what ? ` (${what})` : ''}`);
}

/**
 * Spec 03 §2: a nested write needs the permission of each record it creates. `needed` maps each
 * permission to whether the body creates such a record; any missing one is a 403 naming them.
 */
export function requireNested(ctx: { permissions: ReadonlySet<ApiPermission> }, needed: Partial<Record<ApiPermission, boolean>>): void {
  const missing = (Object.keys(needed) as ApiPermission[]).filter((p) => needed[p] && !ctx.permissions.has(p));
  if (missing.length) throw DomainError.forbidden(`Nested records need the permission ${missing.join(' and ')}`);
}
