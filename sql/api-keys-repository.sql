-- Written by `npm run sql` (scripts/sql-queries.ts) from the @GenerateSql samples of the repository; do not edit.

-- ApiKeysRepository.find
SELECT "ApiKeyEntity"."id" AS "ApiKeyEntity_id", "ApiKeyEntity"."organization_id" AS "ApiKeyEntity_organization_id", "ApiKeyEntity"."user_id" AS "ApiKeyEntity_user_id", "ApiKeyEntity"."name" AS "ApiKeyEntity_name", "ApiKeyEntity"."prefix" AS "ApiKeyEntity_prefix", "ApiKeyEntity"."key_hash" AS "ApiKeyEntity_key_hash", "ApiKeyEntity"."permissions" AS "ApiKeyEntity_permissions", "ApiKeyEntity"."expires_at" AS "ApiKeyEntity_expires_at", "ApiKeyEntity"."revoked_at" AS "ApiKeyEntity_revoked_at", "ApiKeyEntity"."created_at" AS "ApiKeyEntity_created_at" FROM "api_keys" "ApiKeyEntity" WHERE (("ApiKeyEntity"."organization_id" = $1) AND ("ApiKeyEntity"."id" = $2)) LIMIT 1;

-- ApiKeysRepository.page
SELECT "ApiKeyEntity"."id" AS "ApiKeyEntity_id", "ApiKeyEntity"."organization_id" AS "ApiKeyEntity_organization_id", "ApiKeyEntity"."user_id" AS "ApiKeyEntity_user_id", "ApiKeyEntity"."name" AS "ApiKeyEntity_name", "ApiKeyEntity"."prefix" AS "ApiKeyEntity_prefix", "ApiKeyEntity"."key_hash" AS "ApiKeyEntity_key_hash", "ApiKeyEntity"."permissions" AS "ApiKeyEntity_permissions", "ApiKeyEntity"."expires_at" AS "ApiKeyEntity_expires_at", "ApiKeyEntity"."revoked_at" AS "ApiKeyEntity_revoked_at", "ApiKeyEntity"."created_at" AS "ApiKeyEntity_created_at" FROM "api_keys" "ApiKeyEntity" WHERE (("ApiKeyEntity"."organization_id" = $1)) ORDER BY "ApiKeyEntity"."created_at" ASC, "ApiKeyEntity"."id" ASC LIMIT 20 OFFSET 0;

-- ApiKeysRepository.remove
DELETE FROM "api_keys" WHERE ("organization_id" = $1 AND "id" = $2);

-- ApiKeysRepository.revoke
UPDATE "api_keys" SET "revoked_at" = $1 WHERE ("id" = $2 AND "organization_id" = $3 AND "revoked_at" IS NULL);
