-- Written by `npm run sql` (scripts/sql-queries.ts) from the @GenerateSql samples of the repository; do not edit.

-- AccessRepository.keyByPrefix
SELECT k.id, k.organization_id, k.key_hash, k.permissions, k.expires_at, k.revoked_at,
      u.id AS user_id, u.organization_id AS user_org, u.email AS user_email, u.active AS user_active,
      u.permissions AS user_permissions
 FROM api_keys k
 JOIN users u ON u.id = k.user_id
WHERE k.prefix = $1;
