import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { configurerMayView, endpointWants, pushHookWants } from '../database/delivery-targets';
import type { ActorType, ChangeType } from '../database/entities/record-change.entity';
import { withRetry } from '../database/db-retry';
import { isSuccess, Outcome } from './endpoint-status';
import { GenerateSql } from '../common/generate-sql';

/** A started delivery: the change it carries and its target (an endpoint or an integration's push hook). */
export interface StartedRow {
  seq: number;
  event_id: string;
  organization_id: string;
  entity_type: string;
  entity_id: string;
  change_type: ChangeType;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  actor_type: ActorType;
  actor_id: string;
  actor_email: string | null;
  endpoint_id: string | null;
  integration_id: string | null;
  url: string;
  secret: string;
}

/** An organization with pending live changes, and how many of the changes looked at are its. */
export interface PendingOrganization {
  organization_id: string;
  changes: number;
}

/**
 * The organizations of the oldest pending live changes (at most $1 changes looked at), oldest first, with
 * how many of those changes each has. A read without locks: on Citus it is the one statement of a pass
 * that spans shards (docs/scale-out.md).
 */
const PENDING_SQL = `
  WITH pending AS (SELECT organization_id, seq FROM record_changes WHERE dispatch_status = 'PENDING' ORDER BY seq LIMIT $1)
  SELECT organization_id, count(*)::int AS changes FROM pending GROUP BY organization_id ORDER BY min(seq)`;

/**
 * Claim: lock a batch of one organization's pending live changes that no other pass holds, and mark them
 * with this pass's claim id (the organization named throughout, so that Citus routes it to one shard).
 */
const CLAIM_SQL = `
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
  SELECT seq FROM claimed`;

/**
 * Start: for the changes this pass still holds, in one statement, mark them DONE, fan them out to the
 * enabled endpoints of their organization whose entity and change types match, and to the enabled push
 * hooks of its integrations that match likewise (spec 04 §5.2: one more kind of target; read fresh:
 * configuration changes apply to the next pass), each only while whoever configured it may view the change's
 * entity type ($4, $5: the types and their view permissions; spec 03 §1.18), and write one SENDING delivery row per
 * pair, before anything is sent.
 */
const START_SQL = `
  WITH owned AS (
    UPDATE record_changes
       SET dispatch_status = 'DONE'
     WHERE organization_id = $3 AND seq = ANY($1::bigint[]) AND dispatch_status = 'DISPATCHING' AND dispatch_claim_id = $2
    RETURNING seq, event_id, organization_id, entity_type, entity_id, change_type, before, after,
              actor_type, actor_id, actor_email),
  fan AS (
    SELECT o.organization_id, o.seq, e.id AS endpoint_id, NULL::varchar AS integration_id, e.url::text AS url, e.secret::text AS secret
      FROM owned o
      JOIN webhook_endpoints e ON ${endpointWants('e', '$3', 'o.entity_type', 'o.change_type')}
       AND ${configurerMayView('e.configured_by_user_id', '$3', 'o.entity_type', '$4', '$5')}
    UNION ALL
    SELECT o.organization_id, o.seq, NULL::varchar, i.id, i.push_url::text, i.secret::text
      FROM owned o
      JOIN integrations i ON ${pushHookWants('i', '$3', 'o.entity_type', 'o.change_type')}
       AND ${configurerMayView('i.configured_by_user_id', '$3', 'o.entity_type', '$4', '$5')}),
  started AS (
    INSERT INTO webhook_deliveries (organization_id, change_seq, endpoint_id, integration_id, status, started_at)
    SELECT organization_id, seq, endpoint_id, integration_id, 'SENDING', now() FROM fan)
  SELECT o.*, f.endpoint_id, f.integration_id, f.url, f.secret
    FROM owned o JOIN fan f ON f.seq = o.seq
   ORDER BY o.seq`;

/** The sweep: claims older than the lease ($1 seconds) were left by a crash; their changes go back to PENDING. */
const REQUEUE_SQL = `UPDATE record_changes SET dispatch_status = 'PENDING', dispatch_claimed_at = NULL, dispatch_claim_id = NULL
          WHERE dispatch_status = 'DISPATCHING' AND dispatch_claimed_at < now() - make_interval(secs => $1)`;

/** The sweep: attempts older than $1 seconds cannot still be running; they are marked INTERRUPTED. */
const INTERRUPT_SQL = `UPDATE webhook_deliveries
            SET status = 'INTERRUPTED', finished_at = now(),
                error = 'Interrupted: the process sending it stopped; not sent again'
          WHERE status = 'SENDING' AND started_at < now() - make_interval(secs => $1)`;

