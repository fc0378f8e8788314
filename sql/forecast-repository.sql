-- Written by `npm run sql` (scripts/sql-queries.ts) from the @GenerateSql samples of the repository; do not edit.

-- ForecastRepository.names (cost centres)
SELECT id, name AS name FROM cost_centres WHERE organization_id = $1 AND id = ANY($2);

-- ForecastRepository.names (teams)
SELECT DISTINCT ON (id) id, name AS name FROM teams
WHERE organization_id = $1 AND plan_id = ANY($3) AND id = ANY($2) ORDER BY id, array_position($3::text[], plan_id::text);

-- ForecastRepository.rows (none)
WITH tseg AS MATERIALIZED (
  SELECT employee_id, ta, lead(ta) OVER (PARTITION BY employee_id ORDER BY ta NULLS FIRST) - 1 AS tb, cc, jr, geo, fte FROM (
    SELECT DISTINCT t.employee_id, NULL::date AS ta, NULL::varchar[] AS cc, NULL::varchar[] AS jr, NULL::varchar[] AS geo, NULL::numeric[] AS fte
      FROM employment_terms t WHERE t.organization_id = $6 AND t.plan_id = $1
    UNION ALL
    SELECT t.employee_id, t.effective_date, (SELECT ARRAY[t2.cost_centre_id] FROM employment_terms t2
            WHERE t2.organization_id = $6 AND t2.plan_id = $1 AND t2.employee_id = t.employee_id AND t2.effective_date <= t.effective_date
              AND 'costCentreId' = ANY(t2.fields) ORDER BY t2.effective_date DESC LIMIT 1), (SELECT ARRAY[t2.job_role_id] FROM employment_terms t2
            WHERE t2.organization_id = $6 AND t2.plan_id = $1 AND t2.employee_id = t.employee_id AND t2.effective_date <= t.effective_date
              AND 'jobRoleId' = ANY(t2.fields) ORDER BY t2.effective_date DESC LIMIT 1),
           (SELECT ARRAY[t2.geography_id] FROM employment_terms t2
            WHERE t2.organization_id = $6 AND t2.plan_id = $1 AND t2.employee_id = t.employee_id AND t2.effective_date <= t.effective_date
              AND 'locationId' = ANY(t2.fields) ORDER BY t2.effective_date DESC LIMIT 1), (SELECT ARRAY[t2.fte] FROM employment_terms t2
            WHERE t2.organization_id = $6 AND t2.plan_id = $1 AND t2.employee_id = t.employee_id AND t2.effective_date <= t.effective_date
              AND 'fte' = ANY(t2.fields) ORDER BY t2.effective_date DESC LIMIT 1)
      FROM employment_terms t WHERE t.organization_id = $6 AND t.plan_id = $1) x
),
people AS MATERIALIZED (
  SELECT 'e'::text AS kind, e.id, NULL::text AS grp, e.start_date, COALESCE(e.end_date, e.notice_date + (SELECT o.notice_period_days FROM organizations o WHERE o.id = $6)) AS last_day,
         e.notice_date, COALESCE(l.cost_multiplier, 1)::float8 AS mult, e.ta, e.tb, e.fte::float8 AS fte,
         CASE WHEN e.ta IS NOT NULL THEN lag(NULL::text) OVER (PARTITION BY e.id ORDER BY e.ta NULLS FIRST) END AS prev_grp
    FROM (SELECT e0.id, e0.start_date, e0.end_date, e0.notice_date, e0.work_type_id, s.ta, s.tb,
                 CASE WHEN s.cc IS NULL THEN e0.cost_centre_id ELSE s.cc[1] END AS cost_centre_id, CASE WHEN s.jr IS NULL THEN e0.job_role_id ELSE s.jr[1] END AS job_role_id,
                 CASE WHEN s.geo IS NULL THEN e0.geography_id ELSE s.geo[1] END AS geography_id, CASE WHEN s.fte IS NULL THEN e0.fte ELSE s.fte[1] END AS fte
            FROM employees e0 LEFT JOIN tseg s ON s.employee_id = e0.id
           WHERE e0.organization_id = $6 AND e0.plan_id = $1) e
    LEFT JOIN locations l ON l.organization_id = $6 AND l.id = e.geography_id
   WHERE (e.end_date IS NOT NULL OR e.notice_date IS NULL OR e.notice_date + (SELECT o.notice_period_days FROM organizations o WHERE o.id = $6) >= e.start_date)
     AND (e.end_date IS NULL OR e.end_date >= e.start_date)
  UNION ALL
  SELECT 'c', c.id, NULL::text, c.start_date, c.end_date, NULL::date, COALESCE(l.cost_multiplier, 1)::float8, NULL::date, NULL::date, 1::float8, NULL
    FROM contractors c LEFT JOIN locations l ON l.organization_id = $6 AND l.id = c.geography_id
   WHERE c.organization_id = $6 AND c.plan_id = $1 AND (c.end_date IS NULL OR c.end_date >= c.start_date)
),
pitems AS MATERIALIZED (
  SELECT * FROM (
    SELECT p.grp, p.kind AS pkind, p.id AS pid, GREATEST(s.seg_start, p.start_date, $2::date, COALESCE(p.ta, $2::date)) AS a,
           LEAST(COALESCE(s.seg_end, $3::date), COALESCE(p.last_day, $3::date), $3::date, COALESCE(p.tb, $3::date)) AS b, s.monthly * p.mult AS amount
      FROM (SELECT person_id, seg_start, lead(seg_start) OVER (PARTITION BY person_id COLLATE "C" ORDER BY seg_start) - 1 AS seg_end, monthly
            FROM (SELECT a.employee_id AS person_id, a.effective_date AS seg_start, (a.salary::float8 * 0.08333333333333333::float8) * ($8::float8[])[array_position($7::text[], a.currency_code::text)] AS monthly
                    FROM salary_adjustments a
                   WHERE a.organization_id = $6 AND a.plan_id = $1 AND a.effective_date <= $3::date
                   ORDER BY a.employee_id COLLATE "C", a.effective_date
                  OFFSET 0) a
           WHERE monthly IS NOT NULL) s
      JOIN people p ON p.id COLLATE "C" = s.person_id COLLATE "C" AND p.kind = 'e'
     WHERE s.seg_end IS NULL OR s.seg_end >= $2::date
    UNION ALL
    SELECT p.grp, p.kind AS pkind, p.id AS pid, GREATEST(s.seg_start, p.start_date, $2::date, COALESCE(p.ta, $2::date)) AS a,
           LEAST(COALESCE(s.seg_end, $3::date), COALESCE(p.last_day, $3::date), $3::date, COALESCE(p.tb, $3::date)) AS b, s.monthly * p.mult AS amount
      FROM (SELECT person_id, seg_start, lead(seg_start) OVER (PARTITION BY person_id COLLATE "C" ORDER BY seg_start) - 1 AS seg_end, monthly
            FROM (SELECT a.contractor_id AS person_id, a.effective_date AS seg_start, a.rate::float8 * (CASE a.rate_type WHEN 'hourly' THEN 173.33333333333334::float8 WHEN 'daily' THEN 21.666666666666668::float8 WHEN 'monthly' THEN 1::float8 WHEN 'annually' THEN 0.08333333333333333::float8 END) * ($8::float8[])[array_position($7::text[], a.currency_code::text)] AS monthly
                    FROM rate_adjustments a
                   WHERE a.organization_id = $6 AND a.plan_id = $1 AND a.effective_date <= $3::date
                   ORDER BY a.contractor_id COLLATE "C", a.effective_date
                  OFFSET 0) a
           WHERE monthly IS NOT NULL) s
      JOIN people p ON p.id COLLATE "C" = s.person_id COLLATE "C" AND p.kind = 'c'
     WHERE s.seg_end IS NULL OR s.seg_end >= $2::date) x
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
      FROM unp_p u, generate_series(($4::int[])[(u.a) - $2::date + 2], ($4::int[])[(u.b) - $2::date + 2]) k WHERE u.a <= u.b GROUP BY 1, 2, 3, 4) x
   ORDER BY kind, id, k, d DESC
),
vac AS (
  SELECT v.id, NULL::text AS grp, v.fte::float8 AS fte, v.salary IS NULL AS unpriced,
         (v.salary::float8 * 0.08333333333333333::float8) * ($8::float8[])[array_position($7::text[], COALESCE(v.currency_code, $9)::text)] * v.fte::float8 * COALESCE(l.cost_multiplier, 1)::float8 AS amount,
         COALESCE(v.target_start_date, $5::date) AS cs,
         f.fs, f.fl
    FROM vacancies v
    LEFT JOIN locations l ON l.organization_id = $6 AND l.id = v.geography_id
    LEFT JOIN LATERAL (
      SELECT fe.start_date AS fs, COALESCE(fe.end_date, fe.notice_date + (SELECT o.notice_period_days FROM organizations o WHERE o.id = $6)) AS fl
        FROM employees fe WHERE fe.organization_id = $6 AND fe.plan_id = $1 AND fe.id = v.filled_by_live_employee_id
      UNION ALL
      SELECT fc.start_date, fc.end_date
        FROM contractors fc WHERE fc.organization_id = $6 AND fc.plan_id = $1 AND fc.id = v.filled_by_live_contractor_id
       LIMIT 1
    ) f ON true
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
  SELECT grp, GREATEST(($4::int[])[(GREATEST(a, $2::date)) - $2::date + 2], CASE WHEN prev_b IS NULL THEN 0 ELSE ($4::int[])[(GREATEST(prev_b, $2::date - 1)) - $2::date + 2] + 1 END) AS s,
         CASE WHEN b IS NULL THEN $10::int - 1 ELSE ($4::int[])[(LEAST(b, $3::date)) - $2::date + 2] END AS e
    FROM vint WHERE unpriced
)
SELECT grp, -1 AS idx, 'open_' || kind AS metric, count(*)::float8 AS v1, 0::float8 AS v2, 0::float8 AS v3
  FROM people WHERE start_date < $2::date AND (last_day IS NULL OR last_day >= $2::date - 1) AND (ta IS NULL OR ta <= $2::date - 1) AND (tb IS NULL OR tb >= $2::date - 1) GROUP BY 1, 3
