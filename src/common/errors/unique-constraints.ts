import type { ConstraintRule } from './db-errors';

/** A unique constraint as a client sees its violation: 400 on `field`, "`field` is already used by `byWhom`". */
export function uniqueConstraint(field: string, byWhom: string): ConstraintRule {
  return { code: 'VALIDATION_ERROR', field, message: `${field} is already used by ${byWhom}` };
}

/** The unique externalId of a resource (`words`: "cost centre"): "externalId is already used by another cost centre". */
export function externalIdConstraint(words: string): ConstraintRule {
  return uniqueConstraint('externalId', `another ${words}`);
}
