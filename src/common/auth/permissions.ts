import { DomainError } from '../errors/domain-error';
/** API key permissions of spec 03 §2. */
export const API_PERMISSIONS = [
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

export type ApiPermission = (typeof API_PERMISSIONS)[number];

/** Application capabilities a user may hold besides the API permissions (spec 03 §3 Users). */
export const APP_CAPABILITIES = [
  'edit_all_functional_groups',
  'share_functional_groups',
  'view_costs',
  'view_webhooks',
  'configure_webhooks',
  'manage_scenarios',
  'manage_personal_data',
] as const;

export type AppCapability = (typeof APP_CAPABILITIES)[number];

export const USER_PERMISSIONS: readonly string[] = [...API_PERMISSIONS, ...APP_CAPABILITIES, '*'];

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

/**
 * Spec 03 §2: a nested write needs the permission of each record it creates. `needed` maps each
 * permission to whether the body creates such a record; any missing one is a 403 naming them.
 */
export function requireNested(ctx: { permissions: ReadonlySet<ApiPermission> }, needed: Partial<Record<ApiPermission, boolean>>): void {
  const missing = (Object.keys(needed) as ApiPermission[]).filter((p) => needed[p] && !ctx.permissions.has(p));
  if (missing.length) throw DomainError.forbidden(`Nested records need the permission ${missing.join(' and ')}`);
}
