import { monthCostRowsSql } from '../cost/cost-sql';
import type { AllocationGroupBy } from './dto/forecast-query.dto';
import { dom, idx, peopleCte, pitemsCte, vacancyCtes } from './forecast-sql';

/**
 * Spec 04 §2 `groupBy` team, project and projectCostCentre: a person's or vacancy's day split over its
 * allocations. `shares`: per record (kind 'e', 'c' or 'v', id) the window's days (from the day before
 * `from` to `to`) cut where an assignment of the kind starts or ends, each piece [a, b] with a share per
 * assignment active on it (`fte / max(1, sum of those fte)`) and the rest (`1 - min(1, sum)`) in the
 * null group. A record without assignments in the window has no piece: its figures go whole to the null
 * group (the outer joins' `COALESCE(share, 1)`).
 */
function sharesCtes(type: 'team' | 'project'): string {
  return `asg AS MATERIALIZED (
  SELECT CASE WHEN x.employee_id IS NOT NULL THEN 'e' WHEN x.contractor_id IS NOT NULL THEN 'c' ELSE 'v' END AS kind,
         COALESCE(x.employee_id, x.contractor_id, x.vacancy_id) AS rid, x.target_id AS tgt, x.fte::float8 AS fte,
         GREATEST(x.start_date, $2::date - 1) AS a, LEAST(COALESCE(x.end_date, $3::date), $3::date) AS b
    FROM assignments x
   WHERE x.organization_id = $6 AND x.plan_id = $1 AND x.type = '${type}' AND x.team_id IS NULL
     AND x.start_date <= $3::date AND (x.end_date IS NULL OR x.end_date >= $2::date - 1)
),
pts AS (SELECT kind, rid, a AS p FROM asg UNION SELECT kind, rid, b + 1 FROM asg UNION SELECT kind, rid, $2::date - 1 FROM asg),
seg AS (SELECT kind, rid, p AS a, COALESCE(lead(p) OVER (PARTITION BY kind, rid ORDER BY p) - 1, $3::date) AS b FROM pts),
cover AS (
  SELECT s.kind, s.rid, s.a, s.b, x.tgt, x.fte, sum(x.fte) OVER w AS total, row_number() OVER w AS rn
    FROM seg s LEFT JOIN asg x ON x.kind = s.kind AND x.rid = s.rid AND x.a <= s.a AND x.b >= s.a
   WHERE s.a <= s.b
  WINDOW w AS (PARTITION BY s.kind, s.rid, s.a)
),
shares AS MATERIALIZED (
  SELECT kind, rid, a, b, tgt AS grp, fte / GREATEST(1, total) AS share FROM cover WHERE tgt IS NOT NULL
  UNION ALL
  SELECT kind, rid, a, b, NULL, 1 - LEAST(1, COALESCE(total, 0)) FROM cover WHERE rn = 1 AND COALESCE(total, 0) < 1
)`;
}

/**
 * `groups`: the pieces of `shares` booked to their group: the team or project itself, or (projectCostCentre)
 * the project's cost centre up to its endDate and its post-completion cost centre (else its cost centre)
 * after it; the null group stays null.
 */
function groupsCte(groupBy: AllocationGroupBy): string {
  if (groupBy !== 'projectCostCentre') return `grouped AS (SELECT * FROM shares)`;
  return `grouped AS MATERIALIZED (
  SELECT s.kind, s.rid, h.a, h.b, h.grp, s.share
    FROM shares s
    LEFT JOIN projects pr ON pr.organization_id = $6 AND pr.plan_id = $1 AND pr.id = s.grp
    CROSS JOIN LATERAL (VALUES (1, s.a, LEAST(s.b, pr.end_date), pr.cost_centre_id::text),
                               (2, GREATEST(s.a, pr.end_date + 1), s.b, COALESCE(pr.post_completion_cost_centre_id, pr.cost_centre_id)::text)) h(k, a, b, grp)
   WHERE h.a <= h.b AND (h.k = 1 OR pr.end_date IS NOT NULL)
)`;
}

/** The pieces of `grouped` of record (`kindExpr`, `ridExpr`) overlapping [a, b]: an outer join's condition. */
const overlaps = (kind: string, rid: string, a: string, b: string) => `q.kind = ${kind} AND q.rid = ${rid} AND q.a <= ${b} AND q.b >= ${a}`;

/**
 * The allocation groupings' statement: the rows of `forecastSql` with fractional values, each record's
 * figure split by the shares of the day it is counted on (spec 04 §2). People are cut into `pp` (their
 * active days from the day before `from`, per piece): lvl_e/lvl_c rows +share from the piece's first day's
 * month (idx -1: the opening) and -share from the month after its last day, with v2 the day-weighting as
 * join/leave rows have it; join/leave/notice at the piece holding the day. Pay items and vacancy intervals
 * are cut by the same pieces (cost day by day). unpriced_at: per month an unpriced vacancy contributes in,
 * the shares of its last contributing day of the month.
 */
