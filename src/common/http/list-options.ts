import { DomainError } from '../errors/domain-error';

export interface SortSpec {
  /** SQL column expression from the allow-list, never from the request. */
  column: string;
  direction: 'ASC' | 'DESC';
}

/**
 * Resolves `sortBy` against a resource's allow-list of API field names -> SQL columns.
 * An unknown field is a 400 naming the allowed ones.
 */
export function parseSort(
  sortBy: string | undefined,
  sortDir: 'asc' | 'desc' | undefined,
  allowed: Readonly<Record<string, string>>,
  fallback: string,
): SortSpec {
  const key = sortBy ?? fallback;
  const column = Object.prototype.hasOwnProperty.call(allowed, key) ? allowed[key] : undefined;
  if (!column) {
    throw DomainError.validation('sortBy', `sortBy must be one of: ${Object.keys(allowed).join(', ')}`);
  }
  return { column, direction: sortDir === 'desc' ? 'DESC' : 'ASC' };
}

/**
 * Document 01 rule 7: a comma-separated list of include keys; a key not allowed is a 400.
 */
export function parseIncludes<K extends string>(
  raw: string | string[] | undefined,
  allowed: readonly K[],
  access?: IncludeAccess<K>,
): Set<K> {
  const result = new Set<K>();
  if (raw === undefined) return result;
  const parts = (Array.isArray(raw) ? raw.join(',') : raw).split(',').map((part) => part.trim());
  for (const part of parts) {
    if (part === '') continue;
    if (!(allowed as readonly string[]).includes(part)) {
      throw DomainError.validation(
        'include',
        allowed.length ? `include "${part}" is not allowed; allowed: ${allowed.join(', ')}` : `include "${part}" is not allowed`,
      );
    }
    result.add(part as K);
  }
  if (access) assertIncludeAccess(result, access);
  return result;
}

/** The permission each include needs, and the caller's permissions. */
export interface IncludeAccess<K extends string> {
  needs: Partial<Record<K, string>>;
  permissions: ReadonlySet<string>;
}

/** 403 naming every include that needs a permission the caller lacks (`include=a and include=b need the permission p`). */
function assertIncludeAccess<K extends string>(includes: Set<K>, { needs, permissions }: IncludeAccess<K>): void {
  const byPermission = new Map<string, K[]>();
  for (const [key, permission] of Object.entries(needs) as [K, string][]) {
    byPermission.set(permission, [...(byPermission.get(permission) ?? []), key]);
  }
  for (const [permission, keys] of byPermission) {
    if (permissions.has(permission) || !keys.some((key) => includes.has(key))) continue;
    const names = keys.map((key) => `include=${key}`).join(' and ');
    throw DomainError.forbidden(`${names} ${keys.length > 1 ? 'need' : 'needs'} the permission ${permission}`);
  }
}

/** Escapes LIKE wildcards so that search text matches literally. */
export function likePattern(search: string): string {
  return `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
