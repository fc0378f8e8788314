-- Written by `npm run sql` (scripts/sql-queries.ts) from the @GenerateSql samples of the repository; do not edit.

-- FunctionalReadRepository.allGroups
SELECT g.id, g.name, g.group_type, g.description, g.external_id, g.start_date, g.end_date FROM functional_groups g
WHERE g.organization_id = $3 AND g.plan_id = $1 AND (g.start_date <= $2::date AND (g.end_date IS NULL OR g.end_date >= $2::date));

SELECT p.group_id, p.parent_group_id FROM functional_group_placements p
WHERE p.organization_id = $3 AND p.plan_id = $1 AND (p.start_date <= $2::date AND (p.end_date IS NULL OR p.end_date >= $2::date));

-- FunctionalReadRepository.groupByRef
SELECT g.id, g.name, g.group_type, g.description, g.external_id, g.start_date, g.end_date, p.parent_group_id AS parent_id, false AS has_children
 FROM functional_groups g
 LEFT JOIN functional_group_placements p
        ON p.organization_id = g.organization_id AND p.plan_id = g.plan_id AND p.group_id = g.id AND (p.start_date <= $2::date AND (p.end_date IS NULL OR p.end_date >= $2::date))
WHERE g.plan_id = $1 AND (g.start_date <= $2::date AND (g.end_date IS NULL OR g.end_date >= $2::date)) AND g.organization_id = $4 AND (g.id = $3 OR g.external_id = $3) ORDER BY (g.id = $3) DESC LIMIT 1;

-- FunctionalReadRepository.groupPage (all)
SELECT count(*)::int AS total FROM (
SELECT g.id, g.name, g.group_type, g.description, g.external_id, g.start_date, g.end_date, p.parent_group_id AS parent_id, false AS has_children
  FROM functional_groups g
  LEFT JOIN functional_group_placements p
         ON p.organization_id = g.organization_id AND p.plan_id = g.plan_id AND p.group_id = g.id AND (p.start_date <= $2::date AND (p.end_date IS NULL OR p.end_date >= $2::date))
 WHERE g.plan_id = $1 AND (g.start_date <= $2::date AND (g.end_date IS NULL OR g.end_date >= $2::date)) AND g.organization_id = $3) x;

SELECT g.id, g.name, g.group_type, g.description, g.external_id, g.start_date, g.end_date, p.parent_group_id AS parent_id, false AS has_children
 FROM functional_groups g
 LEFT JOIN functional_group_placements p
        ON p.organization_id = g.organization_id AND p.plan_id = g.plan_id AND p.group_id = g.id AND (p.start_date <= $2::date AND (p.end_date IS NULL OR p.end_date >= $2::date))
WHERE g.plan_id = $1 AND (g.start_date <= $2::date AND (g.end_date IS NULL OR g.end_date >= $2::date)) AND g.organization_id = $3 ORDER BY g.name, g.id OFFSET $4 LIMIT $5;

-- FunctionalReadRepository.groupPage (filtered)
SELECT count(*)::int AS total FROM (
SELECT g.id, g.name, g.group_type, g.description, g.external_id, g.start_date, g.end_date, p.parent_group_id AS parent_id, false AS has_children
  FROM functional_groups g
  LEFT JOIN functional_group_placements p
         ON p.organization_id = g.organization_id AND p.plan_id = g.plan_id AND p.group_id = g.id AND (p.start_date <= $2::date AND (p.end_date IS NULL OR p.end_date >= $2::date))
 WHERE g.plan_id = $1 AND (g.start_date <= $2::date AND (g.end_date IS NULL OR g.end_date >= $2::date)) AND g.organization_id = $3 AND g.id = ANY($4) AND (g.name ILIKE $5 OR g.description ILIKE $5) AND p.parent_group_id = $6 AND p.parent_group_id IS NULL) x;

SELECT g.id, g.name, g.group_type, g.description, g.external_id, g.start_date, g.end_date, p.parent_group_id AS parent_id, false AS has_children
 FROM functional_groups g
 LEFT JOIN functional_group_placements p
        ON p.organization_id = g.organization_id AND p.plan_id = g.plan_id AND p.group_id = g.id AND (p.start_date <= $2::date AND (p.end_date IS NULL OR p.end_date >= $2::date))
WHERE g.plan_id = $1 AND (g.start_date <= $2::date AND (g.end_date IS NULL OR g.end_date >= $2::date)) AND g.organization_id = $3 AND g.id = ANY($4) AND (g.name ILIKE $5 OR g.description ILIKE $5) AND p.parent_group_id = $6 AND p.parent_group_id IS NULL ORDER BY g.name, g.id OFFSET $7 LIMIT $8;

-- FunctionalReadRepository.groupRef
SELECT id, name, external_id AS "externalId" FROM functional_groups WHERE organization_id = $3 AND plan_id = $1 AND id = $2;

