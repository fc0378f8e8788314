-- Written by `npm run sql` (scripts/sql-queries.ts) from the @GenerateSql samples of the repository; do not edit.

-- ReadingsRepository.page (unfiltered)
SELECT count(*) AS total FROM business_metric_readings r WHERE r.organization_id = $1 AND r.metric_id = $2;

SELECT r.metric_id, r.source_id, s.name AS source_name, r.period_start, r.period_end, r.value, r.ai_value,
      r.external_ref, r.note, r.created_at, r.updated_at
 FROM business_metric_readings r
 JOIN business_metric_sources s ON s.organization_id = r.organization_id AND s.id = r.source_id
WHERE r.organization_id = $1 AND r.metric_id = $2
ORDER BY r.period_start, r.source_id
LIMIT $3 OFFSET $4;

-- ReadingsRepository.page (filtered)
SELECT count(*) AS total FROM business_metric_readings r WHERE r.organization_id = $1 AND r.metric_id = $2 AND r.source_id = $3 AND r.period_end >= $4 AND r.period_start <= $5;

SELECT r.metric_id, r.source_id, s.name AS source_name, r.period_start, r.period_end, r.value, r.ai_value,
      r.external_ref, r.note, r.created_at, r.updated_at
 FROM business_metric_readings r
 JOIN business_metric_sources s ON s.organization_id = r.organization_id AND s.id = r.source_id
WHERE r.organization_id = $1 AND r.metric_id = $2 AND r.source_id = $3 AND r.period_end >= $4 AND r.period_start <= $5
ORDER BY r.period_start, r.source_id
LIMIT $6 OFFSET $7;

-- ReadingsRepository.recordFeedFailure
WITH metric AS (
  SELECT id, key FROM business_metrics
   WHERE organization_id = $1 AND (id = $2 OR key = $2)
   ORDER BY (id = $2) DESC
   LIMIT 1
)
INSERT INTO business_metric_sources AS s (id, organization_id, metric_id, name, feed_status, last_error_message, last_error_at)
SELECT $3, $1, metric.id, $4, 'FAILING', $5, now() FROM metric
ON CONFLICT (organization_id, metric_id, lower(name)) DO UPDATE
  SET feed_status = 'FAILING', last_error_message = EXCLUDED.last_error_message, last_error_at = EXCLUDED.last_error_at
RETURNING s.id;

-- ReadingsRepository.upsert
WITH metric AS (
  SELECT id, key FROM business_metrics
   WHERE organization_id = $1 AND (id = $2 OR key = $2)
   ORDER BY (id = $2) DESC
   LIMIT 1
),
source AS (
  INSERT INTO business_metric_sources AS s (id, organization_id, metric_id, name, feed_status, last_push_at)
  SELECT $3, $1, metric.id, $4, 'HEALTHY', now() FROM metric
  ON CONFLICT (organization_id, metric_id, lower(name)) DO UPDATE SET feed_status = 'HEALTHY', last_push_at = EXCLUDED.last_push_at
  RETURNING s.id, s.name, s.metric_id
),
written AS (
  INSERT INTO business_metric_readings AS r
    (source_id, period_start, period_end, organization_id, metric_id, value, ai_value, external_ref, note)
  SELECT source.id, u.period_start, u.period_end, $1, source.metric_id, u.value, u.ai_value, u.external_ref, u.note
    FROM source,
         unnest($5::date[], $6::date[], $7::numeric[], $8::numeric[], $9::text[], $10::text[])
           AS u(period_start, period_end, value, ai_value, external_ref, note)
  ON CONFLICT (organization_id, source_id, period_start) DO UPDATE
    SET period_end = EXCLUDED.period_end, value = EXCLUDED.value, ai_value = EXCLUDED.ai_value,
        external_ref = EXCLUDED.external_ref, note = EXCLUDED.note, updated_at = EXCLUDED.updated_at
  RETURNING 1
)
SELECT metric.id AS metric_id, metric.key AS metric_key, source.id AS source_id, source.name AS source_name,
       (SELECT count(*) FROM written) AS rows
  FROM metric JOIN source ON true;
