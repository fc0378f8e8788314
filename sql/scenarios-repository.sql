-- Written by `npm run sql` (scripts/sql-queries.ts) from the @GenerateSql samples of the repository; do not edit.

-- ScenariosRepository.changedTypes
SELECT DISTINCT entity_type FROM record_changes WHERE organization_id = $1 AND plan_id = $2;

-- ScenariosRepository.changes
WITH changed AS MATERIALIZED (
  SELECT DISTINCT entity_type, entity_id FROM record_changes WHERE organization_id = $1 AND plan_id = $2
), entries AS MATERIALIZED (
  SELECT 0 AS part, x.id,
        CASE WHEN s.id IS NULL THEN 'delete' WHEN l.id IS NULL THEN 'create' ELSE 'update' END AS change,
        CASE WHEN s.id IS NULL THEN 'team' ELSE 'team' END AS entity_type,
        ARRAY['team']::text[] AS types
   FROM (SELECT DISTINCT n.id FROM (SELECT c.entity_id AS id FROM changed c WHERE c.entity_type IN ('team')) n) x
   LEFT JOIN "teams" s ON s.organization_id = $1 AND s.plan_id = (SELECT $2::varchar) AND s.id = x.id
   LEFT JOIN "teams" l ON l.organization_id = $1 AND l.plan_id = (SELECT $3::varchar) AND l.id = x.id
  WHERE (s.id IS NOT NULL OR l.id IS NOT NULL)
    AND (s.id IS NULL OR l.id IS NULL OR (s."organization_id", s."id", s."created_at", s."name", s."external_id", s."description", s."cost_centre_id", s."value_stream_id", s."parent_team_id") IS DISTINCT FROM (l."organization_id", l."id", l."created_at", l."name", l."external_id", l."description", l."cost_centre_id", l."value_stream_id", l."parent_team_id")) UNION ALL SELECT 1 AS part, x.id,
        CASE WHEN s.id IS NULL THEN 'delete' WHEN l.id IS NULL THEN 'create' ELSE 'update' END AS change,
        CASE WHEN s.id IS NULL THEN ((CASE WHEN l.employee_id IS NOT NULL THEN 'employee' WHEN l.contractor_id IS NOT NULL THEN 'contractor' WHEN l.vacancy_id IS NOT NULL THEN 'vacancy' WHEN l.team_id IS NOT NULL THEN 'team' END) || '_' || l.type || '_allocation') ELSE ((CASE WHEN s.employee_id IS NOT NULL THEN 'employee' WHEN s.contractor_id IS NOT NULL THEN 'contractor' WHEN s.vacancy_id IS NOT NULL THEN 'vacancy' WHEN s.team_id IS NOT NULL THEN 'team' END) || '_' || s.type || '_allocation') END AS entity_type,
        ARRAY['employee_team_allocation', 'employee_project_allocation', 'team_project_allocation', 'contractor_team_allocation', 'contractor_project_allocation', 'vacancy_team_allocation', 'vacancy_project_allocation']::text[] AS types
   FROM (SELECT DISTINCT n.id FROM (SELECT c.entity_id AS id FROM changed c WHERE c.entity_type IN ('employee_team_allocation', 'employee_project_allocation', 'team_project_allocation', 'contractor_team_allocation', 'contractor_project_allocation', 'vacancy_team_allocation', 'vacancy_project_allocation')) n) x
   LEFT JOIN "assignments" s ON s.organization_id = $1 AND s.plan_id = (SELECT $2::varchar) AND s.id = x.id
   LEFT JOIN "assignments" l ON l.organization_id = $1 AND l.plan_id = (SELECT $3::varchar) AND l.id = x.id
  WHERE (s.id IS NOT NULL OR l.id IS NOT NULL)
    AND (s.id IS NULL OR l.id IS NULL OR (s."organization_id", s."id", s."created_at", s."type", s."target_id", s."employee_id", s."contractor_id", s."vacancy_id", s."team_id", s."fte", s."start_date", s."end_date", s."role") IS DISTINCT FROM (l."organization_id", l."id", l."created_at", l."type", l."target_id", l."employee_id", l."contractor_id", l."vacancy_id", l."team_id", l."fte", l."start_date", l."end_date", l."role"))
), picked AS (
  SELECT * FROM entries WHERE $5::text IS NULL OR entity_type = $5::text
)
SELECT t.total, t.types, p.part, p.id, p.change, p.entity_type,
       p.id IS NOT NULL AND EXISTS (
         SELECT 1 FROM record_changes c
          WHERE c.organization_id = $1 AND c.plan_id = $3 AND c.created_at > $4 AND NOT c.organization_level
            AND c.entity_id = p.id AND c.entity_type = ANY(p.types)) AS conflict
  FROM (SELECT count(*)::int AS total, array_agg(DISTINCT entity_type) AS types FROM picked) t
  LEFT JOIN LATERAL (SELECT * FROM picked ORDER BY (change = 'delete') DESC, CASE WHEN change = 'delete' THEN -part ELSE part END, id LIMIT $6 OFFSET $7) p ON true
 ORDER BY (p.change = 'delete') DESC, CASE WHEN p.change = 'delete' THEN -p.part ELSE p.part END, p.id;

-- ScenariosRepository.copyPlan
INSERT INTO "teams" ("organization_id", "plan_id", "id", "created_at", "updated_at", "name", "external_id", "description", "cost_centre_id", "value_stream_id", "parent_team_id") SELECT "organization_id", $1, "id", "created_at", "updated_at", "name", "external_id", "description", "cost_centre_id", "value_stream_id", "parent_team_id" FROM "teams" WHERE organization_id = $3 AND plan_id = $2;

-- ScenariosRepository.deleteRows
DELETE FROM "teams" WHERE organization_id = $3 AND plan_id = $1 AND id = ANY($2);

-- ScenariosRepository.rowsByPlan
SELECT * FROM "teams" WHERE "organization_id" = $1 AND "plan_id" = ANY($2) AND "id" = ANY($3);

-- ScenariosRepository.upsertRows
INSERT INTO "teams" ("organization_id", "plan_id", "id", "created_at", "updated_at", "name", "external_id", "description", "cost_centre_id", "value_stream_id", "parent_team_id") SELECT "organization_id", $1, "id", "created_at", "updated_at", "name", "external_id", "description", "cost_centre_id", "value_stream_id", "parent_team_id" FROM "teams" WHERE organization_id = $4 AND plan_id = $2 AND id = ANY($3)
ON CONFLICT (organization_id, plan_id, id) DO UPDATE SET "created_at" = EXCLUDED."created_at", "updated_at" = EXCLUDED."updated_at", "name" = EXCLUDED."name", "external_id" = EXCLUDED."external_id", "description" = EXCLUDED."description", "cost_centre_id" = EXCLUDED."cost_centre_id", "value_stream_id" = EXCLUDED."value_stream_id", "parent_team_id" = EXCLUDED."parent_team_id";
