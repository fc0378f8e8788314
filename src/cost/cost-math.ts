/**
 * Pure cost arithmetic shared by every cost figure (document 02 monthlyCost and bridge costs, forecasts).
 * Days are `YYYY-MM-DD` strings; months `YYYY-MM`. Inside, days are day numbers (days since 1970-01-01,
 * by integer arithmetic: no Date objects), so that a cost of 10,000 occupancies over twelve months is a
 * few additions per amount and month, over amounts sorted once per person (`AmountTable`).
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

const digits = (s: string, from: number, to: number): number => {
  let n = 0;
  for (let i = from; i < to; i++) n = n * 10 + (s.charCodeAt(i) - 48);
  return n;
};

/** Days since 1970-01-01 of year `y`, month `m` (1-12), day `d` in the proleptic Gregorian calendar. */
function civilDayNumber(y: number, m: number, d: number): number {
  const yy = m <= 2 ? y - 1 : y;
  const era = Math.floor(yy / 400);
  const yoe = yy - era * 400;
  const doy = Math.floor((153 * (m > 2 ? m - 3 : m + 9) + 2) / 5) + d - 1;
  return era * 146_097 + yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy - 719_468;
}

/** The day number of a `YYYY-MM-DD` day (days since 1970-01-01). */
export function dayNumber(day: string): number {
  return civilDayNumber(digits(day, 0, 4), digits(day, 5, 7), digits(day, 8, 10));
}

export function daysInMonth(month: string): number {
  const y = digits(month, 0, 4);
  const m = digits(month, 5, 7);
  return m === 12 ? 31 : civilDayNumber(y, m + 1, 1) - civilDayNumber(y, m, 1);
}

export function monthBounds(month: string): { first: string; last: string } {
  return { first: `${month}-01`, last: `${month}-${String(daysInMonth(month)).padStart(2, '0')}` };
}

/** A month as day numbers: its first and last day and its number of days. */
export interface MonthSpan {
  month: string;
  first: number;
  last: number;
  days: number;
}

export function monthSpan(month: string): MonthSpan {
  const first = civilDayNumber(digits(month, 0, 4), digits(month, 5, 7), 1);
  const days = daysInMonth(month);
  return { month, first, last: first + days - 1, days };
}

/** `count` consecutive months from `firstMonth` (YYYY-MM). */
export function monthSpans(firstMonth: string, count: number): MonthSpan[] {
  const out: MonthSpan[] = [];
  let y = digits(firstMonth, 0, 4);
  let m = digits(firstMonth, 5, 7);
  for (let i = 0; i < count; i++) {
    out.push(monthSpan(`${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}`));
    if (++m > 12) {
      m = 1;
      y++;
    }
  }
  return out;
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
 * The amounts of many people in flat arrays (no object per person or amount), each person's sorted by
 * effectiveDate (stable: of two amounts on one day the later added is in force) into segments of day
 * numbers: an amount is in force from its effectiveDate to the day before the next one's (the last one
 * open-ended). Fill it with `add` (any order of people), then `seal`; then ask `costsInto`.
 */
export class AmountTable {
  private readonly slots = new Map<string, number>();
  private readonly multipliers: number[] = [];
  /** Per amount as added: its person's slot and its day and monthly amount. */
  private added: { slot: number[]; day: number[]; monthly: number[] } | null = { slot: [], day: [], monthly: [] };
  /** Per slot: first segment and count; per segment: start, end, monthly. */
  private first = new Int32Array(0);
  private count = new Int32Array(0);
  private starts = new Float64Array(0);
  private ends = new Float64Array(0);
  private monthly = new Float64Array(0);

  /** The person (once per person; later calls keep the first multiplier), with no amount yet. */
  person(id: string, multiplier: number): number {
    let slot = this.slots.get(id);
    if (slot === undefined) {
      slot = this.multipliers.length;
      this.slots.set(id, slot);
      this.multipliers.push(multiplier);
    }
    return slot;
  }

  add(slot: number, effectiveDate: string, monthly: number): void {
    this.added!.slot.push(slot);
    this.added!.day.push(dayNumber(effectiveDate));
    this.added!.monthly.push(monthly);
  }

  seal(): this {
    const { slot, day, monthly } = this.added!;
    this.added = null;
    const people = this.multipliers.length;
    this.count = new Int32Array(people);
    for (const s of slot) this.count[s]++;
    this.first = new Int32Array(people);
    for (let p = 1; p < people; p++) this.first[p] = this.first[p - 1] + this.count[p - 1];
    const fill = Int32Array.from(this.first);
    this.starts = new Float64Array(slot.length);
    this.ends = new Float64Array(slot.length);
    this.monthly = new Float64Array(slot.length);
    for (let i = 0; i < slot.length; i++) {
      const at = fill[slot[i]]++;
      this.starts[at] = day[i];
      this.monthly[at] = monthly[i];
    }
    for (let p = 0; p < people; p++) {
      const from = this.first[p];
      const to = from + this.count[p];
      // Stable insertion sort (a person has a handful of amounts, usually in order already).
      for (let i = from + 1; i < to; i++) {
        const start = this.starts[i];
        const amount = this.monthly[i];
        let j = i - 1;
        for (; j >= from && this.starts[j] > start; j--) {
          this.starts[j + 1] = this.starts[j];
          this.monthly[j + 1] = this.monthly[j];
        }
        this.starts[j + 1] = start;
        this.monthly[j + 1] = amount;
      }
      for (let i = from; i < to; i++) this.ends[i] = i + 1 < to ? this.starts[i + 1] - 1 : Infinity;
    }
    return this;
  }

