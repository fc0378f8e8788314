-- Written by `npm run sql` (scripts/sql-queries.ts) from the @GenerateSql samples of the repository; do not edit.

-- ChangesRepository.page
SELECT k.seq AS horizon, COALESCE(p.purged_through, 0) AS purged, c.commit_seq,
      json_build_object(
        'id', c.event_id,
        'timestamp', to_char(c.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
        'entity_type', c.entity_type,
        'entity_id', c.entity_id,
        'change_type', c.change_type,
        'initiator', CASE WHEN c.actor_type = 'user' AND c.actor_email <> ''
                          THEN json_build_object('type', c.actor_type, 'id', c.actor_id, 'email', c.actor_email)
                          ELSE json_build_object('type', c.actor_type, 'id', c.actor_id) END,
        'organization_id', k.organization_id,
        'before', c.before,
        'after', c.after,
        'cursor', translate(rtrim(encode(convert_to(c.commit_seq::text || $5, 'UTF8'), 'base64'), '='), '+/', '-_'))::text AS change
 FROM change_clocks k
 LEFT JOIN change_retention p ON p.organization_id = $1
 LEFT JOIN LATERAL (
   SELECT r.commit_seq, r.event_id, r.created_at, r.entity_type, r.entity_id, r.change_type,
          r.actor_type, r.actor_id, r.actor_email, r.before, r.after
     FROM record_changes r
    WHERE r.organization_id = $1 AND r.commit_seq > GREATEST($2::bigint, COALESCE(p.purged_through, 0)) AND r.entity_type = ANY($3::text[])
    ORDER BY r.commit_seq
    LIMIT $4) c ON true
WHERE k.organization_id = $1
ORDER BY c.commit_seq;