UNION ALL
SELECT grp, ($4::int[])[(start_date) - $2::date + 2], 'join_' || kind, count(*), -sum(($11::int[])[(start_date) - $2::date + 2] - 1),
       -0::float8
  FROM people WHERE start_date >= $2::date AND start_date <= $3::date AND (ta IS NULL OR ta <= start_date) AND (tb IS NULL OR tb >= start_date) GROUP BY 1, 2, 3
UNION ALL
SELECT grp, ($4::int[])[(last_day + 1) - $2::date + 2], 'leave_' || kind, count(*), sum(($11::int[])[(last_day + 1) - $2::date + 2] - 1), 0
  FROM people WHERE last_day >= $2::date - 1 AND last_day < $3::date AND (ta IS NULL OR ta <= last_day) AND (tb IS NULL OR tb >= last_day) GROUP BY 1, 2, 3
UNION ALL
SELECT grp, ($4::int[])[(notice_date) - $2::date + 2], 'notice', count(*), 0, 0 FROM people WHERE kind = 'e' AND notice_date BETWEEN $2::date AND $3::date AND (ta IS NULL OR ta <= notice_date) AND (tb IS NULL OR tb >= notice_date) GROUP BY 1, 2
UNION ALL
SELECT grp, ($4::int[])[(ta) - $2::date + 2], 'lvl_' || kind, count(*), -sum(($11::int[])[(ta) - $2::date + 2] - 1),
       -0::float8 FROM people WHERE ta >= $2::date AND ta <= $3::date AND ta > start_date AND (last_day IS NULL OR ta <= last_day) GROUP BY 1, 2, 3
UNION ALL
SELECT prev_grp, ($4::int[])[(ta) - $2::date + 2], 'lvl_' || kind, -count(*), sum(($11::int[])[(ta) - $2::date + 2] - 1),
       0::float8 FROM people WHERE ta >= $2::date AND ta <= $3::date AND ta > start_date AND (last_day IS NULL OR ta <= last_day) GROUP BY 1, 2, 3
UNION ALL
SELECT grp, ($4::int[])[(GREATEST(start_date, $2::date, COALESCE(ta, $2::date))) - $2::date + 2], 'fte', sum(fte - 1), -sum((fte - 1) * (($11::int[])[(GREATEST(start_date, $2::date, COALESCE(ta, $2::date))) - $2::date + 2] - 1)), 0
  FROM people WHERE fte <> 1 AND start_date <= $3::date AND GREATEST(start_date, $2::date, COALESCE(ta, $2::date)) <= LEAST(COALESCE(last_day, $3::date), $3::date, COALESCE(tb, $3::date)) GROUP BY 1, 2
UNION ALL
SELECT grp, ($4::int[])[(LEAST(COALESCE(last_day, $3::date), $3::date, COALESCE(tb, $3::date)) + 1) - $2::date + 2], 'fte', -sum(fte - 1), sum((fte - 1) * (($11::int[])[(LEAST(COALESCE(last_day, $3::date), $3::date, COALESCE(tb, $3::date)) + 1) - $2::date + 2] - 1)), 0
  FROM people WHERE fte <> 1 AND start_date <= $3::date AND GREATEST(start_date, $2::date, COALESCE(ta, $2::date)) <= LEAST(COALESCE(last_day, $3::date), $3::date, COALESCE(tb, $3::date)) AND LEAST(COALESCE(last_day, $3::date), $3::date, COALESCE(tb, $3::date)) < $3::date GROUP BY 1, 2
