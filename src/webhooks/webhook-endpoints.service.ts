import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { expandUserPermissions } from '../common/auth/permissions';
import type { RequestContext } from '../common/auth/request-context';
import { DomainError } from '../common/errors/domain-error';
import { list, ListEnvelope, Page } from '../common/http/envelopes';
import { newId } from '../common/ids';
import type { TxScope } from '../database/unit-of-work';
import { OrganizationsRepository } from '../organizations/organizations.repository';
import {
  CreatedWebhookEndpointDto,
  CreateWebhookEndpointDto,
  UpdateWebhookEndpointDto,
  WebhookEndpointDto,
  WebhookSecretDto,
  WebhookTestResultDto,
} from './dto/webhook-endpoint.dto';
import { isSuccess } from './endpoint-status';
import { WebhookDeliveriesRepository } from './webhook-deliveries.repository';
import { WebhookEndpointEntity } from './entities/webhook-endpoint.entity';
import { eventBody, newSigningSecret, WebhookEvent } from './webhook-event';
import { WebhookHttpClient } from './webhook-http-client';
import { patchEntity } from '../crud/assign';

export type WebhookCapability = 'view_webhooks' | 'configure_webhooks';

/**
 * Document 02 "Authentication": endpoints (and integrations, which carry push hooks) are seen with View
 * Webhooks and changed with Configure Webhooks. A person acting through `X-Acting-User` needs that
 * capability (and an active account); the application itself (admin token, no acting user) may do everything.
 */
export async function authorizeWebhookCapability(
  organizations: OrganizationsRepository,
  { ctx, em }: TxScope,
  capability: WebhookCapability,
): Promise<void> {
  if (ctx.actor.type !== 'user' || !ctx.userId) return;
  const user = await organizations.userPermissions(em, ctx.organizationId, ctx.userId);
  if (!user || !user.active) throw DomainError.forbidden('The acting user is not an active user of the organization');
  const held = expandUserPermissions(user.permissions);
  const needed: WebhookCapability[] = capability === 'view_webhooks' ? ['view_webhooks', 'configure_webhooks'] : ['configure_webhooks'];
  if (!needed.some((c) => held.has(c))) throw DomainError.forbidden(`The acting user lacks the ${capability} permission`);
}

/** Webhook endpoint management (document 02 "Endpoint management", spec 03 §3 "Webhook endpoints"). */
@Injectable()
export class WebhookEndpointsService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly client: WebhookHttpClient,
    private readonly deliveries: WebhookDeliveriesRepository,
    private readonly organizations: OrganizationsRepository,
  ) {}

  /** Creates an endpoint; its signing secret is returned here and at rotation only. */
  async create(ctx: RequestContext, input: CreateWebhookEndpointDto): Promise<CreatedWebhookEndpointDto> {
    await this.authorize(ctx, 'configure_webhooks');
    await this.checkUrl(input.url);
    const id = newId();
    const secret = newSigningSecret();
    const repo = this.dataSource.getRepository(WebhookEndpointEntity);
    await repo.insert({
      id,
      organizationId: ctx.organizationId,
      name: input.name,
      url: input.url,
      entityTypes: input.entityTypes,
      eventTypes: input.eventTypes,
      enabled: input.enabled ?? true,
      secret,
      deliveryStatus: 'NO_DELIVERIES',
      lastDeliveryAt: null,
      lastResponseStatus: null,
      lastError: null,
    });
    return { ...WebhookEndpointDto.from(await repo.findOneByOrFail({ organizationId: ctx.organizationId, id })), secret };
  }

  async list(ctx: RequestContext, page: Page): Promise<ListEnvelope<WebhookEndpointDto>> {
    await this.authorize(ctx, 'view_webhooks');
    const [rows, total] = await this.dataSource.getRepository(WebhookEndpointEntity).findAndCount({
      where: { organizationId: ctx.organizationId },
      order: { createdAt: 'ASC', id: 'ASC' },
      skip: page.offset,
      take: page.limit,
    });
    return list(rows.map(WebhookEndpointDto.from), total, page);
  }

  async get(ctx: RequestContext, endpointId: string): Promise<WebhookEndpointDto> {
    await this.authorize(ctx, 'view_webhooks');
    return WebhookEndpointDto.from(await this.find(ctx, endpointId));
  }

  /** Changes any create field; the next dispatch pass uses the new settings. */
  async update(ctx: RequestContext, endpointId: string, input: UpdateWebhookEndpointDto): Promise<WebhookEndpointDto> {
    await this.authorize(ctx, 'configure_webhooks');
    const fields = ['name', 'url', 'entityTypes', 'eventTypes', 'enabled'] as const;
    const nulls = fields.filter((f) => input[f] === null);
    if (nulls.length) throw DomainError.validationMany(nulls.map((field) => ({ field, message: `${field} must not be null` })));
    const endpoint = await this.find(ctx, endpointId);
    if (input.url !== undefined && input.url !== endpoint.url) await this.checkUrl(input.url);
    const patch: Partial<WebhookEndpointEntity> = {};
    patchEntity(patch, input, ['name', 'url', 'entityTypes', 'eventTypes', 'enabled']);
    const repo = this.dataSource.getRepository(WebhookEndpointEntity);
    if (Object.keys(patch).length) await repo.update({ id: endpoint.id, organizationId: ctx.organizationId }, patch);
    return WebhookEndpointDto.from(await repo.findOneByOrFail({ organizationId: ctx.organizationId, id: endpoint.id }));
  }

  /** Issues a new secret; deliveries started from now on are signed with it. */
  async rotateSecret(ctx: RequestContext, endpointId: string): Promise<WebhookSecretDto> {
    await this.authorize(ctx, 'configure_webhooks');
    const endpoint = await this.find(ctx, endpointId);
    const secret = newSigningSecret();
    await this.dataSource.getRepository(WebhookEndpointEntity).update({ id: endpoint.id, organizationId: ctx.organizationId }, { secret });
    return { secret };
  }

  async remove(ctx: RequestContext, endpointId: string): Promise<void> {
    await this.authorize(ctx, 'configure_webhooks');
    const endpoint = await this.find(ctx, endpointId);
    await this.dataSource.getRepository(WebhookEndpointEntity).delete({ id: endpoint.id, organizationId: ctx.organizationId });
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

  private async find(ctx: RequestContext, endpointId: string): Promise<WebhookEndpointEntity> {
    const endpoint = await this.dataSource
      .getRepository(WebhookEndpointEntity)
      .findOneBy({ id: endpointId, organizationId: ctx.organizationId });
    if (!endpoint) throw DomainError.notFound('Webhook endpoint', endpointId);
    return endpoint;
  }

  /** In production, targets that resolve to internal addresses are refused at registration (and again at connect time). */
  private async checkUrl(url: string): Promise<void> {
    const problem = await this.client.checkTarget(url);
    if (problem) throw DomainError.validation('url', problem);
  }

  private authorize(ctx: RequestContext, capability: WebhookCapability): Promise<void> {
    return authorizeWebhookCapability(this.organizations, { ctx, em: this.dataSource.manager }, capability);
  }
}
