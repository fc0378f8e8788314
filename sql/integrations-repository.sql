-- Written by `npm run sql` (scripts/sql-queries.ts) from the @GenerateSql samples of the repository; do not edit.

-- IntegrationsRepository.claimDue
WITH claimed AS (
UPDATE integrations
   SET pull_running_until = now() + make_interval(secs => $2), pull_run_id = $1,
       pull_next_at = ((now()) AT TIME ZONE 'UTC' + make_interval(mins => pull_interval_minutes)) AT TIME ZONE 'UTC'
 WHERE organization_id = $4
   AND id IN (SELECT id FROM integrations
               WHERE organization_id = $4 AND id = ANY($3::varchar[])
                 AND pull_enabled AND pull_url IS NOT NULL AND pull_next_at <= now()
                 AND (pull_running_until IS NULL OR pull_running_until < now())
               FOR UPDATE SKIP LOCKED)
   AND (pull_running_until IS NULL OR pull_running_until < now())
RETURNING id, organization_id)
SELECT id, organization_id FROM claimed;

-- IntegrationsRepository.claimOne
WITH claimed AS (
UPDATE integrations
   SET pull_running_until = now() + make_interval(secs => $2), pull_run_id = $1,
       pull_next_at = ((now()) AT TIME ZONE 'UTC' + make_interval(mins => pull_interval_minutes)) AT TIME ZONE 'UTC'
 WHERE id = $3 AND organization_id = $4 AND pull_enabled AND pull_url IS NOT NULL
   AND (pull_running_until IS NULL OR pull_running_until < now())
RETURNING id, organization_id)
SELECT id, organization_id FROM claimed;

-- IntegrationsRepository.due
SELECT id, organization_id FROM integrations
WHERE pull_enabled AND pull_url IS NOT NULL AND pull_next_at <= now()
  AND (pull_running_until IS NULL OR pull_running_until < now())
ORDER BY pull_next_at
LIMIT $1;

-- IntegrationsRepository.eraseFromErrors
SELECT id, last_error FROM integrations
WHERE organization_id = $1 AND EXISTS (SELECT 1 FROM unnest($2::text[]) AS n(needle) WHERE strpos(last_error, n.needle) > 0);

-- IntegrationsRepository.find
SELECT "IntegrationEntity"."id" AS "IntegrationEntity_id", "IntegrationEntity"."organization_id" AS "IntegrationEntity_organization_id", "IntegrationEntity"."name" AS "IntegrationEntity_name", "IntegrationEntity"."act_as_user_id" AS "IntegrationEntity_act_as_user_id", "IntegrationEntity"."configured_by_user_id" AS "IntegrationEntity_configured_by_user_id", "IntegrationEntity"."secret" AS "IntegrationEntity_secret", "IntegrationEntity"."push_url" AS "IntegrationEntity_push_url", "IntegrationEntity"."push_entity_types" AS "IntegrationEntity_push_entity_types", "IntegrationEntity"."push_event_types" AS "IntegrationEntity_push_event_types", "IntegrationEntity"."push_enabled" AS "IntegrationEntity_push_enabled", "IntegrationEntity"."pull_url" AS "IntegrationEntity_pull_url", "IntegrationEntity"."pull_entity_type" AS "IntegrationEntity_pull_entity_type", "IntegrationEntity"."pull_interval_minutes" AS "IntegrationEntity_pull_interval_minutes", "IntegrationEntity"."pull_enabled" AS "IntegrationEntity_pull_enabled", "IntegrationEntity"."pull_next_at" AS "IntegrationEntity_pull_next_at", "IntegrationEntity"."pull_running_until" AS "IntegrationEntity_pull_running_until", "IntegrationEntity"."pull_run_id" AS "IntegrationEntity_pull_run_id", "IntegrationEntity"."last_push_at" AS "IntegrationEntity_last_push_at", "IntegrationEntity"."last_push_status" AS "IntegrationEntity_last_push_status", "IntegrationEntity"."last_pull_at" AS "IntegrationEntity_last_pull_at", "IntegrationEntity"."last_pull_status" AS "IntegrationEntity_last_pull_status", "IntegrationEntity"."last_pull_result" AS "IntegrationEntity_last_pull_result", "IntegrationEntity"."last_error" AS "IntegrationEntity_last_error", "IntegrationEntity"."created_at" AS "IntegrationEntity_created_at", "IntegrationEntity"."updated_at" AS "IntegrationEntity_updated_at" FROM "integrations" "IntegrationEntity" WHERE (("IntegrationEntity"."organization_id" = $1) AND ("IntegrationEntity"."id" = $2)) LIMIT 1;

