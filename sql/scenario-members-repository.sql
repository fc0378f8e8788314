-- Written by `npm run sql` (scripts/sql-queries.ts) from the @GenerateSql samples of the repository; do not edit.

-- ScenarioMembersRepository.find
SELECT "ScenarioMemberEntity"."id" AS "ScenarioMemberEntity_id", "ScenarioMemberEntity"."organization_id" AS "ScenarioMemberEntity_organization_id", "ScenarioMemberEntity"."scenario_id" AS "ScenarioMemberEntity_scenario_id", "ScenarioMemberEntity"."user_id" AS "ScenarioMemberEntity_user_id", "ScenarioMemberEntity"."role" AS "ScenarioMemberEntity_role", "ScenarioMemberEntity"."created_at" AS "ScenarioMemberEntity_created_at", "ScenarioMemberEntity"."updated_at" AS "ScenarioMemberEntity_updated_at" FROM "scenario_members" "ScenarioMemberEntity" WHERE (("ScenarioMemberEntity"."organization_id" = $1) AND ("ScenarioMemberEntity"."id" = $2)) LIMIT 1;

-- ScenarioMembersRepository.membership
SELECT "ScenarioMemberEntity"."id" AS "ScenarioMemberEntity_id", "ScenarioMemberEntity"."organization_id" AS "ScenarioMemberEntity_organization_id", "ScenarioMemberEntity"."scenario_id" AS "ScenarioMemberEntity_scenario_id", "ScenarioMemberEntity"."user_id" AS "ScenarioMemberEntity_user_id", "ScenarioMemberEntity"."role" AS "ScenarioMemberEntity_role", "ScenarioMemberEntity"."created_at" AS "ScenarioMemberEntity_created_at", "ScenarioMemberEntity"."updated_at" AS "ScenarioMemberEntity_updated_at" FROM "scenario_members" "ScenarioMemberEntity" WHERE (("ScenarioMemberEntity"."organization_id" = $1) AND ("ScenarioMemberEntity"."scenario_id" = $2) AND ("ScenarioMemberEntity"."user_id" = $3)) LIMIT 1;

-- ScenarioMembersRepository.ofScenario
SELECT "ScenarioMemberEntity"."id" AS "ScenarioMemberEntity_id", "ScenarioMemberEntity"."organization_id" AS "ScenarioMemberEntity_organization_id", "ScenarioMemberEntity"."scenario_id" AS "ScenarioMemberEntity_scenario_id", "ScenarioMemberEntity"."user_id" AS "ScenarioMemberEntity_user_id", "ScenarioMemberEntity"."role" AS "ScenarioMemberEntity_role", "ScenarioMemberEntity"."created_at" AS "ScenarioMemberEntity_created_at", "ScenarioMemberEntity"."updated_at" AS "ScenarioMemberEntity_updated_at" FROM "scenario_members" "ScenarioMemberEntity" WHERE (("ScenarioMemberEntity"."scenario_id" = $1) AND ("ScenarioMemberEntity"."organization_id" = $2)) ORDER BY "ScenarioMemberEntity"."created_at" ASC, "ScenarioMemberEntity"."id" ASC LIMIT 20 OFFSET 0;

-- ScenarioMembersRepository.page
SELECT "ScenarioMemberEntity"."id" AS "ScenarioMemberEntity_id", "ScenarioMemberEntity"."organization_id" AS "ScenarioMemberEntity_organization_id", "ScenarioMemberEntity"."scenario_id" AS "ScenarioMemberEntity_scenario_id", "ScenarioMemberEntity"."user_id" AS "ScenarioMemberEntity_user_id", "ScenarioMemberEntity"."role" AS "ScenarioMemberEntity_role", "ScenarioMemberEntity"."created_at" AS "ScenarioMemberEntity_created_at", "ScenarioMemberEntity"."updated_at" AS "ScenarioMemberEntity_updated_at" FROM "scenario_members" "ScenarioMemberEntity" WHERE (("ScenarioMemberEntity"."organization_id" = $1)) ORDER BY "ScenarioMemberEntity"."created_at" ASC, "ScenarioMemberEntity"."id" ASC LIMIT 20 OFFSET 0;

-- ScenarioMembersRepository.remove
DELETE FROM "scenario_members" WHERE ("organization_id" = $1 AND "id" = $2);

-- ScenarioMembersRepository.sharedWith
SELECT "ScenarioMemberEntity"."scenario_id" AS "ScenarioMemberEntity_scenario_id", "ScenarioMemberEntity"."id" AS "ScenarioMemberEntity_id", "ScenarioMemberEntity"."organization_id" AS "ScenarioMemberEntity_organization_id" FROM "scenario_members" "ScenarioMemberEntity" WHERE (("ScenarioMemberEntity"."organization_id" = $1) AND ("ScenarioMemberEntity"."user_id" = $2));

-- ScenarioMembersRepository.upsert
INSERT INTO scenario_members (id, organization_id, scenario_id, user_id, role) VALUES ($1, $2, $3, $4, $5)
ON CONFLICT (organization_id, scenario_id, user_id) DO UPDATE SET role = EXCLUDED.role, updated_at = EXCLUDED.updated_at
RETURNING id, organization_id AS "organizationId", scenario_id AS "scenarioId", user_id AS "userId", role,
          created_at AS "createdAt", updated_at AS "updatedAt";
