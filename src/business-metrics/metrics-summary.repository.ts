import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { CostScopeType, BusinessMetricEntity } from './entities/business-metric.entity';
import type { FeedStatus } from './entities/metric-source.entity';
import type { PlanKey } from '../database/distribution';
import { GenerateSql } from '../common/generate-sql';

export interface SummaryMetricRow {
  id: string;
  key: string;
  name: string;
  unit: string;
  active: boolean;
  cost_scope_type: CostScopeType;
  cost_scope_id: string | null;
}

/** One metric's readings over a window, aggregated by the database (numeric, unrounded). */
export interface ReadingTotalsRow {
  metric_id: string;
  readings: number;
  volume: string;
  ai_volume: string | null;
  measured_volume: string | null;
}

export interface SummarySourceRow {
  metric_id: string;
  name: string;
  feed_status: FeedStatus;
  last_push_at: Date | null;
}

/** A person's days in a cost scope (inclusive; end null = ongoing), at an fte (1 for whole-person scopes). */
export interface ScopeOccupancyRow {
  kind: 'employee' | 'contractor';
  id: string;
  start_date: string;
  end_date: string | null;
  fte: string;
}

/** Every query of the metrics summary (spec 04 §3 `get_business_metrics_summary`). */
@Injectable()
export class MetricsSummaryRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** The organization's active metrics by key; with `ref`, the metric whose id (first) or key it is, active or not. */
  @GenerateSql({ name: 'all', params: (s) => [s.organizationId, null] }, { name: 'one', params: (s) => [s.organizationId, 'deploys'] })
  async metrics(organizationId: string, ref: string | null): Promise<SummaryMetricRow[]> {
    const columns = `id, key, name, unit, active, cost_scope_type, cost_scope_id`;
    if (ref === null) {
      return this.dataSource.query(`SELECT ${columns} FROM business_metrics WHERE organization_id = $1 AND active ORDER BY key`, [
        organizationId,
      ]);
    }
    const rows: SummaryMetricRow[] = await this.dataSource.query(
      `SELECT ${columns} FROM business_metrics WHERE organization_id = $1 AND (id = $2 OR key = $2) ORDER BY (id = $2) DESC LIMIT 1`,
      [organizationId, ref],
    );
    return rows;
  }

  /**
   * Per metric, over the readings whose period overlaps [from, to]: their count; the volume, each value
   * weighted by the share of its period's days inside the window; and the same sums over the readings
   * with an aiValue (of aiValue and of value). One aggregate over the (metric_id, period_start) index;
   * readings wholly inside the window (nearly all of a long window) are summed without arithmetic, only
   * the few cut by its edges are prorated (exact numeric division).
   */
  @GenerateSql({ params: (s) => [s.organizationId, [s.id], s.day, s.day] })
  readingTotals(organizationId: string, metricIds: readonly string[], from: string, to: string): Promise<ReadingTotalsRow[]> {
    const inside = `period_start >= $2::date AND period_end <= $3::date`;
    const cut = `(period_start < $2::date OR period_end > $3::date)`;
    const prorated = (column: string) =>
      `${column} * (LEAST(period_end, $3::date) - GREATEST(period_start, $2::date) + 1) / (period_end - period_start + 1)`;
    const total = (column: string, measured = false) => {
      const only = measured ? 'ai_value IS NOT NULL AND ' : '';
      return `COALESCE(sum(${column}) FILTER (WHERE ${only}${inside}), 0) + COALESCE(sum(${prorated(column)}) FILTER (WHERE ${only}${cut}), 0)`;
    };
    return this.dataSource.query(
      `SELECT metric_id, count(*)::int AS readings, ${total('value')} AS volume,
              CASE WHEN count(ai_value) > 0 THEN ${total('ai_value')} END AS ai_volume,
              CASE WHEN count(ai_value) > 0 THEN ${total('value', true)} END AS measured_volume
         FROM business_metric_readings
        WHERE organization_id = $4 AND metric_id = ANY($1) AND period_start <= $3::date AND period_end >= $2::date
        GROUP BY metric_id`,
      [metricIds, from, to, organizationId],
    );
  }

  /** Every source of the metrics, by name. */
  @GenerateSql({ params: (s) => [s.organizationId, [s.id]] })
  sources(organizationId: string, metricIds: readonly string[]): Promise<SummarySourceRow[]> {
    return this.dataSource.query(
      `SELECT metric_id, name, feed_status, last_push_at FROM business_metric_sources
        WHERE organization_id = $2 AND metric_id = ANY($1) ORDER BY lower(name), name, id`,
      [metricIds, organizationId],
    );
  }

  /**
   * The people of a cost scope with days in [from, to] in plan `planId`: every employee and contractor
   * (ORGANIZATION), those of a cost centre (COST_CENTRE, each at fte 1), or each team assignment of a
   * person to the team (TEAM: the assignment's days within the person's, at the assignment's fte).
   */
  @GenerateSql(
    { name: 'organization', params: (s) => [s.plan, { costScopeType: 'ORGANIZATION', costScopeId: null }, s.day, s.day] },
    { name: 'cost centre', params: (s) => [s.plan, { costScopeType: 'COST_CENTRE', costScopeId: s.id }, s.day, s.day] },
    { name: 'team', params: (s) => [s.plan, { costScopeType: 'TEAM', costScopeId: s.id }, s.day, s.day] },
  )
  scopeOccupancies(
    plan: PlanKey,
    scope: Pick<BusinessMetricEntity, 'costScopeType' | 'costScopeId'>,
    from: string,
    to: string,
  ): Promise<ScopeOccupancyRow[]> {
    if (scope.costScopeType === 'TEAM') {
      const person = (kind: 'employee' | 'contractor', table: string) =>
        `SELECT '${kind}' AS kind, p.id, GREATEST(p.start_date, a.start_date) AS start_date,
                CASE WHEN p.end_date IS NULL THEN a.end_date WHEN a.end_date IS NULL THEN p.end_date ELSE LEAST(p.end_date, a.end_date) END AS end_date,
                a.fte::text AS fte
           FROM assignments a JOIN ${table} p ON p.organization_id = a.organization_id AND p.plan_id = a.plan_id AND p.id = a.${kind}_id
          WHERE a.organization_id = $5 AND a.plan_id = $1 AND a.type = 'team' AND a.target_id = $4
            AND a.start_date <= $3::date AND (a.end_date IS NULL OR a.end_date >= $2::date)
            AND p.start_date <= $3::date AND (p.end_date IS NULL OR p.end_date >= $2::date)`;
      return this.dataSource.query(`${person('employee', 'employees')} UNION ALL ${person('contractor', 'contractors')}`, [
        plan.planId,
        from,
        to,
        scope.costScopeId,
        plan.organizationId,
      ]);
    }
    const centre = scope.costScopeType === 'COST_CENTRE' ? 'AND cost_centre_id = $5' : '';
    const person = (kind: 'employee' | 'contractor', table: string) =>
      `SELECT '${kind}' AS kind, id, start_date, end_date, '1' AS fte FROM ${table}
        WHERE organization_id = $4 AND plan_id = $1 AND start_date <= $3::date AND (end_date IS NULL OR end_date >= $2::date) ${centre}`;
    const params = [plan.planId, from, to, plan.organizationId, ...(centre ? [scope.costScopeId] : [])];
    return this.dataSource.query(`${person('employee', 'employees')} UNION ALL ${person('contractor', 'contractors')}`, params);
  }
}
