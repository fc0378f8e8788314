import { amountSegmentsSql, dayOfMonthSql, monthCostRowsSql, monthIndexSql, rateOf, salaryMonthlySql } from '../cost/cost-sql';
import { ALLOCATION_GROUP_BY, type AllocationGroupBy, type AttributeGroupBy, type ForecastGroupBy } from './dto/forecast-query.dto';

/** The column of each attribute `groupBy` on employees, contractors and vacancies. */
export const GROUP_COLUMNS: Record<AttributeGroupBy, string> = {
  costCentre: 'cost_centre_id',
  location: 'geography_id',
  jobRole: 'job_role_id',
  workType: 'work_type_id',
};

/** The table naming each grouping's keys, its name column, and whether its rows belong to a plan. */
export const GROUP_NAMES: Record<Exclude<ForecastGroupBy, 'none'>, { table: string; name: string; planScoped: boolean }> = {
  costCentre: { table: 'cost_centres', name: 'name', planScoped: false },
  location: { table: 'locations', name: 'name', planScoped: false },
  jobRole: { table: 'job_roles', name: 'title', planScoped: false },
  workType: { table: 'resource_types', name: 'name', planScoped: false },
  team: { table: 'teams', name: 'name', planScoped: true },
  project: { table: 'projects', name: 'name', planScoped: true },
  projectCostCentre: { table: 'cost_centres', name: 'name', planScoped: false },
};

export const isAllocation = (groupBy: ForecastGroupBy): groupBy is AllocationGroupBy =>
  (ALLOCATION_GROUP_BY as readonly string[]).includes(groupBy);

/** `(month index)` and `(day of month)` of a day expression (the window's calendar parameters). */
export const idx = (day: string): string => monthIndexSql(day);
export const dom = (day: string): string => dayOfMonthSql(day);

/**
 * Which records a forecast statement covers, as a condition on a record's id column (` AND ...`): all of
 * them, or one part of the statement split across connections sharing a snapshot (`UnitOfWork.readOnlyParts`):
 * the employees, contractors and vacancies whose id hashes to part $12 of $13, with their pay adjustments and
 * assignments. Every row the statement returns is a sum over records, so the parts' rows add up to the
 * whole statement's.
 */
export type RecordFilter = (idColumn: string) => string;
export const ALL_RECORDS: RecordFilter = () => '';
export const RECORD_PART: RecordFilter = (id) => ` AND mod(hashtext(${id}) & 2147483647, $13::int) = $12::int`;

/** The organization's notice period (spec 04 §1.2). */
export const NOTICE = `(SELECT o.notice_period_days FROM organizations o WHERE o.id = $6)`;

/**
 * People of the plan: kind ('e' employee, 'c' contractor), id, group (`grp`: an expression on `e`/`c`),
 * start, last day (§1.2, notice rule included), notice date and location multiplier. Records whose last
 * day is before their start are left out.
 */
export function peopleCte(grp: (alias: string) => string, records: RecordFilter): string {
  return `people AS MATERIALIZED (
  SELECT 'e'::text AS kind, e.id, ${grp('e')} AS grp, e.start_date, COALESCE(e.end_date, e.notice_date + ${NOTICE}) AS last_day,
         e.notice_date, COALESCE(l.cost_multiplier, 1)::float8 AS mult
    FROM employees e LEFT JOIN locations l ON l.organization_id = $6 AND l.id = e.geography_id
   WHERE e.organization_id = $6 AND e.plan_id = $1${records('e.id')} AND (e.end_date IS NOT NULL OR e.notice_date IS NULL OR e.notice_date + ${NOTICE} >= e.start_date)
     AND (e.end_date IS NULL OR e.end_date >= e.start_date)
  UNION ALL
  SELECT 'c', c.id, ${grp('c')}, c.start_date, c.end_date, NULL::date, COALESCE(l.cost_multiplier, 1)::float8
    FROM contractors c LEFT JOIN locations l ON l.organization_id = $6 AND l.id = c.geography_id
   WHERE c.organization_id = $6 AND c.plan_id = $1${records('c.id')} AND (c.end_date IS NULL OR c.end_date >= c.start_date)
)`;
}

/**
 * Pay items: each salary or rate segment clipped to the person's active days inside the window, with its
 * monthly amount (multiplier included) and the person columns `cols` (of `p`, the people CTE). An amount in a
 * currency with no rate is left out (the one before it stays in force). `upm`: per person and month index
 * `k` with unpriced days (active days of the window before their first priced amount, or with none), the
 * last such day `d`.
 */
