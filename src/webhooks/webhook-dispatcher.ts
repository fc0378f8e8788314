import { BeforeApplicationShutdown, Inject, Injectable, OnApplicationBootstrap } from '@nestjs/common';
import { OnEvent } from '@nestjs/event-emitter';
import { randomUUID } from 'node:crypto';
import { logger } from '../common/logging/json-logger';
import { APP_CONFIG, AppConfig } from '../config/app-config';
import { DATABASE_RUNTIME, DatabaseRuntime } from '../database/database-runtime';
import { CHANGES_COMMITTED, ChangesCommittedEvent } from '../database/unit-of-work';
import { Metrics } from '../operations/metrics';
import { ResourceCatalog } from '../crud/resources';
import { isSuccess, Outcome, outcomesByOrganization } from './endpoint-status';
import { StartedRow, WebhookDeliveriesRepository } from './webhook-deliveries.repository';
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
/**
 * A pass starts at most this long after the one before it started: under a stream of writes, the commits of
 * that time go out in one pass (three statements) rather than one pass each. After a quiet spell a commit's
 * pass starts at once.
 */
export const PASS_INTERVAL_MS = 100;

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
  /**
   * The timer of a wake-up held back by PASS_INTERVAL_MS, and when the last pass started (`performance.now()`: a
   * monotonic clock, as a wall clock set back would hold passes back; a timer may fire early by the time the event
   * loop was busy, and then waits again for the rest).
   */
  private paced: NodeJS.Timeout | null = null;
  private passStartedAt = Number.NEGATIVE_INFINITY;
  private closing = false;
  private sweeping: Promise<void> | null = null;
  private inFlight = 0;
  private readonly sends = new Set<Promise<void>>();
  private slotWaiters: (() => void)[] = [];
  private pendingOutcomes: Outcome[] = [];
  private flushing: Promise<void> | null = null;
  private statements: Promise<void> = Promise.resolve();

  constructor(
    private readonly deliveries: WebhookDeliveriesRepository,
    private readonly client: WebhookHttpClient,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(DATABASE_RUNTIME) private readonly runtime: DatabaseRuntime,
    private readonly metrics: Metrics,
    private readonly catalog: ResourceCatalog,
  ) {
    metrics.measureWebhookBacklog(() => this.deliveries.backlog());
  }

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => void this.sweep(), this.config.webhookSweepIntervalMs);
    this.timer.unref();
    // Whatever an earlier run left behind is picked up now.
    void this.sweep();
  }

  async beforeApplicationShutdown(): Promise<void> {
    this.closing = true;
    if (this.timer) clearInterval(this.timer);
    if (this.paced) clearTimeout(this.paced);
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

  /** Starts a pass now, or once the running one is done and PASS_INTERVAL_MS has passed since it started. */
  wake(): void {
    if (this.closing) return;
    this.again = true;
    if (this.draining || this.paced) return;
    const wait = this.passStartedAt + PASS_INTERVAL_MS - performance.now();
    if (wait > 0) {
      this.paced = setTimeout(() => {
        this.paced = null;
        this.wake();
      }, wait);
      return;
    }
    this.passStartedAt = performance.now();
    this.draining = this.drain().finally(() => {
      this.draining = null;
      if (this.again) this.wake();
    });
  }

  /** The backstop: requeues stale claims, marks interrupted attempts, then runs a pass (old rows go by the retention purge). */
  sweep(): Promise<void> {
    if (this.closing) return Promise.resolve();
    this.sweeping ??= this.sweepOnce().finally(() => {
      this.sweeping = null;
    });
    return this.sweeping;
  }

  private async sweepOnce(): Promise<void> {
    try {
      await this.serial(() => this.deliveries.requeueStaleClaims(CLAIM_LEASE_SECONDS));
      await this.serial(() => this.deliveries.interruptStaleAttempts(ATTEMPT_STALE_SECONDS));
    } catch (error) {
      logger.write('error', 'webhook sweep failed', { cause: error instanceof Error ? error.message : String(error) });
    }
    this.wake();
  }

  /** Passes until the pending changes are claimed (a pass that claims a full batch is followed by another at once). */
  private async drain(): Promise<void> {
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
      if (claimed < CLAIM_BATCH_SIZE) return;
    }
  }

  /**
   * One pass: looks at the oldest pending changes, then per organization claims a batch and starts (and
   * sends) it. Returns the number of pending changes looked at (a full batch: there may be more).
   */
  async pass(): Promise<number> {
    const claimId = randomUUID();
    const pending = await this.serial(() => this.deliveries.pendingOrganizations(CLAIM_BATCH_SIZE));
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
    return this.serial(() => this.deliveries.claim(organizationId, claimId, limit));
  }

  /**
   * Starts the changes still held under `claimId` (a claim taken over after its lease starts nothing)
   * and sends them; returns the number of deliveries launched. Safe to run again: each change starts once.
   */
  async start(seqs: number[], claimId: string, organizationId: string): Promise<number> {
    const rows = await this.serial(() => this.deliveries.start(organizationId, seqs, claimId, this.catalog.viewPermissionsByType()));
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
      .then((result) => {
        this.metrics.webhookDelivery(target.integrationId ? 'push' : 'endpoint', isSuccess(result) ? 'delivered' : 'failed');
        this.recordOutcome({ changeSeq, ...target, result, finishedAt: new Date() });
      })
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
    for (const [organizationId, outcomes] of outcomesByOrganization(batch)) {
      await this.serial(() => this.deliveries.saveOutcomes(organizationId, outcomes));
    }
  }

  /**
   * Every statement of the dispatcher is a single statement outside any explicit transaction (each is
   * atomic by itself), retried on transient errors (`WebhookDeliveriesRepository`). On the embedded
   * database, whose connections share one backend session, they also run one at a time, so that they
   * never interleave with each other.
   */
  private serial<T>(statement: () => Promise<T>): Promise<T> {
    if (!this.runtime.isEmbedded) return statement();
    const run = this.statements.then(statement);
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
