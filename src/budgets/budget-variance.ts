/**
 * The variance of a budget (spec 07 §2.2), pure: the forecast's answer (already over the budget's months, grouped by
 * its dimension and priced in its currency) joined with the budget's lines by key and month.
 */
import { roundMoney, monthSpans, type MonthSpan } from '../cost/cost-math';
import type { ForecastDto, ForecastMonthDto } from '../forecasts/dto/forecast-query.dto';
import { round4 } from '../forecasts/forecast-math';
import { groupLabel } from '../forecasts/group-labels';
import type {
  BudgetVarianceDto,
  BudgetVarianceGroupDto,
  BudgetVarianceMonthDto,
  BudgetVarianceTotalsDto,
  VarianceBudgetDto,
  VarianceForecastDto,
} from './dto/budget-variance.dto';
import { monthCount } from './budget-lines';
import type { BudgetEntity, StoredBudgetLine } from './entities/budget.entity';

export interface VarianceOptions {
  showCost: boolean;
  scenarioId: string | null;
}

const NO_FORECAST = {
  forecastCost: 0,
  forecastHeadcount: 0,
  averageFte: 0,
  averageVacancyFte: 0,
  unpricedPeople: 0,
} as const satisfies Partial<ForecastMonthDto>;

type ForecastFigures = Pick<ForecastMonthDto, keyof typeof NO_FORECAST>;

/** The budget's months. */
export function budgetSpans(budget: Pick<BudgetEntity, 'fromMonth' | 'toMonth'>): MonthSpan[] {
  return monthSpans(budget.fromMonth, monthCount(budget.fromMonth, budget.toMonth));
}

/**
 * The variance answer: a group for every group of the forecast and every key of the lines (a group without a line
 * has a budget of 0 that month), ordered as the forecast orders its groups (by name, unnamed after named, the null
 * group last). `names` holds the names of keys the forecast does not name.
 */
export function budgetVariance(
  budget: BudgetEntity,
  forecast: ForecastDto,
  names: ReadonlyMap<string, string>,
  options: VarianceOptions,
): BudgetVarianceDto {
  const spans = budgetSpans(budget);
  const byKey = new Map<string | null, { name: string | null; months: readonly ForecastFigures[] | null }>();
  for (const group of forecast.groups) byKey.set(group.key?.id ?? null, { name: group.key?.name ?? null, months: group.months });
  const lines = linesByKey(budget.lines);
  for (const key of lines.keys())
    if (!byKey.has(key)) byKey.set(key, { name: key === null ? null : (names.get(key) ?? null), months: null });
  const keys = [...byKey.keys()].sort(groupOrder((key) => byKey.get(key)!.name));
  const groups: BudgetVarianceGroupDto[] = keys.map((key) => {
    const { name, months: forecastMonths } = byKey.get(key)!;
    const own = lines.get(key);
    const months = spans.map((span, k) =>
      varianceMonth(span.month, budgetFigures(own?.get(span.month), options), forecastFigures(forecastMonths?.[k], options)),
    );
    return { key, name, label: groupLabel(budget.dimension, key, name), months, totals: periodTotals(months, spans, options) };
  });
  const overall = spans.map((span, k) =>
    varianceMonth(span.month, sumBudgets(groups.map((g) => g.months[k].budget)), forecastFigures(forecast.totals[k], options)),
  );
  return {
    budgetId: budget.id,
    scenarioId: options.scenarioId,
    currencyCode: budget.currencyCode,
    groups,
    totals: periodTotals(overall, spans, options),
  };
}

/** The lines by key, then by month. */
function linesByKey(lines: readonly StoredBudgetLine[]): Map<string | null, Map<string, StoredBudgetLine>> {
  const out = new Map<string | null, Map<string, StoredBudgetLine>>();
  for (const line of lines) {
    let months = out.get(line[0]);
    if (!months) out.set(line[0], (months = new Map()));
    months.set(line[1], line);
  }
  return out;
}

