import { DomainError } from '../common/errors/domain-error';
import type { ErrorCode } from '../common/errors/error-codes';
import type { Dated } from './dated';
import type { DatedChildren, FunctionalStructureRepository, TxScope } from './functional-structure.repository';

/** The small checks and messages every write of the functional structure shares. */
export function fail(code: ErrorCode, message: string): never {
  throw new DomainError(code, message);
}

export function checkDates(startDate: string, endDate: string | null | undefined): void {
  if (endDate !== null && endDate !== undefined && endDate < startDate) {
    throw new DomainError('INVALID_DATES', 'endDate must not be before startDate', [
      { field: 'endDate', message: 'endDate must not be before startDate' },
    ]);
  }
}

/** A record's days for messages: `2026-01-01 to ongoing`. */
export function span(d: Dated): string {
  return `${d.startDate} to ${d.endDate ?? 'ongoing'}`;
}

/**
 * Records beneath a group or seat (sub-group placements, positions, occupancies, lines reporting to
 * a seat) must lie within its new days: one starting after the new end is a change already
 * scheduled (FUTURE_CHANGES_EXIST); one running past the end or starting before the start would
 * fall outside (OUTSIDE_ACTIVE_DATES).
 */
export async function assertChildrenWithin(
  rows: FunctionalStructureRepository,
  tx: TxScope,
  children: DatedChildren,
  ownerId: string,
  dates: Dated,
): Promise<void> {
  const row = await rows.childOutside(tx, children, ownerId, dates);
  if (!row) return;
  if (dates.endDate !== null && row.startDate > dates.endDate) {
    fail('FUTURE_CHANGES_EXIST', `A ${children} (${row.id}) is scheduled from ${row.startDate}, after the end date ${dates.endDate}`);
  }
  fail(
    'OUTSIDE_ACTIVE_DATES',
    `A ${children} (${row.id}, ${row.startDate} to ${row.endDate ?? 'ongoing'}) would fall outside ${span(dates)}; retire or move it first`,
  );
}
