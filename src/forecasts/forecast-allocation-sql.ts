import { monthCostRowsSql } from '../cost/cost-sql';
import type { AllocationGroupBy } from './dto/forecast-query.dto';
import { attritionTerms, costClasses, dom, idx, peopleCte, pitemsCte, RecordFilter, StatementParts, vacancyCtes } from './forecast-sql';

/**
 * Spec 04 §2 `groupBy` team, project and projectCostCentre: a record's share of group g on day d is
 * `fte / max(1, S(d))` for each of its assignments to g active on d (S(d): the sum of the fte of its
 * assignments of the kind active on d), and the null group has `1 - min(1, S(d))`. Written without cutting
 * every record's days: shares are linear, so a record counts whole in the null group (weight 1), and each
 * `pieces` row (a group, days [a, b], a weight w) adds w to its group and -w to the null group. Pieces: each
 * assignment at its fte over its days; where a record is over-allocated (S > 1 on [a, b]), each assignment
 * active there gets the correction `-fte x (1 - 1/S)`, so that it takes fte / S and the null group nothing.
 * Assignments are clipped to the window's days (from the day before `from` to `to`).
 * `rec`: the records whose fte sum over 1 (one hash aggregate). Most have one or two assignments whose fte
 * are at most 1 (or a single one): they are over on [c, e] = [max a, min b] only (the common days, when
 * there are any) with S their sum, so their pieces come from a join with `rec`, no sweep: an assignment
 * that lies exactly on [c, e] takes fte / S in one piece, any other one its fte and the correction on
 * [c, e]. The others (`sweep`: three assignments or more, or two with an fte over 1) go through `over`, a
 * sweep of their starts and ends (a window sorted per record) giving each interval where S > 1.
 */
function piecesCtes(type: 'team' | 'project', pieces: string, records: RecordFilter): string {
  return `asg AS MATERIALIZED (
  SELECT CASE WHEN x.employee_id IS NOT NULL THEN 'e' WHEN x.contractor_id IS NOT NULL THEN 'c' ELSE 'v' END AS kind,
         COALESCE(x.employee_id, x.contractor_id, x.vacancy_id) AS rid, x.target_id AS tgt, x.fte::float8 AS fte,
         GREATEST(x.start_date, $2::date - 1) AS a, LEAST(COALESCE(x.end_date, $3::date), $3::date) AS b
    FROM assignments x
   WHERE x.organization_id = $6 AND x.plan_id = $1 AND x.type = '${type}' AND x.team_id IS NULL${records('COALESCE(x.employee_id, x.contractor_id, x.vacancy_id)')}
     AND x.start_date <= $3::date AND (x.end_date IS NULL OR x.end_date >= $2::date - 1)
),
rec AS MATERIALIZED (
  SELECT kind, rid, (count(*) > 2 OR (count(*) = 2 AND max(fte) > 1)) AS sweep, max(a) AS c, min(b) AS e, sum(fte) AS s
    FROM asg GROUP BY 1, 2 HAVING sum(fte) > 1
),
steps AS (
  SELECT kind, rid, d, sum(df) AS df
    FROM (SELECT kind, rid, a AS d, fte AS df FROM asg UNION ALL SELECT kind, rid, b + 1, -fte FROM asg) e
   WHERE (kind, rid) IN (SELECT kind, rid FROM rec WHERE sweep)
   GROUP BY 1, 2, 3
),
over AS (
  SELECT * FROM (SELECT kind, rid, d AS a, lead(d) OVER w - 1 AS b, sum(df) OVER w AS s
                   FROM steps WINDOW w AS (PARTITION BY kind, rid COLLATE "C" ORDER BY d)) l
   WHERE s > 1
),
${pieces} AS MATERIALIZED (
  SELECT x.kind, x.rid, x.tgt AS grp, x.a, x.b, CASE WHEN x.a = r.c AND x.b = r.e THEN x.fte / r.s ELSE x.fte END AS w
    FROM asg x
    LEFT JOIN rec r ON r.kind = x.kind AND r.rid = x.rid AND NOT r.sweep AND r.c <= r.e
  UNION ALL
  SELECT x.kind, x.rid, x.tgt, r.c, r.e, -x.fte * (1 - 1 / r.s)
    FROM asg x
    JOIN rec r ON r.kind = x.kind AND r.rid = x.rid AND NOT r.sweep AND r.c <= r.e AND (x.a < r.c OR x.b > r.e)
  UNION ALL
  SELECT o.kind, o.rid, x.tgt, o.a, o.b, -x.fte * (1 - 1 / o.s)
    FROM over o JOIN asg x ON x.kind = o.kind AND x.rid = o.rid AND x.a <= o.a AND x.b >= o.a
)`;
}

