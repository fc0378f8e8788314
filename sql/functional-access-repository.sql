-- Written by `npm run sql` (scripts/sql-queries.ts) from the @GenerateSql samples of the repository; do not edit.

-- FunctionalAccessRepository.activeUserByEmail
SELECT id FROM users WHERE organization_id = $1 AND email = lower($2) AND active;

-- FunctionalAccessRepository.deleteGrant
DELETE FROM functional_access_grants WHERE organization_id = $1 AND id = $2 RETURNING id;

-- FunctionalAccessRepository.directGrants
SELECT id, resource_type AS "resourceType", resource_id AS "resourceId", user_id AS "userId", access
FROM functional_access_grants WHERE organization_id = $1 AND functional_group_id = $2 ORDER BY id;

-- FunctionalAccessRepository.functionalGroupsEnabled
SELECT functional_groups_enabled AS enabled FROM organizations WHERE id = $1;

-- FunctionalAccessRepository.grants (all)
SELECT g.id, g.functional_group_id, g.resource_type, g.resource_id, g.user_id, u.name, u.email, g.access, g.created_at
 FROM functional_access_grants g JOIN users u ON u.id = g.user_id
WHERE g.organization_id = $1
ORDER BY u.name, u.email, g.id;

-- FunctionalAccessRepository.grants (of a user)
SELECT g.id, g.functional_group_id, g.resource_type, g.resource_id, g.user_id, u.name, u.email, g.access, g.created_at
 FROM functional_access_grants g JOIN users u ON u.id = g.user_id
WHERE g.organization_id = $1 AND g.user_id = $2
ORDER BY u.name, u.email, g.id;

-- FunctionalAccessRepository.groupOfGrant
SELECT functional_group_id FROM functional_access_grants WHERE organization_id = $1 AND id = $2;

-- FunctionalAccessRepository.livePerson (employee)
SELECT id, email FROM employees WHERE organization_id = $3 AND plan_id = $1 AND (id = $2 OR external_id = $2) ORDER BY (id = $2) DESC LIMIT 1;

-- FunctionalAccessRepository.livePerson (contractor by externalId)
SELECT id, email FROM contractors WHERE organization_id = $3 AND plan_id = $1 AND (id = $2 OR external_id = $2) ORDER BY (id = $2) DESC LIMIT 1;

-- FunctionalAccessRepository.lockGroup
SELECT pg_advisory_xact_lock(hashtext('functional_access:' || $1));

-- FunctionalAccessRepository.managesOn
WITH RECURSIVE up(id, depth) AS (
  SELECT $3::varchar, 0
  UNION ALL
  SELECT p.parent_group_id, up.depth + 1 FROM up
    JOIN functional_group_placements p ON p.organization_id = $4 AND p.plan_id = $1 AND p.group_id = up.id AND (p.start_date <= $2::date AND (p.end_date IS NULL OR p.end_date >= $2::date))
   WHERE p.parent_group_id IS NOT NULL AND up.depth < 1000)
SELECT EXISTS (SELECT 1 FROM functional_access_grants g
                WHERE g.organization_id = $4 AND g.user_id = $5 AND g.access = 'EDITOR' AND g.functional_group_id IN (SELECT id FROM up)) AS ok;

-- FunctionalAccessRepository.restrictedVisibility
SELECT functional_groups_restricted_visibility AS restricted FROM organizations WHERE id = $1;

-- FunctionalAccessRepository.upsertGrant
INSERT INTO functional_access_grants (id, organization_id, functional_group_id, user_id, resource_type, resource_id, access)
VALUES ($1, $2, $3, $4, $5, $6, $7)
ON CONFLICT (organization_id, functional_group_id, user_id)
DO UPDATE SET access = EXCLUDED.access, resource_type = EXCLUDED.resource_type, resource_id = EXCLUDED.resource_id, updated_at = EXCLUDED.updated_at
RETURNING id;

-- FunctionalAccessRepository.user
SELECT id, active FROM users WHERE organization_id = $1 AND id = $2;
