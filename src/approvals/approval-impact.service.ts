import { Injectable } from '@nestjs/common';
import { API_PERMISSIONS, APP_CAPABILITIES } from '../common/auth/permissions';
import type { RequestContext } from '../common/auth/request-context';
import { DomainError } from '../common/errors/domain-error';
import { roundMoney } from '../cost/cost-math';
import { BudgetVarianceService, forecastCovers, sharedForecast } from '../budgets/budget-variance.service';
import type { BudgetVarianceDto } from '../budgets/dto/budget-variance.dto';
import type { ForecastDto, ForecastMonthDto } from '../forecasts/dto/forecast-query.dto';
import { round4 } from '../forecasts/forecast-math';
import { ForecastService } from '../forecasts/forecast.service';
import type { ApprovalImpact } from './entities/scenario-approval.entity';

/** The months an impact covers, from the submit month. */
export const IMPACT_MONTHS = 12;

const cost = (m: ForecastMonthDto | undefined) => m?.forecastCost ?? 0;
const headcount = (m: ForecastMonthDto | undefined) => m?.forecastHeadcount ?? 0;
const fte = (m: ForecastMonthDto | undefined) => (m ? m.averageFte + m.averageVacancyFte : 0);
const sumCost = (months: readonly ForecastMonthDto[]) => months.reduce((sum, m) => sum + cost(m), 0);

/**
 * The impact of a scenario, recorded when it is submitted (spec 07 §3.2): its forecast against live over the 12 months
 * from the submit month (ForecastService, the one forecast, by cost centre, under each plan's assumptions), and whether
 * it is over the budgets the policy's steps name. Computed as the application (every figure, cost included): the
 * impact is a fact of the round, shown to whoever may read the approval.
 */
@Injectable()
export class ApprovalImpactService {
  constructor(
    private readonly forecasts: ForecastService,
    private readonly variance: BudgetVarianceService,
  ) {}

  /** The impact of `scenarioId` from `month` (`YYYY-MM`); `budgetId` is the budget of its budget part, if any. */
  async impact(ctx: RequestContext, scenarioId: string, month: string, budgetId: string | null): Promise<ApprovalImpact> {
    const query = { from: month, months: IMPACT_MONTHS, groupBy: 'costCentre' as const };
    const inScenario = scenarioContext(ctx, scenarioId);
    const budget = budgetId === null ? null : await this.variance.budget(inScenario, budgetId);
    // A budget the scenario's forecast covers (by cost centre, from the submit month) needs no forecast of its own.
    const ownForecast = budget !== null && !forecastCovers(budget, query);
    // The forecasts need nothing of each other: at once (on PostgreSQL each on a connection of its own).
    const [scenario, live, separate] = await Promise.all([
      this.forecasts.forecast(inScenario, query),
      this.forecasts.forecast(scenarioContext(ctx, null), query),
      ownForecast ? this.overBudget(ctx, scenarioId, budget.id) : null,
    ]);
    let budgetPart = separate;
    if (budget !== null && !ownForecast) {
      const shared = sharedForecast(budget, scenario.data);
      // In another currency than the organization's, its own forecast after all.
      budgetPart = shared
        ? overOf(budget.id, (await this.variance.reportOn(inScenario, budget, shared, scenario.meta)).variance)
        : await this.overBudget(ctx, scenarioId, budget.id);
    }
    const last = IMPACT_MONTHS - 1;
    const s = scenario.data;
    const l = live.data;
    return {
      from: month,
      months: IMPACT_MONTHS,
      currency: s.currency,
      costDelta: roundMoney(sumCost(s.totals) - sumCost(l.totals)),
      headcountDelta: round4(headcount(s.totals[last]) - headcount(l.totals[last])),
      fteDelta: round4(fte(s.totals[last]) - fte(l.totals[last])),
      byCostCentre: byCostCentre(s, l),
      budget: budgetPart,
    };
  }

  /** Whether the scenario is over each budget (an unknown budget: not over). */
  async overBudgets(ctx: RequestContext, scenarioId: string, budgetIds: readonly string[]): Promise<Map<string, boolean>> {
    const over = await Promise.all(budgetIds.map((id) => this.overBudget(ctx, scenarioId, id)));
    return new Map(budgetIds.map((id, i) => [id, (over[i]?.linesOver ?? 0) > 0]));
  }

  /**
   * The scenario's forecast against a budget's lines: the group-months whose forecast cost is over the budget's
   * (`linesOver`) and by how much in all (`overBy`, the budget's currency); null for a budget that does not exist.
   */
  async overBudget(ctx: RequestContext, scenarioId: string, budgetId: string): Promise<ApprovalImpact['budget']> {
    try {
      const { variance } = await this.variance.report(scenarioContext(ctx, scenarioId), budgetId);
      return overOf(budgetId, variance);
    } catch (error) {
      if (error instanceof DomainError && error.code === 'NOT_FOUND') return null;
      throw error;
    }
  }
}

/** The group-months whose forecast cost is over the budget's (`linesOver`), and by how much in all (`overBy`). */
function overOf(budgetId: string, variance: BudgetVarianceDto): NonNullable<ApprovalImpact['budget']> {
  const over = variance.groups.flatMap((group) => group.months.filter((m) => m.over === true));
  return { budgetId, linesOver: over.length, overBy: roundMoney(over.reduce((sum, m) => sum + (m.variance.cost ?? 0), 0)) };
}

/** The application's context in the scenario (or live, for null): every permission and capability, cost included. */
function scenarioContext(ctx: RequestContext, scenarioId: string | null): RequestContext {
  return {
    ...ctx,
    planId: scenarioId ?? ctx.livePlanId,
    scenarioId,
    permissions: new Set(API_PERMISSIONS),
    capabilities: new Set(APP_CAPABILITIES),
  };
}

/** Scenario minus live by cost centre (the scenario's order, then live's other groups), the groups that change only. */
function byCostCentre(scenario: ForecastDto, live: ForecastDto): ApprovalImpact['byCostCentre'] {
  const last = IMPACT_MONTHS - 1;
  const liveGroups = new Map(live.groups.map((g) => [g.key?.id ?? null, g]));
  const seen = new Set<string | null>();
  const out: ApprovalImpact['byCostCentre'] = [];
  for (const group of [...scenario.groups, ...live.groups]) {
    const key = group.key?.id ?? null;
    if (seen.has(key)) continue;
    seen.add(key);
    const own = scenario.groups.find((g) => (g.key?.id ?? null) === key);
    const base = liveGroups.get(key);
    const costDelta = roundMoney(sumCost(own?.months ?? []) - sumCost(base?.months ?? []));
    const headcountDelta = round4(headcount(own?.months[last]) - headcount(base?.months[last]));
    if (costDelta !== 0 || headcountDelta !== 0) out.push({ key, name: group.key?.name ?? null, costDelta, headcountDelta });
  }
  return out;
}