-- IntegrationsRepository.finish
UPDATE integrations
  SET pull_running_until = NULL, pull_run_id = NULL, last_pull_at = now(), last_pull_status = $3,
      last_pull_result = $4::jsonb,
      last_error = CASE WHEN $5::text IS NOT NULL THEN left('Pull: ' || $5::text, 1000)
                        WHEN last_error LIKE 'Pull: %' THEN NULL ELSE last_error END
WHERE id = $1 AND organization_id = $6 AND pull_run_id = $2;

-- IntegrationsRepository.page
SELECT "IntegrationEntity"."id" AS "IntegrationEntity_id", "IntegrationEntity"."organization_id" AS "IntegrationEntity_organization_id", "IntegrationEntity"."name" AS "IntegrationEntity_name", "IntegrationEntity"."act_as_user_id" AS "IntegrationEntity_act_as_user_id", "IntegrationEntity"."configured_by_user_id" AS "IntegrationEntity_configured_by_user_id", "IntegrationEntity"."secret" AS "IntegrationEntity_secret", "IntegrationEntity"."push_url" AS "IntegrationEntity_push_url", "IntegrationEntity"."push_entity_types" AS "IntegrationEntity_push_entity_types", "IntegrationEntity"."push_event_types" AS "IntegrationEntity_push_event_types", "IntegrationEntity"."push_enabled" AS "IntegrationEntity_push_enabled", "IntegrationEntity"."pull_url" AS "IntegrationEntity_pull_url", "IntegrationEntity"."pull_entity_type" AS "IntegrationEntity_pull_entity_type", "IntegrationEntity"."pull_interval_minutes" AS "IntegrationEntity_pull_interval_minutes", "IntegrationEntity"."pull_enabled" AS "IntegrationEntity_pull_enabled", "IntegrationEntity"."pull_next_at" AS "IntegrationEntity_pull_next_at", "IntegrationEntity"."pull_running_until" AS "IntegrationEntity_pull_running_until", "IntegrationEntity"."pull_run_id" AS "IntegrationEntity_pull_run_id", "IntegrationEntity"."last_push_at" AS "IntegrationEntity_last_push_at", "IntegrationEntity"."last_push_status" AS "IntegrationEntity_last_push_status", "IntegrationEntity"."last_pull_at" AS "IntegrationEntity_last_pull_at", "IntegrationEntity"."last_pull_status" AS "IntegrationEntity_last_pull_status", "IntegrationEntity"."last_pull_result" AS "IntegrationEntity_last_pull_result", "IntegrationEntity"."last_error" AS "IntegrationEntity_last_error", "IntegrationEntity"."created_at" AS "IntegrationEntity_created_at", "IntegrationEntity"."updated_at" AS "IntegrationEntity_updated_at" FROM "integrations" "IntegrationEntity" WHERE (("IntegrationEntity"."organization_id" = $1)) ORDER BY "IntegrationEntity"."created_at" ASC, "IntegrationEntity"."id" ASC LIMIT 20 OFFSET 0;

-- IntegrationsRepository.remove
DELETE FROM "integrations" WHERE ("organization_id" = $1 AND "id" = $2);

-- IntegrationsRepository.setSecret
UPDATE "integrations" SET "secret" = $1, "updated_at" = CURRENT_TIMESTAMP WHERE ("organization_id" = $2 AND "id" = $3);