export function pitemsCte(cols: string, records: RecordFilter): string {
  const part = (kind: 'employee' | 'contractor') => `
    SELECT ${cols}, p.kind AS pkind, p.id AS pid, GREATEST(s.seg_start, p.start_date, $2::date) AS a,
           LEAST(COALESCE(s.seg_end, $3::date), COALESCE(p.last_day, $3::date), $3::date) AS b, s.monthly * p.mult AS amount
      FROM (${amountSegmentsSql(kind, '$6', '$1', '$3', records)}) s
      JOIN people p ON p.id COLLATE "C" = s.person_id COLLATE "C" AND p.kind = '${kind[0]}'
     WHERE s.seg_end IS NULL OR s.seg_end >= $2::date`;
  return `pitems AS MATERIALIZED (
  SELECT * FROM (${part('employee')}
    UNION ALL${part('contractor')}) x
   WHERE a <= b
),
unp_p AS (
  SELECT p.kind, p.id, p.grp, GREATEST(p.start_date, $2::date) AS a, COALESCE(m.first - 1, LEAST(COALESCE(p.last_day, $3::date), $3::date)) AS b
    FROM people p LEFT JOIN (SELECT pkind, pid, min(a) AS first FROM pitems GROUP BY 1, 2) m ON m.pkind = p.kind AND m.pid = p.id
   WHERE p.start_date <= $3::date AND (p.last_day IS NULL OR p.last_day >= $2::date) AND (m.first IS NULL OR m.first > GREATEST(p.start_date, $2::date))
),
upm AS MATERIALIZED (
  SELECT u.kind, u.id, u.grp, k, max(LEAST(u.b, ($2::date + make_interval(months => k + 1))::date - 1)) AS d
    FROM unp_p u, generate_series(${idx('u.a')}, ${idx('u.b')}) k WHERE u.a <= u.b GROUP BY 1, 2, 3, 4
)`;
}

/**
 * Vacancies (`vac`) and their contribution intervals inside the window (`vint`: [a, b], b null = open;
 * `prev_b` the end of an earlier interval of the same vacancy), with the columns `keys` of `vac` (its
 * group, and its id for the allocation groupings). The filler (`f`, the employee winning over a contractor
 * as before) is looked up by key for each vacancy: cheaper than hashing every employee of the plan for a
 * quarter of the vacancies, above all in each part of a split statement.
 */
export function vacancyCtes(grp: string, keys: string, records: RecordFilter): string {
  return `vac AS (
  SELECT v.id, ${grp} AS grp, v.fte::float8 AS fte, v.salary IS NULL AS unpriced,
         ${salaryMonthlySql('v.salary')} * ${rateOf('COALESCE(v.currency_code, $9)')} * v.fte::float8 * COALESCE(l.cost_multiplier, 1)::float8 AS amount,
         COALESCE(v.target_start_date, $5::date) AS cs,
         f.fs, f.fl
    FROM vacancies v
    LEFT JOIN locations l ON l.organization_id = $6 AND l.id = v.geography_id
    LEFT JOIN LATERAL (
      SELECT fe.start_date AS fs, COALESCE(fe.end_date, fe.notice_date + ${NOTICE}) AS fl
        FROM employees fe WHERE fe.organization_id = $6 AND fe.plan_id = $1 AND fe.id = v.filled_by_live_employee_id
      UNION ALL
      SELECT fc.start_date, fc.end_date
        FROM contractors fc WHERE fc.organization_id = $6 AND fc.plan_id = $1 AND fc.id = v.filled_by_live_contractor_id
       LIMIT 1
    ) f ON true
   WHERE v.organization_id = $6 AND v.plan_id = $1${records('v.id')} AND v.status IN ('open', 'committed', 'filled') AND COALESCE(v.target_start_date, $5::date) <= $3::date
),
vint AS MATERIALIZED (
  SELECT * FROM (
    SELECT ${keys}, fte, unpriced, amount, cs AS a, NULL::date AS b, NULL::date AS prev_b FROM vac WHERE fs IS NULL
    UNION ALL
    SELECT ${keys}, fte, unpriced, amount, cs, fs - 1, NULL FROM vac WHERE fs IS NOT NULL AND cs <= fs - 1
    UNION ALL
    SELECT ${keys}, fte, unpriced, amount, GREATEST(cs, fl + 1), NULL, CASE WHEN cs <= fs - 1 THEN fs - 1 END
      FROM vac WHERE fs IS NOT NULL AND fl IS NOT NULL) x
   WHERE a <= $3::date AND (b IS NULL OR b >= $2::date) AND (b IS NULL OR a <= b)
)`;
}

