-- Written by `npm run sql` (scripts/sql-queries.ts) from the @GenerateSql samples of the repository; do not edit.

-- PersonalDataRepository.changesHolding
SELECT seq, dispatch_status, before, after FROM record_changes
WHERE organization_id = $1 AND (strpos(before::text, $2) > 0 OR strpos(after::text, $2) > 0)
ORDER BY seq;

-- PersonalDataRepository.eraseRows
UPDATE "employees" SET "first_name" = $4, "updated_at" = $3
WHERE organization_id = $1 AND "id" = $2 AND ("first_name" IS DISTINCT FROM $4);

-- PersonalDataRepository.hasHistory
SELECT 1 FROM record_changes WHERE organization_id = $1 AND entity_type = ANY($2) AND entity_id = $3 LIMIT 1;

-- PersonalDataRepository.rewriteChanges
UPDATE record_changes c SET before = u.before::jsonb, after = u.after::jsonb
 FROM unnest($2::bigint[], $3::text[], $4::text[]) AS u(seq, before, after)
WHERE c.organization_id = $1 AND c.seq = u.seq;

-- PersonalDataRepository.rowsOf
SELECT "EmployeeEntity"."organization_id" AS "EmployeeEntity_organization_id", "EmployeeEntity"."plan_id" AS "EmployeeEntity_plan_id", "EmployeeEntity"."id" AS "EmployeeEntity_id", "EmployeeEntity"."created_at" AS "EmployeeEntity_created_at", "EmployeeEntity"."updated_at" AS "EmployeeEntity_updated_at", "EmployeeEntity"."external_id" AS "EmployeeEntity_external_id", "EmployeeEntity"."first_name" AS "EmployeeEntity_first_name", "EmployeeEntity"."last_name" AS "EmployeeEntity_last_name", "EmployeeEntity"."name" AS "EmployeeEntity_name", "EmployeeEntity"."email" AS "EmployeeEntity_email", "EmployeeEntity"."internal_employee_id" AS "EmployeeEntity_internal_employee_id", "EmployeeEntity"."start_date" AS "EmployeeEntity_start_date", "EmployeeEntity"."end_date" AS "EmployeeEntity_end_date", "EmployeeEntity"."notice_date" AS "EmployeeEntity_notice_date", "EmployeeEntity"."manager_id" AS "EmployeeEntity_manager_id", "EmployeeEntity"."job_role_id" AS "EmployeeEntity_job_role_id", "EmployeeEntity"."work_type_id" AS "EmployeeEntity_work_type_id", "EmployeeEntity"."geography_id" AS "EmployeeEntity_geography_id", "EmployeeEntity"."default_currency_code" AS "EmployeeEntity_default_currency_code", "EmployeeEntity"."cost_centre_id" AS "EmployeeEntity_cost_centre_id", "EmployeeEntity"."fte" AS "EmployeeEntity_fte" FROM "employees" "EmployeeEntity" WHERE (("EmployeeEntity"."organization_id" = $1) AND ("EmployeeEntity"."id" = $2)) FOR UPDATE;
