-- Written by `npm run sql` (scripts/sql-queries.ts) from the @GenerateSql samples of the repository; do not edit.

-- UsersRepository.existing
SELECT id FROM users WHERE organization_id = $1 AND id = ANY($2);

-- UsersRepository.exists
SELECT 1 AS "row_exists" FROM (SELECT 1 AS dummy_column) "dummy_table" WHERE EXISTS (SELECT 1 FROM "users" "UserEntity" WHERE (("UserEntity"."id" = $1) AND ("UserEntity"."organization_id" = $2))) LIMIT 1;

-- UsersRepository.find
SELECT "UserEntity"."id" AS "UserEntity_id", "UserEntity"."organization_id" AS "UserEntity_organization_id", "UserEntity"."email" AS "UserEntity_email", "UserEntity"."name" AS "UserEntity_name", "UserEntity"."permissions" AS "UserEntity_permissions", "UserEntity"."active" AS "UserEntity_active", "UserEntity"."created_at" AS "UserEntity_created_at", "UserEntity"."updated_at" AS "UserEntity_updated_at" FROM "users" "UserEntity" WHERE (("UserEntity"."organization_id" = $1) AND ("UserEntity"."id" = $2)) LIMIT 1;

-- UsersRepository.page
SELECT "UserEntity"."id" AS "UserEntity_id", "UserEntity"."organization_id" AS "UserEntity_organization_id", "UserEntity"."email" AS "UserEntity_email", "UserEntity"."name" AS "UserEntity_name", "UserEntity"."permissions" AS "UserEntity_permissions", "UserEntity"."active" AS "UserEntity_active", "UserEntity"."created_at" AS "UserEntity_created_at", "UserEntity"."updated_at" AS "UserEntity_updated_at" FROM "users" "UserEntity" WHERE (("UserEntity"."organization_id" = $1)) ORDER BY "UserEntity"."created_at" ASC, "UserEntity"."id" ASC LIMIT 20 OFFSET 0;

-- UsersRepository.remove
DELETE FROM "users" WHERE ("organization_id" = $1 AND "id" = $2);
