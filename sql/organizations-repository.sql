-- Written by `npm run sql` (scripts/sql-queries.ts) from the @GenerateSql samples of the repository; do not edit.

-- OrganizationsRepository.exists
SELECT 1 FROM organizations WHERE id = $1;

-- OrganizationsRepository.find
SELECT "OrganizationEntity"."id" AS "OrganizationEntity_id", "OrganizationEntity"."name" AS "OrganizationEntity_name", "OrganizationEntity"."reporting_currency" AS "OrganizationEntity_reporting_currency", "OrganizationEntity"."functional_groups_enabled" AS "OrganizationEntity_functional_groups_enabled", "OrganizationEntity"."functional_groups_restricted_visibility" AS "OrganizationEntity_functional_groups_restricted_visibility", "OrganizationEntity"."notice_period_days" AS "OrganizationEntity_notice_period_days", "OrganizationEntity"."change_retention_days" AS "OrganizationEntity_change_retention_days", "OrganizationEntity"."delivery_retention_days" AS "OrganizationEntity_delivery_retention_days", "OrganizationEntity"."forecast_assumptions" AS "OrganizationEntity_forecast_assumptions", "OrganizationEntity"."scenario_approval" AS "OrganizationEntity_scenario_approval", "OrganizationEntity"."created_at" AS "OrganizationEntity_created_at", "OrganizationEntity"."updated_at" AS "OrganizationEntity_updated_at" FROM "organizations" "OrganizationEntity" WHERE (("OrganizationEntity"."id" = $1)) LIMIT 1;

-- OrganizationsRepository.forecastAssumptions
SELECT o.forecast_assumptions AS organization,
     (SELECT p.assumptions FROM plans p WHERE p.organization_id = $1 AND p.id = $2) AS plan
FROM organizations o WHERE o.id = $1;

-- OrganizationsRepository.livePlanId
SELECT p.id AS live_plan_id FROM organizations o JOIN plans p ON p.organization_id = o.id AND p.kind = 'LIVE' WHERE o.id = $1;

-- OrganizationsRepository.lockAndCount
LOCK TABLE organizations IN EXCLUSIVE MODE;

SELECT count(*)::int AS count FROM organizations;

-- OrganizationsRepository.organizationWithUser
SELECT o.id FROM organizations o JOIN users u ON u.organization_id = o.id
WHERE o.name = $1 AND u.email = $2 ORDER BY o.created_at LIMIT 1;

-- OrganizationsRepository.page
SELECT "OrganizationEntity"."id" AS "OrganizationEntity_id", "OrganizationEntity"."name" AS "OrganizationEntity_name", "OrganizationEntity"."reporting_currency" AS "OrganizationEntity_reporting_currency", "OrganizationEntity"."functional_groups_enabled" AS "OrganizationEntity_functional_groups_enabled", "OrganizationEntity"."functional_groups_restricted_visibility" AS "OrganizationEntity_functional_groups_restricted_visibility", "OrganizationEntity"."notice_period_days" AS "OrganizationEntity_notice_period_days", "OrganizationEntity"."change_retention_days" AS "OrganizationEntity_change_retention_days", "OrganizationEntity"."delivery_retention_days" AS "OrganizationEntity_delivery_retention_days", "OrganizationEntity"."forecast_assumptions" AS "OrganizationEntity_forecast_assumptions", "OrganizationEntity"."scenario_approval" AS "OrganizationEntity_scenario_approval", "OrganizationEntity"."created_at" AS "OrganizationEntity_created_at", "OrganizationEntity"."updated_at" AS "OrganizationEntity_updated_at" FROM "organizations" "OrganizationEntity" ORDER BY "OrganizationEntity"."created_at" ASC, "OrganizationEntity"."id" ASC LIMIT 20 OFFSET 0;

-- OrganizationsRepository.reportingCurrency
SELECT reporting_currency FROM organizations WHERE id = $1;

-- OrganizationsRepository.retentionSettings
SELECT id, change_retention_days, delivery_retention_days FROM organizations WHERE id > $1 ORDER BY id LIMIT $2;

-- OrganizationsRepository.scenarioAccess
SELECT p.id, p.status, p.forked_at, p.visibility, p.owner_user_id, m.role AS member_role, u.permissions AS user_permissions, u.active AS user_active
 FROM plans p
 LEFT JOIN scenario_members m ON m.organization_id = $2 AND m.scenario_id = p.id AND m.user_id = $3
 LEFT JOIN users u ON u.organization_id = $2 AND u.id = $3
WHERE p.id = $1 AND p.organization_id = $2 AND p.kind = 'SCENARIO';

-- OrganizationsRepository.update
UPDATE "organizations" SET "name" = $1, "updated_at" = CURRENT_TIMESTAMP WHERE "id" = $2;

-- OrganizationsRepository.user
SELECT id, email, active, permissions FROM users WHERE id = $1 AND organization_id = $2;

-- OrganizationsRepository.userActive
SELECT active FROM users WHERE id = $1 AND organization_id = $2;

-- OrganizationsRepository.userPermissions
SELECT permissions, active FROM users WHERE id = $1 AND organization_id = $2;

-- OrganizationsRepository.userWithLivePlan
SELECT u.permissions, u.active, p.id AS live_plan_id
 FROM users u JOIN plans p ON p.organization_id = u.organization_id AND p.kind = 'LIVE'
WHERE u.id = $1 AND u.organization_id = $2;
