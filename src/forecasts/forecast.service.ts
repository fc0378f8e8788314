import { groupLabel } from './group-labels';
import { Injectable } from '@nestjs/common';
import type { ForecastRow } from './forecast-math';
import type { RequestContext } from '../common/auth/request-context';
import { DomainError } from '../common/errors/domain-error';
import { addDays, todayUtc } from '../common/dates';
import { calendarArrays, MonthSpan, monthSpans } from '../cost/cost-math';
import { CostService, type CostPricing } from '../cost/cost.service';
import { NO_ASSUMPTIONS, type ForecastAssumptions } from '../database/entities/organization.entity';
import { OrganizationsRepository } from '../organizations/organizations.repository';
import {
  AppliedAssumptionsDto,
  ForecastAnswer,
  ForecastDto,
  ForecastGroupDto,
  ForecastMetaDto,
  ForecastQueryDto,
} from './dto/forecast-query.dto';
import { emptyMonths, foldForecast, monthDto, RawMonth, sumMonths } from './forecast-math';
import { forecastSettings, ForecastRepository, ForecastWindow } from './forecast.repository';
import { UnitOfWork } from '../database/unit-of-work';
import { isAllocation, statementAssumptions } from './forecast-sql';
import { dayWeights, monthFactors } from './forecast-weights';
import { ForecastAssumptionsDto } from '../organizations/dto/forecast-assumptions.dto';

/** One side of a forecast: its plan's months by group, and whether attrition made its headcounts expectations. */
interface Side {
  groups: Map<string | null, RawMonth[]>;
  expected: boolean;
}

/**
 * Spec 04 §2, the headcount and cost forecast of the live plan or a scenario (the scenario's own rows:
 * same tables, its plan id), under the forecast assumptions of spec 07 §4. PostgreSQL sums people, pay
 * segments and vacancies into per-group, per-month events (`forecast.repository.ts`); `forecast-math.ts`
 * turns them into months. `forecast(ctx, query)` is the one entry: the REST route and the assistant tool
 * call it, and so must every figure made of the forecast, which then states its assumptions as it does.
 */
@Injectable()
export class ForecastService {
  constructor(
    private readonly repository: ForecastRepository,
    private readonly cost: CostService,
    private readonly organizations: OrganizationsRepository,
    private readonly uow: UnitOfWork,
  ) {}

  /**
   * One plan's event rows, in a read-only transaction with the grouping's settings, computed in two parts
   * at once where the database allows (`UnitOfWork.readOnlyParts`); the parts' rows are summed by the fold.
   */
  private async planRows(ctx: RequestContext, window: ForecastWindow, pricing: CostPricing): Promise<ForecastRow[]> {
    const parts = await this.uow.readOnlyParts(ctx, forecastSettings(window.groupBy), (scope, part) =>
      this.repository.rows(scope, window, pricing, part),
    );
    return parts.flat();
  }

  /**
   * The assumptions of each side: none with `assumptions=none`; else the scenario's own, or the organization's
   * (live data, a scenario without its own, and the live side of `compare=live`).
   */
  private async assumptions(ctx: RequestContext, query: ForecastQueryDto): Promise<Required<ForecastMetaDto>> {
    if (query.assumptions === 'none') {
      const none = applied(NO_ASSUMPTIONS, 'none');
      return { assumptions: none, liveAssumptions: none };
    }
    const stated = await this.organizations.forecastAssumptions(this.uow.read(ctx), ctx.planId);
    const live = applied(stated.organization, 'organization');
    return { assumptions: stated.plan ? applied(stated.plan, 'scenario') : live, liveAssumptions: live };
  }

