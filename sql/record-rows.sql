-- Written by `npm run sql` (scripts/sql-queries.ts) from the @GenerateSql samples of the repository; do not edit.

-- RecordRows.chainUp
WITH RECURSIVE up(id, parent, depth) AS (
  SELECT id, "parent_team_id", 0 FROM "teams" WHERE organization_id = $3 AND "plan_id" = $1 AND id = $2
  UNION ALL
  SELECT r.id, r."parent_team_id", up.depth + 1 FROM "teams" r
    JOIN up ON r.organization_id = $3 AND r."plan_id" = $1 AND r.id = up.parent
   WHERE up.depth < 1000)
SELECT id FROM up ORDER BY depth;

-- RecordRows.deleteIds
DELETE FROM "teams" WHERE ("organization_id" = $1 AND "plan_id" = $2 AND "id" IN ($3));

-- RecordRows.findForWrite
SELECT r.* FROM unnest($1::varchar[]) AS k(id) CROSS JOIN LATERAL (SELECT * FROM "teams" WHERE "organization_id" = $2 AND "plan_id" = $3 AND "id" = k.id FOR UPDATE) AS r;

-- RecordRows.findOne (read)
SELECT * FROM "teams" WHERE "organization_id" = $1 AND "plan_id" = $2 AND "id" = $3 LIMIT 1;

-- RecordRows.findOne (locked)
SELECT * FROM "teams" WHERE "organization_id" = $1 AND "plan_id" = $2 AND "id" = $3 LIMIT 1 FOR UPDATE;

-- RecordRows.findWhere
SELECT * FROM "teams" WHERE "organization_id" = $1 AND "plan_id" = $2 AND "id" = ANY($3);

-- RecordRows.hasLoop
WITH RECURSIVE up(start, id, depth) AS (
  SELECT r.id, r."parent_team_id", 1 FROM "teams" r
   WHERE r.organization_id = $3 AND r."plan_id" = $1 AND r.id = ANY($2) AND r."parent_team_id" IS NOT NULL
  UNION ALL
  SELECT up.start, r."parent_team_id", up.depth + 1 FROM up
    JOIN "teams" r ON r.organization_id = $3 AND r."plan_id" = $1 AND r.id = up.id
   WHERE r."parent_team_id" IS NOT NULL AND up.id <> up.start AND up.depth < 1000)
SELECT 1 FROM up WHERE id = start LIMIT 1;

-- RecordRows.insert
INSERT INTO "teams" ("organization_id", "plan_id", "id", "name") VALUES ($1, $2, $3, $4) RETURNING *;

-- RecordRows.updateIds
UPDATE "teams" SET "updated_at" = $1 WHERE ("organization_id" = $2 AND "plan_id" = $3 AND "id" IN ($4));

-- RecordRows.writeChanges
UPDATE "teams" AS t SET "name" = v."name", "updated_at" = CURRENT_TIMESTAMP FROM (VALUES ($1::varchar, $2::varchar)) AS v("id", "name") CROSS JOIN LATERAL (SELECT ctid FROM "teams" WHERE "organization_id" = $3 AND "plan_id" = $4 AND "id" = v."id" OFFSET 0) AS k WHERE t.ctid = k.ctid AND t."organization_id" = $3 AND t."plan_id" = $4 RETURNING t.*;