UNION ALL
SELECT grp, idx, 'cost', sum(full_amount), sum(day_amount), 0 FROM (SELECT grp, ($4::int[])[(a) - $2::date + 2] AS idx, sum(amount) AS full_amount, -sum(amount * (($11::int[])[(a) - $2::date + 2] - 1)) AS day_amount
            FROM pitems GROUP BY 1, 2
          UNION ALL
          SELECT grp, ($4::int[])[(b) - $2::date + 2] AS idx, -sum(amount) AS full_amount, sum(amount * (($11::int[])[(b) - $2::date + 2])) AS day_amount
            FROM pitems WHERE b < $3::date GROUP BY 1, 2) c GROUP BY 1, 2
UNION ALL
SELECT grp, idx, 'vcost', sum(full_amount), sum(day_amount), 0 FROM (SELECT grp, ($4::int[])[(a) - $2::date + 2] AS idx, sum(amount) AS full_amount, -sum(amount * (($11::int[])[(a) - $2::date + 2] - 1)) AS day_amount
            FROM vitems GROUP BY 1, 2
          UNION ALL
          SELECT grp, ($4::int[])[(b) - $2::date + 2] AS idx, -sum(amount) AS full_amount, sum(amount * (($11::int[])[(b) - $2::date + 2])) AS day_amount
            FROM vitems WHERE b < $3::date GROUP BY 1, 2) c GROUP BY 1, 2
UNION ALL
SELECT grp, ($4::int[])[(GREATEST(a, $2::date)) - $2::date + 2], 'vopen', count(*), sum(fte), -sum(fte * (($11::int[])[(GREATEST(a, $2::date)) - $2::date + 2] - 1)) FROM vint GROUP BY 1, 2
UNION ALL
SELECT grp, ($4::int[])[(b + 1) - $2::date + 2], 'vopen', -count(*), -sum(fte), sum(fte * (($11::int[])[(b + 1) - $2::date + 2] - 1)) FROM vint WHERE b < $3::date GROUP BY 1, 2
UNION ALL
SELECT grp, ($4::int[])[(a) - $2::date + 2], 'hire', count(*), 0, 0 FROM vint WHERE a >= $2::date GROUP BY 1, 2
UNION ALL
SELECT grp, s, 'unpriced', count(*), 0, 0 FROM unpriced WHERE s <= e GROUP BY 1, 2
UNION ALL
SELECT grp, e + 1, 'unpriced', -count(*), 0, 0 FROM unpriced WHERE s <= e AND e + 1 < $10::int GROUP BY 1, 2
UNION ALL
SELECT grp, k, 'unpriced_p', count(*), 0, 0 FROM upm GROUP BY 1, 2;

