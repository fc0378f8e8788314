import {
  amountSegmentsSql,
  calendarValueSql,
  dayOfMonthSql,
  monthCostRowsSql,
  monthIndexSql,
  rateOf,
  salaryMonthlySql,
  type WeightedDays,
} from '../cost/cost-sql';
import type { ForecastAssumptions } from '../database/entities/organization.entity';
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
 * The statement's optional parameters (after the fixed $1-$11): the part of a split read (`part` of `parts`), the
 * assumptions' calendar arrays (`DayWeights` of forecast-weights.ts) and the earliest start of an open vacancy.
 */
export type OptionalParam = 'part' | 'parts' | 'weight' | 'before' | 'loss' | 'merit' | 'fill';

/** Numbers the optional parameters in the order the statement first names them: `$12`, `$13`, ... */
export class StatementParams {
  readonly names: OptionalParam[] = [];

  ref(name: OptionalParam): string {
    let index = this.names.indexOf(name);
    if (index < 0) index = this.names.push(name) - 1;
    return `$${12 + index}`;
  }
}

/**
 * Which records a forecast statement covers, as a condition on a record's id column (` AND ...`): all of
 * them, or one part of the statement split across connections sharing a snapshot (`UnitOfWork.readOnlyParts`):
 * the employees, contractors and vacancies whose id hashes to part `part` of `parts`, with their pay adjustments
 * and assignments. Every row the statement returns is a sum over records, so the parts' rows add up to the
 * whole statement's.
 */
export type RecordFilter = (idColumn: string) => string;
export const ALL_RECORDS: RecordFilter = () => '';
export const recordPart =
  (params: StatementParams): RecordFilter =>
  (id) =>
    ` AND mod(hashtext(${id}) & 2147483647, ${params.ref('parts')}::int) = ${params.ref('part')}::int`;

/**
 * Which assumptions a statement applies (spec 07 §4.2), each with its parameters and terms only when on, so that
 * a forecast without them runs the statement it always ran: `attrition` weights people without a last day,
 * `merit` divides employees' amounts by the merit factor of their start, `byKind` keeps employees' pay apart from
 * contractors' (merit and on-cost apply to employees only), `timeToFill` delays open vacancies.
 */
export interface StatementAssumptions {
  attrition: boolean;
  merit: boolean;
  byKind: boolean;
  timeToFill: boolean;
}

export function statementAssumptions(a: ForecastAssumptions): StatementAssumptions {
  const merit = a.meritIncrease !== null && a.meritIncrease.percent > 0;
  return { attrition: a.attritionRatePerYear > 0, merit, byKind: merit || a.onCostPercent > 0, timeToFill: a.timeToFillDays > 0 };
}

/** What the statement's parts are written with: the records covered, the optional parameters, the assumptions. */
export interface StatementParts {
  records: RecordFilter;
  params: StatementParams;
  assume: StatementAssumptions;
}

/**
 * The terms of people without a last day (`lastDay` null), whom attrition weights: the metric suffix `a`, the
 * weighted days of `day`'s month before it (else `day of month - 1`), and the weight lost in `day`'s month up to it
 * (times `w`, summed). Without attrition: no suffix, the plain days, no loss.
 */
export function attritionTerms({ assume, params }: StatementParts) {
  const on = assume.attrition;
  return {
    suffix: (lastDay: string) => (on ? ` || CASE WHEN ${lastDay} IS NULL THEN 'a' ELSE '' END` : ''),
    daysBefore: (lastDay: string, day: string) =>
      on ? `CASE WHEN ${lastDay} IS NULL THEN ${calendarValueSql(params.ref('before'), day)} ELSE ${dom(day)} - 1 END` : `${dom(day)} - 1`,
    loss: (lastDay: string, day: string, w = '1') =>
      on ? `sum(CASE WHEN ${lastDay} IS NULL THEN ${w} * ${calendarValueSql(params.ref('loss'), day)} ELSE 0 END)` : '0::float8',
  };
}

/**
 * How people's pay items are classed when the assumptions need it (`byKind` or `attrition`): the `cls` column
 * (`_e` employees when by kind, `_a` people without a last day) that becomes the metric's suffix (`cost_e_a`), and the
 * `WeightedDays` of `monthCostRowsSql`; null when all pay is one `cost`.
 */