export function allocationForecastSql(groupBy: AllocationGroupBy): string {
  const first = `($2::date - 1)`;
  return `
WITH ${peopleCte(() => 'NULL::text')},
${pitemsCte('p.kind, p.id AS rid')},
${vacancyCtes('NULL::text', 'id')},
${sharesCtes(groupBy === 'team' ? 'team' : 'project')},
${groupsCte(groupBy)},
pp AS (
  SELECT p.kind, p.start_date, p.last_day, q.grp, COALESCE(q.share, 1) AS share,
         GREATEST(p.start_date, ${first}, q.a) AS a, LEAST(COALESCE(p.last_day, $3::date), $3::date, q.b) AS b
    FROM people p LEFT JOIN grouped q ON ${overlaps('p.kind', 'p.id', `GREATEST(p.start_date, ${first})`, 'LEAST(COALESCE(p.last_day, $3::date), $3::date)')}
   WHERE p.start_date <= $3::date AND (p.last_day IS NULL OR p.last_day >= ${first})
),
pcost AS (
  SELECT q.grp, GREATEST(i.a, q.a) AS a, LEAST(i.b, q.b) AS b, i.amount * COALESCE(q.share, 1) AS amount
    FROM pitems i LEFT JOIN grouped q ON ${overlaps('i.kind', 'i.rid', 'i.a', 'i.b')}
),
vp AS MATERIALIZED (
  SELECT q.grp, COALESCE(q.share, 1) AS share, v.fte, v.amount, v.a AS a0,
         GREATEST(v.a, $2::date, q.a) AS a, LEAST(COALESCE(v.b, $3::date), $3::date, q.b) AS b
    FROM vint v LEFT JOIN grouped q ON ${overlaps(`'v'`, 'v.id', 'GREATEST(v.a, $2::date)', 'LEAST(COALESCE(v.b, $3::date), $3::date)')}
),
vitems AS (SELECT grp, a, b, amount * share AS amount FROM vp WHERE amount IS NOT NULL),
unp AS (
  SELECT v.id, k, max(LEAST(COALESCE(v.b, $3::date), ($2::date + make_interval(months => k + 1))::date - 1)) AS d
    FROM vint v, generate_series(${idx('GREATEST(v.a, $2::date)')}, CASE WHEN v.b IS NULL THEN $10::int - 1 ELSE ${idx('LEAST(v.b, $3::date)')} END) k
   WHERE v.unpriced GROUP BY 1, 2
)
SELECT grp, ${idx('a')} AS idx, 'lvl_' || kind AS metric, sum(share) AS v1, -sum(share * (${dom('a')} - 1)) AS v2, 0::float8 AS v3
  FROM pp GROUP BY 1, 2, 3
UNION ALL
SELECT grp, ${idx('b + 1')}, 'lvl_' || kind, -sum(share), sum(share * (${dom('b + 1')} - 1)), 0 FROM pp WHERE b < $3::date GROUP BY 1, 2, 3
UNION ALL
SELECT grp, ${idx('start_date')}, 'join_' || kind, sum(share), 0, 0 FROM pp WHERE a = start_date AND start_date >= $2::date GROUP BY 1, 2, 3
UNION ALL
SELECT grp, ${idx('last_day + 1')}, 'leave_' || kind, sum(share), 0, 0 FROM pp WHERE b = last_day AND last_day < $3::date GROUP BY 1, 2, 3
UNION ALL
SELECT q.grp, ${idx('p.notice_date')}, 'notice', sum(COALESCE(q.share, 1)), 0, 0
  FROM people p LEFT JOIN grouped q ON ${overlaps('p.kind', 'p.id', 'p.notice_date', 'p.notice_date')}
 WHERE p.kind = 'e' AND p.notice_date BETWEEN $2::date AND $3::date GROUP BY 1, 2
UNION ALL
SELECT grp, idx, 'cost', sum(full_amount), sum(day_amount), 0 FROM (${monthCostRowsSql('pcost')}) c GROUP BY 1, 2
UNION ALL
SELECT grp, idx, 'vcost', sum(full_amount), sum(day_amount), 0 FROM (${monthCostRowsSql('vitems')}) c GROUP BY 1, 2
UNION ALL
SELECT grp, ${idx('a')}, 'vopen', sum(share), sum(share * fte), -sum(share * fte * (${dom('a')} - 1)) FROM vp GROUP BY 1, 2
UNION ALL
SELECT grp, ${idx('b + 1')}, 'vopen', -sum(share), -sum(share * fte), sum(share * fte * (${dom('b + 1')} - 1)) FROM vp WHERE b < $3::date GROUP BY 1, 2
UNION ALL
SELECT grp, ${idx('a0')}, 'hire', sum(share), 0, 0 FROM vp WHERE a = a0 AND a0 >= $2::date GROUP BY 1, 2
UNION ALL
SELECT q.grp, u.k, 'unpriced_at', sum(COALESCE(q.share, 1)), 0, 0
  FROM unp u LEFT JOIN grouped q ON ${overlaps(`'v'`, 'u.id', 'u.d', 'u.d')} GROUP BY 1, 2`;
}