-- ForecastRepository.rows (team)
WITH tseg AS MATERIALIZED (
  SELECT employee_id, ta, lead(ta) OVER (PARTITION BY employee_id ORDER BY ta NULLS FIRST) - 1 AS tb, cc, jr, geo, fte FROM (
    SELECT DISTINCT t.employee_id, NULL::date AS ta, NULL::varchar[] AS cc, NULL::varchar[] AS jr, NULL::varchar[] AS geo, NULL::numeric[] AS fte
      FROM employment_terms t WHERE t.organization_id = $6 AND t.plan_id = $1
    UNION ALL
    SELECT t.employee_id, t.effective_date, (SELECT ARRAY[t2.cost_centre_id] FROM employment_terms t2
            WHERE t2.organization_id = $6 AND t2.plan_id = $1 AND t2.employee_id = t.employee_id AND t2.effective_date <= t.effective_date
              AND 'costCentreId' = ANY(t2.fields) ORDER BY t2.effective_date DESC LIMIT 1), (SELECT ARRAY[t2.job_role_id] FROM employment_terms t2
            WHERE t2.organization_id = $6 AND t2.plan_id = $1 AND t2.employee_id = t.employee_id AND t2.effective_date <= t.effective_date
              AND 'jobRoleId' = ANY(t2.fields) ORDER BY t2.effective_date DESC LIMIT 1),
           (SELECT ARRAY[t2.geography_id] FROM employment_terms t2
            WHERE t2.organization_id = $6 AND t2.plan_id = $1 AND t2.employee_id = t.employee_id AND t2.effective_date <= t.effective_date
              AND 'locationId' = ANY(t2.fields) ORDER BY t2.effective_date DESC LIMIT 1), (SELECT ARRAY[t2.fte] FROM employment_terms t2
            WHERE t2.organization_id = $6 AND t2.plan_id = $1 AND t2.employee_id = t.employee_id AND t2.effective_date <= t.effective_date
              AND 'fte' = ANY(t2.fields) ORDER BY t2.effective_date DESC LIMIT 1)
      FROM employment_terms t WHERE t.organization_id = $6 AND t.plan_id = $1) x
),
people AS MATERIALIZED (
  SELECT 'e'::text AS kind, e.id, NULL::text AS grp, e.start_date, COALESCE(e.end_date, e.notice_date + (SELECT o.notice_period_days FROM organizations o WHERE o.id = $6)) AS last_day,
         e.notice_date, COALESCE(l.cost_multiplier, 1)::float8 AS mult, e.ta, e.tb, e.fte::float8 AS fte,
         CASE WHEN e.ta IS NOT NULL THEN lag(NULL::text) OVER (PARTITION BY e.id ORDER BY e.ta NULLS FIRST) END AS prev_grp
    FROM (SELECT e0.id, e0.start_date, e0.end_date, e0.notice_date, e0.work_type_id, s.ta, s.tb,
                 CASE WHEN s.cc IS NULL THEN e0.cost_centre_id ELSE s.cc[1] END AS cost_centre_id, CASE WHEN s.jr IS NULL THEN e0.job_role_id ELSE s.jr[1] END AS job_role_id,
                 CASE WHEN s.geo IS NULL THEN e0.geography_id ELSE s.geo[1] END AS geography_id, CASE WHEN s.fte IS NULL THEN e0.fte ELSE s.fte[1] END AS fte
            FROM employees e0 LEFT JOIN tseg s ON s.employee_id = e0.id
           WHERE e0.organization_id = $6 AND e0.plan_id = $1) e
    LEFT JOIN locations l ON l.organization_id = $6 AND l.id = e.geography_id
   WHERE (e.end_date IS NOT NULL OR e.notice_date IS NULL OR e.notice_date + (SELECT o.notice_period_days FROM organizations o WHERE o.id = $6) >= e.start_date)
     AND (e.end_date IS NULL OR e.end_date >= e.start_date)
  UNION ALL
  SELECT 'c', c.id, NULL::text, c.start_date, c.end_date, NULL::date, COALESCE(l.cost_multiplier, 1)::float8, NULL::date, NULL::date, 1::float8, NULL
    FROM contractors c LEFT JOIN locations l ON l.organization_id = $6 AND l.id = c.geography_id
   WHERE c.organization_id = $6 AND c.plan_id = $1 AND (c.end_date IS NULL OR c.end_date >= c.start_date)
),
pitems AS MATERIALIZED (
  SELECT * FROM (
    SELECT NULL::text AS grp, p.kind, p.id AS rid, p.kind AS pkind, p.id AS pid, GREATEST(s.seg_start, p.start_date, $2::date, COALESCE(p.ta, $2::date)) AS a,
           LEAST(COALESCE(s.seg_end, $3::date), COALESCE(p.last_day, $3::date), $3::date, COALESCE(p.tb, $3::date)) AS b, s.monthly * p.mult AS amount
      FROM (SELECT person_id, seg_start, lead(seg_start) OVER (PARTITION BY person_id COLLATE "C" ORDER BY seg_start) - 1 AS seg_end, monthly
            FROM (SELECT a.employee_id AS person_id, a.effective_date AS seg_start, (a.salary::float8 * 0.08333333333333333::float8) * ($8::float8[])[array_position($7::text[], a.currency_code::text)] AS monthly
                    FROM salary_adjustments a
                   WHERE a.organization_id = $6 AND a.plan_id = $1 AND a.effective_date <= $3::date
                   ORDER BY a.employee_id COLLATE "C", a.effective_date
                  OFFSET 0) a
           WHERE monthly IS NOT NULL) s
      JOIN people p ON p.id COLLATE "C" = s.person_id COLLATE "C" AND p.kind = 'e'
     WHERE s.seg_end IS NULL OR s.seg_end >= $2::date
    UNION ALL
    SELECT NULL::text AS grp, p.kind, p.id AS rid, p.kind AS pkind, p.id AS pid, GREATEST(s.seg_start, p.start_date, $2::date, COALESCE(p.ta, $2::date)) AS a,
           LEAST(COALESCE(s.seg_end, $3::date), COALESCE(p.last_day, $3::date), $3::date, COALESCE(p.tb, $3::date)) AS b, s.monthly * p.mult AS amount
      FROM (SELECT person_id, seg_start, lead(seg_start) OVER (PARTITION BY person_id COLLATE "C" ORDER BY seg_start) - 1 AS seg_end, monthly
            FROM (SELECT a.contractor_id AS person_id, a.effective_date AS seg_start, a.rate::float8 * (CASE a.rate_type WHEN 'hourly' THEN 173.33333333333334::float8 WHEN 'daily' THEN 21.666666666666668::float8 WHEN 'monthly' THEN 1::float8 WHEN 'annually' THEN 0.08333333333333333::float8 END) * ($8::float8[])[array_position($7::text[], a.currency_code::text)] AS monthly
                    FROM rate_adjustments a
                   WHERE a.organization_id = $6 AND a.plan_id = $1 AND a.effective_date <= $3::date
                   ORDER BY a.contractor_id COLLATE "C", a.effective_date
                  OFFSET 0) a
           WHERE monthly IS NOT NULL) s
      JOIN people p ON p.id COLLATE "C" = s.person_id COLLATE "C" AND p.kind = 'c'
     WHERE s.seg_end IS NULL OR s.seg_end >= $2::date) x
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
      FROM unp_p u, generate_series(($4::int[])[(u.a) - $2::date + 2], ($4::int[])[(u.b) - $2::date + 2]) k WHERE u.a <= u.b GROUP BY 1, 2, 3, 4) x
   ORDER BY kind, id, k, d DESC
),
vac AS (
  SELECT v.id, NULL::text AS grp, v.fte::float8 AS fte, v.salary IS NULL AS unpriced,
         (v.salary::float8 * 0.08333333333333333::float8) * ($8::float8[])[array_position($7::text[], COALESCE(v.currency_code, $9)::text)] * v.fte::float8 * COALESCE(l.cost_multiplier, 1)::float8 AS amount,
         COALESCE(v.target_start_date, $5::date) AS cs,
         f.fs, f.fl
    FROM vacancies v
    LEFT JOIN locations l ON l.organization_id = $6 AND l.id = v.geography_id
    LEFT JOIN LATERAL (
      SELECT fe.start_date AS fs, COALESCE(fe.end_date, fe.notice_date + (SELECT o.notice_period_days FROM organizations o WHERE o.id = $6)) AS fl
        FROM employees fe WHERE fe.organization_id = $6 AND fe.plan_id = $1 AND fe.id = v.filled_by_live_employee_id
      UNION ALL
      SELECT fc.start_date, fc.end_date
        FROM contractors fc WHERE fc.organization_id = $6 AND fc.plan_id = $1 AND fc.id = v.filled_by_live_contractor_id
       LIMIT 1
    ) f ON true
   WHERE v.organization_id = $6 AND v.plan_id = $1 AND v.status IN ('open', 'committed', 'filled') AND COALESCE(v.target_start_date, $5::date) <= $3::date
),
vint AS MATERIALIZED (
  SELECT * FROM (
    SELECT id, fte, unpriced, amount, cs AS a, NULL::date AS b, NULL::date AS prev_b FROM vac WHERE fs IS NULL
    UNION ALL
    SELECT id, fte, unpriced, amount, cs, fs - 1, NULL FROM vac WHERE fs IS NOT NULL AND cs <= fs - 1
    UNION ALL
    SELECT id, fte, unpriced, amount, GREATEST(cs, fl + 1), NULL, CASE WHEN cs <= fs - 1 THEN fs - 1 END
      FROM vac WHERE fs IS NOT NULL AND fl IS NOT NULL) x
   WHERE a <= $3::date AND (b IS NULL OR b >= $2::date) AND (b IS NULL OR a <= b)
),
asg AS MATERIALIZED (
  SELECT CASE WHEN x.employee_id IS NOT NULL THEN 'e' WHEN x.contractor_id IS NOT NULL THEN 'c' ELSE 'v' END AS kind,
         COALESCE(x.employee_id, x.contractor_id, x.vacancy_id) AS rid, x.target_id AS tgt, x.fte::float8 AS fte,
         GREATEST(x.start_date, $2::date - 1) AS a, LEAST(COALESCE(x.end_date, $3::date), $3::date) AS b
    FROM assignments x
   WHERE x.organization_id = $6 AND x.plan_id = $1 AND x.type = 'team' AND x.team_id IS NULL
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
grouped AS MATERIALIZED (
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
),
act AS MATERIALIZED (
  SELECT kind, id, start_date, last_day, GREATEST(start_date, ($2::date - 1)) AS a, LEAST(COALESCE(last_day, $3::date), $3::date) AS b
    FROM people WHERE ta IS NULL AND start_date <= $3::date AND (last_day IS NULL OR last_day >= ($2::date - 1))
),
pp AS MATERIALIZED (
  SELECT false AS pc, kind, start_date, last_day, NULL::text AS grp, 1::float8 AS w, a, b FROM act
  UNION ALL
  SELECT true, p.kind, p.start_date, p.last_day, q.grp, q.w, GREATEST(p.a, q.a), LEAST(p.b, q.b)
    FROM act p JOIN grouped q ON q.kind = p.kind AND q.rid = p.id AND q.a <= p.b AND q.b >= p.a
),
pfs AS (
  SELECT kind, id, fte, GREATEST(start_date, $2::date, COALESCE(ta, $2::date)) AS a,
         LEAST(COALESCE(last_day, $3::date), $3::date, COALESCE(tb, $3::date)) AS b
    FROM people WHERE fte <> 1 AND start_date <= $3::date
),
pf AS (
  SELECT false AS pc, NULL::text AS grp, 1::float8 AS w, fte, a, b FROM pfs WHERE a <= b
  UNION ALL
  SELECT true, q.grp, q.w, p.fte, GREATEST(p.a, q.a), LEAST(p.b, q.b)
    FROM pfs p JOIN grouped q ON q.kind = p.kind AND q.rid = p.id AND q.a <= p.b AND q.b >= p.a WHERE p.a <= p.b
),
pcost AS (
  SELECT q.grp, GREATEST(i.a, q.a) AS a, LEAST(i.b, q.b) AS b, i.amount * q.w AS amount
    FROM pitems i JOIN grouped q ON q.kind = i.kind AND q.rid = i.rid AND q.a <= i.b AND q.b >= i.a
),
vw AS (SELECT id, fte, amount, a AS a0, GREATEST(a, $2::date) AS a, LEAST(COALESCE(b, $3::date), $3::date) AS b FROM vint),
vp AS MATERIALIZED (
  SELECT false AS pc, NULL::text AS grp, 1::float8 AS w, fte, amount, a0, a, b FROM vw
  UNION ALL
  SELECT true, q.grp, q.w, v.fte, v.amount, v.a0, GREATEST(v.a, q.a), LEAST(v.b, q.b)
    FROM vw v JOIN grouped q ON q.kind = 'v' AND q.rid = v.id AND q.a <= v.b AND q.b >= v.a
),
vwhole AS (SELECT grp, a, b, amount FROM vp WHERE NOT pc AND amount IS NOT NULL),
vpiece AS (SELECT grp, a, b, amount * w AS amount FROM vp WHERE pc AND amount IS NOT NULL),
unp AS MATERIALIZED (
  SELECT v.id, k, max(LEAST(COALESCE(v.b, $3::date), ($2::date + make_interval(months => k + 1))::date - 1)) AS d
    FROM vint v, generate_series(($4::int[])[(GREATEST(v.a, $2::date)) - $2::date + 2], CASE WHEN v.b IS NULL THEN $10::int - 1 ELSE ($4::int[])[(LEAST(v.b, $3::date)) - $2::date + 2] END) k
   WHERE v.unpriced GROUP BY 1, 2
),
r AS (
SELECT pc, grp, ($4::int[])[(a) - $2::date + 2] AS idx, 'lvl_' || kind AS metric, sum(w) AS v1,
       -sum(w * (($11::int[])[(a) - $2::date + 2] - 1)) AS v2, -0::float8 AS v3
  FROM pp GROUP BY 1, 2, 3, 4
UNION ALL
SELECT pc, grp, ($4::int[])[(b + 1) - $2::date + 2], 'lvl_' || kind, -sum(w), sum(w * (($11::int[])[(b + 1) - $2::date + 2] - 1)),
       0::float8
  FROM pp WHERE b < $3::date GROUP BY 1, 2, 3, 4
UNION ALL
SELECT pc, grp, ($4::int[])[(start_date) - $2::date + 2], 'join_' || kind, sum(w), 0, -0::float8
  FROM pp WHERE a = start_date AND start_date >= $2::date GROUP BY 1, 2, 3, 4
UNION ALL
SELECT pc, grp, ($4::int[])[(last_day + 1) - $2::date + 2], 'leave_' || kind, sum(w), 0, 0 FROM pp WHERE b = last_day AND last_day < $3::date GROUP BY 1, 2, 3, 4
UNION ALL
SELECT pc, grp, ($4::int[])[(a) - $2::date + 2], 'fte', sum(w * (fte - 1)), -sum(w * (fte - 1) * (($11::int[])[(a) - $2::date + 2] - 1)), 0 FROM pf GROUP BY 1, 2, 3
UNION ALL
SELECT pc, grp, ($4::int[])[(b + 1) - $2::date + 2], 'fte', -sum(w * (fte - 1)), sum(w * (fte - 1) * (($11::int[])[(b + 1) - $2::date + 2] - 1)), 0
  FROM pf WHERE b < $3::date GROUP BY 1, 2, 3
UNION ALL
SELECT false, NULL, ($4::int[])[(notice_date) - $2::date + 2], 'notice', count(*), 0, 0 FROM people WHERE kind = 'e' AND ta IS NULL AND notice_date BETWEEN $2::date AND $3::date GROUP BY 3
UNION ALL
SELECT true, q.grp, ($4::int[])[(p.notice_date) - $2::date + 2], 'notice', sum(q.w), 0, 0
  FROM people p JOIN grouped q ON q.kind = p.kind AND q.rid = p.id AND q.a <= p.notice_date AND q.b >= p.notice_date
 WHERE p.kind = 'e' AND p.ta IS NULL AND p.notice_date BETWEEN $2::date AND $3::date GROUP BY 2, 3
UNION ALL
SELECT false, grp, idx, 'cost', sum(full_amount), sum(day_amount), 0 FROM (SELECT grp, ($4::int[])[(a) - $2::date + 2] AS idx, sum(amount) AS full_amount, -sum(amount * (($11::int[])[(a) - $2::date + 2] - 1)) AS day_amount
            FROM pitems GROUP BY 1, 2
          UNION ALL
          SELECT grp, ($4::int[])[(b) - $2::date + 2] AS idx, -sum(amount) AS full_amount, sum(amount * (($11::int[])[(b) - $2::date + 2])) AS day_amount
            FROM pitems WHERE b < $3::date GROUP BY 1, 2) c GROUP BY 2, 3
UNION ALL
SELECT true, grp, idx, 'cost', sum(full_amount), sum(day_amount), 0 FROM (SELECT grp, ($4::int[])[(a) - $2::date + 2] AS idx, sum(amount) AS full_amount, -sum(amount * (($11::int[])[(a) - $2::date + 2] - 1)) AS day_amount
            FROM pcost GROUP BY 1, 2
          UNION ALL
          SELECT grp, ($4::int[])[(b) - $2::date + 2] AS idx, -sum(amount) AS full_amount, sum(amount * (($11::int[])[(b) - $2::date + 2])) AS day_amount
            FROM pcost WHERE b < $3::date GROUP BY 1, 2) c GROUP BY 2, 3
UNION ALL
SELECT false, grp, idx, 'vcost', sum(full_amount), sum(day_amount), 0 FROM (SELECT grp, ($4::int[])[(a) - $2::date + 2] AS idx, sum(amount) AS full_amount, -sum(amount * (($11::int[])[(a) - $2::date + 2] - 1)) AS day_amount
            FROM vwhole GROUP BY 1, 2
          UNION ALL
          SELECT grp, ($4::int[])[(b) - $2::date + 2] AS idx, -sum(amount) AS full_amount, sum(amount * (($11::int[])[(b) - $2::date + 2])) AS day_amount
            FROM vwhole WHERE b < $3::date GROUP BY 1, 2) c GROUP BY 2, 3
UNION ALL
SELECT true, grp, idx, 'vcost', sum(full_amount), sum(day_amount), 0 FROM (SELECT grp, ($4::int[])[(a) - $2::date + 2] AS idx, sum(amount) AS full_amount, -sum(amount * (($11::int[])[(a) - $2::date + 2] - 1)) AS day_amount
            FROM vpiece GROUP BY 1, 2
          UNION ALL
          SELECT grp, ($4::int[])[(b) - $2::date + 2] AS idx, -sum(amount) AS full_amount, sum(amount * (($11::int[])[(b) - $2::date + 2])) AS day_amount
            FROM vpiece WHERE b < $3::date GROUP BY 1, 2) c GROUP BY 2, 3
UNION ALL
SELECT pc, grp, ($4::int[])[(a) - $2::date + 2], 'vopen', sum(w), sum(w * fte), -sum(w * fte * (($11::int[])[(a) - $2::date + 2] - 1)) FROM vp GROUP BY 1, 2, 3
UNION ALL
SELECT pc, grp, ($4::int[])[(b + 1) - $2::date + 2], 'vopen', -sum(w), -sum(w * fte), sum(w * fte * (($11::int[])[(b + 1) - $2::date + 2] - 1)) FROM vp WHERE b < $3::date GROUP BY 1, 2, 3
UNION ALL
SELECT pc, grp, ($4::int[])[(a0) - $2::date + 2], 'hire', sum(w), 0, 0 FROM vp WHERE a = a0 AND a0 >= $2::date GROUP BY 1, 2, 3
UNION ALL
SELECT false, NULL, k, 'unpriced_at', count(*), 0, 0 FROM unp GROUP BY 3
UNION ALL
SELECT true, q.grp, u.k, 'unpriced_at', sum(q.w), 0, 0
  FROM unp u JOIN grouped q ON q.kind = 'v' AND q.rid = u.id AND q.a <= u.d AND q.b >= u.d GROUP BY 2, 3
UNION ALL
SELECT false, NULL, k, 'unpriced_p', count(*), 0, 0 FROM upm GROUP BY 3
UNION ALL
SELECT true, q.grp, u.k, 'unpriced_p', sum(q.w), 0, 0
  FROM upm u JOIN grouped q ON q.kind = u.kind AND q.rid = u.id AND q.a <= u.d AND q.b >= u.d GROUP BY 2, 3
)
SELECT grp, idx, metric, v1, v2, v3 FROM r
UNION ALL
SELECT NULL, idx, metric, -sum(v1), -sum(v2), -sum(v3) FROM r WHERE pc GROUP BY 2, 3;

-- ForecastRepository.rows (cost centre, every assumption)
WITH tseg AS MATERIALIZED (
  SELECT employee_id, ta, lead(ta) OVER (PARTITION BY employee_id ORDER BY ta NULLS FIRST) - 1 AS tb, cc, jr, geo, fte FROM (
    SELECT DISTINCT t.employee_id, NULL::date AS ta, NULL::varchar[] AS cc, NULL::varchar[] AS jr, NULL::varchar[] AS geo, NULL::numeric[] AS fte
      FROM employment_terms t WHERE t.organization_id = $6 AND t.plan_id = $1
    UNION ALL
    SELECT t.employee_id, t.effective_date, (SELECT ARRAY[t2.cost_centre_id] FROM employment_terms t2
            WHERE t2.organization_id = $6 AND t2.plan_id = $1 AND t2.employee_id = t.employee_id AND t2.effective_date <= t.effective_date
              AND 'costCentreId' = ANY(t2.fields) ORDER BY t2.effective_date DESC LIMIT 1), (SELECT ARRAY[t2.job_role_id] FROM employment_terms t2
            WHERE t2.organization_id = $6 AND t2.plan_id = $1 AND t2.employee_id = t.employee_id AND t2.effective_date <= t.effective_date
              AND 'jobRoleId' = ANY(t2.fields) ORDER BY t2.effective_date DESC LIMIT 1),
           (SELECT ARRAY[t2.geography_id] FROM employment_terms t2
            WHERE t2.organization_id = $6 AND t2.plan_id = $1 AND t2.employee_id = t.employee_id AND t2.effective_date <= t.effective_date
              AND 'locationId' = ANY(t2.fields) ORDER BY t2.effective_date DESC LIMIT 1), (SELECT ARRAY[t2.fte] FROM employment_terms t2
            WHERE t2.organization_id = $6 AND t2.plan_id = $1 AND t2.employee_id = t.employee_id AND t2.effective_date <= t.effective_date
              AND 'fte' = ANY(t2.fields) ORDER BY t2.effective_date DESC LIMIT 1)
      FROM employment_terms t WHERE t.organization_id = $6 AND t.plan_id = $1) x
),
people AS MATERIALIZED (
  SELECT 'e'::text AS kind, e.id, e.cost_centre_id::text AS grp, e.start_date, COALESCE(e.end_date, e.notice_date + (SELECT o.notice_period_days FROM organizations o WHERE o.id = $6)) AS last_day,
         e.notice_date, COALESCE(l.cost_multiplier, 1)::float8 AS mult, e.ta, e.tb, e.fte::float8 AS fte,
         CASE WHEN e.ta IS NOT NULL THEN lag(e.cost_centre_id::text) OVER (PARTITION BY e.id ORDER BY e.ta NULLS FIRST) END AS prev_grp
    FROM (SELECT e0.id, e0.start_date, e0.end_date, e0.notice_date, e0.work_type_id, s.ta, s.tb,
                 CASE WHEN s.cc IS NULL THEN e0.cost_centre_id ELSE s.cc[1] END AS cost_centre_id, CASE WHEN s.jr IS NULL THEN e0.job_role_id ELSE s.jr[1] END AS job_role_id,
                 CASE WHEN s.geo IS NULL THEN e0.geography_id ELSE s.geo[1] END AS geography_id, CASE WHEN s.fte IS NULL THEN e0.fte ELSE s.fte[1] END AS fte
            FROM employees e0 LEFT JOIN tseg s ON s.employee_id = e0.id
           WHERE e0.organization_id = $6 AND e0.plan_id = $1) e
    LEFT JOIN locations l ON l.organization_id = $6 AND l.id = e.geography_id
   WHERE (e.end_date IS NOT NULL OR e.notice_date IS NULL OR e.notice_date + (SELECT o.notice_period_days FROM organizations o WHERE o.id = $6) >= e.start_date)
     AND (e.end_date IS NULL OR e.end_date >= e.start_date)
  UNION ALL
  SELECT 'c', c.id, c.cost_centre_id::text, c.start_date, c.end_date, NULL::date, COALESCE(l.cost_multiplier, 1)::float8, NULL::date, NULL::date, 1::float8, NULL
    FROM contractors c LEFT JOIN locations l ON l.organization_id = $6 AND l.id = c.geography_id
   WHERE c.organization_id = $6 AND c.plan_id = $1 AND (c.end_date IS NULL OR c.end_date >= c.start_date)
),
pitems AS MATERIALIZED (
  SELECT * FROM (
    SELECT p.grp, p.kind AS pkind, p.id AS pid, GREATEST(s.seg_start, p.start_date, $2::date, COALESCE(p.ta, $2::date)) AS a,
           LEAST(COALESCE(s.seg_end, $3::date), COALESCE(p.last_day, $3::date), $3::date, COALESCE(p.tb, $3::date)) AS b, s.monthly * p.mult * ($14::float8[])[(GREATEST(s.seg_start, $2::date - 1)) - $2::date + 2] AS amount, '_e' || CASE WHEN p.last_day IS NULL THEN '_a' ELSE '' END AS cls, p.last_day IS NULL AS att
      FROM (SELECT person_id, seg_start, lead(seg_start) OVER (PARTITION BY person_id COLLATE "C" ORDER BY seg_start) - 1 AS seg_end, monthly
            FROM (SELECT a.employee_id AS person_id, a.effective_date AS seg_start, (a.salary::float8 * 0.08333333333333333::float8) * ($8::float8[])[array_position($7::text[], a.currency_code::text)] AS monthly
                    FROM salary_adjustments a
                   WHERE a.organization_id = $6 AND a.plan_id = $1 AND a.effective_date <= $3::date
                   ORDER BY a.employee_id COLLATE "C", a.effective_date
                  OFFSET 0) a
           WHERE monthly IS NOT NULL) s
      JOIN people p ON p.id COLLATE "C" = s.person_id COLLATE "C" AND p.kind = 'e'
     WHERE s.seg_end IS NULL OR s.seg_end >= $2::date
    UNION ALL
    SELECT p.grp, p.kind AS pkind, p.id AS pid, GREATEST(s.seg_start, p.start_date, $2::date, COALESCE(p.ta, $2::date)) AS a,
           LEAST(COALESCE(s.seg_end, $3::date), COALESCE(p.last_day, $3::date), $3::date, COALESCE(p.tb, $3::date)) AS b, s.monthly * p.mult AS amount, '' || CASE WHEN p.last_day IS NULL THEN '_a' ELSE '' END AS cls, p.last_day IS NULL AS att
      FROM (SELECT person_id, seg_start, lead(seg_start) OVER (PARTITION BY person_id COLLATE "C" ORDER BY seg_start) - 1 AS seg_end, monthly
            FROM (SELECT a.contractor_id AS person_id, a.effective_date AS seg_start, a.rate::float8 * (CASE a.rate_type WHEN 'hourly' THEN 173.33333333333334::float8 WHEN 'daily' THEN 21.666666666666668::float8 WHEN 'monthly' THEN 1::float8 WHEN 'annually' THEN 0.08333333333333333::float8 END) * ($8::float8[])[array_position($7::text[], a.currency_code::text)] AS monthly
                    FROM rate_adjustments a
                   WHERE a.organization_id = $6 AND a.plan_id = $1 AND a.effective_date <= $3::date
                   ORDER BY a.contractor_id COLLATE "C", a.effective_date
                  OFFSET 0) a
           WHERE monthly IS NOT NULL) s
      JOIN people p ON p.id COLLATE "C" = s.person_id COLLATE "C" AND p.kind = 'c'
     WHERE s.seg_end IS NULL OR s.seg_end >= $2::date) x
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
      FROM unp_p u, generate_series(($4::int[])[(u.a) - $2::date + 2], ($4::int[])[(u.b) - $2::date + 2]) k WHERE u.a <= u.b GROUP BY 1, 2, 3, 4) x
   ORDER BY kind, id, k, d DESC
),
vac AS (
  SELECT v.id, v.cost_centre_id::text AS grp, v.fte::float8 AS fte, v.salary IS NULL AS unpriced,
         (v.salary::float8 * 0.08333333333333333::float8) * ($8::float8[])[array_position($7::text[], COALESCE(v.currency_code, $9)::text)] * v.fte::float8 * COALESCE(l.cost_multiplier, 1)::float8 AS amount,
         CASE WHEN v.status = 'open' THEN GREATEST(COALESCE(v.target_start_date, $5::date), $15::date) ELSE COALESCE(v.target_start_date, $5::date) END AS cs,
         f.fs, f.fl
    FROM vacancies v
    LEFT JOIN locations l ON l.organization_id = $6 AND l.id = v.geography_id
    LEFT JOIN LATERAL (
      SELECT fe.start_date AS fs, COALESCE(fe.end_date, fe.notice_date + (SELECT o.notice_period_days FROM organizations o WHERE o.id = $6)) AS fl
        FROM employees fe WHERE fe.organization_id = $6 AND fe.plan_id = $1 AND fe.id = v.filled_by_live_employee_id
      UNION ALL
      SELECT fc.start_date, fc.end_date
        FROM contractors fc WHERE fc.organization_id = $6 AND fc.plan_id = $1 AND fc.id = v.filled_by_live_contractor_id
       LIMIT 1
    ) f ON true
   WHERE v.organization_id = $6 AND v.plan_id = $1 AND v.status IN ('open', 'committed', 'filled') AND CASE WHEN v.status = 'open' THEN GREATEST(COALESCE(v.target_start_date, $5::date), $15::date) ELSE COALESCE(v.target_start_date, $5::date) END <= $3::date
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
  SELECT grp, GREATEST(($4::int[])[(GREATEST(a, $2::date)) - $2::date + 2], CASE WHEN prev_b IS NULL THEN 0 ELSE ($4::int[])[(GREATEST(prev_b, $2::date - 1)) - $2::date + 2] + 1 END) AS s,
         CASE WHEN b IS NULL THEN $10::int - 1 ELSE ($4::int[])[(LEAST(b, $3::date)) - $2::date + 2] END AS e
    FROM vint WHERE unpriced
)
SELECT grp, -1 AS idx, 'open_' || kind || CASE WHEN last_day IS NULL THEN 'a' ELSE '' END AS metric, count(*)::float8 AS v1, 0::float8 AS v2, 0::float8 AS v3
  FROM people WHERE start_date < $2::date AND (last_day IS NULL OR last_day >= $2::date - 1) AND (ta IS NULL OR ta <= $2::date - 1) AND (tb IS NULL OR tb >= $2::date - 1) GROUP BY 1, 3
