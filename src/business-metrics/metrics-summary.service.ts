import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { RequestContext } from '../common/auth/request-context';
import { addDays, todayUtc } from '../common/dates';
import { DomainError } from '../common/errors/domain-error';
import { dayNumber, monthBounds, roundMoney } from '../cost/cost-math';
import { OrganizationsRepository } from '../organizations/organizations.repository';
import { CostService } from '../cost/cost.service';
import type { MetricsSummaryDto, MetricsSummaryQueryDto, MetricSummaryDto } from './dto/metrics-summary.dto';
import { MetricsSummaryRepository, ReadingTotalsRow, ScopeOccupancyRow, SummaryMetricRow } from './metrics-summary.repository';

/** The default window and the window completed around a lone `from` or `to`: 30 days. */
const DEFAULT_DAYS = 30;
/** The longest window: ten years (3,653 days). */
export const MAX_WINDOW_DAYS = 3653;

const round4 = (value: number): number => Math.round(value * 10_000) / 10_000;

/**
 * `get_business_metrics_summary` (spec 04 §3, document 01 rule 6): per active metric, the prorated volume
 * of every source's readings over a window, the AI share over measured readings, and the people cost of
 * the metric's cost scope with the cost per unit. Readings are aggregated by the database; costs come from
 * the one cost service (src/cost).
 */
@Injectable()
export class MetricsSummaryService {
  constructor(
    private readonly repository: MetricsSummaryRepository,
    private readonly cost: CostService,
    private readonly dataSource: DataSource,
    private readonly organizations: OrganizationsRepository,
  ) {}

  async summary(ctx: RequestContext, query: MetricsSummaryQueryDto): Promise<MetricsSummaryDto> {
    const { from, to } = window(query.from, query.to);
    const [metrics, currency] = await Promise.all([
      this.repository.metrics(ctx.organizationId, query.metric ?? null),
      this.currency(ctx.organizationId),
    ]);
    if (query.metric !== undefined && !metrics.length) throw DomainError.notFound('Business metric', query.metric);
    const active = metrics.filter((m) => m.active);
    if (!active.length) return { from, to, currency, metrics: [] };
    const ids = active.map((m) => m.id);
    const [totals, sources, costs] = await Promise.all([
      this.repository.readingTotals(ctx.organizationId, ids, from, to),
      this.repository.sources(ctx.organizationId, ids),
      CostService.canSeeCost(ctx) ? this.scopeCosts(ctx, active, from, to) : null,
    ]);
    const totalsOf = new Map(totals.map((t) => [t.metric_id, t]));
    return {
      from,
      to,
      currency,
      metrics: active.map((metric) => ({
        key: metric.key,
        name: metric.name,
        unit: metric.unit,
        ...figures(totalsOf.get(metric.id), costs?.get(scopeKey(metric)) ?? null),
        sources: sources
          .filter((s) => s.metric_id === metric.id)
          .map((s) => ({ name: s.name, feedStatus: s.feed_status, lastPushAt: s.last_push_at ? s.last_push_at.toISOString() : null })),
      })),
    };
  }

  private currency(organizationId: string): Promise<string> {
    return this.organizations.reportingCurrency({ organizationId, em: this.dataSource.manager });
  }

  /**
   * The cost over [from, to] of each distinct cost scope of the metrics, rounded to cents, and the people
   * of the scope with unpriced days in it, by scopeKey.
   */
  private async scopeCosts(ctx: RequestContext, metrics: SummaryMetricRow[], from: string, to: string): Promise<Map<string, ScopeCost>> {
    const scopes = new Map(metrics.map((m) => [scopeKey(m), { costScopeType: m.cost_scope_type, costScopeId: m.cost_scope_id }]));
    const occupancies = new Map<string, Occupancy[]>(
      await Promise.all(
        [...scopes].map(async ([key, scope]) => {
          const rows = await this.repository.scopeOccupancies(ctx, scope, from, to);
          return [key, clip(rows, from, to, scope.costScopeType === 'TEAM')] as const;
        }),
      ),
    );
    const people = new Map<string, { kind: 'employee' | 'contractor'; id: string }>();
    for (const list of occupancies.values()) for (const o of list) people.set(`${o.kind}:${o.id}`, { kind: o.kind, id: o.id });
    const firstMonth = from.slice(0, 7);
    const count = monthCount(firstMonth, to.slice(0, 7));
    const book = await this.cost.book({ ctx, em: this.dataSource.manager }, [...people.values()], {
      from: `${firstMonth}-01`,
      to: monthBounds(to.slice(0, 7)).last,
    });
    const out = new Map<string, ScopeCost>();
    for (const [key, list] of occupancies) {
      let total = 0;
      const unpriced = new Set<string>();
      for (const o of list) {
        for (const c of book.monthCosts(o, firstMonth, count, o)) total += c;
        if (book.unpricedInMonths(o, firstMonth, count, o)) unpriced.add(`${o.kind}:${o.id}`);
      }
      out.set(key, { cost: roundMoney(total), unpricedPeople: unpriced.size });
    }
    return out;
  }
}