  /**
   * The forecast of `query` in the context's plan. With `currency` (a budget's variance), every cost is priced in that
   * currency instead of the reporting currency: converted as always, then at today's rate into `currency`.
   */
  async forecast(ctx: RequestContext, query: ForecastQueryDto, currency?: string): Promise<ForecastAnswer> {
    if (query.compare && !ctx.scenarioId) throw DomainError.validation('compare', 'compare=live needs scenarioId');
    const today = todayUtc();
    const from = query.from ?? today.slice(0, 7);
    const groupBy = query.groupBy ?? 'none';
    const spans = monthSpans(from, query.months ?? 12);
    const [pricing, meta] = await Promise.all([this.cost.pricing(this.uow.read(ctx), currency), this.assumptions(ctx, query)]);
    const base = {
      organizationId: ctx.organizationId,
      from: `${from}-01`,
      to: spans[spans.length - 1].month + `-${String(spans[spans.length - 1].days).padStart(2, '0')}`,
      calendar: calendarArrays(spans),
      months: spans.length,
      today,
      groupBy,
    };
    const side = async (planId: string, a: ForecastAssumptions): Promise<Side> => {
      const window: ForecastWindow = {
        ...base,
        planId,
        assume: statementAssumptions(a),
        days: dayWeights(spans, a),
        fill: addDays(base.from, a.timeToFillDays),
      };
      const rows = await this.planRows(ctx, window, pricing);
      const groups = foldForecast(rows, spans, groupBy === 'none', isAllocation(groupBy), monthFactors(spans, a));
      return { groups, expected: a.attritionRatePerYear > 0 };
    };
    const [own, live] = await Promise.all([
      side(ctx.planId, meta.assumptions),
      query.compare === 'live' ? side(ctx.livePlanId, meta.liveAssumptions) : Promise.resolve(null),
    ]);
    const data: ForecastDto = {
      from,
      months: spans.length,
      groupBy,
      currency: pricing.pricedIn,
      ...(await this.shape(ctx, groupBy, spans, own, live)),
    };
    return { data, meta: live ? meta : { assumptions: meta.assumptions } };
  }

  /** Groups ordered by name (null group last) and totals, as DTOs; with `live`, deltas against it. */
  private async shape(
    ctx: RequestContext,
    groupBy: ForecastQueryDto['groupBy'] & string,
    spans: MonthSpan[],
    { groups, expected }: Side,
    live: Side | null,
  ): Promise<Pick<ForecastDto, 'groups' | 'totals'>> {
    const showCost = CostService.canSeeCost(ctx);
    const keys = [...new Set([...groups.keys(), ...(live?.groups.keys() ?? [])])];
    const names = await this.repository.names(
      ctx.organizationId,
      groupBy,
      keys.filter((k): k is string => k !== null),
      [ctx.planId, ctx.livePlanId],
    );
    const order = (k: string | null) => (k === null ? [2, ''] : names.has(k) ? [0, names.get(k)!] : [1, k]) as [number, string];
    keys.sort((a, b) => {
      const [ra, na] = order(a);
      const [rb, nb] = order(b);
      return ra - rb || (na < nb ? -1 : na > nb ? 1 : 0) || ((a ?? '') < (b ?? '') ? -1 : 1);
    });
    const empty = emptyMonths(spans);
    const deltas = expected || live?.expected === true;
    const out: ForecastGroupDto[] = keys.map((key) => {
      const months = groups.get(key) ?? empty;
      const liveMonths = live && (live.groups.get(key) ?? empty);
      return {
        key: key === null ? null : { id: key, name: names.get(key) ?? null },
        label: groupLabel(groupBy, key, names.get(key ?? '') ?? null),
        months: months.map((m, k) => monthDto(m, showCost, liveMonths?.[k], expected, deltas)),
      };
    });
    const totals = sumMonths([...groups.values()], spans);
    const liveTotals = live && sumMonths([...live.groups.values()], spans);
    return { groups: out, totals: totals.map((m, k) => monthDto(m, showCost, liveTotals?.[k], expected, deltas)) };
  }
}

/** Assumptions as an answer states them: every field, in the API's order, and their source. */
function applied(a: ForecastAssumptions, source: AppliedAssumptionsDto['source']): AppliedAssumptionsDto {
  return { ...ForecastAssumptionsDto.from(a), source };
}