UNION ALL
SELECT grp, ($4::int[])[(start_date) - $2::date + 2], 'join_' || kind || CASE WHEN last_day IS NULL THEN 'a' ELSE '' END, count(*), -sum(CASE WHEN last_day IS NULL THEN ($12::float8[])[(start_date) - $2::date + 2] ELSE ($11::int[])[(start_date) - $2::date + 2] - 1 END),
       -sum(CASE WHEN last_day IS NULL THEN 1 * ($16::float8[])[(start_date) - $2::date + 2] ELSE 0 END)
  FROM people WHERE start_date >= $2::date AND start_date <= $3::date AND (ta IS NULL OR ta <= start_date) AND (tb IS NULL OR tb >= start_date) GROUP BY 1, 2, 3
UNION ALL
SELECT grp, ($4::int[])[(last_day + 1) - $2::date + 2], 'leave_' || kind, count(*), sum(($11::int[])[(last_day + 1) - $2::date + 2] - 1), 0
  FROM people WHERE last_day >= $2::date - 1 AND last_day < $3::date AND (ta IS NULL OR ta <= last_day) AND (tb IS NULL OR tb >= last_day) GROUP BY 1, 2, 3
UNION ALL
SELECT grp, ($4::int[])[(notice_date) - $2::date + 2], 'notice', count(*), 0, 0 FROM people WHERE kind = 'e' AND notice_date BETWEEN $2::date AND $3::date AND (ta IS NULL OR ta <= notice_date) AND (tb IS NULL OR tb >= notice_date) GROUP BY 1, 2
UNION ALL
SELECT grp, ($4::int[])[(ta) - $2::date + 2], 'lvl_' || kind || CASE WHEN last_day IS NULL THEN 'a' ELSE '' END, count(*), -sum(CASE WHEN last_day IS NULL THEN ($12::float8[])[(ta) - $2::date + 2] ELSE ($11::int[])[(ta) - $2::date + 2] - 1 END),
       -sum(CASE WHEN last_day IS NULL THEN 1 * ($16::float8[])[(ta) - $2::date + 2] ELSE 0 END) FROM people WHERE ta >= $2::date AND ta <= $3::date AND ta > start_date AND (last_day IS NULL OR ta <= last_day) GROUP BY 1, 2, 3
