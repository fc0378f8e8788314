import { Body, Controller, Get, Param, Query } from '@nestjs/common';
import { Delete, Post } from '../common/http/write-routes';
import { ApiTags } from '@nestjs/swagger';
import { ApiData, ApiErrors, ApiList, ApiNoContent } from '../common/http/api-responses';
import { DataEnvelope, ListEnvelope, one, pageOf } from '../common/http/envelopes';
import { PageQueryDto } from '../common/http/pagination.dto';
import { AdminApi } from '../common/auth/access.decorators';
import { Ctx, RequestContext } from '../common/auth/request-context';
import { ApiKeysService } from './api-keys.service';
import { ApiKeyDto, CreateApiKeyDto, CreatedApiKeyDto } from './dto/api-key.dto';
import { LocationOf } from '../common/http/location';

@ApiTags('Application: API keys')
@AdminApi()
@Controller('admin/v1/organizations/:orgId')
export class ApiKeysAdminController {
  constructor(private readonly keys: ApiKeysService) {}

  /**
   * Creates a key for the user. The key text (`wfp_...`) is in this response only. With X-Acting-User, only for
   * the acting user or a user whose every right the acting user holds (403).
   */
  @Post('users/:userId/api-keys')
  @LocationOf('/admin/v1/organizations/:orgId/api-keys/:id')
  @ApiData(CreatedApiKeyDto, 201)
  @ApiErrors(400, 403, 404)
  async create(
    @Ctx() ctx: RequestContext,
    @Param('userId') userId: string,
    @Body() body: CreateApiKeyDto,
  ): Promise<DataEnvelope<CreatedApiKeyDto>> {
    return one(await this.keys.createAs(ctx, userId, body));
  }

  /** Every key of the organization, without the key text. */
  @Get('api-keys')
  @ApiList(ApiKeyDto)
  @ApiErrors(400, 404)
  list(@Ctx() ctx: RequestContext, @Query() query: PageQueryDto): Promise<ListEnvelope<ApiKeyDto>> {
    return this.keys.list(ctx, pageOf(query));
  }

  /**
   * Revokes the key; the next request with it gets 401. With X-Acting-User, only a key of the acting user or of a user
   * whose every right the acting user holds (403 otherwise).
   */
  @Delete('api-keys/:keyId')
  @ApiNoContent()
  @ApiErrors(403, 404)
  async revoke(@Ctx() ctx: RequestContext, @Param('keyId') keyId: string): Promise<void> {
    await this.keys.revoke(ctx, keyId);
  }
}
