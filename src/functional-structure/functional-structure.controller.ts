import { Body, Controller, HttpCode, Param, UseGuards } from '@nestjs/common';
import { Delete, Post, Put } from '../common/http/write-routes';
import { ApiParam, ApiTags } from '@nestjs/swagger';
import { RequirePermissions, ScenarioScope } from '../common/auth/access.decorators';
import { Ctx, RequestContext } from '../common/auth/request-context';
import { ApiData, ApiErrors } from '../common/http/api-responses';
import { DataEnvelope, one } from '../common/http/envelopes';
import { SetCustomAttributeValueDto } from '../custom-attributes/dto/custom-attribute-value.dto';
import {
  FunctionalAssignmentBodyDto,
  FunctionalGroupBodyDto,
  FunctionalPositionBodyDto,
  MoveGroupDto,
  StructureMoveDto,
  WrittenIdDto,
} from './dto/functional-structure.dto';
import { FunctionalFeatureGuard } from './access/functional-feature.guard';
import { FunctionalAttributesService } from './functional-attributes.service';
import { FunctionalGroupsService } from './groups/functional-groups.service';
import { MoveFunctionalGroupUseCase } from './groups/move-functional-group.use-case';
import { MoveFunctionalStructureUseCase } from './seats/move-functional-structure.use-case';
import { FunctionalOccupanciesService } from './seats/functional-occupancies.service';
import { FunctionalPositionsService } from './seats/functional-positions.service';

const written = (id: string): DataEnvelope<WrittenIdDto> => one({ id });

/**
 * Document 02's writes under /functional-groups. Every route needs the module switched on for the
 * organization (403 FEATURE_DISABLED) and `functional_groups_edit`; `scenarioId` acts on an open scenario.
 * Literal paths (positions, assignments, structure, groups) are declared before `/:id` routes.
 */
@ApiTags('Functional structure')
@Controller('api/v1/org/:orgId/functional-groups')
@UseGuards(FunctionalFeatureGuard)
export class FunctionalStructureController {
  constructor(
    private readonly groups: FunctionalGroupsService,
    private readonly positions: FunctionalPositionsService,
    private readonly occupancies: FunctionalOccupanciesService,
    private readonly moveStructureUseCase: MoveFunctionalStructureUseCase,
    private readonly moveGroupUseCase: MoveFunctionalGroupUseCase,
    private readonly attributes: FunctionalAttributesService,
  ) {}

  /** Creates a position (seat) in a group. */
  @Post('positions')
  @RequirePermissions('functional_groups_edit')
  @ScenarioScope('write')
  @ApiData(WrittenIdDto, 201)
  @ApiErrors(400, 404, 409)
  async createPosition(@Ctx() ctx: RequestContext, @Body() body: FunctionalPositionBodyDto): Promise<DataEnvelope<WrittenIdDto>> {
    return written(await this.positions.createPosition(ctx, body));
  }

  /** Replaces a position (or retires it with endDate); functionalGroupId cannot change. */
  @Put('positions/:id')
  @RequirePermissions('functional_groups_edit')
  @ScenarioScope('write')
  @ApiData(WrittenIdDto)
  @ApiErrors(400, 404, 409)
  async replacePosition(
    @Ctx() ctx: RequestContext,
    @Param('id') id: string,
    @Body() body: FunctionalPositionBodyDto,
  ): Promise<DataEnvelope<WrittenIdDto>> {
    return written(await this.positions.replacePosition(ctx, id, body));
  }

  /** Fills a position with an employee, a contractor or a vacancy. */
  @Post('assignments')
  @RequirePermissions('functional_groups_edit')
  @ScenarioScope('write')
  @ApiData(WrittenIdDto, 201)
  @ApiErrors(400, 404, 409)
  async createAssignment(@Ctx() ctx: RequestContext, @Body() body: FunctionalAssignmentBodyDto): Promise<DataEnvelope<WrittenIdDto>> {
    return written(await this.occupancies.createAssignment(ctx, body));
  }

  /** Changes an assignment's share or dates; the seat and the person cannot change. */
  @Put('assignments/:id')
  @RequirePermissions('functional_groups_edit')
  @ScenarioScope('write')
  @ApiData(WrittenIdDto)
  @ApiErrors(400, 404, 409)
  async replaceAssignment(
    @Ctx() ctx: RequestContext,
    @Param('id') id: string,
    @Body() body: FunctionalAssignmentBodyDto,
  ): Promise<DataEnvelope<WrittenIdDto>> {
    return written(await this.occupancies.replaceAssignment(ctx, id, body));
  }

