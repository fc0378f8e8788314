import { Body, Controller, Get, Param, Query } from '@nestjs/common';
import { Delete, Patch, Post } from '../common/http/write-routes';
import { ApiForbiddenResponse, ApiHeader, ApiTags } from '@nestjs/swagger';
import { AdminApi } from '../common/auth/access.decorators';
import { Ctx, RequestContext } from '../common/auth/request-context';
import { ApiData, ApiErrors, ApiList, ApiNoContent } from '../common/http/api-responses';
import { DataEnvelope, ListEnvelope, one, pageOf } from '../common/http/envelopes';
import { ErrorResponseDto } from '../common/http/error-response.dto';
import { PageQueryDto } from '../common/http/pagination.dto';
import {
  CreatedIntegrationDto,
  CreateIntegrationDto,
  IntegrationDto,
  IntegrationSecretDto,
  PullRunDto,
  UpdatedIntegrationDto,
  UpdateIntegrationDto,
} from './dto/integration.dto';
import { IntegrationsService } from './integrations.service';
import { PullScheduler } from './pull-scheduler';

@ApiTags('Application: integrations')
@AdminApi()
@ApiHeader({
  name: 'X-Acting-User',
  required: false,
  description:
    'The user acting in the application; needs view_webhooks to read, configure_webhooks to change or run, and to add, change, ' +
    'rotate, run or delete an integration every right of the user it acts as (403 otherwise)',
})
@ApiForbiddenResponse({
  description: 'FORBIDDEN: the acting user lacks view_webhooks or configure_webhooks, or a right of the user the integration acts as',
  type: ErrorResponseDto,
})
@Controller('admin/v1/organizations/:orgId/integrations')
export class IntegrationsAdminController {
  constructor(
    private readonly integrations: IntegrationsService,
    private readonly scheduler: PullScheduler,
  ) {}

  /**
   * Adds an integration (push hook, PULL hook or both). The secret is in this response only. With X-Acting-User,
   * `actAsUserId` must be the acting user or a user whose every right the acting user holds (403 otherwise).
   */
  @Post()
  @ApiData(CreatedIntegrationDto, 201)
  @ApiErrors(400, 404)
  async create(@Ctx() ctx: RequestContext, @Body() body: CreateIntegrationDto): Promise<DataEnvelope<CreatedIntegrationDto>> {
    return one(await this.integrations.create(ctx, body));
  }

  /** The organization's integrations with their push and pull status, never the secret. */
  @Get()
  @ApiList(IntegrationDto)
  @ApiErrors(400, 404)
  list(@Ctx() ctx: RequestContext, @Query() query: PageQueryDto): Promise<ListEnvelope<IntegrationDto>> {
    return this.integrations.list(ctx, pageOf(query));
  }

  /** Reads one integration with its push and pull status, never the secret. */
  @Get(':integrationId')
  @ApiData(IntegrationDto)
  @ApiErrors(404)
  async get(@Ctx() ctx: RequestContext, @Param('integrationId') id: string): Promise<DataEnvelope<IntegrationDto>> {
    return one(await this.integrations.get(ctx, id));
  }

  /**
   * Changes any create field; `push` and `pull` replace the current configuration (`enabled: false` switches one off).
   * A new `push.url` or `pull.url` issues a new secret, in this answer only. With X-Acting-User, a hook acting (now or
   * after the change) as another user may be changed only by a user holding every right of that user (403).
   */
  @Patch(':integrationId')
  @ApiData(UpdatedIntegrationDto)
  @ApiErrors(400, 404)
  async update(
    @Ctx() ctx: RequestContext,
    @Param('integrationId') id: string,
    @Body() body: UpdateIntegrationDto,
  ): Promise<DataEnvelope<UpdatedIntegrationDto>> {
    return one(await this.integrations.update(ctx, id, body));
  }

  /**
   * Issues a new secret, shown only here; later pushes are signed with it and later pulls send it. With X-Acting-User,
   * only by a user holding every right of the user the integration acts as (403).
   */
  @Post(':integrationId/rotate-secret')
  @ApiData(IntegrationSecretDto)
  @ApiErrors(404)
  async rotateSecret(@Ctx() ctx: RequestContext, @Param('integrationId') id: string): Promise<DataEnvelope<IntegrationSecretDto>> {
    return one(await this.integrations.rotateSecret(ctx, id));
  }

  /**
   * Runs the PULL hook now and answers the run's result, record by record. 409 while a run is in progress or when the
   * pull is off. With X-Acting-User, only by a user holding every right of the user the integration acts as (403).
   */
  @Post(':integrationId/pull')
  @ApiData(PullRunDto)
  @ApiErrors(404, 409)
  async pull(@Ctx() ctx: RequestContext, @Param('integrationId') id: string): Promise<DataEnvelope<PullRunDto>> {
    return one(await this.scheduler.runNow(ctx, id));
  }

  /**
   * Deletes the integration: no push or pull after this. With X-Acting-User, only by a user holding every right of the
   * user the integration acts as (403).
   */
  @Delete(':integrationId')
  @ApiNoContent()
  @ApiErrors(404)
  async remove(@Ctx() ctx: RequestContext, @Param('integrationId') id: string): Promise<void> {
    await this.integrations.remove(ctx, id);
  }
}
