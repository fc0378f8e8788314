import { Body, Controller, Get, Param, Query } from '@nestjs/common';
import { Delete, Patch, Post } from '../common/http/write-routes';
import { ApiForbiddenResponse, ApiHeader, ApiTags } from '@nestjs/swagger';
import { AdminApi } from '../common/auth/access.decorators';
import { Ctx, RequestContext } from '../common/auth/request-context';
import { ErrorResponseDto } from '../common/http/error-response.dto';
import { ApiData, ApiErrors, ApiList, ApiNoContent } from '../common/http/api-responses';
import { DataEnvelope, ListEnvelope, one, pageOf } from '../common/http/envelopes';
import { PageQueryDto } from '../common/http/pagination.dto';
import {
  CreatedWebhookEndpointDto,
  CreateWebhookEndpointDto,
  UpdateWebhookEndpointDto,
  WebhookEndpointDto,
  WebhookSecretDto,
  WebhookTestResultDto,
} from './dto/webhook-endpoint.dto';
import { WebhookEndpointsService } from './webhook-endpoints.service';

@ApiTags('Application: webhook endpoints')
@AdminApi()
@ApiHeader({
  name: 'X-Acting-User',
  required: false,
  description: 'The user acting in the application; needs view_webhooks to read and configure_webhooks to change (403 otherwise)',
})
@ApiForbiddenResponse({ description: 'FORBIDDEN: the acting user lacks view_webhooks or configure_webhooks', type: ErrorResponseDto })
@Controller('admin/v1/organizations/:orgId/webhook-endpoints')
export class WebhooksAdminController {
  constructor(private readonly endpoints: WebhookEndpointsService) {}

  /** Adds an endpoint. The signing secret is in this response only. */
  @Post()
  @ApiData(CreatedWebhookEndpointDto, 201)
  @ApiErrors(400, 404)
  async create(@Ctx() ctx: RequestContext, @Body() body: CreateWebhookEndpointDto): Promise<DataEnvelope<CreatedWebhookEndpointDto>> {
    return one(await this.endpoints.create(ctx, body));
  }

  /** The organization's endpoints with their delivery status, never the secret. */
  @Get()
  @ApiList(WebhookEndpointDto)
  @ApiErrors(400, 404)
  list(@Ctx() ctx: RequestContext, @Query() query: PageQueryDto): Promise<ListEnvelope<WebhookEndpointDto>> {
    return this.endpoints.list(ctx, pageOf(query));
  }

  /** Reads one endpoint with its delivery status, never the secret. */
  @Get(':endpointId')
  @ApiData(WebhookEndpointDto)
  @ApiErrors(404)
  async get(@Ctx() ctx: RequestContext, @Param('endpointId') endpointId: string): Promise<DataEnvelope<WebhookEndpointDto>> {
    return one(await this.endpoints.get(ctx, endpointId));
  }

  /** Changes any create field; `enabled: false` switches the endpoint off, `true` on again. Deliveries follow within a minute (at once here). */
  @Patch(':endpointId')
  @ApiData(WebhookEndpointDto)
  @ApiErrors(400, 404)
  async update(
    @Ctx() ctx: RequestContext,
    @Param('endpointId') endpointId: string,
    @Body() body: UpdateWebhookEndpointDto,
  ): Promise<DataEnvelope<WebhookEndpointDto>> {
    return one(await this.endpoints.update(ctx, endpointId, body));
  }

  /**
   * Test connection: POSTs an unsigned test event (no signature or event-id header; `employee`, `update`,
   * `test_entity_id`, the acting user as initiator, `{ test: true }` before and after) with the 5 s deadline,
   * and updates the delivery status. Needs `X-Acting-User` (400 without it).
   */
  @Post(':endpointId/test')
  @ApiData(WebhookTestResultDto)
  @ApiErrors(400, 404)
  async test(@Ctx() ctx: RequestContext, @Param('endpointId') endpointId: string): Promise<DataEnvelope<WebhookTestResultDto>> {
    return one(await this.endpoints.test(ctx, endpointId));
  }

  /** Issues a new signing secret, shown only here; later deliveries are signed with it. */
  @Post(':endpointId/rotate-secret')
  @ApiData(WebhookSecretDto)
  @ApiErrors(404)
  async rotateSecret(@Ctx() ctx: RequestContext, @Param('endpointId') endpointId: string): Promise<DataEnvelope<WebhookSecretDto>> {
    return one(await this.endpoints.rotateSecret(ctx, endpointId));
  }

  /** Deletes the endpoint; it receives nothing more. */
  @Delete(':endpointId')
  @ApiNoContent()
  @ApiErrors(404)
  async remove(@Ctx() ctx: RequestContext, @Param('endpointId') endpointId: string): Promise<void> {
    await this.endpoints.remove(ctx, endpointId);
  }
}
