import { Injectable } from '@nestjs/common';
import type { ForecastRow } from './forecast-math';
import type { RequestContext } from '../common/auth/request-context';
import { DomainError } from '../common/errors/domain-error';
import { todayUtc } from '../common/dates';
import { calendarArrays, MonthSpan, monthSpans } from '../cost/cost-math';
import { CostService, type CostPricing } from '../cost/cost.service';
import { ForecastDto, ForecastGroupDto, ForecastQueryDto } from './dto/forecast-query.dto';
import { emptyMonths, foldForecast, monthDto, RawMonth, sumMonths } from './forecast-math';
import { forecastSettings, ForecastRepository, ForecastWindow } from './forecast.repository';
import { UnitOfWork } from '../database/unit-of-work';
import { isAllocation } from './forecast-sql';

/**
 * Spec 04 §2, the headcount and cost forecast of the live plan or a scenario (the scenario's own rows:
 * same tables, its plan id). PostgreSQL sums people, pay segments and vacancies into per-group, per-month
 * events (`forecast.repository.ts`); `forecast-math.ts` turns them into months. `forecast(ctx, query)` is
 * what the REST route and the assistant tool both call.
 */
@Injectable()
export class ForecastService {
  constructor(
    private readonly repository: ForecastRepository,
    private readonly cost: CostService,
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
   * The forecast of `query` in the context's plan. With `currency` (a budget's variance), every cost is priced in that
   * currency instead of the reporting currency: converted as always, then at today's rate into `currency`.
   */
  async forecast(ctx: RequestContext, query: ForecastQueryDto, currency?: string): Promise<ForecastDto> {
    if (query.compare && !ctx.scenarioId) throw DomainError.validation('compare', 'compare=live needs scenarioId');
    const today = todayUtc();
    const from = query.from ?? today.slice(0, 7);
    const groupBy = query.groupBy ?? 'none';
    const spans = monthSpans(from, query.months ?? 12);
    const pricing = await this.cost.pricing(this.uow.read(ctx), currency);
    const window: ForecastWindow = {
      planId: ctx.planId,
      organizationId: ctx.organizationId,
      from: `${from}-01`,
      to: spans[spans.length - 1].month + `-${String(spans[spans.length - 1].days).padStart(2, '0')}`,
      calendar: calendarArrays(spans),
      months: spans.length,
      today,
      groupBy,
    };
    const [rows, liveRows] = await Promise.all([
      this.planRows(ctx, window, pricing),
      query.compare === 'live' ? this.planRows(ctx, { ...window, planId: ctx.livePlanId }, pricing) : Promise.resolve(null),
    ]);
    const split = isAllocation(groupBy);
    const groups = foldForecast(rows, spans, groupBy === 'none', split);
    const live = liveRows && foldForecast(liveRows, spans, groupBy === 'none', split);
    return {
      from,
      months: spans.length,
      groupBy,
      currency: pricing.pricedIn,
      ...(await this.shape(ctx, groupBy, spans, groups, live)),
    };
  }

  /** Groups ordered by name (null group last) and totals, as DTOs; with `live`, deltas against it. */
  private async shape(
    ctx: RequestContext,
    groupBy: ForecastQueryDto['groupBy'] & string,
    spans: MonthSpan[],
    groups: Map<string | null, RawMonth[]>,
    live: Map<string | null, RawMonth[]> | null,
  ): Promise<Pick<ForecastDto, 'groups' | 'totals'>> {
    const showCost = CostService.canSeeCost(ctx);
    const keys = [...new Set([...groups.keys(), ...(live?.keys() ?? [])])];
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
    const out: ForecastGroupDto[] = keys.map((key) => {
      const months = groups.get(key) ?? empty;
      const liveMonths = live && (live.get(key) ?? empty);
      return {
        key: key === null ? null : { id: key, name: names.get(key) ?? null },
        months: months.map((m, k) => monthDto(m, showCost, liveMonths?.[k])),
      };
    });
    const totals = sumMonths([...groups.values()], spans);
    const liveTotals = live && sumMonths([...live.values()], spans);
    return { groups: out, totals: totals.map((m, k) => monthDto(m, showCost, liveTotals?.[k])) };
  }
}