/**
 * `grouped` for projectCostCentre: the project pieces booked to the project's cost centre up to and
 * including its endDate and to its post-completion cost centre (else its cost centre) after it. (For team
 * and project the pieces are `grouped` themselves.)
 */
function groupedCte(): string {
  return `grouped AS MATERIALIZED (
  SELECT s.kind, s.rid, pr.cost_centre_id::text AS grp, s.a, LEAST(s.b, pr.end_date) AS b, s.w
    FROM pieces s
    LEFT JOIN projects pr ON pr.organization_id = $6 AND pr.plan_id = $1 AND pr.id = s.grp
   WHERE pr.end_date IS NULL OR s.a <= pr.end_date
  UNION ALL
  SELECT s.kind, s.rid, COALESCE(pr.post_completion_cost_centre_id, pr.cost_centre_id)::text, GREATEST(s.a, pr.end_date + 1), s.b, s.w
    FROM pieces s
    JOIN projects pr ON pr.organization_id = $6 AND pr.plan_id = $1 AND pr.id = s.grp AND pr.end_date < s.b
)`;
}

/**
 * The people's rows of the allocation statement, from `pp` (their active days, whole and cut by their pieces) and
 * `people`: levels (lvl, with the day terms of averageFte in v2 and, under attrition, of expectedLeavers in v3),
 * joiners and leavers at their day's shares, notices; `fte` (from `pf`: each term segment's active days with an fte
 * other than 1, whole and cut by the pieces) at the pieces' shares, as `termRowsSql` writes it for the other groupings.
 */
function peopleRows(parts: StatementParts, cut: (q: string, a: string, b: string) => string): string {
  const att = attritionTerms(parts);
  return `SELECT pc, grp, ${idx('a')} AS idx, 'lvl_' || kind${att.suffix('last_day')} AS metric, sum(w) AS v1,
       -sum(w * (${att.daysBefore('last_day', 'a')})) AS v2, -${att.loss('last_day', 'a', 'w')} AS v3
  FROM pp GROUP BY 1, 2, 3, 4
UNION ALL
SELECT pc, grp, ${idx('b + 1')}, 'lvl_' || kind${att.suffix('last_day')}, -sum(w), sum(w * (${att.daysBefore('last_day', 'b + 1')})),
       ${att.loss('last_day', 'b + 1', 'w')}
  FROM pp WHERE b < $3::date GROUP BY 1, 2, 3, 4
UNION ALL
SELECT pc, grp, ${idx('start_date')}, 'join_' || kind${att.suffix('last_day')}, sum(w), 0, -${att.loss('last_day', 'start_date', 'w')}
  FROM pp WHERE a = start_date AND start_date >= $2::date GROUP BY 1, 2, 3, 4
UNION ALL
SELECT pc, grp, ${idx('last_day + 1')}, 'leave_' || kind, sum(w), 0, 0 FROM pp WHERE b = last_day AND last_day < $3::date GROUP BY 1, 2, 3, 4
UNION ALL
SELECT pc, grp, ${idx('a')}, 'fte', sum(w * (fte - 1)), -sum(w * (fte - 1) * (${dom('a')} - 1)), 0 FROM pf GROUP BY 1, 2, 3
UNION ALL
SELECT pc, grp, ${idx('b + 1')}, 'fte', -sum(w * (fte - 1)), sum(w * (fte - 1) * (${dom('b + 1')} - 1)), 0
  FROM pf WHERE b < $3::date GROUP BY 1, 2, 3
UNION ALL
SELECT false, NULL, ${idx('notice_date')}, 'notice', count(*), 0, 0 FROM people WHERE kind = 'e' AND ta IS NULL AND notice_date BETWEEN $2::date AND $3::date GROUP BY 3
UNION ALL
SELECT true, q.grp, ${idx('p.notice_date')}, 'notice', sum(q.w), 0, 0
  FROM people p JOIN grouped q ON q.kind = p.kind AND q.rid = p.id AND ${cut('q', 'p.notice_date', 'p.notice_date')}
 WHERE p.kind = 'e' AND p.ta IS NULL AND p.notice_date BETWEEN $2::date AND $3::date GROUP BY 2, 3`;
}

