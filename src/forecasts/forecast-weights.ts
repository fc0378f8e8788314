/**
 * The forecast assumptions (spec 07 §4.2) as numbers, pure: per day of the window, the arrays the statement
 * reads (`forecast-sql.ts`), and per month, the factors the fold applies (`forecast-math.ts`). Days are
 * indexed as `calendarArrays` indexes them: 0 the day before the window's first day F, then every day of
 * the window, then the day after it.
 *
 * Attrition: a person without a last day counts on day t with weight w(t) = (1 - r)^(max(0, t - F) / 365).
 * Merit: from the first day of the merit month, each year of the window, a salary in force since before it
 * is raised by the percent; G(k) = (1 + percent / 100)^(merit months among months 0..k), and an employee's
 * amount starting in month k is divided by G(k) in the statement, so that the fold's G of each month gives
 * every amount its raises since it started (a salary starting before the window: all of them).
 */

import { calendarArrays, type MonthSpan } from '../cost/cost-math';
import type { ForecastAssumptions } from '../database/entities/organization.entity';

/** Per month of the window: what the fold multiplies or adds. */
export interface MonthFactors {
  /** Mean day weight of the month (sum of w over its days / its days). */
  meanWeight: readonly number[];
  /** w of the month's last day (closing) and of the day before its first (opening). */
  endWeight: readonly number[];
  startWeight: readonly number[];
  /** G(k), the merit factor of employees' pay. */
  merit: readonly number[];
  /** onCostPercent / 100. */
  onCost: number;
}

/** Per day of the calendar (`calendarArrays`' indexing): the statement's array parameters. */
export interface DayWeights {
  /** w(t). */
  weight: number[];
  /** The sum of w over the days of t's month before t (the weighted `day of month - 1`). */
  before: number[];
  /** w(day before t's month) - w(t): the weight lost in t's month up to t. */
  loss: number[];
  /** 1 / G(month of t): the divisor of an employee's amount starting on t. */
  merit: number[];
}

/** Factors that change nothing: the forecast of the records alone. */
export const IDENTITY_FACTORS = (months: number): MonthFactors => {
  const ones = new Array<number>(months).fill(1);
  return { meanWeight: ones, endWeight: ones, startWeight: ones, merit: ones, onCost: 0 };
};

/** w(d) for d days after the window's first day (d <= 0: 1). */
function attritionWeight(rate: number): (d: number) => number {
  return (d) => (d <= 0 || rate === 0 ? 1 : Math.pow(1 - rate, d / 365));
}

/** G(k) of each month of the window. */
function meritFactors(months: readonly MonthSpan[], a: ForecastAssumptions): number[] {
  let g = 1;
  return months.map((span) => {
    if (a.meritIncrease && Number(span.month.slice(5, 7)) === a.meritIncrease.month) g *= 1 + a.meritIncrease.percent / 100;
    return g;
  });
}

export function monthFactors(months: readonly MonthSpan[], a: ForecastAssumptions): MonthFactors {
  const w = attritionWeight(a.attritionRatePerYear);
  const first = months[0].first;
  const meanWeight = months.map((span) => {
    let sum = 0;
    for (let t = span.first; t <= span.last; t++) sum += w(t - first);
    return sum / span.days;
  });
  return {
    meanWeight,
    endWeight: months.map((span) => w(span.last - first)),
    startWeight: months.map((span) => w(span.first - 1 - first)),
    merit: meritFactors(months, a),
    onCost: a.onCostPercent / 100,
  };
}

export function dayWeights(months: readonly MonthSpan[], a: ForecastAssumptions): DayWeights {
  const w = attritionWeight(a.attritionRatePerYear);
  const first = months[0].first;
  const merit = meritFactors(months, a);
  // The day before the window: weight 1, as every day of its month; the window's days; the day after it.
  const out: DayWeights = { weight: [1], before: [calendarArrays(months).dayOfMonth[0] - 1], loss: [0], merit: [1] };
  months.forEach((span, k) => {
    let sum = 0;
    const start = w(span.first - 1 - first);
    for (let t = span.first; t <= span.last; t++) {
      const weight = w(t - first);
      out.weight.push(weight);
      out.before.push(sum);
      out.loss.push(start - weight);
      out.merit.push(1 / merit[k]);
      sum += weight;
    }
  });
  const last = months[months.length - 1].last;
  out.weight.push(w(last + 1 - first));
  out.before.push(0);
  out.loss.push(w(last - first) - w(last + 1 - first));
  out.merit.push(1 / merit[merit.length - 1]);
  return out;
}
