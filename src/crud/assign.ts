/**
 * The one way to apply a PATCH body (and to copy a create body's fields): copies the listed fields that
 * the body actually carries (absent = unchanged, null = cleared) onto the entity, converting numbers for
 * `numeric` columns (kept as strings). Each key must be a property of the entity.
 */
export function patchEntity<T extends object>(
  target: T,
  input: object,
  keys: readonly (keyof T & string)[],
  numeric: readonly (keyof T & string)[] = [],
): T {
  const source = input as Record<string, unknown>;
  const out = target as Record<string, unknown>;
  for (const key of keys) {
    if (source[key] === undefined) continue;
    const value = source[key];
    out[key] = numeric.includes(key) && typeof value === 'number' ? String(value) : value;
  }
  return target;
}

/** Rows grouped by a key, each group in the rows' order. */
export function groupBy<T>(rows: readonly T[], key: (row: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const row of rows) {
    const k = key(row);
    const group = groups.get(k);
    if (group) group.push(row);
    else groups.set(k, [row]);
  }
  return groups;
}