/** The retention purge: up to $3 of organization $1's finished deliveries started before $2. */
const PURGE_SQL = `DELETE FROM webhook_deliveries
          WHERE organization_id = $1 AND id IN (
                SELECT id FROM webhook_deliveries
                 WHERE organization_id = $1 AND started_at < $2 AND status <> 'SENDING'
                 LIMIT $3)`;

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

/**
 * The backlog (spec 05 §2.1 `wfp_webhook_backlog`): live changes not yet dispatched, pending or claimed and
 * not started, in every organization. Each count reads its own partial index.
 */
const BACKLOG_SQL = `
  SELECT (SELECT count(*) FROM record_changes WHERE dispatch_status = 'PENDING')
       + (SELECT count(*) FROM record_changes WHERE dispatch_status = 'DISPATCHING') AS backlog`;

/**
 * The webhooks module's SQL beyond entity reads: the dispatcher's outbox claims on `record_changes`, the
 * delivery rows and the delivery status of endpoints and push hooks. Every method is one statement
 * outside any explicit transaction (each atomic by itself), retried on transient errors (`withRetry`).
 * All are routed by organization except the pending read and the sweep's two statements, which span
 * organizations without locking reads (docs/scale-out.md).
 */
@Injectable()
export class WebhookDeliveriesRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** The organizations of the oldest `limit` pending live changes, oldest first (no lock). */
  @GenerateSql({ params: () => [10] })
  pendingOrganizations(limit: number): Promise<PendingOrganization[]> {
    return this.query<PendingOrganization[]>(PENDING_SQL, [limit]);
  }

  /** Live changes not yet dispatched, in every organization (no lock; read by each metrics scrape). */
  @GenerateSql()
  async backlog(): Promise<number> {
    const [row] = await this.dataSource.query<{ backlog: string }[]>(BACKLOG_SQL);
    return Number(row.backlog);
  }

  /** Claims up to `limit` pending changes of the organization for `claimId` (`FOR UPDATE SKIP LOCKED`); returns their seqs. */
  @GenerateSql({ params: (s) => [s.organizationId, s.uuid, 100] })
  async claim(organizationId: string, claimId: string, limit: number): Promise<number[]> {
    const rows = await this.query<{ seq: number }[]>(CLAIM_SQL, [claimId, limit, organizationId]);
    return rows.map((r) => Number(r.seq));
  }

  /**
   * Marks the changes still held under `claimId` DONE and writes their SENDING deliveries; returns them with their
   * targets. `viewPermissions`: the permission that views each entity type (a configuring user must hold it).
   */
  @GenerateSql({ params: (s) => [s.organizationId, [1], s.uuid, new Map([['team', 'teams_view']])] })
  start(organizationId: string, seqs: number[], claimId: string, viewPermissions: ReadonlyMap<string, string>): Promise<StartedRow[]> {
    return this.query<StartedRow[]>(START_SQL, [seqs, claimId, organizationId, [...viewPermissions.keys()], [...viewPermissions.values()]]);
  }

  /** Sends claims older than `leaseSeconds` back to PENDING (every organization). */
  @GenerateSql({ params: () => [60] })
  async requeueStaleClaims(leaseSeconds: number): Promise<void> {
    await this.query(REQUEUE_SQL, [leaseSeconds]);
  }

  /** Marks attempts started more than `staleSeconds` ago INTERRUPTED (every organization). */
  @GenerateSql({ params: () => [60] })
  async interruptStaleAttempts(staleSeconds: number): Promise<void> {
    await this.query(INTERRUPT_SQL, [staleSeconds]);
  }

  /** Deletes up to `limit` of the organization's finished deliveries started before `before`; returns how many. */
  @GenerateSql({ params: (s) => [s.organizationId, s.now, 1000] })
  async purgeFinished(organizationId: string, before: Date, limit: number): Promise<number> {
    const [, count] = await this.query<[unknown[], number]>(PURGE_SQL, [organizationId, before, limit]);
    return count;
  }

  /** Writes one organization's outcomes (deliveries and tests) and the delivery status they decide, in one statement. */
  @GenerateSql({
    params: (s) => [
      s.organizationId,
      [
        {
          organizationId: s.organizationId,
          changeSeq: 1,
          endpointId: s.id,
          result: { status: 200, error: null, durationMs: 12 },
          finishedAt: s.now,
        },
      ],
    ],
  })
  async saveOutcomes(organizationId: string, outcomes: Outcome[]): Promise<void> {
    await this.query(SAVE_OUTCOMES_SQL, [
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

  private query<T>(sql: string, parameters: unknown[]): Promise<T> {
    return withRetry(() => this.dataSource.query<T>(sql, parameters));
  }
}
