-- Written by `npm run sql` (scripts/sql-queries.ts) from the @GenerateSql samples of the repository; do not edit.

-- ProjectsRepository.linkCount
SELECT count(*)::int AS n FROM project_links WHERE organization_id = $1 AND plan_id = $2 AND project_id = $3;

-- ProjectsRepository.linkStatuses
SELECT status FROM project_links WHERE organization_id = $1 AND plan_id = $2 AND project_id = $3;

-- ProjectsRepository.setDeliveryStatus
UPDATE projects SET delivery_status = $4, updated_at = now() WHERE organization_id = $1 AND plan_id = $2 AND id = $3;
