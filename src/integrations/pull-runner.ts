import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { API_PERMISSIONS, expandUserPermissions } from '../common/auth/permissions';
import type { RequestContext } from '../common/auth/request-context';
import type { PullEntityType } from '../common/entity-types';
import { bulkUpsert, BulkResultDto } from '../crud/bulk-upsert';
import { ResourceCatalog } from '../crud/resources';
import { DomainError } from '../common/errors/domain-error';
import { translateDbError } from '../common/errors/db-errors';
import { logger } from '../common/logging/json-logger';
import { UnitOfWork } from '../database/unit-of-work';
import { FunctionalFeatureGuard } from '../functional-structure/access/functional-feature.guard';
import { OrganizationsRepository } from '../organizations/organizations.repository';
import { WebhookHttpClient } from '../webhooks/webhook-http-client';
import type { PullRunDto } from './dto/integration.dto';
import type { IntegrationEntity } from './entities/integration.entity';

/** Spec 04 §5.3: a pull source's answer may be at most 10 MB ... */
export const PULL_MAX_BYTES = 10 * 1024 * 1024;
/** ... and hold at most 1,000 records. */
export const PULL_MAX_RECORDS = 1000;
/** The whole answer must arrive within this time (a 10 MB body needs more than a webhook's 5 s). */
export const PULL_TIMEOUT_MS = 30_000;
/** How many failed items `lastError` names. */
const ERRORS_NAMED = 3;

class RunFailed extends Error {}

function failedRun(message: string): PullRunDto {
  return { status: 'FAILED', created: 0, updated: 0, unchanged: 0, failed: 0, error: message, results: [] };
}

/**
 * One PULL hook run (spec 04 §5.3): fetches the source through the SSRF-safe client and applies its
 * records through the bulk upsert of `POST /{resource}/bulk` (the target its resource declares, `pull` of its
 * descriptor, collected by the ResourceCatalog), acting as the integration's user with every
 * API permission that user holds. A failed fetch, a bad answer or a failure of the whole write changes
 * nothing (the upsert is one transaction). Never throws: the outcome is the returned result.
 */
@Injectable()
export class PullRunner {
  constructor(
    private readonly dataSource: DataSource,
    private readonly client: WebhookHttpClient,
    private readonly uow: UnitOfWork,
    private readonly catalog: ResourceCatalog,
    private readonly functionalFeature: FunctionalFeatureGuard,
    private readonly organizations: OrganizationsRepository,
  ) {}

  async run(integration: IntegrationEntity): Promise<PullRunDto> {
    const entityType = integration.pullEntityType as PullEntityType;
    try {
      const ctx = await this.contextOf(integration);
      const { service, create, update, permission, functional } = this.catalog.pullTarget(entityType);
      if (!ctx.permissions.has(permission)) throw new RunFailed(`The acting user ${ctx.userId} lacks the ${permission} permission`);
      if (functional) await this.assertFunctionalEnabled(ctx.organizationId);
      const records = await this.fetch(integration);
      // Spec 04 §5.4: only functional records changed by a pull are sent (as `user` events); the rest are history only.
      return summary(await bulkUpsert({ service, uow: this.uow, create, update, notify: functional }, ctx, records));
    } catch (error) {
      if (error instanceof RunFailed) return failedRun(error.message);
      // Never the database's own text (columns, values): a violation as the API words it, anything else as internal.
      const known = error instanceof DomainError ? error : translateDbError(error);
      const message = known ? `${known.code}: ${known.message}` : 'INTERNAL_ERROR: an internal error occurred';
      if (!known) logger.write('error', 'integration pull write failed', { cause: error instanceof Error ? error.stack : String(error) });
      return failedRun(`The records could not be written; nothing changed (${message})`.slice(0, 900));
    }
  }

  /** The integration's user as a request context: live plan, `user` initiator without e-mail, all their API permissions. */
  private async contextOf(integration: IntegrationEntity): Promise<RequestContext> {
    const user = await this.organizations.userWithLivePlan(
      { organizationId: integration.organizationId, em: this.dataSource.manager },
      integration.actAsUserId,
    );
    if (!user?.active) throw new RunFailed(`The acting user ${integration.actAsUserId} is not an active user of the organization`);
    const held = expandUserPermissions(user.permissions);
    return {
      organizationId: integration.organizationId,
      planId: user.live_plan_id,
      livePlanId: user.live_plan_id,
      scenarioId: null,
      actor: { type: 'user', id: integration.actAsUserId },
      permissions: new Set(API_PERMISSIONS.filter((p) => held.has(p))),
      capabilities: held,
      userId: integration.actAsUserId,
    };
  }

  private async assertFunctionalEnabled(organizationId: string): Promise<void> {
    try {
      await this.functionalFeature.assertEnabled(organizationId);
    } catch {
      throw new RunFailed('The functional groups module is off for this organization');
    }
  }

  /** `GET pull.url` with the bearer secret: a 200 with `{ records: [...] }` (at most 1,000), or the run fails. */
  private async fetch(integration: IntegrationEntity): Promise<unknown[]> {
    const answer = await this.client.get(
      integration.pullUrl!,
      { Authorization: `Bearer ${integration.secret}`, Accept: 'application/json' },
      { maxBytes: PULL_MAX_BYTES, timeoutMs: PULL_TIMEOUT_MS },
    );
    if (answer.error !== null || !answer.body) throw new RunFailed(`Fetch failed: ${answer.error ?? 'no body'}`);
    let parsed: unknown;
    try {
      parsed = JSON.parse(answer.body.toString('utf8'));
    } catch {
      throw new RunFailed('The answer is not valid JSON');
    }
    const records = (parsed as { records?: unknown } | null)?.records;
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed) || !Array.isArray(records)) {
      throw new RunFailed('The answer must be a JSON object with a "records" array');
    }
    if (records.length > PULL_MAX_RECORDS)
      throw new RunFailed(`The answer holds ${records.length} records; at most ${PULL_MAX_RECORDS} are accepted`);
    return records;
  }
}

/** OK, or PARTIAL naming the first failed items (index, externalId, code, message). */
function summary(result: BulkResultDto): PullRunDto {
  const failed = result.results.filter((r) => r.result === 'failed');
  const named = failed
    .slice(0, ERRORS_NAMED)
    .map((r) => `#${r.index}${r.externalId ? ` (${r.externalId})` : ''} ${r.error?.code}: ${r.error?.message}`)
    .join('; ');
  const more = failed.length > ERRORS_NAMED ? ` and ${failed.length - ERRORS_NAMED} more` : '';
  const error = failed.length ? `${failed.length} of ${result.results.length} items failed: ${named}${more}`.slice(0, 900) : null;
  return { status: failed.length ? 'PARTIAL' : 'OK', ...result, error };
}
