import { Injectable } from '@nestjs/common';
import type { RequestContext } from '../common/auth/request-context';
import { DomainError } from '../common/errors/domain-error';
import { CostService } from '../cost/cost.service';
import type { ForecastDto, ForecastMetaDto } from '../forecasts/dto/forecast-query.dto';
import { ForecastService } from '../forecasts/forecast.service';
import { UnitOfWork } from '../database/unit-of-work';
import { CostCentresService } from '../reference-data/cost-centres.service';
import { TeamsService } from '../teams/teams.service';
import { budgetVariance } from './budget-variance';
import { lineKeys, monthCount } from './budget-lines';
import { BudgetsService } from './budgets.service';
import type { BudgetVarianceDto } from './dto/budget-variance.dto';
import type { BudgetDimension, BudgetEntity } from './entities/budget.entity';

export interface BudgetVarianceReport {
  /** The budget's name (the chart's title). */
  name: string;
  dimension: BudgetDimension;
  variance: BudgetVarianceDto;
  /** The forecast assumptions behind the forecast figures. */
  meta: ForecastMetaDto;
}

/**
 * `GET /budgets/:id/variance` and the assistant tool `get_budget_variance` (spec 07 §2.2): the forecast of the live
 * plan or of the request's scenario (ForecastService, the one forecast: its rules, its cost visibility), over the
 * budget's months, grouped by its dimension and priced in its currency, joined with its lines.
 */
@Injectable()
export class BudgetVarianceService {
  constructor(
    private readonly budgets: BudgetsService,
    private readonly forecasts: ForecastService,
    private readonly costCentres: CostCentresService,
    private readonly teams: TeamsService,
    private readonly uow: UnitOfWork,
  ) {}

  /** The variance with the budget's dimension (the CSV names it on every row) and the forecast assumptions applied. */
  async report(ctx: RequestContext, budgetId: string): Promise<BudgetVarianceReport> {
    const budget = await this.budgets.find(ctx, budgetId);
    const query = { from: budget.fromMonth, months: monthCount(budget.fromMonth, budget.toMonth), groupBy: budget.dimension };
    const { data: forecast, meta } = await this.forecasts.forecast(ctx, query, budget.currencyCode);
    return this.reportOn(ctx, budget, forecast, meta);
  }

  /** The budget `budgetId` of the request's plan; null when it has none such. */
  async budget(ctx: RequestContext, budgetId: string): Promise<BudgetEntity | null> {
    try {
      return await this.budgets.find(ctx, budgetId);
    } catch (error) {
      if (error instanceof DomainError && error.code === 'NOT_FOUND') return null;
      throw error;
    }
  }

  /**
   * The variance of `budget` against a forecast already made: one over the budget's months, grouped by its dimension,
   * in its currency (or one that starts at the budget's first month, as `sharedForecast` cuts it).
   */
  async reportOn(ctx: RequestContext, budget: BudgetEntity, forecast: ForecastDto, meta: ForecastMetaDto): Promise<BudgetVarianceReport> {
    const names = await this.lineNames(ctx, budget, forecast);
    const options = { showCost: CostService.canSeeCost(ctx), scenarioId: ctx.scenarioId };
    return {
      name: budget.name,
      dimension: budget.dimension,
      variance: budgetVariance(budget, forecast, names, options),
      meta: { assumptions: meta.assumptions },
    };
  }

  /**
   * Names of the keys the lines name and the forecast does not (a cost centre or team nobody is in): cost centres of
   * the organization; teams of the forecast's plan, else of live (as the forecast names its teams).
   */
  private async lineNames(ctx: RequestContext, budget: BudgetEntity, forecast: ForecastDto): Promise<Map<string, string>> {
    const named = new Set(forecast.groups.map((group) => group.key?.id));
    const missing = lineKeys(budget.lines).filter((key) => !named.has(key));
    if (budget.dimension === 'none' || !missing.length) return new Map();
    const scope = this.uow.read(ctx);
    if (budget.dimension === 'costCentre') {
      return new Map((await this.costCentres.rows.findWhere(scope, { id: missing })).map((c) => [c.id, c.name]));
    }
    const names = new Map((await this.teams.rows.findWhere(scope, { id: missing })).map((t) => [t.id, t.name]));
    const inLive = missing.filter((key) => !names.has(key));
    if (inLive.length && ctx.planId !== ctx.livePlanId) {
      const live = this.uow.read({ ...ctx, planId: ctx.livePlanId, scenarioId: null });
      for (const team of await this.teams.rows.findWhere(live, { id: inLive })) names.set(team.id, team.name);
    }
    return names;
  }
}

/**
 * Whether a forecast made with `query` holds the one the budget's variance would make: grouped by the budget's
 * dimension, from its first month and at least as long. A month's figures do not depend on the months after it, so
 * the first months of a longer forecast are the shorter one's.
 */
export function forecastCovers(budget: BudgetEntity, query: Pick<ForecastDto, 'from' | 'months' | 'groupBy'>): boolean {
  return (
    query.groupBy === budget.dimension && query.from === budget.fromMonth && query.months >= monthCount(budget.fromMonth, budget.toMonth)
  );
}

/** `forecast` cut to the budget's months when it covers them in the budget's currency (forecastCovers); otherwise null. */
export function sharedForecast(budget: BudgetEntity, forecast: ForecastDto): ForecastDto | null {
  if (!forecastCovers(budget, forecast) || forecast.currency !== budget.currencyCode) return null;
  const months = monthCount(budget.fromMonth, budget.toMonth);
  return {
    ...forecast,
    months,
    groups: forecast.groups.map((group) => ({ ...group, months: group.months.slice(0, months) })),
    totals: forecast.totals.slice(0, months),
  };
}