export function costClasses({ assume, params }: StatementParts): { key: 'cls'; weighted?: WeightedDays } | null {
  if (!assume.byKind && !assume.attrition) return null;
  return {
    key: 'cls',
    ...(assume.attrition ? { weighted: { flag: 'att', before: params.ref('before'), weight: params.ref('weight') } } : {}),
  };
}

/** The organization's notice period (spec 04 §1.2). */
export const NOTICE = `(SELECT o.notice_period_days FROM organizations o WHERE o.id = $6)`;

/** The carried-forward value of a term field on term `t`'s day: a one-element array, null when no term up to it sets it. */
function termValueSql(field: string, column: string): string {
  return `(SELECT ARRAY[t2.${column}] FROM employment_terms t2
            WHERE t2.organization_id = $6 AND t2.plan_id = $1 AND t2.employee_id = t.employee_id AND t2.effective_date <= t.effective_date
              AND '${field}' = ANY(t2.fields) ORDER BY t2.effective_date DESC LIMIT 1)`;
}

/**
 * Employees' term segments (spec 07 §5.2), for the employees with terms only: `[ta, tb]` (null: open), the values in force
 * (one-element arrays, null: the employee's own). The first segment (ta null) runs to the day before the first term.
 */
export function termSegmentsCte(records: RecordFilter): string {
  return `tseg AS MATERIALIZED (
  SELECT employee_id, ta, lead(ta) OVER (PARTITION BY employee_id ORDER BY ta NULLS FIRST) - 1 AS tb, cc, jr, geo, fte FROM (
    SELECT DISTINCT t.employee_id, NULL::date AS ta, NULL::varchar[] AS cc, NULL::varchar[] AS jr, NULL::varchar[] AS geo, NULL::numeric[] AS fte
      FROM employment_terms t WHERE t.organization_id = $6 AND t.plan_id = $1${records('t.employee_id')}
    UNION ALL
    SELECT t.employee_id, t.effective_date, ${termValueSql('costCentreId', 'cost_centre_id')}, ${termValueSql('jobRoleId', 'job_role_id')},
           ${termValueSql('locationId', 'geography_id')}, ${termValueSql('fte', 'fte')}
      FROM employment_terms t WHERE t.organization_id = $6 AND t.plan_id = $1${records('t.employee_id')}) x
)`;
}

/**
 * People of the plan: kind ('e' employee, 'c' contractor), id, group (`grp`: an expression on `e`/`c`),
 * start, last day (§1.2, notice rule included), notice date and location multiplier; one row per term segment
 * (`ta`, `tb`: null for people without terms, `prev_grp` the group of the segment before, `fte` its working time).
 * Records whose last day is before their start are left out.
 */
export function peopleCte(grp: (alias: string) => string, records: RecordFilter): string {
  const pick = (array: string, own: string) => `CASE WHEN s.${array} IS NULL THEN e0.${own} ELSE s.${array}[1] END`;
  return `${termSegmentsCte(records)},
people AS MATERIALIZED (
  SELECT 'e'::text AS kind, e.id, ${grp('e')} AS grp, e.start_date, COALESCE(e.end_date, e.notice_date + ${NOTICE}) AS last_day,
         e.notice_date, COALESCE(l.cost_multiplier, 1)::float8 AS mult, e.ta, e.tb, e.fte::float8 AS fte,
         CASE WHEN e.ta IS NOT NULL THEN lag(${grp('e')}) OVER (PARTITION BY e.id ORDER BY e.ta NULLS FIRST) END AS prev_grp
    FROM (SELECT e0.id, e0.start_date, e0.end_date, e0.notice_date, e0.work_type_id, s.ta, s.tb,
                 ${pick('cc', 'cost_centre_id')} AS cost_centre_id, ${pick('jr', 'job_role_id')} AS job_role_id,
                 ${pick('geo', 'geography_id')} AS geography_id, ${pick('fte', 'fte')} AS fte
            FROM employees e0 LEFT JOIN tseg s ON s.employee_id = e0.id
           WHERE e0.organization_id = $6 AND e0.plan_id = $1${records('e0.id')}) e
    LEFT JOIN locations l ON l.organization_id = $6 AND l.id = e.geography_id
   WHERE (e.end_date IS NOT NULL OR e.notice_date IS NULL OR e.notice_date + ${NOTICE} >= e.start_date)
     AND (e.end_date IS NULL OR e.end_date >= e.start_date)
  UNION ALL
  SELECT 'c', c.id, ${grp('c')}, c.start_date, c.end_date, NULL::date, COALESCE(l.cost_multiplier, 1)::float8, NULL::date, NULL::date, 1::float8, NULL
    FROM contractors c LEFT JOIN locations l ON l.organization_id = $6 AND l.id = c.geography_id
   WHERE c.organization_id = $6 AND c.plan_id = $1${records('c.id')} AND (c.end_date IS NULL OR c.end_date >= c.start_date)
)`;
}

