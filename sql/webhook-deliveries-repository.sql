-- Written by `npm run sql` (scripts/sql-queries.ts) from the @GenerateSql samples of the repository; do not edit.

-- WebhookDeliveriesRepository.backlog
SELECT (SELECT count(*) FROM record_changes WHERE dispatch_status = 'PENDING')
+ (SELECT count(*) FROM record_changes WHERE dispatch_status = 'DISPATCHING') AS backlog;

-- WebhookDeliveriesRepository.claim
WITH claimed AS (
  UPDATE record_changes
     SET dispatch_status = 'DISPATCHING', dispatch_claimed_at = now(), dispatch_claim_id = $1
   WHERE organization_id = $3
     AND seq IN (SELECT seq FROM record_changes
                  WHERE organization_id = $3 AND dispatch_status = 'PENDING'
                  ORDER BY seq
                  LIMIT $2
                  FOR UPDATE SKIP LOCKED)
  RETURNING seq)
SELECT seq FROM claimed;

-- WebhookDeliveriesRepository.interruptStaleAttempts
UPDATE webhook_deliveries
  SET status = 'INTERRUPTED', finished_at = now(),
      error = 'Interrupted: the process sending it stopped; not sent again'
WHERE status = 'SENDING' AND started_at < now() - make_interval(secs => $1);

-- WebhookDeliveriesRepository.pendingOrganizations
WITH pending AS (SELECT organization_id, seq FROM record_changes WHERE dispatch_status = 'PENDING' ORDER BY seq LIMIT $1)
SELECT organization_id, count(*)::int AS changes FROM pending GROUP BY organization_id ORDER BY min(seq);

-- WebhookDeliveriesRepository.purgeFinished
DELETE FROM webhook_deliveries
WHERE organization_id = $1 AND id IN (
      SELECT id FROM webhook_deliveries
       WHERE organization_id = $1 AND started_at < $2 AND status <> 'SENDING'
       LIMIT $3);

-- WebhookDeliveriesRepository.requeueStaleClaims
UPDATE record_changes SET dispatch_status = 'PENDING', dispatch_claimed_at = NULL, dispatch_claim_id = NULL
WHERE dispatch_status = 'DISPATCHING' AND dispatch_claimed_at < now() - make_interval(secs => $1);

-- WebhookDeliveriesRepository.saveOutcomes
WITH o AS (
  SELECT * FROM unnest($1::bigint[], $2::varchar[], $3::varchar[], $4::int[], $5::varchar[], $6::timestamptz[], $7::int[], $8::varchar[])
         AS o(change_seq, endpoint_id, status, response_status, error, finished_at, duration_ms, integration_id)),
d AS (
  UPDATE webhook_deliveries w
     SET status = o.status, response_status = o.response_status, error = o.error,
         finished_at = o.finished_at, duration_ms = o.duration_ms
    FROM o
   WHERE w.organization_id = $9 AND w.change_seq = o.change_seq AND (w.endpoint_id = o.endpoint_id OR w.integration_id = o.integration_id)
     AND w.status = 'SENDING'
  RETURNING 1),
l AS (
  SELECT DISTINCT ON (endpoint_id) endpoint_id, status, finished_at, response_status, error
    FROM o WHERE endpoint_id IS NOT NULL ORDER BY endpoint_id, finished_at DESC),
li AS (
  SELECT DISTINCT ON (integration_id) integration_id, status, finished_at, error
    FROM o WHERE integration_id IS NOT NULL ORDER BY integration_id, finished_at DESC),
ilocked AS (
  SELECT i.id FROM integrations i WHERE i.organization_id = $9 AND i.id IN (SELECT integration_id FROM li) ORDER BY i.id FOR UPDATE),
