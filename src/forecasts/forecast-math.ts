/**
 * The forecast's month arithmetic, pure: from the per-group event rows of `forecastSql` (counts and
 * amounts per month index) to spec 04 §2's months by running sums, plus totals, rounding, cost
 * visibility and the scenario-minus-live delta; with the month factors of the assumptions (spec 07 §4,
 * `forecast-weights.ts`). Nothing here is per person.
 */

import { foldMonthCosts, MonthSpan, roundMoney } from '../cost/cost-math';
import type { ForecastDeltaDto, ForecastMonthDto } from './dto/forecast-query.dto';
import { IDENTITY_FACTORS, type MonthFactors } from './forecast-weights';

/**
 * The figures of the event rows. An `a` suffix marks people without a last day, whom attrition weights (their
 * level is a count, weighted by the fold; v3 carries the loss terms); `cost_e` employees' pay where people's cost
 * is split by kind (merit, on-cost), `cost` then being the contractors'.
 */
export type ForecastMetric =
  | 'open_e'
  | 'open_c'
  | 'open_ea'
  | 'open_ca'
  | 'lvl_e'
  | 'lvl_c'
  | 'lvl_ea'
  | 'lvl_ca'
  | 'join_e'
  | 'join_c'
  | 'join_ea'
  | 'join_ca'
  | 'leave_e'
  | 'leave_c'
  | 'notice'
  | 'cost'
  | 'cost_e'
  | 'cost_a'
  | 'cost_e_a'
  | 'vcost'
  | 'vopen'
  | 'hire'
  | 'unpriced'
  | 'unpriced_at'
  | 'unpriced_p'
  | 'fte';

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
  expectedLeavers: number;
  onCost: number;
}

const COSTS = ['cost', 'cost_e', 'cost_a', 'cost_e_a', 'vcost'] as const;

const SERIES = [
  'lvl_e',
  'lvl_c',
  'lvl_ea',
  'lvl_ca',
  'fte_days',
  'fte_days_a',
  'loss_a',
  'join_a',
  'join_a3',
  'join_e',
  'join_c',
  'leave_e',
  'leave_c',
  'notice',
  ...COSTS,
  ...COSTS.map((c) => `${c}2` as const),
  'vopen',
  'vopen2',
  'vopen3',
  'hire',
  'unpriced',
  'unpriced_at',
  'unpriced_p',
  'fte',
  'fte2',
] as const;
type Series = (typeof SERIES)[number];

/**
 * The event rows of one group, by figure and month index. People's levels (employees, contractors at a
 * month's end) move with join/leave rows for whole records, with their own lvl rows when a grouping splits
 * records by allocation (`split`: joiners and leavers are then counts at their day's shares only). People
 * without a last day (`a` metrics) are counted apart: the fold weights them by the month factors.
 */
class GroupEvents {
  openE = 0;
  openC = 0;
  openEA = 0;
  openCA = 0;
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
      else if (metric === 'open_ea' || metric === 'lvl_ea') this.openEA += row.v1;
      else if (metric === 'open_ca' || metric === 'lvl_ca') this.openCA += row.v1;
      return;
    }
    if (idx < 0 || idx >= n) return;
    const s = this.series;
    if (metric === 'join_ea' || metric === 'join_ca') {
      s.join_a[idx] += row.v1;
      s.join_a3[idx] += row.v3;
      if (!this.split) this.level(metric === 'join_ea' ? 'lvl_ea' : 'lvl_ca', idx, row);
      return;
    }
    if (metric === 'lvl_ea' || metric === 'lvl_ca') return this.level(metric, idx, row);
    s[metric as Series][idx] += row.v1;
    if ((COSTS as readonly string[]).includes(metric) || metric === 'vopen')
      s[`${metric as (typeof COSTS)[number] | 'vopen'}2`][idx] += row.v2;
    if (metric === 'vopen') s.vopen3[idx] += row.v3;
    if (metric === 'fte') s.fte2[idx] += row.v2;
    if (metric === 'lvl_e' || metric === 'lvl_c') s.fte_days[idx] += row.v2;
    if (!this.split && (metric === 'join_e' || metric === 'join_c' || metric === 'leave_e' || metric === 'leave_c')) {
      s[`lvl_${metric[metric.length - 1] as 'e' | 'c'}`][idx] += metric.startsWith('join') ? row.v1 : -row.v1;
      s.fte_days[idx] += row.v2;
    }
  }

  /** A level change of people without a last day: the count, its day terms of averageFte and of expectedLeavers. */
  private level(series: 'lvl_ea' | 'lvl_ca', idx: number, row: ForecastRow): void {
    this.series[series][idx] += row.v1;
    this.series.fte_days_a[idx] += row.v2;
    this.series.loss_a[idx] += row.v3;
  }

  months(spans: readonly MonthSpan[], f: MonthFactors): RawMonth[] {
    const s = this.series;
    const fold = (c: (typeof COSTS)[number], weights?: readonly number[]) =>
      foldMonthCosts(Array.from(s[c]), Array.from(s[`${c}2`]), spans, weights);
    const [known, employees_, weighted, employeesWeighted] = [
      fold('cost'),
      fold('cost_e'),
      fold('cost_a', f.meanWeight),
      fold('cost_e_a', f.meanWeight),
    ];
    const vacancyCost = fold('vcost');
    let employees = this.openE;
    let contractors = this.openC;
    let attE = this.openEA;
    let attC = this.openCA;
    let openVacancies = 0;
    let openVacancyFte = 0;
    let unpriced = 0;
    let fteLevel = 0;
    return spans.map((span, k) => {
      fteLevel += s.fte[k];
      const opening = employees + contractors + (attE + attC) * f.startWeight[k];
      employees += s.lvl_e[k];
      contractors += s.lvl_c[k];
      attE += s.lvl_ea[k];
      attC += s.lvl_ca[k];
      openVacancies += s.vopen[k];
      openVacancyFte += s.vopen2[k];
      unpriced += s.unpriced[k];
      const end = f.endWeight[k];
      const closing = employees + contractors + (attE + attC) * end;
      const employeePay = (employees_[k] + employeesWeighted[k]) * f.merit[k];
      return {
        month: span.month,
        opening,
        joiners: s.join_e[k] + s.join_c[k] + s.join_a[k] * f.startWeight[k] + s.join_a3[k],
        leavers: s.leave_e[k] + s.leave_c[k],
        closing,
        employees: employees + attE * end,
        contractors: contractors + attC * end,
        openVacancies,
        openVacancyFte,
        plannedHires: s.hire[k],
        notices: s.notice[k],
        forecastHeadcount: closing + openVacancies,
        cost: known[k] + weighted[k] + employeePay * (1 + f.onCost),
        vacancyCost: vacancyCost[k],
        unpricedVacancies: unpriced + s.unpriced_at[k],
        unpricedPeople: s.unpriced_p[k],
        averageFte:
          employees +
          contractors +
          s.fte_days[k] / span.days +
          (attE + attC) * f.meanWeight[k] +
          s.fte_days_a[k] / span.days +
          fteLevel +
          s.fte2[k] / span.days,
        averageVacancyFte: openVacancyFte + s.vopen3[k] / span.days,
        expectedLeavers: (attE + attC) * (f.startWeight[k] - end) + s.loss_a[k],
        onCost: employeePay * f.onCost,
      };
    });
  }
}

