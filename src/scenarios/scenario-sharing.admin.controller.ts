import { Body, Controller, Get, Param, Query, Req, Res } from '@nestjs/common';
import { ApiHeader, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { locationOf } from '../common/http/location';
import { AdminApi } from '../common/auth/access.decorators';
import { Ctx, RequestContext } from '../common/auth/request-context';
import { ApiData, ApiErrors, ApiList, ApiNoContent } from '../common/http/api-responses';
import { DataEnvelope, ListEnvelope, one, pageOf } from '../common/http/envelopes';
import { PageQueryDto } from '../common/http/pagination.dto';
import { Delete, Post } from '../common/http/write-routes';
import { ScenarioDiffEntryDto, ScenarioDiffQueryDto } from './dto/scenario-diff.dto';
import { AddScenarioMemberDto, ScenarioMemberDto } from './dto/scenario-member.dto';
import { ScenarioDiffService } from './scenario-diff.service';
import { ScenarioMembersService } from './scenario-members.service';

const NOT_READABLE = [404, 'NOT_FOUND: no such scenario, or a private one the acting user may not read'] as const;
const NOT_MANAGER = [403, 'FORBIDDEN: the acting user is neither the owner of the scenario nor holds manage_scenarios'] as const;

/**
 * Who a scenario is shared with, and what it changes against live data. Without X-Acting-User the application
 * itself asks and may do everything.
 */
@ApiTags('Application: scenarios')
@AdminApi()
@ApiHeader({
  name: 'X-Acting-User',
  required: false,
  description:
    'The user acting in the application: a PRIVATE scenario is visible only to its owner, its members and users with manage_scenarios',
})
@Controller('admin/v1/organizations/:orgId/scenarios/:scenarioId')
export class ScenarioSharingAdminController {
  constructor(
    private readonly members: ScenarioMembersService,
    private readonly diffs: ScenarioDiffService,
  ) {}

  /**
   * Shares the scenario with a user of the organization as EDITOR or VIEWER. EDITOR reads the scenario and writes
   * inside it, VIEWER reads it; for a user who is a member already, this sets the role. Needs the scenario's owner or
   * a user with manage_scenarios.
   */
  @Post('members')
  @ApiData(ScenarioMemberDto, 201, 'The user is a member with this role')
  @ApiErrors(400, NOT_MANAGER, [404, 'NOT_FOUND: no such scenario (or a private one the acting user may not read), or no such user'])
  async addMember(
    @Ctx() ctx: RequestContext,
    @Param('scenarioId') scenarioId: string,
    @Body() body: AddScenarioMemberDto,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ): Promise<DataEnvelope<ScenarioMemberDto>> {
    const member = await this.members.add(ctx, scenarioId, body);
    // A member is named by its user (`members/:userId`), not by an id of its own: the interceptor cannot place it.
    res.setHeader('Location', locationOf(req, member.userId));
    return one(member);
  }

  /** The users the scenario is shared with, oldest first (paged). */
  @Get('members')
  @ApiList(ScenarioMemberDto)
  @ApiErrors(400, NOT_READABLE)
  listMembers(
    @Ctx() ctx: RequestContext,
    @Param('scenarioId') scenarioId: string,
    @Query() query: PageQueryDto,
  ): Promise<ListEnvelope<ScenarioMemberDto>> {
    return this.members.list(ctx, scenarioId, pageOf(query));
  }

  /** One member of the scenario (404 when the user is no member). */
  @Get('members/:userId')
  @ApiData(ScenarioMemberDto)
  @ApiErrors([404, 'NOT_FOUND: no such scenario (or a private one the acting user may not read), or the user is no member'])
  async getMember(
    @Ctx() ctx: RequestContext,
    @Param('scenarioId') scenarioId: string,
    @Param('userId') userId: string,
  ): Promise<DataEnvelope<ScenarioMemberDto>> {
    return one(await this.members.get(ctx, scenarioId, userId));
  }

  /** Stops sharing the scenario with the user. Needs the scenario's owner or a user with manage_scenarios. */
  @Delete('members/:userId')
  @ApiNoContent()
  @ApiErrors(NOT_MANAGER, [404, 'NOT_FOUND: no such scenario (or a private one the acting user may not read), or the user is no member'])
  async removeMember(@Ctx() ctx: RequestContext, @Param('scenarioId') scenarioId: string, @Param('userId') userId: string): Promise<void> {
    await this.members.remove(ctx, scenarioId, userId);
  }

  /**
   * What a merge of the scenario would change in live data, record by record. In the order the merge applies them
   * (deletes first, then creates and updates): for each, its entity type and id, the change, the fields an update
   * changes, the live and the scenario record now, and whether live changed the record after the fork (a conflict
   * refuses the merge). A record changed and changed back in the scenario is not listed. Paged; `entityType`
   * narrows it to one type. With X-Acting-User, that user needs the view permission of every record type listed.
   */
  @Get('diff')
  @ApiList(ScenarioDiffEntryDto)
  @ApiErrors(
    [400, 'VALIDATION_ERROR: page, limit or entityType is not valid (details[] names it)'],
    [
      403,
      'FORBIDDEN: the acting user lacks the view permission of a record type the diff lists (employees_view for employees, compensation_view for salaries, ...); entityType narrows the diff to the types the user may read',
    ],
    NOT_READABLE,
  )
  diff(
    @Ctx() ctx: RequestContext,
    @Param('scenarioId') scenarioId: string,
    @Query() query: ScenarioDiffQueryDto,
  ): Promise<ListEnvelope<ScenarioDiffEntryDto>> {
    return this.diffs.diff(ctx, scenarioId, query);
  }
}
