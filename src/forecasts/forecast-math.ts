/**
 * The forecast's month arithmetic, pure: from the per-group event rows of `forecastSql` (counts and
 * amounts per month index) to spec 04 §2's months by running sums, plus totals, rounding, cost
 * visibility, the scenario-minus-live delta and CSV. Nothing here is per person.
 */

import { foldMonthCosts, MonthSpan, roundMoney } from '../cost/cost-math';
import type { ForecastDeltaDto, ForecastMonthDto } from './dto/forecast-query.dto';

export type ForecastMetric =
  | 'open_e'
  | 'open_c'
  | 'lvl_e'
  | 'lvl_c'
  | 'join_e'
  | 'join_c'
  | 'leave_e'
  | 'leave_c'
  | 'notice'
  | 'cost'
  | 'vcost'
  | 'vopen'
  | 'hire'
  | 'unpriced'
  | 'unpriced_at'
  | 'unpriced_p';

/** One row of `forecastSql`: a group, a month index (-1: the day before the first month), a figure, three values. */
export interface ForecastRow {
  grp: string | null;
  idx: number;
  metric: ForecastMetric;
  v1: number;
  v2: number;
  v3: number;
}

/** A month's figures before rounding and cost visibility. */
export interface RawMonth {
  month: string;
  opening: number;
  joiners: number;
  leavers: number;
  closing: number;
  employees: number;
  contractors: number;
  openVacancies: number;
  openVacancyFte: number;
  plannedHires: number;
  notices: number;
  forecastHeadcount: number;
  cost: number;
  vacancyCost: number;
  unpricedVacancies: number;
  unpricedPeople: number;
  averageFte: number;
  averageVacancyFte: number;
}

const SERIES = [
  'lvl_e',
  'lvl_c',
  'fte_days',
  'join_e',
  'join_c',
  'leave_e',
  'leave_c',
  'notice',
  'cost',
  'cost2',
  'vcost',
  'vcost2',
  'vopen',
  'vopen2',
  'vopen3',
  'hire',
  'unpriced',
  'unpriced_at',
  'unpriced_p',
] as const;
type Series = (typeof SERIES)[number];

/**
 * The event rows of one group, by figure and month index. People's levels (employees, contractors at a
 * month's end) move with join/leave rows for whole records, with their own lvl rows when a grouping splits
 * records by allocation (`split`: joiners and leavers are then counts at their day's shares only).
 */
class GroupEvents {
  openE = 0;
  openC = 0;
  readonly series: Record<Series, Float64Array>;

  constructor(
    n: number,
    private readonly split: boolean,
  ) {
    this.series = Object.fromEntries(SERIES.map((s) => [s, new Float64Array(n)])) as Record<Series, Float64Array>;
  }

  add(row: ForecastRow, n: number): void {
    const { metric, idx } = row;
    if (idx === -1) {
      if (metric === 'open_e' || metric === 'lvl_e') this.openE += row.v1;
      else if (metric === 'open_c' || metric === 'lvl_c') this.openC += row.v1;
      return;
    }
    if (idx < 0 || idx >= n) return;
    const s = this.series;
    s[metric as Series][idx] += row.v1;
    if (metric === 'cost' || metric === 'vcost' || metric === 'vopen') s[`${metric}2`][idx] += row.v2;
    if (metric === 'vopen') s.vopen3[idx] += row.v3;
    if (metric === 'lvl_e' || metric === 'lvl_c') s.fte_days[idx] += row.v2;
    if (!this.split && (metric === 'join_e' || metric === 'join_c' || metric === 'leave_e' || metric === 'leave_c')) {
      s[`lvl_${metric[metric.length - 1] as 'e' | 'c'}`][idx] += metric.startsWith('join') ? row.v1 : -row.v1;
      s.fte_days[idx] += row.v2;
    }
  }