UNION ALL
SELECT prev_grp, ($4::int[])[(ta) - $2::date + 2], 'lvl_' || kind || CASE WHEN last_day IS NULL THEN 'a' ELSE '' END, -count(*), sum(CASE WHEN last_day IS NULL THEN ($12::float8[])[(ta) - $2::date + 2] ELSE ($11::int[])[(ta) - $2::date + 2] - 1 END),
       sum(CASE WHEN last_day IS NULL THEN 1 * ($16::float8[])[(ta) - $2::date + 2] ELSE 0 END) FROM people WHERE ta >= $2::date AND ta <= $3::date AND ta > start_date AND (last_day IS NULL OR ta <= last_day) GROUP BY 1, 2, 3
UNION ALL
SELECT grp, ($4::int[])[(GREATEST(start_date, $2::date, COALESCE(ta, $2::date))) - $2::date + 2], 'fte', sum(fte - 1), -sum((fte - 1) * (($11::int[])[(GREATEST(start_date, $2::date, COALESCE(ta, $2::date))) - $2::date + 2] - 1)), 0
  FROM people WHERE fte <> 1 AND start_date <= $3::date AND GREATEST(start_date, $2::date, COALESCE(ta, $2::date)) <= LEAST(COALESCE(last_day, $3::date), $3::date, COALESCE(tb, $3::date)) GROUP BY 1, 2
