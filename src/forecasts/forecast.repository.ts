import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { WHOLE_READ, type ReadPart, type TxScope } from '../database/unit-of-work';
import type { CostPricing } from '../cost/cost.service';
import type { ForecastGroupBy } from './dto/forecast-query.dto';
import type { ForecastRow } from './forecast-math';
import { allocationForecastSql } from './forecast-allocation-sql';
import {
  ALL_RECORDS,
  forecastSql,
  GROUP_NAMES,
  isAllocation,
  type OptionalParam,
  recordPart,
  StatementAssumptions,
  statementAssumptions,
  StatementParams,
} from './forecast-sql';
import { NO_ASSUMPTIONS } from '../database/entities/organization.entity';
import { dayWeights, type DayWeights } from './forecast-weights';
import { calendarArrays, monthSpans } from '../cost/cost-math';
import { GenerateSql, type SqlSample } from '../common/generate-sql';
import type { ForecastAssumptions } from '../database/entities/organization.entity';

/** The session settings of a grouping's statement (`SET LOCAL`, in its own transaction): see `ForecastRepository.rows`. */
export function forecastSettings(groupBy: ForecastGroupBy): string[] {
  const settings = [`work_mem = '${isAllocation(groupBy) ? 32 : 16}MB'`, `max_parallel_workers_per_gather = 0`, `enable_nestloop = off`];
  return isAllocation(groupBy) ? [...settings, `enable_sort = off`] : settings;
}

/** A grouping's statement and the optional parameters it names, in their order (`$12`, ...). */
export interface ForecastStatement {
  sql: string;
  params: readonly OptionalParam[];
}

/**
 * The statement of a grouping: by attribute (`forecastSql`) or by allocation (`allocationForecastSql`), over all
 * records or, `split`, over the records of one part, with the terms of the assumptions `assume` (none by default).
 */
export function forecastStatement(
  groupBy: ForecastGroupBy,
  { split = false, assume = statementAssumptions(NO_ASSUMPTIONS) }: { split?: boolean; assume?: StatementAssumptions } = {},
): ForecastStatement {
  const params = new StatementParams();
  const parts = { records: split ? recordPart(params) : ALL_RECORDS, params, assume };
  const sql = isAllocation(groupBy) ? allocationForecastSql(groupBy, parts) : forecastSql(groupBy, parts);
  return { sql, params: params.names };
}

export interface ForecastWindow {
  planId: string;
  organizationId: string;
  /** First day of the first month and last day of the last month. */
  from: string;
  to: string;
  /** `calendarArrays` of the months. */
  calendar: { monthIndex: number[]; dayOfMonth: number[] };
  months: number;
  today: string;
  groupBy: ForecastGroupBy;
  /** The assumptions applied: which terms the statement has, and their day arrays and earliest vacancy start. */
  assume: StatementAssumptions;
  days: DayWeights;
  /** The earliest start of an open vacancy (`YYYY-MM-DD`): the first day plus timeToFillDays. */
  fill: string;
}

/** The `sql/` samples of `rows`: a year from 2026-01 of one grouping, under `assumptions`. */
function sampleRows(s: SqlSample, groupBy: ForecastGroupBy, assumptions: ForecastAssumptions = NO_ASSUMPTIONS): unknown[] {
  const spans = monthSpans('2026-01', 12);
  const window: ForecastWindow = {
    planId: s.planId,
    organizationId: s.organizationId,
    from: '2026-01-01',
    to: '2026-12-31',
    calendar: calendarArrays(spans),
    months: 12,
    today: s.day,
    groupBy,
    assume: statementAssumptions(assumptions),
    days: dayWeights(spans, assumptions),
    fill: '2026-01-31',
  };
  return [s.tx, window, { currency: 'USD', pricedIn: 'USD', currencies: ['USD'], rates: [1] }];
}

@Injectable()
export class ForecastRepository {
  private readonly sql = new Map<string, ForecastStatement>();

  constructor(private readonly dataSource: DataSource) {}