/**
 * `pf`: the active days inside the window of each term segment (people row) whose fte is not 1, whole (`pc` false, null
 * group, weight 1) and cut by the pieces (`pc` true, at the piece's share): the `fte` rows of `peopleRows`.
 */
function fteCtes(cut: (q: string, a: string, b: string) => string): string {
  return `pfs AS (
  SELECT kind, id, fte, GREATEST(start_date, $2::date, COALESCE(ta, $2::date)) AS a,
         LEAST(COALESCE(last_day, $3::date), $3::date, COALESCE(tb, $3::date)) AS b
    FROM people WHERE fte <> 1 AND start_date <= $3::date
),
pf AS (
  SELECT false AS pc, NULL::text AS grp, 1::float8 AS w, fte, a, b FROM pfs WHERE a <= b
  UNION ALL
  SELECT true, q.grp, q.w, p.fte, GREATEST(p.a, q.a), LEAST(p.b, q.b)
    FROM pfs p JOIN grouped q ON q.kind = p.kind AND q.rid = p.id AND ${cut('q', 'p.a', 'p.b')} WHERE p.a <= p.b
)`;
}

/**
 * The allocation groupings' statement: the rows of `forecastSql` with fractional values, each record's
 * figure split by the shares of the day it is counted on (spec 04 §2). `pp`: people's active days from the
 * day before `from`, whole (`pc` false, null group) and cut by each of their pieces (`pc` true):
 * lvl_e/lvl_c rows +w from the month of the first day (idx -1: the opening) and -w from the month after
 * the last, with the day terms of `averageFte` in v2; join/leave at the piece holding the day; notice
 * likewise. Pay items (`pcost`) and vacancy intervals (`vp`) are cut by the same pieces (cost day by day).
 * unpriced_at: per month an unpriced vacancy contributes in, at its last contributing day of the month;
 * unpriced_p likewise per person with unpriced days (`upm`).
 * Every piece row is summed per group, and its opposite once more into the null group (the last SELECT).
 * Under attrition people without a last day are lvl_ea/lvl_ca (v3 the weight they lose in the month from their
 * piece's first day, or up to the day after its last, at the shares of the day before the loss) and join_ea/join_ca;
 * pay is classed as in `forecastSql`.
 */