/**
 * The forecast's one SQL statement. Per person, segment of pay and vacancy interval it computes a
 * handful of (group, month index) event rows and lets PostgreSQL sum them, so that Node receives one row
 * per group, month and figure whatever the number of people; `forecast-math.ts` turns them into months
 * (running sums). Parameters: $1 plan, $2 from, $3 to, $4/$11 calendar (`calendarArrays`), $5 today, $6 organization,
 * $7/$8 rates (`CostPricing`), $9 reporting currency, $10 months. The allocation groupings (team, project,
 * projectCostCentre) have their own statement (`allocationForecastSql`) with the same rows.
 *
 * Rows (`metric`, v1, v2, v3): open_e/open_c (idx -1: people active the day before `from`), join_e/join_c
 * (v2: 1 - start's day of month), leave_e/leave_c (last day + 1 in the month; v2: that day's day of month
 * - 1), so that closing + v2 / days is the day-weighted FTE; notice, cost/vcost (`full`/`days` of
 * `monthCostRowsSql`), vopen (+count/+fte/-fte x (day - 1) from the month an interval covers the month's
 * last day, minus from the month after its end), hire (interval starts), unpriced (+1/-1 over the months
 * an unpriced vacancy contributes in, counted once per vacancy), unpriced_p (people with unpriced days in the month).
 */
export function forecastSql(groupBy: 'none' | AttributeGroupBy, records: RecordFilter = ALL_RECORDS): string {
  const grp = (alias: string) => (groupBy === 'none' ? 'NULL::text' : `${alias}.${GROUP_COLUMNS[groupBy]}::text`);
  return `
WITH ${peopleCte(grp, records)},
${pitemsCte('p.grp', records)},
${vacancyCtes(grp('v'), 'grp', records)},
vitems AS (SELECT grp, GREATEST(a, $2::date) AS a, LEAST(COALESCE(b, $3::date), $3::date) AS b, amount FROM vint WHERE amount IS NOT NULL),
unpriced AS (
  SELECT grp, GREATEST(${idx('GREATEST(a, $2::date)')}, CASE WHEN prev_b IS NULL THEN 0 ELSE ${idx('GREATEST(prev_b, $2::date - 1)')} + 1 END) AS s,
         CASE WHEN b IS NULL THEN $10::int - 1 ELSE ${idx('LEAST(b, $3::date)')} END AS e
    FROM vint WHERE unpriced
)
SELECT grp, -1 AS idx, 'open_' || kind AS metric, count(*)::float8 AS v1, 0::float8 AS v2, 0::float8 AS v3
  FROM people WHERE start_date < $2::date AND (last_day IS NULL OR last_day >= $2::date - 1) GROUP BY 1, 3
UNION ALL
SELECT grp, ${idx('start_date')}, 'join_' || kind, count(*), sum(1 - ${dom('start_date')}), 0
  FROM people WHERE start_date >= $2::date AND start_date <= $3::date GROUP BY 1, 2, 3
UNION ALL
SELECT grp, ${idx('last_day + 1')}, 'leave_' || kind, count(*), sum(${dom('last_day + 1')} - 1), 0
  FROM people WHERE last_day >= $2::date - 1 AND last_day < $3::date GROUP BY 1, 2, 3
UNION ALL
SELECT grp, ${idx('notice_date')}, 'notice', count(*), 0, 0 FROM people WHERE kind = 'e' AND notice_date BETWEEN $2::date AND $3::date GROUP BY 1, 2
UNION ALL
SELECT grp, idx, 'cost', sum(full_amount), sum(day_amount), 0 FROM (${monthCostRowsSql('pitems')}) c GROUP BY 1, 2
UNION ALL
SELECT grp, idx, 'vcost', sum(full_amount), sum(day_amount), 0 FROM (${monthCostRowsSql('vitems')}) c GROUP BY 1, 2
UNION ALL
SELECT grp, ${idx('GREATEST(a, $2::date)')}, 'vopen', count(*), sum(fte), -sum(fte * (${dom('GREATEST(a, $2::date)')} - 1)) FROM vint GROUP BY 1, 2
UNION ALL
SELECT grp, ${idx('b + 1')}, 'vopen', -count(*), -sum(fte), sum(fte * (${dom('b + 1')} - 1)) FROM vint WHERE b < $3::date GROUP BY 1, 2
UNION ALL
SELECT grp, ${idx('a')}, 'hire', count(*), 0, 0 FROM vint WHERE a >= $2::date GROUP BY 1, 2
UNION ALL
SELECT grp, s, 'unpriced', count(*), 0, 0 FROM unpriced WHERE s <= e GROUP BY 1, 2
UNION ALL
SELECT grp, e + 1, 'unpriced', -count(*), 0, 0 FROM unpriced WHERE s <= e AND e + 1 < $10::int GROUP BY 1, 2
UNION ALL
SELECT grp, k, 'unpriced_p', count(*), 0, 0 FROM upm GROUP BY 1, 2`;
}
