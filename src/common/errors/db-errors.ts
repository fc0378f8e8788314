import { DomainError } from './domain-error';
import { ErrorCode } from './error-codes';

export interface ConstraintRule {
  code: ErrorCode;
  message: string;
  /** The request field a validation error points at. */
  field?: string;
}

const rules = new Map<string, ConstraintRule>();

/**
 * Tells the error translation what a named unique, foreign-key, check or exclusion constraint means
 * to a client. Resources declare their constraints (`ResourceDescriptor.constraints`, src/crud/resources.ts);
 * the resource catalog registers them at start-up.
 */
export function registerConstraint(name: string, rule: ConstraintRule): void {
  rules.set(name, rule);
}

/** The names of the constraints registered so far (a test checks each against the database). */
export function registeredConstraintNames(): string[] {
  return [...rules.keys()];
}

interface PgError {
  code?: string;
  constraint?: string;
  detail?: string;
  message?: string;
}

function pgErrorOf(error: unknown): PgError | null {
  if (!error || typeof error !== 'object') return null;
  const candidate = (error as { driverError?: PgError }).driverError ?? (error as PgError);
  return typeof candidate.code === 'string' && /^[0-9A-Z]{5}$/.test(candidate.code) ? candidate : null;
}

/**
 * A violation on a Citus worker reaches the client without the constraint field, and its message names the
 * shard's constraint: the name plus `_<shard id>` (`uq_employees_email_102100`). The name as the schema has
 * it, from the field or else from the message.
 */
function withoutShardSuffix(pg: PgError): PgError {
  const constraint = pg.constraint ?? /constraint "([^"]+)"/.exec(pg.message ?? '')?.[1];
  return { ...pg, constraint: constraint && !rules.has(constraint) ? constraint.replace(/_\d+$/, '') : constraint };
}

/**
 * The one place PostgreSQL constraint violations become domain errors. Returns null for anything else. A violation
 * no resource declares gets a generic message, never PostgreSQL's own text: its detail names columns and values
 * (personal data), its message the constraint and table.
 */
export function translateDbError(error: unknown): DomainError | null {
  const found = pgErrorOf(error);
  if (!found) return null;
  const pg = withoutShardSuffix(found);
  const rule = pg.constraint ? rules.get(pg.constraint) : undefined;
  if (rule) {
    return rule.code === 'VALIDATION_ERROR' && rule.field
      ? DomainError.validation(rule.field, rule.message)
      : new DomainError(rule.code, rule.message, rule.field ? [{ field: rule.field, message: rule.message }] : undefined);
  }
  switch (pg.code) {
    case '23505':
      return DomainError.validation('body', 'A value that must be unique is already used by another record');
    case '23503':
      return pg.detail?.includes('is still referenced')
        ? DomainError.conflict('The record is still referenced by other records; remove those references first')
        : DomainError.validation('body', 'A referenced record does not exist');
    case '23001':
      return DomainError.conflict('The record is still referenced by other records; remove those references first');
    case '23502':
      return DomainError.validation('body', 'A required value is missing');
    case '23514':
      return DomainError.validation('body', 'A value breaks a rule of the record');
    case '23P01':
      return DomainError.conflict('The change overlaps an existing record');
    case '22P02':
    case '22003':
    case '22007':
    case '22008':
      return DomainError.validation('body', 'A value is out of range or badly formed');
    case '40001':
    case '40P01':
      return DomainError.conflict('A concurrent change conflicted with this request; retry it');
    default:
      return null;
  }
}
