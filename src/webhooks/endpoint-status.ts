import type { PostResult } from './webhook-http-client';

/**
 * The outcome of one POST: a delivery (with the change it carried) or a test connection (no change),
 * to a webhook endpoint or to an integration's push hook (exactly one of the two ids is set).
 */
export interface Outcome {
  organizationId: string;
  changeSeq: number | null;
  endpointId: string | null;
  integrationId?: string | null;
  result: PostResult;
  finishedAt: Date;
}

export type Query = (sql: string, parameters: unknown[]) => Promise<unknown>;

export function isSuccess(result: PostResult): boolean {
  return result.status !== null && result.status >= 200 && result.status < 300;
}

/**
 * One statement, no explicit transaction: closes the delivery rows (SENDING -> SENT or FAILED) and
 * applies document 02's "Webhook endpoint delivery status": the last delivery or test decides, a 2xx
 * makes the endpoint HEALTHY and anything else FAILING. "Last" is by finishing time, so an older
 * outcome written late never overwrites a newer one. Endpoint rows are locked in id order, so two
 * instances writing outcomes for the same endpoints cannot deadlock. An integration's push hook gets the
 * same from its last delivery: `lastPushStatus` OK or FAILED, and `lastError` (prefixed `Push: `).
 */
const SAVE_OUTCOMES_SQL = `
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
  SELECT (SELECT count(*) FROM d) AS deliveries, (SELECT count(*) FROM u) AS endpoints, (SELECT count(*) FROM iu) AS integrations`;

/** Writes outcomes one statement per organization (each names its organization, for Citus: docs/scale-out.md). */
export async function saveOutcomes(query: Query, outcomes: Outcome[]): Promise<void> {
  const byOrganization = new Map<string, Outcome[]>();
  for (const outcome of outcomes) {
    const list = byOrganization.get(outcome.organizationId);
    if (list) list.push(outcome);
    else byOrganization.set(outcome.organizationId, [outcome]);
  }
  for (const [organizationId, list] of byOrganization) await saveOrganizationOutcomes(query, organizationId, list);
}

async function saveOrganizationOutcomes(query: Query, organizationId: string, outcomes: Outcome[]): Promise<void> {
  await query(SAVE_OUTCOMES_SQL, [
    outcomes.map((o) => o.changeSeq),
    outcomes.map((o) => o.endpointId),
    outcomes.map((o) => (isSuccess(o.result) ? 'SENT' : 'FAILED')),
    outcomes.map((o) => o.result.status),
    outcomes.map((o) => (isSuccess(o.result) ? null : (o.result.error ?? 'Failed').slice(0, 500))),
    outcomes.map((o) => o.finishedAt.toISOString()),
    outcomes.map((o) => o.result.durationMs),
    outcomes.map((o) => o.integrationId ?? null),
    organizationId,
  ]);
}