  /**
   * The cost of person `id`'s occupancy of days [start, end] (day numbers, end Infinity = open) at
   * `fte` in each of `months` (ascending, as from `monthSpans`), written to `out`; false (and `out`
   * untouched) for a person not in the table. One pass over the person's segments: for each day of a
   * month inside the occupancy, the amount in force that day, times fte and multiplier, weighted by
   * days (a full month costs the monthly amount); segments without a day in the month add nothing.
   */
  costsInto(id: string, months: readonly MonthSpan[], start: number, end: number, fte: number, out: number[]): boolean {
    const slot = this.slots.get(id);
    if (slot === undefined) return false;
    const { starts, ends, monthly } = this;
    const last = this.first[slot] + this.count[slot];
    const multiplier = this.multipliers[slot];
    let first = this.first[slot];
    for (let k = 0; k < months.length; k++) {
      const span = months[k];
      const from = start > span.first ? start : span.first;
      const to = end < span.last ? end : span.last;
      let cost = 0;
      if (to >= from) {
        // Segments ending before the month cannot count for this or any later month.
        while (first < last && ends[first] < from) first++;
        for (let i = first; i < last && starts[i] <= to; i++) {
          const segFrom = starts[i] > from ? starts[i] : from;
          const segTo = ends[i] < to ? ends[i] : to;
          if (segTo >= segFrom) cost += (monthly[i] * (segTo - segFrom + 1)) / span.days;
        }
      }
      out[k] = cost * fte * multiplier;
    }
    return true;
  }

  /**
   * Whether the occupancy [start, end] has days in `span` without an amount in force: before the
   * person's first amount, or with none.
   */
  unpricedIn(id: string, span: MonthSpan, start: number, end: number): boolean {
    const from = start > span.first ? start : span.first;
    const to = end < span.last ? end : span.last;
    if (to < from) return false;
    const slot = this.slots.get(id);
    if (slot === undefined || this.count[slot] === 0) return true;
    return this.starts[this.first[slot]] > from;
  }
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
  const table = new AmountTable();
  const slot = table.person('', multiplier);
  for (const a of amounts) table.add(slot, a.effectiveDate, a.monthly);
  const out = [0];
  table
    .seal()
    .costsInto(
      '',
      [monthSpan(month)],
      dayNumber(occupancy.start),
      occupancy.end === null ? Infinity : dayNumber(occupancy.end),
      occupancy.fte,
      out,
    );
  return out[0];
}

/** Rounds money to cents. */
export function roundMoney(value: number): number {
  return Math.round(value * 100) / 100;
}

/**
 * Month costs from the rows of `monthCostRowsSql` (cost-sql.ts), gathered per month index into `full`
 * (an amount in force from this month on; running sum) and `days` (amount x days, divided by the
 * month's days): the day-weighted cost of each of `months`, the figures `AmountTable.costsInto` gives.
 * With `meanWeights` (rows of items whose days are weighted, `DayWeights`): an amount in force all month
 * costs it times the month's mean day weight, the day terms being sums of weights already.
 */
export function foldMonthCosts(
  full: readonly number[],
  days: readonly number[],
  months: readonly MonthSpan[],
  meanWeights?: readonly number[],
): number[] {
  const out = new Array<number>(months.length);
  let running = 0;
  for (let k = 0; k < months.length; k++) {
    running += full[k] ?? 0;
    out[k] = running * (meanWeights?.[k] ?? 1) + (days[k] ?? 0) / months[k].days;
  }
  return out;
}

/**
 * The calendar of `months` for SQL (`monthIndexSql`, `dayOfMonthSql` of cost-sql.ts): for each day from
 * the day before the first month to the day after the last, its month index (-1 before, `months.length`
 * after) and its day of the month.
 */
export function calendarArrays(months: readonly MonthSpan[]): { monthIndex: number[]; dayOfMonth: number[] } {
  const monthIndex = [-1];
  const dayOfMonth = [months[0].first - 1 - monthSpan(previousMonth(months[0].month)).first + 1];
  months.forEach((span, k) => {
    for (let d = 1; d <= span.days; d++) {
      monthIndex.push(k);
      dayOfMonth.push(d);
    }
  });
  monthIndex.push(months.length);
  dayOfMonth.push(1);
  return { monthIndex, dayOfMonth };
}

function previousMonth(month: string): string {
  const y = digits(month, 0, 4);
  const m = digits(month, 5, 7);
  return m === 1 ? `${String(y - 1).padStart(4, '0')}-12` : `${String(y).padStart(4, '0')}-${String(m - 1).padStart(2, '0')}`;
}
