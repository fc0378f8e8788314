import { Injectable } from '@nestjs/common';
import type { RequestContext } from '../common/auth/request-context';
import { DomainError } from '../common/errors/domain-error';
import { actingUserOf, ActingUserRights } from '../organizations/acting-user-rights';
import { OrganizationsRepository } from '../organizations/organizations.repository';
import { UnitOfWork } from '../database/unit-of-work';
import { SecretResourceService } from '../webhooks/secret-resource.service';
import { IntegrationsRepository } from './integrations.repository';
import { newSigningSecret } from '../webhooks/webhook-event';
import { WebhookHttpClient } from '../webhooks/webhook-http-client';
import {
  CreatedIntegrationDto,
  CreateIntegrationDto,
  IntegrationDto,
  PullConfigDto,
  PushConfigDto,
  UpdatedIntegrationDto,
  UpdateIntegrationDto,
} from './dto/integration.dto';
import { IntegrationEntity } from './entities/integration.entity';
import { applyPlan, fieldPlan } from '../crud/assign';
import { ResourceCatalog } from '../crud/resources';
import { assertSubscribable } from '../webhooks/webhook-capability';

/** Where each field of a body goes: a field added to the DTO does not compile until it is placed. */
const FIELDS = fieldPlan<UpdateIntegrationDto>()({ copy: ['name', 'actAsUserId'], own: ['push', 'pull'] });

type PushFields = Pick<IntegrationEntity, 'pushUrl' | 'pushEntityTypes' | 'pushEventTypes' | 'pushEnabled'>;
type PullFields = Pick<IntegrationEntity, 'pullUrl' | 'pullEntityType' | 'pullIntervalMinutes' | 'pullEnabled' | 'pullNextAt'>;

function pushFields(push: PushConfigDto | null | undefined): PushFields {
  if (!push) return { pushUrl: null, pushEntityTypes: [], pushEventTypes: [], pushEnabled: false };
  return { pushUrl: push.url, pushEntityTypes: push.entityTypes, pushEventTypes: push.eventTypes, pushEnabled: push.enabled ?? true };
}

/** A (re)configured pull is due `intervalMinutes` after the last run, or at once when there was none (or that is past). */
function pullFields(pull: PullConfigDto | null | undefined, lastPullAt: Date | null): PullFields {
  if (!pull) return { pullUrl: null, pullEntityType: null, pullIntervalMinutes: null, pullEnabled: false, pullNextAt: null };
  const next = lastPullAt ? new Date(lastPullAt.getTime() + pull.intervalMinutes * 60_000) : new Date();
  return {
    pullUrl: pull.url,
    pullEntityType: pull.entityType,
    pullIntervalMinutes: pull.intervalMinutes,
    pullEnabled: pull.enabled ?? true,
    pullNextAt: next,
  };
}

/** Custom integrations (spec 04 §5.1), managed like webhook endpoints: View / Configure Webhooks. */
@Injectable()
export class IntegrationsService extends SecretResourceService<IntegrationEntity, IntegrationDto> {
  constructor(
    rows: IntegrationsRepository,
    uow: UnitOfWork,
    organizations: OrganizationsRepository,
    private readonly client: WebhookHttpClient,
    private readonly rights: ActingUserRights,
    private readonly catalog: ResourceCatalog,
  ) {
    super(rows, uow, organizations, 'Integration');
  }

  protected toDto(row: IntegrationEntity): IntegrationDto {
    return IntegrationDto.from(row);
  }

  /** Creates an integration; its secret is returned here and at rotation only. */
  async create(ctx: RequestContext, input: CreateIntegrationDto): Promise<CreatedIntegrationDto> {
    await this.authorize(ctx, 'configure_webhooks');
    await this.checkUser(ctx, input.actAsUserId);
    await this.checkActAs(ctx, [input.actAsUserId]);
    assertSubscribable(this.catalog, ctx, input.push?.entityTypes ?? []);
    await this.checkUrls(input);
    return this.insertWithSecret(ctx, {
      configuredByUserId: actingUserOf(ctx),
      name: input.name,
      actAsUserId: input.actAsUserId,
      ...pushFields(input.push),
      ...pullFields(input.pull, null),
      lastPushStatus: 'NEVER',
      lastPullStatus: 'NEVER',
    });
  }

