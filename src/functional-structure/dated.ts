import { todayUtc } from '../common/dates';

/**
 * The as-of helpers of the dated functional structure (DESIGN.md mechanism 7): start and end days are
 * inclusive, a null end is ongoing. Every query of this module (and the reads of part 2) builds its
 * "active on day D" and "overlaps [a, b]" conditions here, in SQL and in JS alike.
 */

/** SQL: the row `alias` is active on the day bound to `day` (a `$n` or `:name` parameter, or a date expression). */
export function activeOn(alias: string, day: string): string {
  return `(${alias}.start_date <= ${day}::date AND (${alias}.end_date IS NULL OR ${alias}.end_date >= ${day}::date))`;
}

/** SQL: the row `alias` shares at least one day with [from, to] (`to` may be a null parameter: ongoing). */
export function overlaps(alias: string, from: string, to: string): string {
  return `(${alias}.start_date <= COALESCE(${to}::date, 'infinity'::date) AND COALESCE(${alias}.end_date, 'infinity'::date) >= ${from}::date)`;
}

/** SQL: the row's days as an inclusive daterange (null end = unbounded). */
export function daysOf(alias: string): string {
  return `daterange(${alias}.start_date, ${alias}.end_date, '[]')`;
}

export interface Dated {
  startDate: string;
  endDate: string | null;
}

/** JS twin of `activeOn`. */
export function isActiveOn(record: Dated, day: string): boolean {
  return record.startDate <= day && (record.endDate === null || record.endDate >= day);
}

/** JS twin of `overlaps`. */
export function rangesOverlap(a: Dated, b: Dated): boolean {
  return a.startDate <= (b.endDate ?? '9999-12-31') && (a.endDate ?? '9999-12-31') >= b.startDate;
}

/** Whether `inner` lies within `outer` on every day. */
export function within(inner: Dated, outer: Dated): boolean {
  return inner.startDate >= outer.startDate && (outer.endDate === null || (inner.endDate !== null && inner.endDate <= outer.endDate));
}

/** The day a record's "current" parent or line is read on: today, clamped into its active days. */
export function referenceDay(record: Dated): string {
  const today = todayUtc();
  if (today < record.startDate) return record.startDate;
  if (record.endDate !== null && today > record.endDate) return record.endDate;
  return today;
}

/** Who occupies a seat: the employee, contractor or vacancy, their days (none for a vacancy) and FTE limit. */
export type Person = { kind: 'employee' | 'contractor' | 'vacancy'; id: string; dates: Dated | null; limit: string };
