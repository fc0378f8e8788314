import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { amountSegmentsSql, monthCostRowsSql, monthIndexSql, rateOf, salaryMonthlySql } from '../cost/cost-sql';
import type { CostPricing } from '../cost/cost.service';
import type { ForecastGroupBy } from './dto/forecast-query.dto';
import type { ForecastRow } from './forecast-math';

/** The column of each `groupBy` on employees, contractors and vacancies, the table naming it and that table's name column. */
export const GROUP_COLUMNS: Record<Exclude<ForecastGroupBy, 'none'>, { column: string; table: string; name: string }> = {
  costCentre: { column: 'cost_centre_id', table: 'cost_centres', name: 'name' },
  location: { column: 'geography_id', table: 'locations', name: 'name' },
  jobRole: { column: 'job_role_id', table: 'job_roles', name: 'title' },
  workType: { column: 'work_type_id', table: 'resource_types', name: 'name' },
};

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
}

/**
 * The forecast's one SQL statement. Per person, segment of pay and vacancy interval it computes a
 * handful of (group, month index) event rows and lets PostgreSQL sum them, so that Node receives one row
 * per group, month and figure whatever the number of people; `forecast-math.ts` turns them into months
 * (running sums). Parameters: $1 plan, $2 from, $3 to, $4/$11 calendar (`calendarArrays`), $5 today, $6 organization,
 * $7/$8 rates (`CostPricing`), $9 reporting currency, $10 months.
 *
 * Rows (`metric`): open_e/open_c (idx -1: people active the day before `from`), join_e/join_c,
 * leave_e/leave_c (last day + 1 in the month), notice, cost/vcost (`full`/`days` of
 * `monthCostRowsSql`), vopen (+count/+fte from the month an interval covers the month's last day,
 * minus from the month after its end), hire (interval starts), unpriced (+1/-1 over the months an
 * unpriced vacancy contributes in, counted once per vacancy).
 */