UNION ALL
SELECT grp, ($4::int[])[(LEAST(COALESCE(last_day, $3::date), $3::date, COALESCE(tb, $3::date)) + 1) - $2::date + 2], 'fte', -sum(fte - 1), sum((fte - 1) * (($11::int[])[(LEAST(COALESCE(last_day, $3::date), $3::date, COALESCE(tb, $3::date)) + 1) - $2::date + 2] - 1)), 0
  FROM people WHERE fte <> 1 AND start_date <= $3::date AND GREATEST(start_date, $2::date, COALESCE(ta, $2::date)) <= LEAST(COALESCE(last_day, $3::date), $3::date, COALESCE(tb, $3::date)) AND LEAST(COALESCE(last_day, $3::date), $3::date, COALESCE(tb, $3::date)) < $3::date GROUP BY 1, 2
UNION ALL
SELECT grp, idx, 'cost' || cls, sum(full_amount), sum(day_amount), 0 FROM (SELECT grp, cls, ($4::int[])[(a) - $2::date + 2] AS idx, sum(amount) AS full_amount, -sum(amount * (CASE WHEN att THEN ($12::float8[])[(a) - $2::date + 2] ELSE ($11::int[])[(a) - $2::date + 2] - 1 END)) AS day_amount
            FROM pitems GROUP BY 1, 2, 3
          UNION ALL
          SELECT grp, cls, ($4::int[])[(b) - $2::date + 2] AS idx, -sum(amount) AS full_amount, sum(amount * (CASE WHEN att THEN ($12::float8[])[(b) - $2::date + 2] + ($13::float8[])[(b) - $2::date + 2] ELSE ($11::int[])[(b) - $2::date + 2] END)) AS day_amount
            FROM pitems WHERE b < $3::date GROUP BY 1, 2, 3) c GROUP BY grp, idx, cls