  /**
   * Changes any create field; `push` and `pull` replace the current configuration (null removes it). Any
   * change of `push.url` or `pull.url` issues a new secret, returned in this answer only (spec 04 §5.1).
   */
  async update(ctx: RequestContext, id: string, input: UpdateIntegrationDto): Promise<UpdatedIntegrationDto> {
    await this.authorize(ctx, 'configure_webhooks');
    const current = await this.find(ctx, id);
    if (input.actAsUserId !== undefined) await this.checkUser(ctx, input.actAsUserId);
    // Any PATCH of a hook that acts, or would act after it, as another user (spec 04 §5.1).
    await this.checkActAs(ctx, [current.actAsUserId, ...(input.actAsUserId ? [input.actAsUserId] : [])]);
    // Whoever changes it configures it from then on: the push hook's whole subscription must be theirs to view (03 §1.18).
    assertSubscribable(this.catalog, ctx, input.push === undefined ? current.pushEntityTypes : (input.push?.entityTypes ?? []));
    await this.checkUrls(input);
    const patch: Partial<IntegrationEntity> = { configuredByUserId: actingUserOf(ctx) };
    applyPlan(patch, input, FIELDS);
    if (input.push !== undefined) Object.assign(patch, pushFields(input.push));
    if (input.pull !== undefined) Object.assign(patch, pullFields(input.pull, current.lastPullAt));
    const newUrl =
      (patch.pushUrl != null && patch.pushUrl !== current.pushUrl) || (patch.pullUrl != null && patch.pullUrl !== current.pullUrl);
    if (newUrl) patch.secret = newSigningSecret();
    const updated = await this.patch(ctx, current, patch);
    return newUrl ? { ...updated, secret: patch.secret } : updated;
  }

  /**
   * The integration whose PULL hook `POST .../:id/pull` runs now: Configure Webhooks, and with X-Acting-User a user
   * holding every right of the user the hook acts as (403 otherwise). The run's answer holds its per-record results.
   */
  async findToRun(ctx: RequestContext, id: string): Promise<IntegrationEntity> {
    await this.authorize(ctx, 'configure_webhooks');
    const integration = await this.find(ctx, id);
    await this.authorizeChange(ctx, integration, 'run');
    return integration;
  }

  /** Spec 03 §1 item 14: rotating the secret, running or deleting a hook needs every right of the user it acts as. */
  protected override authorizeChange(ctx: RequestContext, row: IntegrationEntity, action: string): Promise<void> {
    return this.checkActAs(ctx, [row.actAsUserId], `${action} an integration`);
  }

  /** Spec 04 §5.1: an acting user may point a hook only at users whose every right they hold (403 otherwise). */
  private async checkActAs(ctx: RequestContext, userIds: string[], action = 'configure an integration'): Promise<void> {
    const scope = this.uow.read(ctx);
    for (const userId of new Set(userIds)) await this.rights.assertCoversUser(scope, userId, `${action} acting as user ${userId}`);
  }

  /** Spec 04 §5.1: `actAsUserId` must be an active user of the organization (400 otherwise). */
  private async checkUser(ctx: RequestContext, userId: string): Promise<void> {
    const active = await this.organizations.userActive(this.uow.read(ctx), userId);
    if (active === null) throw DomainError.validation('actAsUserId', `actAsUserId ${userId} is not a user of the organization`);
    if (!active) throw DomainError.validation('actAsUserId', `actAsUserId ${userId} is not an active user`);
  }

  /** The webhook endpoint rules: in production, targets that resolve to internal addresses are refused. */
  private async checkUrls(input: UpdateIntegrationDto): Promise<void> {
    for (const [field, url] of [
      ['push.url', input.push?.url],
      ['pull.url', input.pull?.url],
    ] as const) {
      if (url === undefined) continue;
      const problem = await this.client.checkTarget(url);
      if (problem) throw DomainError.validation(field, problem.replace(/^url\b/, field));
    }
  }
}
