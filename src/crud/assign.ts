/**
 * Copies the listed fields that the body actually carries (absent = unchanged, null = cleared) onto the entity,
 * converting numbers for `numeric` columns (kept as strings). Each key must be a property of the entity. Private:
 * callers go through `applyPlan` with a field plan, so that no field is skipped without a word.
 */
function patchEntity<T extends object>(
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

/**
 * Where each field of a write body `I` goes: `copy` (as sent), `numeric` (a number kept as a string) or `own` (the
 * resource's own code: a reference resolved, a nested record, a rule).
 */
export interface FieldPlan<I> {
  copy?: readonly (keyof I & string)[];
  numeric?: readonly (keyof I & string)[];
  own?: readonly (keyof I & string)[];
}

type Listed<P, K extends string> = P extends { readonly [k in K]: readonly (infer F)[] } ? F : never;
type Placed<P> = Listed<P, 'copy'> | Listed<P, 'numeric'> | Listed<P, 'own'>;

/** The fields of `I` a plan leaves out: `never` when it places them all. */
export type UnplacedFields<I, P> = Exclude<keyof I & string, Placed<P>>;

/**
 * A field plan that places every field of the write body `I` (`fieldPlan<UpdateTeamDto>()({ copy: [...], own: [...] })`):
 * a field added to the DTO and placed nowhere does not compile, so `applyPlan` cannot skip it silently.
 */
export function fieldPlan<I>() {
  return <const P extends FieldPlan<I>>(
    plan: P & ([UnplacedFields<I, P>] extends [never] ? unknown : { unplaced: UnplacedFields<I, P> }),
  ): P => plan;
}

/**
 * The one way to apply a PATCH body (and to copy a create body's fields) by a field plan: its `copy` and `numeric`
 * fields that the body carries; `own` fields are the caller's.
 */
export function applyPlan<T extends object, K extends keyof T & string>(
  target: T,
  input: object,
  plan: { copy?: readonly K[]; numeric?: readonly K[] },
): T {
  return patchEntity(target, input, [...(plan.copy ?? []), ...(plan.numeric ?? [])], plan.numeric ?? []);
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
