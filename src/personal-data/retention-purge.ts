import { BeforeApplicationShutdown, Injectable, OnModuleInit } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { logger } from '../common/logging/json-logger';
import { OrganizationsRepository, RetentionSettings } from '../organizations/organizations.repository';
import { ScenarioPlansRepository } from '../scenarios/scenarios.repository';
import { WebhookDeliveriesRepository } from '../webhooks/webhook-deliveries.repository';
import { RetentionRepository } from './retention.repository';

/** How often each instance runs a purge pass. */
export const RETENTION_PURGE_INTERVAL_MS = 60 * 60 * 1000;
/** Rows deleted per statement. */
export const RETENTION_BATCH_SIZE = 1000;
/** How long a pass holds an organization: another instance's pass skips it meanwhile (a pass that died frees it then). */
export const RETENTION_LEASE_MS = 15 * 60 * 1000;
/** Organizations read per page of the pass. */
const ORGANIZATIONS_PAGE = 100;
const DAY_MS = 24 * 60 * 60 * 1000;

/** What one pass removed. */
export interface PurgeResult {
  organizations: number;
  changes: number;
  deliveries: number;
}

/**
 * The retention purge (docs/architecture.md, "Personal data"): every hour, per organization, it deletes the
 * changes older than `changeRetentionDays` and the finished deliveries older than `deliveryRetentionDays`,
 * in batches, one statement per batch. One instance at a time purges an organization (a lease on its commit
 * clock row). The live changes go as a prefix of the commit order, never past a change not yet dispatched
 * nor past the fork of an OPEN scenario (its merge reads the live changes since its fork; `RETENTION_PINNING_STATUSES`,
 * spec 03 §1.22: a LOCKED or MERGED one holds nothing); a scenario's own changes go only once it is merged.
 * `purge(now)` takes its clock from the caller.
 */
@Injectable()
export class RetentionPurge implements OnModuleInit, BeforeApplicationShutdown {
  private timer?: NodeJS.Timeout;
  private running: Promise<PurgeResult> | null = null;
  private closing = false;

  constructor(
    private readonly dataSource: DataSource,
    private readonly organizations: OrganizationsRepository,
    private readonly scenarios: ScenarioPlansRepository,
    private readonly deliveries: WebhookDeliveriesRepository,
    private readonly changes: RetentionRepository,
  ) {}

  onModuleInit(): void {
    this.timer = setInterval(
      () => void this.purge().catch((error: unknown) => warn('retention purge failed', error)),
      RETENTION_PURGE_INTERVAL_MS,
    );
    this.timer.unref();
  }

  async beforeApplicationShutdown(): Promise<void> {
    this.closing = true;
    clearInterval(this.timer);
    await this.running?.catch(() => undefined);
  }

  /** One pass over every organization, as at `now` (one pass at a time in this instance: a second call joins it). */
  purge(now = new Date(), batchSize = RETENTION_BATCH_SIZE): Promise<PurgeResult> {
    this.running ??= this.pass(now, batchSize).finally(() => {
      this.running = null;
    });
    return this.running;
  }

  private async pass(now: Date, batchSize: number): Promise<PurgeResult> {
    const result: PurgeResult = { organizations: 0, changes: 0, deliveries: 0 };
    let after = '';
    while (!this.closing) {
      const page = await this.organizations.retentionSettings(this.dataSource.manager, after, ORGANIZATIONS_PAGE);
      for (const organization of page) {
        if (this.closing) break;
        try {
          await this.purgeOrganization(organization, now, batchSize, result);
        } catch (error) {
          warn('retention purge of an organization failed', error, organization.id);
        }
      }
      if (page.length < ORGANIZATIONS_PAGE) break;
      after = page[page.length - 1].id;
    }
    return result;
  }

  private async purgeOrganization(organization: RetentionSettings, now: Date, batchSize: number, result: PurgeResult): Promise<void> {
    const leaseUntil = new Date(now.getTime() + RETENTION_LEASE_MS);
    const purged = await this.changes.claim(organization.id, now, leaseUntil);
    if (purged === null) return;
    try {
      result.organizations++;
      if (organization.change_retention_days !== null) {
        result.changes += await this.purgeChanges(organization.id, purged, daysBefore(now, organization.change_retention_days), batchSize);
      }
      const before = daysBefore(now, organization.delivery_retention_days);
      result.deliveries += await this.batches(batchSize, () => this.deliveries.purgeFinished(organization.id, before, batchSize));
    } finally {
      await this.changes.release(organization.id, leaseUntil);
    }
  }

  /** The live changes before the horizon (a prefix of the commit order), then merged scenarios' old changes. */
  private async purgeChanges(organizationId: string, purged: string, cutoff: Date, batchSize: number): Promise<number> {
    const pins = await this.scenarios.retentionPins({ organizationId, em: this.dataSource.manager });
    const horizon = pins.pinnedSince && pins.pinnedSince < cutoff ? pins.pinnedSince : cutoff;
    const firstKept = await this.changes.firstKept(organizationId, purged, horizon);
    const through = firstKept === null ? await this.changes.lastCommitted(organizationId) : String(BigInt(firstKept) - 1n);
    if (BigInt(through) > BigInt(purged)) await this.changes.advancePurged(organizationId, through, horizon);
    const top = BigInt(through) > BigInt(purged) ? through : purged;
    let deleted = await this.batches(batchSize, () => this.changes.deleteLiveChanges(organizationId, top, batchSize));
    if (pins.merged.length) {
      deleted += await this.batches(batchSize, () => this.changes.deletePlanChanges(organizationId, pins.merged, cutoff, batchSize));
    }
    return deleted;
  }

  /** Runs `step` (one batch) until a batch is not full or the app closes; returns the rows deleted. */
  private async batches(batchSize: number, step: () => Promise<number>): Promise<number> {
    let total = 0;
    while (!this.closing) {
      const deleted = await step();
      total += deleted;
      if (deleted < batchSize) break;
    }
    return total;
  }
}

function daysBefore(now: Date, days: number): Date {
  return new Date(now.getTime() - days * DAY_MS);
}

function warn(message: string, error: unknown, organizationId?: string): void {
  logger.write('warn', message, { organizationId, cause: error instanceof Error ? error.message : String(error) });
}