iu AS (
  UPDATE integrations i
     SET last_push_status = CASE WHEN li.status = 'SENT' THEN 'OK' ELSE 'FAILED' END,
         last_push_at = li.finished_at,
         last_error = CASE WHEN li.status <> 'SENT' THEN left('Push: ' || li.error, 1000)
                           WHEN i.last_error LIKE 'Push: %' THEN NULL ELSE i.last_error END
    FROM li, ilocked
   WHERE i.organization_id = $9 AND i.id = li.integration_id AND ilocked.id = i.id
     AND (i.last_push_at IS NULL OR i.last_push_at <= li.finished_at)
  RETURNING 1),
locked AS (
  SELECT e.id FROM webhook_endpoints e WHERE e.organization_id = $9 AND e.id IN (SELECT endpoint_id FROM l) ORDER BY e.id FOR UPDATE),
u AS (
  UPDATE webhook_endpoints e
     SET delivery_status = CASE WHEN l.status = 'SENT' THEN 'HEALTHY' ELSE 'FAILING' END,
         last_delivery_at = l.finished_at, last_response_status = l.response_status, last_error = l.error
    FROM l, locked
   WHERE e.organization_id = $9 AND e.id = l.endpoint_id AND locked.id = e.id
     AND (e.last_delivery_at IS NULL OR e.last_delivery_at <= l.finished_at)
  RETURNING 1)
SELECT (SELECT count(*) FROM d) AS deliveries, (SELECT count(*) FROM u) AS endpoints, (SELECT count(*) FROM iu) AS integrations;

-- WebhookDeliveriesRepository.start
WITH owned AS (
  UPDATE record_changes
     SET dispatch_status = 'DONE'
   WHERE organization_id = $3 AND seq = ANY($1::bigint[]) AND dispatch_status = 'DISPATCHING' AND dispatch_claim_id = $2
  RETURNING seq, event_id, organization_id, entity_type, entity_id, change_type, before, after,
            actor_type, actor_id, actor_email),
fan AS (
  SELECT o.organization_id, o.seq, e.id AS endpoint_id, NULL::varchar AS integration_id, e.url::text AS url, e.secret::text AS secret
    FROM owned o
    JOIN webhook_endpoints e ON e.organization_id = $3 AND e.enabled AND o.entity_type = ANY(e.entity_types) AND o.change_type = ANY(e.event_types)
     AND (e.configured_by_user_id IS NULL OR EXISTS (SELECT 1 FROM users cu WHERE cu.organization_id = $3 AND cu.id = e.configured_by_user_id AND cu.active AND ('*' = ANY(cu.permissions) OR NOT EXISTS (SELECT 1 FROM unnest($4::text[], $5::text[]) vp(t, p) WHERE vp.t = o.entity_type AND NOT vp.p = ANY(cu.permissions)))))
  UNION ALL
  SELECT o.organization_id, o.seq, NULL::varchar, i.id, i.push_url::text, i.secret::text
    FROM owned o
    JOIN integrations i ON i.organization_id = $3 AND i.push_enabled AND i.push_url IS NOT NULL AND o.entity_type = ANY(i.push_entity_types) AND o.change_type = ANY(i.push_event_types)
     AND (i.configured_by_user_id IS NULL OR EXISTS (SELECT 1 FROM users cu WHERE cu.organization_id = $3 AND cu.id = i.configured_by_user_id AND cu.active AND ('*' = ANY(cu.permissions) OR NOT EXISTS (SELECT 1 FROM unnest($4::text[], $5::text[]) vp(t, p) WHERE vp.t = o.entity_type AND NOT vp.p = ANY(cu.permissions)))))),
started AS (
  INSERT INTO webhook_deliveries (organization_id, change_seq, endpoint_id, integration_id, status, started_at)
  SELECT organization_id, seq, endpoint_id, integration_id, 'SENDING', now() FROM fan)
SELECT o.*, f.endpoint_id, f.integration_id, f.url, f.secret
  FROM owned o JOIN fan f ON f.seq = o.seq
 ORDER BY o.seq;