  /**
   * The forecast's event rows for one plan (live or a scenario: the same tables, another plan id), in the
   * read-only transaction of `scope` with the grouping's `forecastSettings` set; of the records of `part`
   * only when the read is split (`UnitOfWork.readOnlyParts`: the parts' rows add up to the whole's).
   */
  @GenerateSql(
    { name: 'none', params: (s) => sampleRows(s, 'none') },
    { name: 'team', params: (s) => sampleRows(s, 'team') },
    {
      name: 'cost centre, every assumption',
      params: (s) =>
        sampleRows(s, 'costCentre', {
          attritionRatePerYear: 0.1,
          meritIncrease: { month: 4, percent: 3 },
          timeToFillDays: 30,
          onCostPercent: 20,
        }),
    },
  )
  async rows({ em }: TxScope, w: ForecastWindow, pricing: CostPricing, part: ReadPart = WHOLE_READ): Promise<ForecastRow[]> {
    const split = part.count > 1;
    const a = w.assume;
    const key = `${w.groupBy}:${split}:${a.attrition}:${a.merit}:${a.byKind}:${a.timeToFill}`;
    let statement = this.sql.get(key);
    if (!statement) this.sql.set(key, (statement = forecastStatement(w.groupBy, { split, assume: a })));
    const optional: Record<OptionalParam, unknown> = {
      part: part.index,
      parts: part.count,
      weight: w.days.weight,
      before: w.days.before,
      loss: w.days.loss,
      merit: w.days.merit,
      fill: w.fill,
    };
    const params: unknown[] = [
      w.planId,
      w.from,
      w.to,
      w.calendar.monthIndex,
      w.today,
      w.organizationId,
      pricing.currencies,
      pricing.rates,
      pricing.currency,
      w.months,
      w.calendar.dayOfMonth,
      ...statement.params.map((name) => optional[name]),
    ];
    // The settings (`forecastSettings`, SET LOCAL by the caller's `UnitOfWork.readOnly`). The statement sorts the plan's
    // people for the join with their pay segments (50,000 rows, ~4 MB): with the default 4 MB of work_mem
    // that sort goes to disk, 16 MB keeps it in memory. No parallel worker: the one PostgreSQL plans for the
    // vacancies' fillers costs CPU without shortening the statement. Both statements join CTEs whose sizes
    // PostgreSQL cannot estimate (it takes 1 row for most, and a split read's part condition for 0.5 % of the
    // rows): planned freely, they may nest loops over 50,000-row relations (minutes; seen with employment terms
    // and fresh statistics: the pay segments rescanned for each person), so they run without nested loops. The
    // allocation statement also sorts only where a hash cannot (its window functions), with 32 MB for those hashes.
    return (await em.query(statement.sql, params)) as ForecastRow[];
  }

  /**
   * Names of the groups' records (cost centres, locations, job roles, resource types; teams and projects
   * of the plans `planIds`, the first plan's name winning: a scenario's renamed team, live's for a team
   * only live has).
   */
  @GenerateSql(
    { name: 'cost centres', params: (s) => [s.organizationId, 'costCentre', [s.id], [s.planId]] },
    { name: 'teams', params: (s) => [s.organizationId, 'team', [s.id], [s.planId]] },
  )
  async names(organizationId: string, groupBy: ForecastGroupBy, ids: string[], planIds: string[]): Promise<Map<string, string>> {
    if (groupBy === 'none' || !ids.length) return new Map();
    const { table, name, planScoped } = GROUP_NAMES[groupBy];
    const rows: { id: string; name: string }[] = planScoped
      ? await this.dataSource.query(
          `SELECT DISTINCT ON (id) id, ${name} AS name FROM ${table}
            WHERE organization_id = $1 AND plan_id = ANY($3) AND id = ANY($2) ORDER BY id, array_position($3::text[], plan_id::text)`,
          [organizationId, ids, planIds],
        )
      : await this.dataSource.query(`SELECT id, ${name} AS name FROM ${table} WHERE organization_id = $1 AND id = ANY($2)`, [
          organizationId,
          ids,
        ]);
    return new Map(rows.map((r) => [r.id, r.name]));
  }
}