  months(spans: readonly MonthSpan[]): RawMonth[] {
    const s = this.series;
    const cost = foldMonthCosts(Array.from(s.cost), Array.from(s.cost2), spans);
    const vacancyCost = foldMonthCosts(Array.from(s.vcost), Array.from(s.vcost2), spans);
    let employees = this.openE;
    let contractors = this.openC;
    let openVacancies = 0;
    let openVacancyFte = 0;
    let unpriced = 0;
    return spans.map((span, k) => {
      const opening = employees + contractors;
      employees += s.lvl_e[k];
      contractors += s.lvl_c[k];
      openVacancies += s.vopen[k];
      openVacancyFte += s.vopen2[k];
      unpriced += s.unpriced[k];
      const closing = employees + contractors;
      return {
        month: span.month,
        opening,
        joiners: s.join_e[k] + s.join_c[k],
        leavers: s.leave_e[k] + s.leave_c[k],
        closing,
        employees,
        contractors,
        openVacancies,
        openVacancyFte,
        plannedHires: s.hire[k],
        notices: s.notice[k],
        forecastHeadcount: closing + openVacancies,
        cost: cost[k],
        vacancyCost: vacancyCost[k],
        unpricedVacancies: unpriced + s.unpriced_at[k],
        unpricedPeople: s.unpriced_p[k],
        averageFte: closing + s.fte_days[k] / span.days,
        averageVacancyFte: openVacancyFte + s.vopen3[k] / span.days,
      };
    });
  }
}

/** Months of every group that has a row (and of the null group when `alwaysNull`), keyed by group id. */
export function foldForecast(
  rows: readonly ForecastRow[],
  spans: readonly MonthSpan[],
  alwaysNull: boolean,
  split = false,
): Map<string | null, RawMonth[]> {
  const groups = new Map<string | null, GroupEvents>();
  if (alwaysNull) groups.set(null, new GroupEvents(spans.length, split));
  for (const row of rows) {
    let events = groups.get(row.grp);
    if (!events) groups.set(row.grp, (events = new GroupEvents(spans.length, split)));
    events.add(row, spans.length);
  }
  return new Map([...groups].map(([key, events]) => [key, events.months(spans)]));
}

const COUNTS = [
  'opening',
  'joiners',
  'leavers',
  'closing',
  'employees',
  'contractors',
  'openVacancies',
  'openVacancyFte',
  'plannedHires',
  'notices',
  'forecastHeadcount',
  'cost',
  'vacancyCost',
  'unpricedVacancies',
  'unpricedPeople',
  'averageFte',
  'averageVacancyFte',
] as const;

/** The per-month sum of several groups' months (all of the same months). */
export function sumMonths(groups: readonly RawMonth[][], spans: readonly MonthSpan[]): RawMonth[] {
  return spans.map((span, k) => {
    const total = { month: span.month } as RawMonth;
    for (const field of COUNTS) total[field] = 0;
    for (const months of groups) for (const field of COUNTS) total[field] += months[k][field];
    return total;
  });
}

/** Counts to 4 decimals (the allocation groupings make them fractional; whole counts stay whole). */
export const round4 = (value: number): number => Math.round(value * 10_000) / 10_000 + 0;

/**
 * The month as the API shows it: counts to 4 decimals and costs to cents, after summing (the totals are
 * sums of unrounded group figures), costs null when hidden (§1.5).
 */
export function monthDto(raw: RawMonth, showCost: boolean, live?: RawMonth): ForecastMonthDto {
  const cost = showCost ? roundMoney(raw.cost) : null;
  const vacancyCost = showCost ? roundMoney(raw.vacancyCost) : null;
  const forecastCost = showCost ? roundMoney(raw.cost + raw.vacancyCost) : null;
  const counts = {} as Record<(typeof COUNTS)[number], number>;
  for (const field of COUNTS) counts[field] = round4(raw[field]);
  const out: ForecastMonthDto = { ...counts, month: raw.month, cost, vacancyCost, forecastCost };
  if (live) out.delta = delta(raw, live, showCost);
  return out;
}

/** Scenario minus live (spec 04 §2 compare=live). */
export function delta(scenario: RawMonth, live: RawMonth, showCost: boolean): ForecastDeltaDto {
  return {
    closing: round4(scenario.closing - live.closing),
    forecastHeadcount: round4(scenario.forecastHeadcount - live.forecastHeadcount),
    forecastCost: showCost ? roundMoney(roundMoney(scenario.cost + scenario.vacancyCost) - roundMoney(live.cost + live.vacancyCost)) : null,
  };
}

/** A month with every figure 0 (a group the other side of a comparison does not have). */
export function emptyMonths(spans: readonly MonthSpan[]): RawMonth[] {
  return sumMonths([], spans);
}