interface ScopeCost {
  cost: number;
  unpricedPeople: number;
}

interface Occupancy {
  kind: 'employee' | 'contractor';
  id: string;
  start: string;
  end: string;
  fte: number;
}

/**
 * The occupancies cut to [from, to]. For a TEAM scope (`capped`), a person's assignments to the team are
 * summed day by day and capped at 1 (a person never costs more than once): one occupancy per stretch of
 * days with the same summed fte.
 */
function clip(rows: ScopeOccupancyRow[], from: string, to: string, capped: boolean): Occupancy[] {
  const cut: Occupancy[] = [];
  for (const r of rows) {
    const start = r.start_date > from ? r.start_date : from;
    const end = r.end_date === null || r.end_date > to ? to : r.end_date;
    if (end >= start) cut.push({ kind: r.kind, id: r.id, start, end, fte: Number(r.fte) });
  }
  if (!capped) return cut;
  const byPerson = new Map<string, Occupancy[]>();
  for (const o of cut) {
    const key = `${o.kind}:${o.id}`;
    byPerson.set(key, [...(byPerson.get(key) ?? []), o]);
  }
  const out: Occupancy[] = [];
  for (const list of byPerson.values()) {
    const bounds = [...new Set(list.flatMap((o) => [o.start, addDays(o.end, 1)]))].sort();
    for (let i = 0; i + 1 < bounds.length; i++) {
      const day = bounds[i];
      const fte = list.filter((o) => o.start <= day && o.end >= day).reduce((sum, o) => sum + o.fte, 0);
      if (fte > 0) out.push({ ...list[0], start: day, end: addDays(bounds[i + 1], -1), fte: Math.min(1, fte) });
    }
  }
  return out;
}

/** The figures of one metric from its reading totals and its scope's cost (null: not visible). */
function figures(
  totals: ReadingTotalsRow | undefined,
  scope: ScopeCost | null,
): Omit<MetricSummaryDto, 'key' | 'name' | 'unit' | 'sources'> {
  const cost = scope?.cost ?? null;
  const volume = round4(Number(totals?.volume ?? 0));
  const measured = totals?.measured_volume == null ? null : Number(totals.measured_volume);
  const aiVolume = round4(Number(totals?.ai_volume ?? 0));
  return {
    volume,
    aiVolume,
    aiShare: measured === null || measured === 0 ? null : round4(Number(totals!.ai_volume) / measured),
    cost,
    costPerUnit: cost === null || volume === 0 ? null : round4(cost / volume),
    unpricedPeople: scope?.unpricedPeople ?? null,
    readings: totals?.readings ?? 0,
  };
}

function scopeKey(metric: SummaryMetricRow): string {
  return `${metric.cost_scope_type}:${metric.cost_scope_id ?? ''}`;
}

/** The window of a query: both days given, one completed to 30 days, or the 30 days ending today. */
export function window(from: string | undefined, to: string | undefined): { from: string; to: string } {
  if (from === undefined && to === undefined) to = todayUtc();
  if (from === undefined) from = addDays(to!, -(DEFAULT_DAYS - 1));
  if (to === undefined) to = addDays(from, DEFAULT_DAYS - 1);
  if (to < from) throw DomainError.validation('to', 'to must not be before from');
  if (dayNumber(to) - dayNumber(from) + 1 > MAX_WINDOW_DAYS)
    throw DomainError.validation('to', `to must be at most ${MAX_WINDOW_DAYS.toLocaleString('en-US')} days after from (inclusive)`);
  return { from, to };
}

function monthCount(first: string, last: string): number {
  return (Number(last.slice(0, 4)) - Number(first.slice(0, 4))) * 12 + Number(last.slice(5, 7)) - Number(first.slice(5, 7)) + 1;
}