/** The forecast's group order: named groups by name, then groups without a name by id, the null group last. */
function groupOrder(nameOf: (key: string | null) => string | null): (a: string | null, b: string | null) => number {
  const rank = (key: string | null): [number, string] => {
    if (key === null) return [2, ''];
    const name = nameOf(key);
    return name === null ? [1, key] : [0, name];
  };
  return (a, b) => {
    const [ra, na] = rank(a);
    const [rb, nb] = rank(b);
    return ra - rb || (na < nb ? -1 : na > nb ? 1 : 0) || ((a ?? '') < (b ?? '') ? -1 : 1);
  };
}

function budgetFigures(line: StoredBudgetLine | undefined, { showCost }: VarianceOptions): VarianceBudgetDto {
  if (!line) return { cost: showCost ? 0 : null, headcount: 0, fte: 0 };
  const [, , cost, headcount, fte] = line;
  return {
    cost: showCost ? Number(cost) : null,
    headcount: headcount === null ? null : Number(headcount),
    fte: fte === null ? null : Number(fte),
  };
}

function forecastFigures(month: ForecastFigures | undefined, { showCost }: VarianceOptions): VarianceForecastDto {
  const m = month ?? NO_FORECAST;
  return {
    cost: showCost ? m.forecastCost : null,
    closingHeadcount: m.forecastHeadcount,
    averageFte: round4(m.averageFte + m.averageVacancyFte),
    unpricedPeople: m.unpricedPeople,
  };
}

/** Budget and forecast side by side, with forecast minus budget and whether the cost is over. */
function varianceMonth(month: string, budget: VarianceBudgetDto, forecast: VarianceForecastDto): BudgetVarianceMonthDto {
  return { month, ...compared(budget, forecast) };
}

function compared(budget: VarianceBudgetDto, forecast: VarianceForecastDto): BudgetVarianceTotalsDto {
  const costs = budget.cost !== null && forecast.cost !== null;
  return {
    budget,
    forecast,
    variance: {
      cost: costs ? roundMoney(forecast.cost! - budget.cost!) : null,
      headcount: budget.headcount === null ? null : round4(forecast.closingHeadcount - budget.headcount),
      fte: budget.fte === null ? null : round4(forecast.averageFte - budget.fte),
    },
    over: costs ? forecast.cost! > budget.cost! : null,
  };
}

/** The groups' budgets of one month added up (a figure null in any group is null). */
function sumBudgets(budgets: readonly VarianceBudgetDto[]): VarianceBudgetDto {
  const sum = (pick: (b: VarianceBudgetDto) => number | null, round: (v: number) => number) =>
    budgets.some((b) => pick(b) === null) ? null : round(budgets.reduce((total, b) => total + pick(b)!, 0));
  return { cost: sum((b) => b.cost, roundMoney), headcount: sum((b) => b.headcount, round4), fte: sum((b) => b.fte, round4) };
}

/**
 * Months taken together: costs summed, headcounts those of the last month (where the span ends), FTE weighted by
 * the months' days (the span's average), unpricedPeople the most in any month.
 */
function periodTotals(
  months: readonly BudgetVarianceMonthDto[],
  spans: readonly MonthSpan[],
  options: VarianceOptions,
): BudgetVarianceTotalsDto {
  const last = months[months.length - 1];
  const days = spans.reduce((total, span) => total + span.days, 0);
  const costOf = (pick: (m: BudgetVarianceMonthDto) => number | null) =>
    options.showCost ? roundMoney(months.reduce((total, m) => total + pick(m)!, 0)) : null;
  const averageOf = (pick: (m: BudgetVarianceMonthDto) => number | null) =>
    months.some((m) => pick(m) === null) ? null : round4(months.reduce((total, m, k) => total + pick(m)! * spans[k].days, 0) / days);
  const budget: VarianceBudgetDto = {
    cost: costOf((m) => m.budget.cost),
    headcount: last.budget.headcount,
    fte: averageOf((m) => m.budget.fte),
  };
  const forecast: VarianceForecastDto = {
    cost: costOf((m) => m.forecast.cost),
    closingHeadcount: last.forecast.closingHeadcount,
    averageFte: averageOf((m) => m.forecast.averageFte)!,
    unpricedPeople: Math.max(...months.map((m) => m.forecast.unpricedPeople)),
  };
  return compared(budget, forecast);
}