  /** Changes a reporting line (POSITION) or moves an occupant to another seat (ASSIGNMENT) from effectiveDate. */
  @Post('structure/move')
  @HttpCode(200)
  @RequirePermissions('functional_groups_edit')
  @ScenarioScope('write')
  @ApiData(WrittenIdDto)
  @ApiErrors(400, 404, 409)
  async moveStructure(@Ctx() ctx: RequestContext, @Body() body: StructureMoveDto): Promise<DataEnvelope<WrittenIdDto>> {
    return written(await this.moveStructureUseCase.execute(ctx, body));
  }

  /** Sets one custom attribute on a group (recorded as an update of the group). */
  @Put('groups/:id/custom-attributes/:definitionId')
  @RequirePermissions('functional_groups_edit', 'custom_attributes_edit')
  @ScenarioScope('write')
  @ApiData(WrittenIdDto)
  @ApiErrors(400, 404)
  async setGroupAttribute(
    @Ctx() ctx: RequestContext,
    @Param('id') id: string,
    @Param('definitionId') definitionId: string,
    @Body() body: SetCustomAttributeValueDto,
  ): Promise<DataEnvelope<WrittenIdDto>> {
    return written(await this.attributes.setAttribute(ctx, 'group', id, definitionId, body));
  }

  /** Clears one optional custom attribute on a group. */
  @Delete('groups/:id/custom-attributes/:definitionId')
  @RequirePermissions('functional_groups_edit', 'custom_attributes_edit')
  @ScenarioScope('write')
  @ApiData(WrittenIdDto)
  @ApiErrors(400, 404)
  async clearGroupAttribute(
    @Ctx() ctx: RequestContext,
    @Param('id') id: string,
    @Param('definitionId') definitionId: string,
  ): Promise<DataEnvelope<WrittenIdDto>> {
    return written(await this.attributes.clearAttribute(ctx, 'group', id, definitionId));
  }

  /** Sets one custom attribute on a position (recorded as an update of the position). */
  @Put('positions/:id/custom-attributes/:definitionId')
  @RequirePermissions('functional_groups_edit', 'custom_attributes_edit')
  @ScenarioScope('write')
  @ApiData(WrittenIdDto)
  @ApiErrors(400, 404)
  async setPositionAttribute(
    @Ctx() ctx: RequestContext,
    @Param('id') id: string,
    @Param('definitionId') definitionId: string,
    @Body() body: SetCustomAttributeValueDto,
  ): Promise<DataEnvelope<WrittenIdDto>> {
    return written(await this.attributes.setAttribute(ctx, 'position', id, definitionId, body));
  }

  /** Clears one optional custom attribute on a position. */
  @Delete('positions/:id/custom-attributes/:definitionId')
  @RequirePermissions('functional_groups_edit', 'custom_attributes_edit')
  @ScenarioScope('write')
  @ApiData(WrittenIdDto)
  @ApiErrors(400, 404)
  async clearPositionAttribute(
    @Ctx() ctx: RequestContext,
    @Param('id') id: string,
    @Param('definitionId') definitionId: string,
  ): Promise<DataEnvelope<WrittenIdDto>> {
    return written(await this.attributes.clearAttribute(ctx, 'position', id, definitionId));
  }

  /** Creates a group, at the top level or beneath parentFunctionalGroupId. */
  @Post()
  @RequirePermissions('functional_groups_edit')
  @ScenarioScope('write')
  @ApiData(WrittenIdDto, 201)
  @ApiErrors(400, 404, 409)
  async createGroup(@Ctx() ctx: RequestContext, @Body() body: FunctionalGroupBodyDto): Promise<DataEnvelope<WrittenIdDto>> {
    return written(await this.groups.createGroup(ctx, body));
  }

  /** Replaces a group (or retires it with endDate); parentFunctionalGroupId is ignored (use move). */
  @Put(':id')
  @RequirePermissions('functional_groups_edit')
  @ScenarioScope('write')
  @ApiParam({ name: 'id', description: 'The group id' })
  @ApiData(WrittenIdDto)
  @ApiErrors(400, 404, 409)
  async replaceGroup(
    @Ctx() ctx: RequestContext,
    @Param('id') id: string,
    @Body() body: FunctionalGroupBodyDto,
  ): Promise<DataEnvelope<WrittenIdDto>> {
    return written(await this.groups.replaceGroup(ctx, id, body));
  }

  /** Moves a group under another parent (or to the top) from effectiveDate. */
  @Post(':id/move')
  @HttpCode(200)
  @RequirePermissions('functional_groups_edit')
  @ScenarioScope('write')
  @ApiParam({ name: 'id', description: 'The group id' })
  @ApiData(WrittenIdDto)
  @ApiErrors(400, 404, 409)
  async moveGroup(@Ctx() ctx: RequestContext, @Param('id') id: string, @Body() body: MoveGroupDto): Promise<DataEnvelope<WrittenIdDto>> {
    return written(await this.moveGroupUseCase.execute(ctx, id, body));
  }
}