/**
 * Months of every group that has a row (and of the null group when `alwaysNull`), keyed by group id, with the
 * month factors of the assumptions applied (`monthFactors`; none by default).
 */
export function foldForecast(
  rows: readonly ForecastRow[],
  spans: readonly MonthSpan[],
  alwaysNull: boolean,
  split = false,
  factors: MonthFactors = IDENTITY_FACTORS(spans.length),
): Map<string | null, RawMonth[]> {
  const groups = new Map<string | null, GroupEvents>();
  if (alwaysNull) groups.set(null, new GroupEvents(spans.length, split));
  for (const row of rows) {
    let events = groups.get(row.grp);
    if (!events) groups.set(row.grp, (events = new GroupEvents(spans.length, split)));
    events.add(row, spans.length);
  }
  return new Map([...groups].map(([key, events]) => [key, events.months(spans, factors)]));
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
  'expectedLeavers',
  'onCost',
] as const;

/** The counts of people, which attrition makes expectations (spec 07 §4.2: shown to 2 decimals). */
const HEADCOUNTS = new Set<string>([
  'opening',
  'joiners',
  'leavers',
  'closing',
  'employees',
  'contractors',
  'forecastHeadcount',
  'expectedLeavers',
]);

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

const MONEY = new Set<string>(['cost', 'vacancyCost', 'onCost']);

/** Headcounts as expectations (under attrition): to 2 decimals. */
export const round2 = (value: number): number => Math.round(value * 100) / 100 + 0;

/**
 * The month as the API shows it: counts to 4 decimals, or the headcounts to 2 when `expected` (attrition made
 * them expectations), and costs to cents, after summing (the totals are sums of unrounded group figures), costs
 * null when hidden (§1.5); with `live`, the delta (headcounts to 2 decimals when `expectedDelta`: either side's
 * are expectations).
 */
export function monthDto(raw: RawMonth, showCost: boolean, live?: RawMonth, expected = false, expectedDelta = expected): ForecastMonthDto {
  const money = (value: number) => (showCost ? roundMoney(value) : null);
  const figures = {} as Record<(typeof COUNTS)[number], number | null>;
  for (const field of COUNTS) {
    figures[field] = MONEY.has(field) ? money(raw[field]) : expected && HEADCOUNTS.has(field) ? round2(raw[field]) : round4(raw[field]);
  }
  const out = { ...figures, month: raw.month, forecastCost: money(raw.cost + raw.vacancyCost) } as ForecastMonthDto;
  if (live) out.delta = delta(raw, live, showCost, expectedDelta);
  return out;
}

/** Scenario minus live (spec 04 §2 compare=live); headcounts to 2 decimals when either side is an expectation. */
export function delta(scenario: RawMonth, live: RawMonth, showCost: boolean, expected = false): ForecastDeltaDto {
  const round = expected ? round2 : round4;
  return {
    closing: round(scenario.closing - live.closing),
    forecastHeadcount: round(scenario.forecastHeadcount - live.forecastHeadcount),
    forecastCost: showCost ? roundMoney(roundMoney(scenario.cost + scenario.vacancyCost) - roundMoney(live.cost + live.vacancyCost)) : null,
  };
}

/** A month with every figure 0 (a group the other side of a comparison does not have). */
export function emptyMonths(spans: readonly MonthSpan[]): RawMonth[] {
  return sumMonths([], spans);
}
