import { BeforeApplicationShutdown, Inject, Injectable, OnApplicationBootstrap } from '@nestjs/common';
import { OnEvent } from '@nestjs/event-emitter';
import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { logger } from '../common/logging/json-logger';
import { APP_CONFIG, AppConfig } from '../config/app-config';
import { DATABASE_RUNTIME } from '../database/database.module';
import { DatabaseRuntime } from '../database/database-runtime';
import { endpointWants, pushHookWants } from '../database/delivery-targets';
import type { ActorType, ChangeType } from '../database/entities/record-change.entity';
import { CHANGES_COMMITTED, ChangesCommittedEvent } from '../database/unit-of-work';
import { withRetry } from './db-retry';
import { Outcome, saveOutcomes } from './endpoint-status';
import { deliveryHeaders, eventBody, initiatorOf, WebhookEvent } from './webhook-event';
import { WebhookHttpClient } from './webhook-http-client';

/** Changes claimed per pass. */
export const CLAIM_BATCH_SIZE = 200;
/** Deliveries in flight at once in this process; the claim loop waits for a free slot. */
export const MAX_IN_FLIGHT = 1_000;
/** A claim with nothing sent that is older than this was left by a crash: the change goes back to PENDING. */
export const CLAIM_LEASE_SECONDS = 30;
/**
 * An attempt (SENDING) older than this cannot still be running in a live process (its deadline is 5 s,
 * WEBHOOK_TIMEOUT_MS):
 * its process died mid-attempt, so it is marked INTERRUPTED and never sent again.
 */
export const ATTEMPT_STALE_SECONDS = 60;
/** Finished delivery rows are internal bookkeeping; they are pruned after this many days. */
export const DELIVERY_RETENTION_DAYS = 7;