export function forecastSql(groupBy: ForecastGroupBy): string {
  const grp = (alias: string) => (groupBy === 'none' ? 'NULL::text' : `${alias}.${GROUP_COLUMNS[groupBy].column}::text`);
  const idx = (day: string) => monthIndexSql(day);
  const notice = `(SELECT o.notice_period_days FROM organizations o WHERE o.id = $6)`;
  return `
WITH people AS MATERIALIZED (
  SELECT 'e'::text AS kind, e.id, ${grp('e')} AS grp, e.start_date, COALESCE(e.end_date, e.notice_date + ${notice}) AS last_day,
         e.notice_date, COALESCE(l.cost_multiplier, 1)::float8 AS mult
    FROM employees e LEFT JOIN locations l ON l.organization_id = $6 AND l.id = e.geography_id
   WHERE e.organization_id = $6 AND e.plan_id = $1 AND (e.end_date IS NOT NULL OR e.notice_date IS NULL OR e.notice_date + ${notice} >= e.start_date)
     AND (e.end_date IS NULL OR e.end_date >= e.start_date)
  UNION ALL
  SELECT 'c', c.id, ${grp('c')}, c.start_date, c.end_date, NULL::date, COALESCE(l.cost_multiplier, 1)::float8
    FROM contractors c LEFT JOIN locations l ON l.organization_id = $6 AND l.id = c.geography_id
   WHERE c.organization_id = $6 AND c.plan_id = $1 AND (c.end_date IS NULL OR c.end_date >= c.start_date)
),
pitems AS MATERIALIZED (
  SELECT * FROM (${['employee', 'contractor']
    .map(
      (kind) => `
    SELECT p.grp, GREATEST(s.seg_start, p.start_date, $2::date) AS a,
           LEAST(COALESCE(s.seg_end, $3::date), COALESCE(p.last_day, $3::date), $3::date) AS b, s.monthly * p.mult AS amount
      FROM (${amountSegmentsSql(kind as 'employee' | 'contractor', '$6', '$1', '$3')}) s
      JOIN people p ON p.id COLLATE "C" = s.person_id COLLATE "C" AND p.kind = '${kind[0]}'
     WHERE s.seg_end IS NULL OR s.seg_end >= $2::date`,
    )
    .join('\n    UNION ALL')}) x
   WHERE a <= b
),
vac AS (
  SELECT v.id, ${grp('v')} AS grp, v.fte::float8 AS fte, v.salary IS NULL AS unpriced,
         ${salaryMonthlySql('v.salary')} * ${rateOf('COALESCE(v.currency_code, $9)')} * v.fte::float8 * COALESCE(l.cost_multiplier, 1)::float8 AS amount,
         COALESCE(v.target_start_date, $5::date) AS cs,
         COALESCE(fe.start_date, fc.start_date) AS fs,
         CASE WHEN fe.id IS NOT NULL THEN COALESCE(fe.end_date, fe.notice_date + ${notice}) ELSE fc.end_date END AS fl
    FROM vacancies v
    LEFT JOIN locations l ON l.organization_id = $6 AND l.id = v.geography_id
    LEFT JOIN employees fe ON fe.organization_id = $6 AND fe.plan_id = $1 AND fe.id = v.filled_by_live_employee_id
    LEFT JOIN contractors fc ON fc.organization_id = $6 AND fc.plan_id = $1 AND fc.id = v.filled_by_live_contractor_id
   WHERE v.organization_id = $6 AND v.plan_id = $1 AND v.status IN ('open', 'committed', 'filled') AND COALESCE(v.target_start_date, $5::date) <= $3::date
),
vint AS MATERIALIZED (
  SELECT * FROM (
    SELECT grp, fte, unpriced, amount, cs AS a, NULL::date AS b, NULL::date AS prev_b FROM vac WHERE fs IS NULL
    UNION ALL
    SELECT grp, fte, unpriced, amount, cs, fs - 1, NULL FROM vac WHERE fs IS NOT NULL AND cs <= fs - 1
    UNION ALL
    SELECT grp, fte, unpriced, amount, GREATEST(cs, fl + 1), NULL, CASE WHEN cs <= fs - 1 THEN fs - 1 END
      FROM vac WHERE fs IS NOT NULL AND fl IS NOT NULL) x
   WHERE a <= $3::date AND (b IS NULL OR b >= $2::date) AND (b IS NULL OR a <= b)
),
vitems AS (SELECT grp, GREATEST(a, $2::date) AS a, LEAST(COALESCE(b, $3::date), $3::date) AS b, amount FROM vint WHERE amount IS NOT NULL),
unpriced AS (
  SELECT grp, GREATEST(${idx('GREATEST(a, $2::date)')}, CASE WHEN prev_b IS NULL THEN 0 ELSE ${idx('GREATEST(prev_b, $2::date - 1)')} + 1 END) AS s,
         CASE WHEN b IS NULL THEN $10::int - 1 ELSE ${idx('LEAST(b, $3::date)')} END AS e
    FROM vint WHERE unpriced
)
SELECT grp, -1 AS idx, 'open_' || kind AS metric, count(*)::float8 AS v1, 0::float8 AS v2
  FROM people WHERE start_date < $2::date AND (last_day IS NULL OR last_day >= $2::date - 1) GROUP BY 1, 3
UNION ALL
SELECT grp, ${idx('start_date')}, 'join_' || kind, count(*), 0 FROM people WHERE start_date >= $2::date AND start_date <= $3::date GROUP BY 1, 2, 3
UNION ALL
SELECT grp, ${idx('last_day + 1')}, 'leave_' || kind, count(*), 0 FROM people WHERE last_day >= $2::date - 1 AND last_day < $3::date GROUP BY 1, 2, 3
UNION ALL
SELECT grp, ${idx('notice_date')}, 'notice', count(*), 0 FROM people WHERE kind = 'e' AND notice_date BETWEEN $2::date AND $3::date GROUP BY 1, 2
UNION ALL
SELECT grp, idx, 'cost', sum(full_amount), sum(day_amount) FROM (${monthCostRowsSql('pitems')}) c GROUP BY 1, 2
UNION ALL
SELECT grp, idx, 'vcost', sum(full_amount), sum(day_amount) FROM (${monthCostRowsSql('vitems')}) c GROUP BY 1, 2
UNION ALL
SELECT grp, ${idx('GREATEST(a, $2::date)')}, 'vopen', count(*), sum(fte) FROM vint GROUP BY 1, 2
UNION ALL
SELECT grp, ${idx('b + 1')}, 'vopen', -count(*), -sum(fte) FROM vint WHERE b < $3::date GROUP BY 1, 2
UNION ALL
SELECT grp, ${idx('a')}, 'hire', count(*), 0 FROM vint WHERE a >= $2::date GROUP BY 1, 2
UNION ALL
SELECT grp, s, 'unpriced', count(*), 0 FROM unpriced WHERE s <= e GROUP BY 1, 2
UNION ALL
SELECT grp, e + 1, 'unpriced', -count(*), 0 FROM unpriced WHERE s <= e AND e + 1 < $10::int GROUP BY 1, 2`;
}

@Injectable()
export class ForecastRepository {
  private readonly sql = new Map<ForecastGroupBy, string>();

  constructor(private readonly dataSource: DataSource) {}

  /** The forecast's event rows for one plan (live or a scenario: the same tables, another plan id). */
  async rows(w: ForecastWindow, pricing: CostPricing): Promise<ForecastRow[]> {
    let sql = this.sql.get(w.groupBy);
    if (!sql) this.sql.set(w.groupBy, (sql = forecastSql(w.groupBy)));
    // SET LOCAL, for this statement's transaction only. The statement sorts the plan's people for the
    // join with their pay segments (50,000 rows, ~4 MB): with the default 4 MB of work_mem that sort
    // goes to disk, 16 MB keeps it in memory (about -10% of the statement's PostgreSQL CPU). No parallel
    // worker: the one PostgreSQL plans for the vacancies' fillers costs CPU without shortening the statement.
    const params = [
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
    ];
    return this.dataSource.transaction(async (em) => {
      await em.query(`SET LOCAL work_mem = '16MB'`);
      await em.query(`SET LOCAL max_parallel_workers_per_gather = 0`);
      return (await em.query(sql, params)) as ForecastRow[];
    });
  }

  /** Names of the groups' records (cost centres, locations, job roles, resource types). */
  async names(organizationId: string, groupBy: ForecastGroupBy, ids: string[]): Promise<Map<string, string>> {
    if (groupBy === 'none' || !ids.length) return new Map();
    const rows: { id: string; name: string }[] = await this.dataSource.query(
      `SELECT id, ${GROUP_COLUMNS[groupBy].name} AS name FROM ${GROUP_COLUMNS[groupBy].table} WHERE organization_id = $1 AND id = ANY($2)`,
      [organizationId, ids],
    );
    return new Map(rows.map((r) => [r.id, r.name]));
  }
}
