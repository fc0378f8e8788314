-- Written by `npm run sql` (scripts/sql-queries.ts) from the @GenerateSql samples of the repository; do not edit.

-- DatedLinkRepository.firstCycleDay
WITH RECURSIVE up(node, days, depth) AS (
  SELECT l.parent_group_id, daterange(l.start_date, l.end_date, '[]') * daterange($3::date, $4::date, '[]'), 1
    FROM functional_group_placements l
   WHERE l.organization_id = $6 AND l.plan_id = $1 AND l.group_id = $2 AND l.parent_group_id IS NOT NULL AND daterange(l.start_date, l.end_date, '[]') && daterange($3::date, $4::date, '[]')
  UNION ALL
  SELECT l.parent_group_id, up.days * daterange(l.start_date, l.end_date, '[]'), up.depth + 1
    FROM up JOIN functional_group_placements l ON l.organization_id = $6 AND l.plan_id = $1 AND l.group_id = up.node
   WHERE l.parent_group_id IS NOT NULL AND daterange(l.start_date, l.end_date, '[]') && up.days AND up.node <> $5 AND up.depth < 1000
)
SELECT to_char(min(lower(days)), 'YYYY-MM-DD') AS day FROM up WHERE node = $5 HAVING count(*) > 0;

-- DatedLinkRepository.insert
INSERT INTO functional_group_placements (plan_id, id, organization_id, group_id, parent_group_id, start_date, end_date) VALUES ($1, $2, $3, $4, $5, $6, $7);

-- DatedLinkRepository.list
SELECT l.id, l.start_date AS "startDate", l.end_date AS "endDate", l.parent_group_id AS target
FROM functional_group_placements l WHERE l.organization_id = $3 AND l.plan_id = $1 AND l.group_id = $2 ORDER BY l.start_date;

-- DatedLinkRepository.setDays
UPDATE functional_group_placements SET start_date = $3, end_date = $4, updated_at = CURRENT_TIMESTAMP WHERE organization_id = $5 AND plan_id = $1 AND id = $2;

-- DatedLinkRepository.setTarget
UPDATE functional_position_reports SET reports_to_position_id = $3, updated_at = CURRENT_TIMESTAMP WHERE organization_id = $4 AND plan_id = $1 AND id = $2;

-- DatedLinkRepository.targetOn
SELECT l.reports_to_position_id AS target FROM functional_position_reports l WHERE l.organization_id = $4 AND l.plan_id = $1 AND l.position_id = $2 AND (l.start_date <= $3::date AND (l.end_date IS NULL OR l.end_date >= $3::date));