interface StartedRow {
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
 * configuration changes apply to the next pass), and write one SENDING delivery row per pair, before
 * anything is sent.
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
    UNION ALL
    SELECT o.organization_id, o.seq, NULL::varchar, i.id, i.push_url::text, i.secret::text
      FROM owned o
      JOIN integrations i ON ${pushHookWants('i', '$3', 'o.entity_type', 'o.change_type')}),
  started AS (
    INSERT INTO webhook_deliveries (organization_id, change_seq, endpoint_id, integration_id, status, started_at)
    SELECT organization_id, seq, endpoint_id, integration_id, 'SENDING', now() FROM fan)
  SELECT o.*, f.endpoint_id, f.integration_id, f.url, f.secret
    FROM owned o JOIN fan f ON f.seq = o.seq
   ORDER BY o.seq`;

/**
 * The webhook dispatcher (DESIGN.md mechanism 4). Woken after every commit that recorded live changes,
 * and by a periodic sweep. Each pass claims pending changes (`FOR UPDATE SKIP LOCKED`, so instances
 * share the work), records the attempts, then POSTs each event to each matching endpoint once, signed,
 * with a 5 s deadline, and records the outcome on the delivery row and the endpoint. No retries.
 * Crash semantics are in docs/decisions.md ("Webhooks").
 */
@Injectable()
export class WebhookDispatcher implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private timer: NodeJS.Timeout | null = null;
  private draining: Promise<void> | null = null;
  private again = false;
  private closing = false;
  private sweeping: Promise<void> | null = null;
  private inFlight = 0;
  private readonly sends = new Set<Promise<void>>();
  private slotWaiters: (() => void)[] = [];
  private pendingOutcomes: Outcome[] = [];
  private flushing: Promise<void> | null = null;
  private statements: Promise<void> = Promise.resolve();

  constructor(
    private readonly dataSource: DataSource,
    private readonly client: WebhookHttpClient,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(DATABASE_RUNTIME) private readonly runtime: DatabaseRuntime,
  ) {}

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => void this.sweep(), this.config.webhookSweepIntervalMs);
    this.timer.unref();
    // Whatever an earlier run left behind is picked up now.
    void this.sweep();
  }

  async beforeApplicationShutdown(): Promise<void> {
    this.closing = true;
    if (this.timer) clearInterval(this.timer);
    for (const wake of this.slotWaiters.splice(0)) wake();
    await this.draining;
    await this.sweeping;
    await Promise.allSettled([...this.sends]);
    while (this.flushing) await this.flushing;
    this.client.close();
  }

  @OnEvent(CHANGES_COMMITTED)
  onChangesCommitted(event: ChangesCommittedEvent): void {
    if (event.live) this.wake();
  }

  /** Starts a pass now, or another right after the running one. */
  wake(): void {
    if (this.closing) return;
    this.again = true;
    if (this.draining) return;
    this.draining = this.drain().finally(() => {
      this.draining = null;
      if (this.again) this.wake();
    });
  }

  /** The backstop: requeues stale claims, marks interrupted attempts, prunes old rows, then runs a pass. */
  sweep(): Promise<void> {
    if (this.closing) return Promise.resolve();
    this.sweeping ??= this.sweepOnce().finally(() => {
      this.sweeping = null;
    });
    return this.sweeping;
  }

  private async sweepOnce(): Promise<void> {
    try {
      await this.query(
        `UPDATE record_changes SET dispatch_status = 'PENDING', dispatch_claimed_at = NULL, dispatch_claim_id = NULL
          WHERE dispatch_status = 'DISPATCHING' AND dispatch_claimed_at < now() - make_interval(secs => $1)`,
        [CLAIM_LEASE_SECONDS],
      );
      await this.query(
        `UPDATE webhook_deliveries
            SET status = 'INTERRUPTED', finished_at = now(),
                error = 'Interrupted: the process sending it stopped; not sent again'
          WHERE status = 'SENDING' AND started_at < now() - make_interval(secs => $1)`,
        [ATTEMPT_STALE_SECONDS],
      );
      await this.query(
        `DELETE FROM webhook_deliveries
          WHERE id IN (
                SELECT id FROM webhook_deliveries
                 WHERE started_at < now() - make_interval(days => $1) AND status <> 'SENDING'
                 LIMIT 5000)`,
        [DELIVERY_RETENTION_DAYS],
      );
    } catch (error) {
      logger.write('error', 'webhook sweep failed', { cause: error instanceof Error ? error.message : String(error) });
    }
    this.wake();
  }

  private async drain(): Promise<void> {
    while (this.again && !this.closing) {
      this.again = false;
      for (;;) {
        while (this.inFlight >= MAX_IN_FLIGHT && !this.closing) await new Promise<void>((resolve) => this.slotWaiters.push(resolve));
        if (this.closing) return;
        let claimed: number;
        try {
          claimed = await this.pass();
        } catch (error) {
          // The database is unwell: stop here; the sweep tries again.
          this.again = false;
          logger.write('error', 'webhook dispatch pass failed', { cause: error instanceof Error ? error.message : String(error) });
          return;
        }
        if (claimed < CLAIM_BATCH_SIZE) break;
      }
    }
  }

  /**
   * One pass: looks at the oldest pending changes, then per organization claims a batch and starts (and
   * sends) it. Returns the number of pending changes looked at (a full batch: there may be more).
   */
  async pass(): Promise<number> {
    const claimId = randomUUID();
    const pending = await this.query<{ organization_id: string; changes: number }[]>(PENDING_SQL, [CLAIM_BATCH_SIZE]);
    let seen = 0;
    for (const { organization_id: organizationId, changes } of pending) {
      seen += changes;
      const seqs = await this.claim(claimId, changes, organizationId);
      if (seqs.length) await this.start(seqs, claimId, organizationId);
    }
    return seen;
  }

  /** Claims up to `limit` pending changes of the organization for `claimId`; returns their seqs. Nothing is sent yet. */
  async claim(claimId: string, limit: number, organizationId: string): Promise<number[]> {
    const rows = await this.query<{ seq: number }[]>(CLAIM_SQL, [claimId, limit, organizationId]);
    return rows.map((r) => Number(r.seq));
  }

  /**
   * Starts the changes still held under `claimId` (a claim taken over after its lease starts nothing)
   * and sends them; returns the number of deliveries launched. Safe to run again: each change starts once.
   */
  async start(seqs: number[], claimId: string, organizationId: string): Promise<number> {
    const rows = await this.query<StartedRow[]>(START_SQL, [seqs, claimId, organizationId]);
    this.send(rows);
    return rows.length;
  }

  private send(rows: StartedRow[]): void {
    let event: WebhookEvent | null = null;
    let body: Buffer | null = null;
    const timestamp = new Date().toISOString();
    for (const row of rows) {
      if (!event || event.id !== row.event_id) {
        event = {
          id: row.event_id,
          timestamp,
          entity_type: row.entity_type,
          entity_id: row.entity_id,
          change_type: row.change_type,
          initiator: initiatorOf(row.actor_type, row.actor_id, row.actor_email),
          organization_id: row.organization_id,
          before: row.before,
          after: row.after,
        };
        body = eventBody(event);
      }
      const target = { organizationId: row.organization_id, endpointId: row.endpoint_id, integrationId: row.integration_id };
      this.launch(Number(row.seq), target, row.url, body!, deliveryHeaders(row.event_id, row.secret, body!));
    }
  }

  private launch(
    changeSeq: number,
    target: Pick<Outcome, 'organizationId' | 'endpointId' | 'integrationId'>,
    url: string,
    body: Buffer,
    headers: Record<string, string>,
  ): void {
    this.inFlight++;
    const sending: Promise<void> = this.client
      .post(url, body, headers)
      .then((result) => this.recordOutcome({ changeSeq, ...target, result, finishedAt: new Date() }))
      .finally(() => {
        this.inFlight--;
        this.sends.delete(sending);
        this.slotWaiters.shift()?.();
      });
    this.sends.add(sending);
  }

  /** Outcomes are written in batches: whatever finished while the previous write ran goes in the next. */
  private recordOutcome(outcome: Outcome): void {
    this.pendingOutcomes.push(outcome);
    this.flushOutcomes();
  }

  private flushOutcomes(): void {
    if (this.flushing) return;
    this.flushing = (async () => {
      while (this.pendingOutcomes.length) {
        const batch = this.pendingOutcomes.splice(0, 2_000);
        try {
          await this.writeOutcomes(batch);
        } catch (error) {
          // The attempts stay SENDING and the sweep marks them INTERRUPTED: never sent again either way.
          logger.write('error', 'webhook outcomes not recorded', {
            count: batch.length,
            cause: error instanceof Error ? error.message : String(error),
          });
        }
      }
    })().finally(() => {
      this.flushing = null;
      if (this.pendingOutcomes.length) this.flushOutcomes();
    });
  }

  private async writeOutcomes(batch: Outcome[]): Promise<void> {
    await saveOutcomes((sql, parameters) => this.query(sql, parameters), batch);
  }

  /**
   * Every statement of the dispatcher is a single statement outside any explicit transaction (each is
   * atomic by itself), retried on transient errors. On the embedded database, whose connections share
   * one backend session, they also run one at a time, so that they never interleave with each other.
   */
  private query<T>(sql: string, parameters: unknown[]): Promise<T> {
    if (!this.runtime.isEmbedded) return withRetry(() => this.dataSource.query<T>(sql, parameters));
    const run = this.statements.then(() => withRetry(() => this.dataSource.query<T>(sql, parameters)));
    this.statements = run.then(
      () => undefined,
      () => undefined,
    );
    return run;
  }

  /** For tests: resolves when nothing is being sent or recorded. */
  async idle(): Promise<void> {
    while (this.draining || this.sends.size || this.flushing) {
      await Promise.allSettled([this.draining, ...this.sends, this.flushing]);
    }
  }
}
