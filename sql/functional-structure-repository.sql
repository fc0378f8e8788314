-- Written by `npm run sql` (scripts/sql-queries.ts) from the @GenerateSql samples of the repository; do not edit.

-- FunctionalStructureRepository.childOutside
SELECT id, start_date AS "startDate", end_date AS "endDate" FROM "functional_positions" c
WHERE c.organization_id = $5 AND c.plan_id = $1 AND c.functional_group_id = $2
  AND (c.start_date < $3::date OR ($4::date IS NOT NULL AND (c.end_date IS NULL OR c.end_date > $4::date)))
ORDER BY c.start_date DESC LIMIT 1;

-- FunctionalStructureRepository.findAssignment
SELECT "FunctionalAssignmentEntity"."organization_id" AS "FunctionalAssignmentEntity_organization_id", "FunctionalAssignmentEntity"."plan_id" AS "FunctionalAssignmentEntity_plan_id", "FunctionalAssignmentEntity"."id" AS "FunctionalAssignmentEntity_id", "FunctionalAssignmentEntity"."created_at" AS "FunctionalAssignmentEntity_created_at", "FunctionalAssignmentEntity"."updated_at" AS "FunctionalAssignmentEntity_updated_at", "FunctionalAssignmentEntity"."functional_position_id" AS "FunctionalAssignmentEntity_functional_position_id", "FunctionalAssignmentEntity"."employee_id" AS "FunctionalAssignmentEntity_employee_id", "FunctionalAssignmentEntity"."contractor_id" AS "FunctionalAssignmentEntity_contractor_id", "FunctionalAssignmentEntity"."vacancy_id" AS "FunctionalAssignmentEntity_vacancy_id", "FunctionalAssignmentEntity"."fte" AS "FunctionalAssignmentEntity_fte", "FunctionalAssignmentEntity"."start_date" AS "FunctionalAssignmentEntity_start_date", "FunctionalAssignmentEntity"."end_date" AS "FunctionalAssignmentEntity_end_date" FROM "functional_assignments" "FunctionalAssignmentEntity" WHERE (("FunctionalAssignmentEntity"."organization_id" = $1) AND ("FunctionalAssignmentEntity"."plan_id" = $2) AND ("FunctionalAssignmentEntity"."id" = $3)) LIMIT 1;

-- FunctionalStructureRepository.findGroup
SELECT "FunctionalGroupEntity"."organization_id" AS "FunctionalGroupEntity_organization_id", "FunctionalGroupEntity"."plan_id" AS "FunctionalGroupEntity_plan_id", "FunctionalGroupEntity"."id" AS "FunctionalGroupEntity_id", "FunctionalGroupEntity"."created_at" AS "FunctionalGroupEntity_created_at", "FunctionalGroupEntity"."updated_at" AS "FunctionalGroupEntity_updated_at", "FunctionalGroupEntity"."name" AS "FunctionalGroupEntity_name", "FunctionalGroupEntity"."group_type" AS "FunctionalGroupEntity_group_type", "FunctionalGroupEntity"."description" AS "FunctionalGroupEntity_description", "FunctionalGroupEntity"."external_id" AS "FunctionalGroupEntity_external_id", "FunctionalGroupEntity"."start_date" AS "FunctionalGroupEntity_start_date", "FunctionalGroupEntity"."end_date" AS "FunctionalGroupEntity_end_date" FROM "functional_groups" "FunctionalGroupEntity" WHERE (("FunctionalGroupEntity"."organization_id" = $1) AND ("FunctionalGroupEntity"."plan_id" = $2) AND ("FunctionalGroupEntity"."id" = $3)) LIMIT 1;

