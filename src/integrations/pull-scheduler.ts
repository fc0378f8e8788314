import { BeforeApplicationShutdown, Inject, Injectable, OnApplicationBootstrap } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import type { RequestContext } from '../common/auth/request-context';
import { DomainError } from '../common/errors/domain-error';
import { logger } from '../common/logging/json-logger';
import { APP_CONFIG, AppConfig } from '../config/app-config';
import { Metrics } from '../operations/metrics';
import type { PullRunDto } from './dto/integration.dto';
import { ClaimedPull, IntegrationsRepository } from './integrations.repository';
import { IntegrationsService } from './integrations.service';
import { PullRunner } from './pull-runner';

/**
 * How long a claimed run holds its integration. A run is bounded (a 30 s fetch, at most 1,000 items), so
 * a lease still held after this belongs to a process that died: the next tick may run the pull again.
 */
export const PULL_LEASE_SECONDS = 600;
/** Due integrations claimed per tick by one instance (run one after the other). */
const TICK_BATCH = 10;

/**
 * Runs PULL hooks (spec 04 §5.3) every `intervalMinutes` and on demand. Every instance ticks; which one
 * runs a pull is decided by the claim in the database, never by a timer alone.
 */
@Injectable()
export class PullScheduler implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private timer: NodeJS.Timeout | null = null;
  private ticking: Promise<number> | null = null;
  private closing = false;
  private readonly running = new Set<Promise<unknown>>();

  constructor(
    private readonly leases: IntegrationsRepository,
    private readonly runner: PullRunner,
    private readonly integrations: IntegrationsService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly metrics: Metrics,
  ) {}

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => void this.tick(), this.config.integrationPullTickMs);
    this.timer.unref();
  }

  async beforeApplicationShutdown(): Promise<void> {
    this.closing = true;
    if (this.timer) clearInterval(this.timer);
    await this.ticking;
    await Promise.allSettled([...this.running]);
  }

  /** Claims the pulls that are due and runs them; returns how many ran. A tick still running is not started twice. */
  tick(): Promise<number> {
    if (this.closing) return Promise.resolve(0);
    this.ticking ??= this.tickOnce().finally(() => {
      this.ticking = null;
    });
    return this.ticking;
  }

  private async tickOnce(): Promise<number> {
    let ran = 0;
    try {
      for (;;) {
        const runId = randomUUID();
        const due = await this.leases.due(TICK_BATCH);
        const claimed = await this.claim(due, runId);
        for (const { id, organization_id: organizationId } of claimed) {
          if (this.closing) break;
          await this.track(this.runClaimed(organizationId, id, runId));
          ran++;
        }
        // Pulls another instance claimed first are no longer due: the next read skips them.
        if (due.length < TICK_BATCH || !claimed.length || this.closing) return ran;
      }
    } catch (error) {
      logger.write('error', 'integration pull tick failed', { cause: error instanceof Error ? error.message : String(error) });
      return ran;
    }
  }

  /**
   * Claims the due pulls for `runId` one organization at a time (each claim names its organization, so
   * that Citus routes it to one shard: docs/scale-out.md); answers those claimed, longest due first.
   */
  private async claim(due: ClaimedPull[], runId: string): Promise<ClaimedPull[]> {
    const byOrganization = new Map<string, string[]>();
    for (const { id, organization_id: organizationId } of due) {
      const ids = byOrganization.get(organizationId);
      if (ids) ids.push(id);
      else byOrganization.set(organizationId, [id]);
    }
    const claimed = new Set<string>();
    for (const [organizationId, ids] of byOrganization) {
      for (const row of await this.leases.claimDue(organizationId, ids, runId, PULL_LEASE_SECONDS))
        claimed.add(`${organizationId}/${row.id}`);
    }
    return due.filter((row) => claimed.has(`${row.organization_id}/${row.id}`));
  }

  /** `POST .../:id/pull`: runs the pull now and answers its result; 409 while another run holds it or when it is off. */
  async runNow(ctx: RequestContext, id: string): Promise<PullRunDto> {
    const integration = await this.integrations.findToRun(ctx, id);
    if (integration.pullUrl === null) throw DomainError.conflict('The integration has no PULL hook');
    if (!integration.pullEnabled) throw DomainError.conflict('The PULL hook is disabled');
    const runId = randomUUID();
    if (!(await this.leases.claimOne(ctx.organizationId, integration.id, runId, PULL_LEASE_SECONDS)))
      throw DomainError.conflict('A run of this PULL hook is in progress; try again when it has finished');
    return this.track(this.runClaimed(ctx.organizationId, integration.id, runId));
  }

  private async runClaimed(organizationId: string, id: string, runId: string): Promise<PullRunDto> {
    const integration = await this.leases.find({ organizationId }, id);
    if (!integration || integration.pullRunId !== runId)
      return { status: 'FAILED', created: 0, updated: 0, unchanged: 0, failed: 0, error: 'Deleted', results: [] };
    const result = await this.runner.run(integration);
    this.metrics.pullRun(result.status);
    const counts =
      result.status === 'FAILED'
        ? null
        : { created: result.created, updated: result.updated, unchanged: result.unchanged, failed: result.failed };
    await this.leases.finish(organizationId, id, runId, { status: result.status, counts, error: result.error }).catch((error: unknown) => {
      // The lease runs out and the next tick runs the pull again.
      logger.write('error', 'integration pull result not recorded', { id, cause: error instanceof Error ? error.message : String(error) });
    });
    return result;
  }

  private track<T>(work: Promise<T>): Promise<T> {
    this.running.add(work);
    return work.finally(() => this.running.delete(work));
  }
}
