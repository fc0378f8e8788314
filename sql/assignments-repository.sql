-- Written by `npm run sql` (scripts/sql-queries.ts) from the @GenerateSql samples of the repository; do not edit.

-- AssignmentsRepository.activeOfHolders
SELECT * FROM "assignments" WHERE "organization_id" = $1 AND "plan_id" = $2 AND "employee_id" = ANY($3) AND "start_date" <= $4 AND ("end_date" IS NULL OR "end_date" >= $4) ORDER BY "type" DESC, "start_date" ASC;

-- AssignmentsRepository.activeOnProject
SELECT count(*)::int AS n FROM assignments
WHERE organization_id = $4 AND plan_id = $1 AND type = 'project' AND target_id = $2 AND (end_date IS NULL OR end_date >= $3);

-- AssignmentsRepository.deleteOnProject
DELETE FROM assignments WHERE organization_id = $3 AND plan_id = $1 AND type = 'project' AND target_id = $2;

-- AssignmentsRepository.openOfVacancy
SELECT "a"."organization_id" AS "a_organization_id", "a"."plan_id" AS "a_plan_id", "a"."id" AS "a_id", "a"."created_at" AS "a_created_at", "a"."updated_at" AS "a_updated_at", "a"."type" AS "a_type", "a"."target_id" AS "a_target_id", "a"."employee_id" AS "a_employee_id", "a"."contractor_id" AS "a_contractor_id", "a"."vacancy_id" AS "a_vacancy_id", "a"."team_id" AS "a_team_id", "a"."fte" AS "a_fte", "a"."start_date" AS "a_start_date", "a"."end_date" AS "a_end_date", "a"."role" AS "a_role" FROM "assignments" "a" WHERE "a"."organization_id" = $1 AND "a"."plan_id" = $2 AND "a"."vacancy_id" = $3 AND ("a"."end_date" IS NULL OR "a"."end_date" >= $4) ORDER BY "a"."start_date" ASC FOR UPDATE;
