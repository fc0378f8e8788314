/**
 * The reading intake's SQL, on its own so that the benchmark's baseline (bench/readings-baseline.ts)
 * sends exactly the statement the service sends.
 */

/** The organization's metric with that id, or else with that key ($1 organization, $2 key or id). */
const METRIC_CTE = `metric AS (
    SELECT id, key FROM business_metrics
     WHERE organization_id = $1 AND (id = $2 OR key = $2)
     ORDER BY (id = $2) DESC
     LIMIT 1
  )`;

/**
 * The whole accepted push in one statement (one round trip, atomic): find the metric, find or create
 * the source (case-insensitive name) and mark its feed healthy, and upsert every reading from arrays.
 * No row back means no such metric.
 */
export const READINGS_UPSERT_SQL = `
  WITH ${METRIC_CTE},
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
          external_ref = EXCLUDED.external_ref, note = EXCLUDED.note, updated_at = now()
    RETURNING 1
  )
  SELECT metric.id AS metric_id, metric.key AS metric_key, source.id AS source_id, source.name AS source_name,
         (SELECT count(*) FROM written) AS rows
    FROM metric JOIN source ON true`;

/**
 * A push refused for a rule-3 reason, recorded against the source (created FAILING when it is new).
 * Its own statement, committed before the 400 goes out. `paused` and `lastPushAt` are left alone.
 */
export const FEED_FAILURE_SQL = `
  WITH ${METRIC_CTE}
  INSERT INTO business_metric_sources AS s (id, organization_id, metric_id, name, feed_status, last_error_message, last_error_at)
  SELECT $3, $1, metric.id, $4, 'FAILING', $5, now() FROM metric
  ON CONFLICT (organization_id, metric_id, lower(name)) DO UPDATE
    SET feed_status = 'FAILING', last_error_message = EXCLUDED.last_error_message, last_error_at = EXCLUDED.last_error_at
  RETURNING s.id`;