/** SQL condition: the people row's term segment covers `day`. */
export const covers = (day: string, alias = ''): string =>
  `(${alias}ta IS NULL OR ${alias}ta <= ${day}) AND (${alias}tb IS NULL OR ${alias}tb >= ${day})`;

/**
 * Pay items: each salary or rate segment clipped to the person's active days inside the window, with its
 * monthly amount (multiplier included; an employee's divided by the merit factor of its start under merit) and
 * the person columns `cols` (of `p`, the people CTE), and its class (`costClasses`) when the assumptions need one. An amount in a
 * currency with no rate is left out (the one before it stays in force). `upm`: per person and month index
 * `k` with unpriced days (active days of the window before their first priced amount, or with none), the
 * last such day `d`.
 */
export function pitemsCte(cols: string, parts: StatementParts): string {
  const { records, assume, params } = parts;
  const classed = costClasses(parts) !== null;
  const part = (kind: 'employee' | 'contractor') => {
    const merit =
      kind === 'employee' && assume.merit ? ` * ${calendarValueSql(params.ref('merit'), 'GREATEST(s.seg_start, $2::date - 1)')}` : '';
    const cls = `'${kind === 'employee' && assume.byKind ? '_e' : ''}'${assume.attrition ? ` || CASE WHEN p.last_day IS NULL THEN '_a' ELSE '' END` : ''}`;
    return `
    SELECT ${cols}, p.kind AS pkind, p.id AS pid, GREATEST(s.seg_start, p.start_date, $2::date, COALESCE(p.ta, $2::date)) AS a,
           LEAST(COALESCE(s.seg_end, $3::date), COALESCE(p.last_day, $3::date), $3::date, COALESCE(p.tb, $3::date)) AS b, s.monthly * p.mult${merit} AS amount${
             classed ? `, ${cls} AS cls, p.last_day IS NULL AS att` : ''
           }
      FROM (${amountSegmentsSql(kind, '$6', '$1', '$3', records)}) s
      JOIN people p ON p.id COLLATE "C" = s.person_id COLLATE "C" AND p.kind = '${kind[0]}'
     WHERE s.seg_end IS NULL OR s.seg_end >= $2::date`;
  };
  return `pitems AS MATERIALIZED (
  SELECT * FROM (${part('employee')}
    UNION ALL${part('contractor')}) x
   WHERE a <= b
),
unp_p AS (
  SELECT p.kind, p.id, p.grp, GREATEST(p.start_date, $2::date, COALESCE(p.ta, $2::date)) AS a,
         LEAST(COALESCE(m.first - 1, LEAST(COALESCE(p.last_day, $3::date), $3::date)), COALESCE(p.tb, $3::date)) AS b
    FROM people p LEFT JOIN (SELECT pkind, pid, min(a) AS first FROM pitems GROUP BY 1, 2) m ON m.pkind = p.kind AND m.pid = p.id
   WHERE p.start_date <= $3::date AND (p.last_day IS NULL OR p.last_day >= $2::date) AND (m.first IS NULL OR m.first > GREATEST(p.start_date, $2::date))
),
upm AS MATERIALIZED (
  SELECT DISTINCT ON (kind, id, k) kind, id, grp, k, d FROM (
    SELECT u.kind, u.id, u.grp, k, max(LEAST(u.b, ($2::date + make_interval(months => k + 1))::date - 1)) AS d
      FROM unp_p u, generate_series(${idx('u.a')}, ${idx('u.b')}) k WHERE u.a <= u.b GROUP BY 1, 2, 3, 4) x
   ORDER BY kind, id, k, d DESC
)`;
}

