/**
 * Personal data as resources declare it (`ResourceDescriptor.personal`), and the one walk that erases a
 * person's copies in stored payloads: change history, webhook outbox, stored idempotent answers
 * (docs/architecture.md, "Personal data").
 */

/** The name an erased person's record shows. */
export const ERASED_NAME = 'Erased person';

/** What a personal field becomes when its person is erased: a value, or one made from the person's id. */
export type Tombstone = string | null | ((personId: string) => string);

/** Whose personal data a planning table holds, and what each personal field becomes when that person is erased. */
export interface PersonalFields {
  /** The entity type of the person's own record: `employee` or `contractor`. */
  person: string;
  /** The property naming the person: `id` on the person's own record, else the owner (`employeeId`). */
  via: string;
  /** Property (the payload key of the same name) -> its tombstone. */
  fields: Readonly<Record<string, Tombstone>>;
}

/** One kind of stored copy of a person's data: which objects it is, and what their fields become. */
export interface ErasureRule {
  /** Whether a payload object (at any depth) is such a copy. */
  matches(object: Record<string, unknown>): boolean;
  /** Field -> its replacement (only fields the object has are written). */
  fields: Readonly<Record<string, unknown>>;
}

/** The tombstones of the declared fields for one person. */
export function tombstonesOf(declared: PersonalFields, personId: string): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [field, tombstone] of Object.entries(declared.fields)) {
    out[field] = typeof tombstone === 'function' ? tombstone(personId) : tombstone;
  }
  return out;
}

/**
 * The rule of a declared table for one person: the person's own record is any object whose `id` is the
 * person's (ids are unique across tables) and that carries one of the fields; a record owned by the person
 * (`via` = `employeeId`) is an object naming the person there and carrying every declared field.
 */
export function personalRule(declared: PersonalFields, personId: string): ErasureRule {
  const fields = tombstonesOf(declared, personId);
  const names = Object.keys(fields);
  const own = declared.via === 'id';
  return {
    fields,
    matches: (object) =>
      object[declared.via] === personId && (own ? names.some((name) => name in object) : names.every((name) => name in object)),
  };
}

/**
 * The person's externalId that change payloads of their records carry beside their id (`employeeExternalId` of a
 * salary adjustment, `contractorExternalId` of a rate): it follows the person's own `externalId`, which the erase
 * blanks, so it becomes null too.
 */
export function ownerExternalIdRule(person: { id: string; externalId: string }, personId: string): ErasureRule {
  return {
    fields: { [person.externalId]: null },
    matches: (object) => object[person.id] === personId && person.externalId in object,
  };
}

/**
 * Erases, in place, every copy the rules match anywhere in `value` (objects and arrays, at any depth).
 * Returns whether anything changed.
 */
export function eraseCopies(value: unknown, rules: readonly ErasureRule[]): boolean {
  if (Array.isArray(value)) {
    let changed = false;
    for (const item of value) changed = eraseCopies(item, rules) || changed;
    return changed;
  }
  if (typeof value !== 'object' || value === null) return false;
  const object = value as Record<string, unknown>;
  let changed = false;
  for (const rule of rules) {
    if (!rule.matches(object)) continue;
    for (const [field, replacement] of Object.entries(rule.fields)) {
      if (field in object && object[field] !== replacement) {
        object[field] = replacement;
        changed = true;
      }
    }
  }
  for (const child of Object.values(object)) changed = eraseCopies(child, rules) || changed;
  return changed;
}

/** The string values of `field` on every object of `value` (at any depth) that the rule matches. */
export function valuesOfCopies(value: unknown, rule: ErasureRule, field: string, into: Set<string>): Set<string> {
  if (Array.isArray(value)) {
    for (const item of value) valuesOfCopies(item, rule, field, into);
  } else if (typeof value === 'object' && value !== null) {
    const object = value as Record<string, unknown>;
    if (rule.matches(object) && typeof object[field] === 'string') into.add(object[field]);
    for (const child of Object.values(object)) valuesOfCopies(child, rule, field, into);
  }
  return into;
}
