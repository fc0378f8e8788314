/**
 * Pure cost arithmetic shared by every cost figure (document 02 monthlyCost and bridge costs, forecasts).
 * Days are `YYYY-MM-DD` strings; months `YYYY-MM`.
 */

import type { RateType } from '../compensation/entities/rate-adjustment.entity';

/** Hours of work in a year and working days in a year, for normalising contractor rates. */
export const HOURS_PER_YEAR = 2080; // 40 h x 52 weeks
export const WORKING_DAYS_PER_YEAR = 260; // 5 days x 52 weeks

/** Multiplies a rate of the given period into a monthly amount (one twelfth of the annual amount). */
export const MONTHLY_FACTOR: Record<RateType | 'salary', number> = {
  hourly: HOURS_PER_YEAR / 12,
  daily: WORKING_DAYS_PER_YEAR / 12,
  monthly: 1,
  annually: 1 / 12,
  salary: 1 / 12,
};

export function daysInMonth(month: string): number {
  const [y, m] = month.split('-').map(Number);
  return new Date(Date.UTC(y, m, 0)).getUTCDate();
}

export function monthBounds(month: string): { first: string; last: string } {
  return { first: `${month}-01`, last: `${month}-${String(daysInMonth(month)).padStart(2, '0')}` };
}

function dayNumber(day: string): number {
  const [y, m, d] = day.split('-').map(Number);
  return Date.UTC(y, m - 1, d) / 86_400_000;
}

/** Days of [start, end] (inclusive, end null = open) that fall inside [first, last]. */
export function overlapDays(start: string, end: string | null, first: string, last: string): number {
  const from = start > first ? start : first;
  const to = end === null || end > last ? last : end;
  return to < from ? 0 : dayNumber(to) - dayNumber(from) + 1;
}

/** An amount in force from `effectiveDate` until the next one (salary or rate adjustments). */
export interface DatedAmount {
  effectiveDate: string;
  /** Monthly amount in the organization's reporting currency (already normalised and converted). */
  monthly: number;
}

/**
 * Cost of one occupancy in one month: for each day of the month inside [start, end], the monthly
 * amount in force that day (the latest with effectiveDate <= day), times fte and multiplier, weighted
 * by days: an occupancy active all month costs the full monthly amount; half the month, half.
 */
export function occupancyMonthCost(
  month: string,
  occupancy: { start: string; end: string | null; fte: number },
  amounts: readonly DatedAmount[],
  multiplier = 1,
): number {
  const { first, last } = monthBounds(month);
  const total = daysInMonth(month);
  const sorted = [...amounts].sort((a, b) => (a.effectiveDate < b.effectiveDate ? -1 : a.effectiveDate > b.effectiveDate ? 1 : 0));
  let cost = 0;
  for (let i = 0; i < sorted.length; i++) {
    // Segment of this amount: from its effectiveDate to the day before the next one.
    const segStart = sorted[i].effectiveDate;
    const next = sorted[i + 1]?.effectiveDate;
    const segEnd = next ? addDay(next, -1) : null;
    const from = segStart > occupancy.start ? segStart : occupancy.start;
    const to = segEnd === null ? occupancy.end : occupancy.end === null || segEnd < occupancy.end ? segEnd : occupancy.end;
    const days = overlapDays(from, to, first, last);
    cost += (sorted[i].monthly * days) / total;
  }
  return cost * occupancy.fte * multiplier;
}

function addDay(day: string, n: number): string {
  const [y, m, d] = day.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d + n)).toISOString().slice(0, 10);
}

/** Rounds money to cents. */
export function roundMoney(value: number): number {
  return Math.round(value * 100) / 100;
}