-- FunctionalReadRepository.history
SELECT entity_type, entity_id, change_type, before, after, actor_type, actor_id, created_at FROM record_changes WHERE organization_id = $1 AND plan_id = $2 AND entity_id = $3 ORDER BY seq DESC LIMIT 100;

-- FunctionalReadRepository.parents
SELECT g.id, p.parent_group_id AS parent_id FROM functional_groups g
 LEFT JOIN functional_group_placements p
        ON p.organization_id = g.organization_id AND p.plan_id = g.plan_id AND p.group_id = g.id AND (p.start_date <= $2::date AND (p.end_date IS NULL OR p.end_date >= $2::date))
WHERE g.organization_id = $3 AND g.plan_id = $1 AND (g.start_date <= $2::date AND (g.end_date IS NULL OR g.end_date >= $2::date));

-- FunctionalReadRepository.seatOn
SELECT s.id, s.functional_group_id AS group_id FROM functional_positions s
 JOIN functional_groups g ON g.organization_id = s.organization_id AND g.plan_id = s.plan_id AND g.id = s.functional_group_id
WHERE s.organization_id = $4 AND s.plan_id = $1 AND s.id = $3 AND (s.start_date <= $2::date AND (s.end_date IS NULL OR s.end_date >= $2::date)) AND (g.start_date <= $2::date AND (g.end_date IS NULL OR g.end_date >= $2::date));

-- FunctionalReadRepository.seatPage (all)
SELECT count(*)::int AS total FROM (
SELECT s.id, s.functional_group_id, s.name, s.description, s.external_id, s.job_role_id, s.required_fte, s.start_date, s.end_date, r.reports_to_position_id
  FROM functional_positions s
  LEFT JOIN functional_position_reports r
         ON r.organization_id = s.organization_id AND r.plan_id = s.plan_id AND r.position_id = s.id AND (r.start_date <= $2::date AND (r.end_date IS NULL OR r.end_date >= $2::date))
 WHERE s.plan_id = $1 AND (s.start_date <= $2::date AND (s.end_date IS NULL OR s.end_date >= $2::date)) AND s.organization_id = $3 AND s.functional_group_id = $4) x;

SELECT s.id, s.functional_group_id, s.name, s.description, s.external_id, s.job_role_id, s.required_fte, s.start_date, s.end_date, r.reports_to_position_id
 FROM functional_positions s
 LEFT JOIN functional_position_reports r
        ON r.organization_id = s.organization_id AND r.plan_id = s.plan_id AND r.position_id = s.id AND (r.start_date <= $2::date AND (r.end_date IS NULL OR r.end_date >= $2::date))
WHERE s.plan_id = $1 AND (s.start_date <= $2::date AND (s.end_date IS NULL OR s.end_date >= $2::date)) AND s.organization_id = $3 AND s.functional_group_id = $4 ORDER BY s.name, s.id OFFSET $5 LIMIT $6;

-- FunctionalReadRepository.seatPage (filtered)
SELECT count(*)::int AS total FROM (
SELECT s.id, s.functional_group_id, s.name, s.description, s.external_id, s.job_role_id, s.required_fte, s.start_date, s.end_date, r.reports_to_position_id
  FROM functional_positions s
  LEFT JOIN functional_position_reports r
         ON r.organization_id = s.organization_id AND r.plan_id = s.plan_id AND r.position_id = s.id AND (r.start_date <= $2::date AND (r.end_date IS NULL OR r.end_date >= $2::date))
 WHERE s.plan_id = $1 AND (s.start_date <= $2::date AND (s.end_date IS NULL OR s.end_date >= $2::date)) AND s.organization_id = $3 AND s.functional_group_id = $4 AND (s.name ILIKE $5 OR s.description ILIKE $5) AND r.reports_to_position_id = $6 AND r.reports_to_position_id IS NULL) x;

SELECT s.id, s.functional_group_id, s.name, s.description, s.external_id, s.job_role_id, s.required_fte, s.start_date, s.end_date, r.reports_to_position_id
 FROM functional_positions s
 LEFT JOIN functional_position_reports r
        ON r.organization_id = s.organization_id AND r.plan_id = s.plan_id AND r.position_id = s.id AND (r.start_date <= $2::date AND (r.end_date IS NULL OR r.end_date >= $2::date))
WHERE s.plan_id = $1 AND (s.start_date <= $2::date AND (s.end_date IS NULL OR s.end_date >= $2::date)) AND s.organization_id = $3 AND s.functional_group_id = $4 AND (s.name ILIKE $5 OR s.description ILIKE $5) AND r.reports_to_position_id = $6 AND r.reports_to_position_id IS NULL ORDER BY s.name, s.id OFFSET $7 LIMIT $8;