export function allocationForecastSql(groupBy: AllocationGroupBy, parts: StatementParts): string {
  const { records } = parts;
  const first = `($2::date - 1)`;
  const cut = (q: string, a: string, b: string) => `${q}.a <= ${b} AND ${q}.b >= ${a}`;
  const classes = costClasses(parts);
  const cost = (items: string) =>
    classes
      ? `'cost' || cls, sum(full_amount), sum(day_amount), 0 FROM (${monthCostRowsSql(items, classes)}) c GROUP BY 2, 3, cls`
      : `'cost', sum(full_amount), sum(day_amount), 0 FROM (${monthCostRowsSql(items)}) c GROUP BY 2, 3`;
  return `
WITH ${peopleCte(() => 'NULL::text', records)},
${pitemsCte('NULL::text AS grp, p.kind, p.id AS rid', parts)},
${vacancyCtes('NULL::text', 'id', parts)},
${groupBy === 'projectCostCentre' ? `${piecesCtes('project', 'pieces', records)},\n${groupedCte()}` : piecesCtes(groupBy, 'grouped', records)},
act AS MATERIALIZED (
  SELECT kind, id, start_date, last_day, GREATEST(start_date, ${first}) AS a, LEAST(COALESCE(last_day, $3::date), $3::date) AS b
    FROM people WHERE ta IS NULL AND start_date <= $3::date AND (last_day IS NULL OR last_day >= ${first})
),
pp AS MATERIALIZED (
  SELECT false AS pc, kind, start_date, last_day, NULL::text AS grp, 1::float8 AS w, a, b FROM act
  UNION ALL
  SELECT true, p.kind, p.start_date, p.last_day, q.grp, q.w, GREATEST(p.a, q.a), LEAST(p.b, q.b)
    FROM act p JOIN grouped q ON q.kind = p.kind AND q.rid = p.id AND ${cut('q', 'p.a', 'p.b')}
),
${fteCtes(cut)},
pcost AS (
  SELECT q.grp, GREATEST(i.a, q.a) AS a, LEAST(i.b, q.b) AS b, i.amount * q.w AS amount${classes ? ', i.cls, i.att' : ''}
    FROM pitems i JOIN grouped q ON q.kind = i.kind AND q.rid = i.rid AND ${cut('q', 'i.a', 'i.b')}
),
vw AS (SELECT id, fte, amount, a AS a0, GREATEST(a, $2::date) AS a, LEAST(COALESCE(b, $3::date), $3::date) AS b FROM vint),
vp AS MATERIALIZED (
  SELECT false AS pc, NULL::text AS grp, 1::float8 AS w, fte, amount, a0, a, b FROM vw
  UNION ALL
  SELECT true, q.grp, q.w, v.fte, v.amount, v.a0, GREATEST(v.a, q.a), LEAST(v.b, q.b)
    FROM vw v JOIN grouped q ON q.kind = 'v' AND q.rid = v.id AND ${cut('q', 'v.a', 'v.b')}
),
vwhole AS (SELECT grp, a, b, amount FROM vp WHERE NOT pc AND amount IS NOT NULL),
vpiece AS (SELECT grp, a, b, amount * w AS amount FROM vp WHERE pc AND amount IS NOT NULL),
unp AS MATERIALIZED (
  SELECT v.id, k, max(LEAST(COALESCE(v.b, $3::date), ($2::date + make_interval(months => k + 1))::date - 1)) AS d
    FROM vint v, generate_series(${idx('GREATEST(v.a, $2::date)')}, CASE WHEN v.b IS NULL THEN $10::int - 1 ELSE ${idx('LEAST(v.b, $3::date)')} END) k
   WHERE v.unpriced GROUP BY 1, 2
),
r AS (
${peopleRows(parts, cut)}
UNION ALL
SELECT false, grp, idx, ${cost('pitems')}
UNION ALL
SELECT true, grp, idx, ${cost('pcost')}
UNION ALL
SELECT false, grp, idx, 'vcost', sum(full_amount), sum(day_amount), 0 FROM (${monthCostRowsSql('vwhole')}) c GROUP BY 2, 3
UNION ALL
SELECT true, grp, idx, 'vcost', sum(full_amount), sum(day_amount), 0 FROM (${monthCostRowsSql('vpiece')}) c GROUP BY 2, 3
UNION ALL
SELECT pc, grp, ${idx('a')}, 'vopen', sum(w), sum(w * fte), -sum(w * fte * (${dom('a')} - 1)) FROM vp GROUP BY 1, 2, 3
UNION ALL
SELECT pc, grp, ${idx('b + 1')}, 'vopen', -sum(w), -sum(w * fte), sum(w * fte * (${dom('b + 1')} - 1)) FROM vp WHERE b < $3::date GROUP BY 1, 2, 3
UNION ALL
SELECT pc, grp, ${idx('a0')}, 'hire', sum(w), 0, 0 FROM vp WHERE a = a0 AND a0 >= $2::date GROUP BY 1, 2, 3
UNION ALL
SELECT false, NULL, k, 'unpriced_at', count(*), 0, 0 FROM unp GROUP BY 3
UNION ALL
SELECT true, q.grp, u.k, 'unpriced_at', sum(q.w), 0, 0
  FROM unp u JOIN grouped q ON q.kind = 'v' AND q.rid = u.id AND ${cut('q', 'u.d', 'u.d')} GROUP BY 2, 3
UNION ALL
SELECT false, NULL, k, 'unpriced_p', count(*), 0, 0 FROM upm GROUP BY 3
UNION ALL
SELECT true, q.grp, u.k, 'unpriced_p', sum(q.w), 0, 0
  FROM upm u JOIN grouped q ON q.kind = u.kind AND q.rid = u.id AND ${cut('q', 'u.d', 'u.d')} GROUP BY 2, 3
)
SELECT grp, idx, metric, v1, v2, v3 FROM r
UNION ALL
SELECT NULL, idx, metric, -sum(v1), -sum(v2), -sum(v3) FROM r WHERE pc GROUP BY 2, 3`;
}
