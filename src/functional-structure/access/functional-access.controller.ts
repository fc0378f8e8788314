import { Body, Controller, Param, UseGuards } from '@nestjs/common';
import { Delete, Post } from '../../common/http/write-routes';
import { ApiParam, ApiTags } from '@nestjs/swagger';
import { RequireAnyPermission, ScenarioScope } from '../../common/auth/access.decorators';
import { Ctx, RequestContext } from '../../common/auth/request-context';
import { ApiData, ApiErrors } from '../../common/http/api-responses';
import { DataEnvelope, one } from '../../common/http/envelopes';
import { AccessGrantBodyDto, WrittenIdDto } from '../dto/functional-structure.dto';
import { FunctionalFeatureGuard } from './functional-feature.guard';
import { FunctionalGrantsService } from './functional-grants.service';

/**
 * Document 02's access grants: always the live structure (`scenarioId` is ignored). The key needs
 * `functional_groups_share` (creator: "Share functional groups") or `functional_groups_edit` (creator:
 * a manager grant on the group or a parent); the service decides which applies (403 FORBIDDEN otherwise).
 */
@ApiTags('Functional structure')
@Controller('api/v1/org/:orgId/functional-groups/access')
@UseGuards(FunctionalFeatureGuard)
export class FunctionalAccessController {
  constructor(private readonly grants: FunctionalGrantsService) {}

  /** Grants EDITOR (manager) or READER access on a group and everything beneath it. */
  @Post()
  @RequireAnyPermission('functional_groups_share', 'functional_groups_edit')
  @ScenarioScope('ignore')
  @ApiData(WrittenIdDto, 201)
  @ApiErrors(400, 404)
  async grant(@Ctx() ctx: RequestContext, @Body() body: AccessGrantBodyDto): Promise<DataEnvelope<WrittenIdDto>> {
    return one({ id: await this.grants.grant(ctx, body) });
  }

  /** Revokes a direct grant (the id shown in the group's accessGrants); rights inherited from parents stay. */
  @Delete(':id')
  @RequireAnyPermission('functional_groups_share', 'functional_groups_edit')
  @ScenarioScope('ignore')
  @ApiParam({ name: 'id', description: 'The grant id' })
  @ApiData(WrittenIdDto)
  @ApiErrors(404)
  async revoke(@Ctx() ctx: RequestContext, @Param('id') id: string): Promise<DataEnvelope<WrittenIdDto>> {
    return one({ id: await this.grants.revoke(ctx, id) });
  }
}
