-- Written by `npm run sql` (scripts/sql-queries.ts) from the @GenerateSql samples of the repository; do not edit.

-- RetentionRepository.advancePurged
UPDATE change_retention SET purged_through = $2, purged_before = GREATEST(purged_before, $3)
WHERE organization_id = $1 AND purged_through < $2;

-- RetentionRepository.claim
INSERT INTO change_retention (organization_id, purged_through, lease_until) VALUES ($1, 0, $3)
ON CONFLICT (organization_id) DO UPDATE SET lease_until = EXCLUDED.lease_until
 WHERE change_retention.lease_until IS NULL OR change_retention.lease_until <= $2
RETURNING purged_through;

-- RetentionRepository.deleteLiveChanges
DELETE FROM record_changes
WHERE organization_id = $1 AND seq IN (
      SELECT seq FROM record_changes WHERE organization_id = $1 AND commit_seq <= $2 LIMIT $3);

-- RetentionRepository.deletePlanChanges
DELETE FROM record_changes
WHERE organization_id = $1 AND seq IN (
      SELECT seq FROM record_changes
       WHERE organization_id = $1 AND plan_id = ANY($2) AND commit_seq IS NULL AND created_at < $3 LIMIT $4);

-- RetentionRepository.firstKept
SELECT commit_seq FROM record_changes
WHERE organization_id = $1 AND commit_seq > $2
  AND (created_at >= $3 OR dispatch_status IN ('PENDING', 'DISPATCHING'))
ORDER BY commit_seq LIMIT 1;

-- RetentionRepository.lastCommitted
SELECT max(commit_seq) AS last FROM record_changes WHERE organization_id = $1 AND commit_seq IS NOT NULL;

-- RetentionRepository.release
UPDATE change_retention SET lease_until = NULL WHERE organization_id = $1 AND lease_until = $2;