/**
 * Vacancies (`vac`) and their contribution intervals inside the window (an open vacancy starting no earlier than
 * the `fill` parameter under time to fill) (`vint`: [a, b], b null = open;
 * `prev_b` the end of an earlier interval of the same vacancy), with the columns `keys` of `vac` (its
 * group, and its id for the allocation groupings). The filler (`f`, the employee winning over a contractor
 * as before) is looked up by key for each vacancy: cheaper than hashing every employee of the plan for a
 * quarter of the vacancies, above all in each part of a split statement.
 */
export function vacancyCtes(grp: string, keys: string, { records, assume, params }: StatementParts): string {
  const start = assume.timeToFill
    ? `CASE WHEN v.status = 'open' THEN GREATEST(COALESCE(v.target_start_date, $5::date), ${params.ref('fill')}::date) ELSE COALESCE(v.target_start_date, $5::date) END`
    : `COALESCE(v.target_start_date, $5::date)`;
  return `vac AS (
  SELECT v.id, ${grp} AS grp, v.fte::float8 AS fte, v.salary IS NULL AS unpriced,
         ${salaryMonthlySql('v.salary')} * ${rateOf('COALESCE(v.currency_code, $9)')} * v.fte::float8 * COALESCE(l.cost_multiplier, 1)::float8 AS amount,
         ${start} AS cs,
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
   WHERE v.organization_id = $6 AND v.plan_id = $1${records('v.id')} AND v.status IN ('open', 'committed', 'filled') AND ${start} <= $3::date
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
 * The rows of employees' terms (spec 07 §5.2): a move at a term's day inside the window while the person is active
 * (lvl: -1 in the group before, +1 in the new one, with the day terms of averageFte and expectedLeavers), and `fte`
 * (v1 the level of fte - 1 from a segment's first active day, minus from the day after its last, v2 the day terms).
 */
export function termRowsSql(parts: StatementParts): string {
  const att = attritionTerms(parts);
  const moved = `FROM people WHERE ta >= $2::date AND ta <= $3::date AND ta > start_date AND (last_day IS NULL OR ta <= last_day)`;
  const fa = `GREATEST(start_date, $2::date, COALESCE(ta, $2::date))`;
  const fb = `LEAST(COALESCE(last_day, $3::date), $3::date, COALESCE(tb, $3::date))`;
  return `SELECT grp, ${idx('ta')}, 'lvl_' || kind${att.suffix('last_day')}, count(*), -sum(${att.daysBefore('last_day', 'ta')}),
       -${att.loss('last_day', 'ta')} ${moved} GROUP BY 1, 2, 3
UNION ALL
SELECT prev_grp, ${idx('ta')}, 'lvl_' || kind${att.suffix('last_day')}, -count(*), sum(${att.daysBefore('last_day', 'ta')}),
       ${att.loss('last_day', 'ta')} ${moved} GROUP BY 1, 2, 3
UNION ALL
SELECT grp, ${idx(fa)}, 'fte', sum(fte - 1), -sum((fte - 1) * (${dom(fa)} - 1)), 0
  FROM people WHERE fte <> 1 AND start_date <= $3::date AND ${fa} <= ${fb} GROUP BY 1, 2
UNION ALL
SELECT grp, ${idx(`${fb} + 1`)}, 'fte', -sum(fte - 1), sum((fte - 1) * (${dom(`${fb} + 1`)} - 1)), 0
  FROM people WHERE fte <> 1 AND start_date <= $3::date AND ${fa} <= ${fb} AND ${fb} < $3::date GROUP BY 1, 2`;
}

/**
 * The forecast's one SQL statement. Per person, segment of pay and vacancy interval it computes a
 * handful of (group, month index) event rows and lets PostgreSQL sum them, so that Node receives one row
 * per group, month and figure whatever the number of people; `forecast-math.ts` turns them into months
 * (running sums). Parameters: $1 plan, $2 from, $3 to, $4/$11 calendar (`calendarArrays`), $5 today, $6 organization,
 * $7/$8 rates (`CostPricing`), $9 reporting currency, $10 months; then the optional ones (`StatementParams`). The allocation groupings (team, project,
 * projectCostCentre) have their own statement (`allocationForecastSql`) with the same rows.
 *
 * Rows (`metric`, v1, v2, v3): open_e/open_c (idx -1: people active the day before `from`), join_e/join_c
 * (v2: 1 - start's day of month), leave_e/leave_c (last day + 1 in the month; v2: that day's day of month
 * - 1), so that closing + v2 / days is the day-weighted FTE; notice, cost/vcost (`full`/`days` of
 * `monthCostRowsSql`), vopen (+count/+fte/-fte x (day - 1) from the month an interval covers the month's
 * last day, minus from the month after its end), hire (interval starts), unpriced (+1/-1 over the months
 * an unpriced vacancy contributes in, counted once per vacancy), unpriced_p (people with unpriced days in the month).
 * Under the assumptions (`StatementParts.assume`): people without a last day are open_ea/open_ca and join_ea/join_ca
 * (v2 their weighted day terms, v3 minus the weight lost in their month before they joined), and pay is classed
 * (`cost_e`, `cost_a`, `cost_e_a`, `costClasses`).
 */
export function forecastSql(groupBy: 'none' | AttributeGroupBy, parts: StatementParts): string {
  const grp = (alias: string) => (groupBy === 'none' ? 'NULL::text' : `${alias}.${GROUP_COLUMNS[groupBy]}::text`);
  const att = attritionTerms(parts);
  const classes = costClasses(parts);
  return `
WITH ${peopleCte(grp, parts.records)},
${pitemsCte('p.grp', parts)},
${vacancyCtes(grp('v'), 'grp', parts)},
vitems AS (SELECT grp, GREATEST(a, $2::date) AS a, LEAST(COALESCE(b, $3::date), $3::date) AS b, amount FROM vint WHERE amount IS NOT NULL),
unpriced AS (
  SELECT grp, GREATEST(${idx('GREATEST(a, $2::date)')}, CASE WHEN prev_b IS NULL THEN 0 ELSE ${idx('GREATEST(prev_b, $2::date - 1)')} + 1 END) AS s,
         CASE WHEN b IS NULL THEN $10::int - 1 ELSE ${idx('LEAST(b, $3::date)')} END AS e
    FROM vint WHERE unpriced
)
SELECT grp, -1 AS idx, 'open_' || kind${att.suffix('last_day')} AS metric, count(*)::float8 AS v1, 0::float8 AS v2, 0::float8 AS v3
  FROM people WHERE start_date < $2::date AND (last_day IS NULL OR last_day >= $2::date - 1) AND ${covers('$2::date - 1')} GROUP BY 1, 3
UNION ALL
SELECT grp, ${idx('start_date')}, 'join_' || kind${att.suffix('last_day')}, count(*), -sum(${att.daysBefore('last_day', 'start_date')}),
       -${att.loss('last_day', 'start_date')}
  FROM people WHERE start_date >= $2::date AND start_date <= $3::date AND ${covers('start_date')} GROUP BY 1, 2, 3
UNION ALL
SELECT grp, ${idx('last_day + 1')}, 'leave_' || kind, count(*), sum(${dom('last_day + 1')} - 1), 0
  FROM people WHERE last_day >= $2::date - 1 AND last_day < $3::date AND ${covers('last_day')} GROUP BY 1, 2, 3
UNION ALL
SELECT grp, ${idx('notice_date')}, 'notice', count(*), 0, 0 FROM people WHERE kind = 'e' AND notice_date BETWEEN $2::date AND $3::date AND ${covers('notice_date')} GROUP BY 1, 2
UNION ALL
${termRowsSql(parts)}
UNION ALL
${
  classes
    ? `SELECT grp, idx, 'cost' || cls, sum(full_amount), sum(day_amount), 0 FROM (${monthCostRowsSql('pitems', classes)}) c GROUP BY grp, idx, cls`
    : `SELECT grp, idx, 'cost', sum(full_amount), sum(day_amount), 0 FROM (${monthCostRowsSql('pitems')}) c GROUP BY 1, 2`
}
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