-- FunctionalStructureRepository.findPosition
SELECT "FunctionalPositionEntity"."organization_id" AS "FunctionalPositionEntity_organization_id", "FunctionalPositionEntity"."plan_id" AS "FunctionalPositionEntity_plan_id", "FunctionalPositionEntity"."id" AS "FunctionalPositionEntity_id", "FunctionalPositionEntity"."created_at" AS "FunctionalPositionEntity_created_at", "FunctionalPositionEntity"."updated_at" AS "FunctionalPositionEntity_updated_at", "FunctionalPositionEntity"."functional_group_id" AS "FunctionalPositionEntity_functional_group_id", "FunctionalPositionEntity"."name" AS "FunctionalPositionEntity_name", "FunctionalPositionEntity"."description" AS "FunctionalPositionEntity_description", "FunctionalPositionEntity"."external_id" AS "FunctionalPositionEntity_external_id", "FunctionalPositionEntity"."job_role_id" AS "FunctionalPositionEntity_job_role_id", "FunctionalPositionEntity"."required_fte" AS "FunctionalPositionEntity_required_fte", "FunctionalPositionEntity"."start_date" AS "FunctionalPositionEntity_start_date", "FunctionalPositionEntity"."end_date" AS "FunctionalPositionEntity_end_date" FROM "functional_positions" "FunctionalPositionEntity" WHERE (("FunctionalPositionEntity"."organization_id" = $1) AND ("FunctionalPositionEntity"."plan_id" = $2) AND ("FunctionalPositionEntity"."id" = $3)) LIMIT 1;

-- FunctionalStructureRepository.firstDayOverCapacity
WITH occ AS (
  SELECT greatest(a.start_date, $3::date) AS s, least(COALESCE(a.end_date, 'infinity'::date), COALESCE($4::date, 'infinity'::date)) AS e, a.fte
    FROM functional_assignments a
   WHERE a.organization_id = $8 AND a.plan_id = $1 AND a.employee_id = $2 AND a.id IS DISTINCT FROM $6 AND (a.start_date <= COALESCE($4::date, 'infinity'::date) AND COALESCE(a.end_date, 'infinity'::date) >= $3::date)
  UNION ALL
  SELECT $3::date, COALESCE($4::date, 'infinity'::date), $5::numeric
)
SELECT to_char(p.s, 'YYYY-MM-DD') AS day, (SELECT sum(o.fte) FROM occ o WHERE o.s <= p.s AND o.e >= p.s)::text AS total
  FROM (SELECT DISTINCT s FROM occ) p
 WHERE (SELECT sum(o.fte) FROM occ o WHERE o.s <= p.s AND o.e >= p.s) > $7::numeric
 ORDER BY p.s
 LIMIT 1;

-- FunctionalStructureRepository.groupIdByExternalId
SELECT id FROM functional_groups WHERE organization_id = $3 AND plan_id = $1 AND external_id = $2;

-- FunctionalStructureRepository.lock
SELECT pg_advisory_xact_lock(hashtextextended($1, 0));

SELECT pg_advisory_xact_lock(hashtextextended($1, 0));

SELECT pg_advisory_xact_lock(hashtextextended($1, 0));

-- FunctionalStructureRepository.seatsHeldFrom
SELECT count(*)::int AS n FROM functional_assignments WHERE organization_id = $4 AND plan_id = $1 AND employee_id = $2 AND (end_date IS NULL OR end_date >= $3);

-- FunctionalStructureRepository.updateAssignment
UPDATE "functional_assignments" SET "end_date" = $1, "updated_at" = CURRENT_TIMESTAMP WHERE ("organization_id" = $2 AND "plan_id" = $3 AND "id" = $4);

-- FunctionalStructureRepository.updateGroup
UPDATE "functional_groups" SET "name" = $1, "updated_at" = CURRENT_TIMESTAMP WHERE ("organization_id" = $2 AND "plan_id" = $3 AND "id" = $4);

-- FunctionalStructureRepository.updatePosition
UPDATE "functional_positions" SET "name" = $1, "updated_at" = CURRENT_TIMESTAMP WHERE ("organization_id" = $2 AND "plan_id" = $3 AND "id" = $4);