UNION ALL
SELECT grp, idx, 'vcost', sum(full_amount), sum(day_amount), 0 FROM (SELECT grp, ($4::int[])[(a) - $2::date + 2] AS idx, sum(amount) AS full_amount, -sum(amount * (($11::int[])[(a) - $2::date + 2] - 1)) AS day_amount
            FROM vitems GROUP BY 1, 2
          UNION ALL
          SELECT grp, ($4::int[])[(b) - $2::date + 2] AS idx, -sum(amount) AS full_amount, sum(amount * (($11::int[])[(b) - $2::date + 2])) AS day_amount
            FROM vitems WHERE b < $3::date GROUP BY 1, 2) c GROUP BY 1, 2
UNION ALL
SELECT grp, ($4::int[])[(GREATEST(a, $2::date)) - $2::date + 2], 'vopen', count(*), sum(fte), -sum(fte * (($11::int[])[(GREATEST(a, $2::date)) - $2::date + 2] - 1)) FROM vint GROUP BY 1, 2
UNION ALL
SELECT grp, ($4::int[])[(b + 1) - $2::date + 2], 'vopen', -count(*), -sum(fte), sum(fte * (($11::int[])[(b + 1) - $2::date + 2] - 1)) FROM vint WHERE b < $3::date GROUP BY 1, 2
UNION ALL
SELECT grp, ($4::int[])[(a) - $2::date + 2], 'hire', count(*), 0, 0 FROM vint WHERE a >= $2::date GROUP BY 1, 2
UNION ALL
SELECT grp, s, 'unpriced', count(*), 0, 0 FROM unpriced WHERE s <= e GROUP BY 1, 2
UNION ALL
SELECT grp, e + 1, 'unpriced', -count(*), 0, 0 FROM unpriced WHERE s <= e AND e + 1 < $10::int GROUP BY 1, 2
UNION ALL
SELECT grp, k, 'unpriced_p', count(*), 0, 0 FROM upm GROUP BY 1, 2;
