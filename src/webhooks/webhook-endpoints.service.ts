import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import type { RequestContext } from '../common/auth/request-context';
import { DomainError } from '../common/errors/domain-error';
import { UnitOfWork } from '../database/unit-of-work';
import { OrganizationsRepository } from '../organizations/organizations.repository';
import {
  CreatedWebhookEndpointDto,
  CreateWebhookEndpointDto,
  UpdateWebhookEndpointDto,
  WebhookEndpointDto,
  WebhookTestResultDto,
} from './dto/webhook-endpoint.dto';
import { isSuccess } from './endpoint-status';
import { WebhookDeliveriesRepository } from './webhook-deliveries.repository';
import { WebhookEndpointEntity } from './entities/webhook-endpoint.entity';
import { eventBody, WebhookEvent } from './webhook-event';
import { SecretResourceService } from './secret-resource.service';
import { WebhookEndpointsRepository } from './webhook-endpoints.repository';
import { WebhookHttpClient } from './webhook-http-client';
import { applyPlan, fieldPlan } from '../crud/assign';
import { ResourceCatalog } from '../crud/resources';
import { actingUserOf } from '../organizations/acting-user-rights';
import { assertSubscribable } from './webhook-capability';

/** Where each field of a body goes: a field added to the DTO does not compile until it is placed. */
const FIELDS = fieldPlan<UpdateWebhookEndpointDto>()({ copy: ['name', 'url', 'entityTypes', 'eventTypes', 'enabled'] });

/** Webhook endpoint management (document 02 "Endpoint management", spec 03 §3 "Webhook endpoints"). */
@Injectable()
export class WebhookEndpointsService extends SecretResourceService<WebhookEndpointEntity, WebhookEndpointDto> {
  constructor(
    rows: WebhookEndpointsRepository,
    uow: UnitOfWork,
    organizations: OrganizationsRepository,
    private readonly client: WebhookHttpClient,
    private readonly deliveries: WebhookDeliveriesRepository,
    private readonly catalog: ResourceCatalog,
  ) {
    super(rows, uow, organizations, 'Webhook endpoint');
  }

  protected toDto(row: WebhookEndpointEntity): WebhookEndpointDto {
    return WebhookEndpointDto.from(row);
  }

  /** Creates an endpoint; its signing secret is returned here and at rotation only. */
  async create(ctx: RequestContext, input: CreateWebhookEndpointDto): Promise<CreatedWebhookEndpointDto> {
    await this.authorize(ctx, 'configure_webhooks');
    assertSubscribable(this.catalog, ctx, input.entityTypes);
    await this.checkUrl(input.url);
    return this.insertWithSecret(ctx, {
      configuredByUserId: actingUserOf(ctx),
      name: input.name,
      url: input.url,
      entityTypes: input.entityTypes,
      eventTypes: input.eventTypes,
      enabled: input.enabled ?? true,
      deliveryStatus: 'NO_DELIVERIES',
      lastDeliveryAt: null,
      lastResponseStatus: null,
      lastError: null,
    });
  }

  /**
   * Changes any create field; the next dispatch pass uses the new settings. Whoever changes it configures it from
   * then on: the whole subscription must be theirs to view (spec 03 §1.18).
   */
  async update(ctx: RequestContext, endpointId: string, input: UpdateWebhookEndpointDto): Promise<WebhookEndpointDto> {
    await this.authorize(ctx, 'configure_webhooks');
    const endpoint = await this.find(ctx, endpointId);
    assertSubscribable(this.catalog, ctx, input.entityTypes ?? endpoint.entityTypes);
    if (input.url !== undefined && input.url !== endpoint.url) await this.checkUrl(input.url);
    const patch: Partial<WebhookEndpointEntity> = { configuredByUserId: actingUserOf(ctx) };
    applyPlan(patch, input, FIELDS);
    return this.patch(ctx, endpoint, patch);
  }

  /**
   * Document 02 endpoint management rule 3: an unsigned test event (no signature, no event-id header),
   * `employee`/`update`/`test_entity_id`, the acting user as initiator, `{ test: true }` before and after,
   * the same 5 s deadline; updates the delivery status. Needs `X-Acting-User` (400 without it).
   */
  async test(ctx: RequestContext, endpointId: string): Promise<WebhookTestResultDto> {
    await this.authorize(ctx, 'configure_webhooks');
    if (ctx.actor.type !== 'user') {
      throw DomainError.validation(
        'X-Acting-User',
        'Test connection sends the acting user as initiator: the X-Acting-User header is required',
      );
    }
    const endpoint = await this.find(ctx, endpointId);
    const event: WebhookEvent = {
      id: randomUUID(),
      timestamp: new Date().toISOString(),
      entity_type: 'employee',
      entity_id: 'test_entity_id',
      change_type: 'update',
      initiator: { type: 'user', id: ctx.actor.id, ...(ctx.actor.email ? { email: ctx.actor.email } : {}) },
      organization_id: ctx.organizationId,
      before: { test: true },
      after: { test: true },
    };
    const result = await this.client.post(endpoint.url, eventBody(event), { 'Content-Type': 'application/json' });
    await this.deliveries.saveOutcomes(ctx.organizationId, [
      { organizationId: ctx.organizationId, changeSeq: null, endpointId: endpoint.id, result, finishedAt: new Date() },
    ]);
    return { passed: isSuccess(result), status: result.status, error: result.error, durationMs: result.durationMs };
  }

  /** In production, targets that resolve to internal addresses are refused at registration (and again at connect time). */
  private async checkUrl(url: string): Promise<void> {
    const problem = await this.client.checkTarget(url);
    if (problem) throw DomainError.validation('url', problem);
  }
}
