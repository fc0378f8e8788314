import { Body, Controller, Get, Param, Query } from '@nestjs/common';
import { Delete, Patch, Post } from '../common/http/write-routes';
import { ApiHeader, ApiParam, ApiTags } from '@nestjs/swagger';
import { ActingUserNeeds, AdminApi } from '../common/auth/access.decorators';
import { Ctx, RequestContext } from '../common/auth/request-context';
import { ApiData, ApiErrors, ApiList, ApiNoContent } from '../common/http/api-responses';
import { DataEnvelope, ListEnvelope, one, pageOf } from '../common/http/envelopes';
import { PageQueryDto } from '../common/http/pagination.dto';
import { CreateProjectLinkDto, ProjectLinkDto, UpdateProjectLinkDto } from './dto/project-link.dto';
import { ProjectLinksService } from './project-links.service';

const PROJECT_PARAM = { name: 'projectId', description: 'The project id, or its externalId (live data)' };
/** Spec 03 §1 item 9: a link write changes a live project, so a person must be named behind it. */
const ACTING_USER = ApiHeader({
  name: 'X-Acting-User',
  required: true,
  description: 'The user who makes the change (its events carry initiator user); 400 VALIDATION_ERROR on X-Acting-User without it',
});

/**
 * Project-management links (application API). While a project has links its deliveryStatus is
 * derived from their ticket statuses; each write here re-derives it.
 */
@ApiTags('Application: project links')
@AdminApi()
@ApiParam(PROJECT_PARAM)
@Controller('admin/v1/organizations/:orgId/projects/:projectId/links')
export class ProjectsAdminController {
  constructor(private readonly links: ProjectLinksService) {}

  /** Links a ticket to the project; the project's deliveryStatus is derived from then on. */
  @Post()
  @ActingUserNeeds('projects_edit')
  @ACTING_USER
  @ApiData(ProjectLinkDto, 201)
  @ApiErrors(400, 404)
  async create(
    @Ctx() ctx: RequestContext,
    @Param('projectId') projectId: string,
    @Body() body: CreateProjectLinkDto,
  ): Promise<DataEnvelope<ProjectLinkDto>> {
    return one(await this.links.create(ctx, projectId, body));
  }

  /** The project's links, oldest first. */
  @Get()
  @ActingUserNeeds('projects_view')
  @ApiList(ProjectLinkDto)
  @ApiErrors(400, 404)
  list(
    @Ctx() ctx: RequestContext,
    @Param('projectId') projectId: string,
    @Query() query: PageQueryDto,
  ): Promise<ListEnvelope<ProjectLinkDto>> {
    return this.links.list(ctx, projectId, pageOf(query));
  }

  /** Reads one link of the project. */
  @Get(':linkId')
  @ActingUserNeeds('projects_view')
  @ApiData(ProjectLinkDto)
  @ApiErrors(404)
  async get(
    @Ctx() ctx: RequestContext,
    @Param('projectId') projectId: string,
    @Param('linkId') linkId: string,
  ): Promise<DataEnvelope<ProjectLinkDto>> {
    return one(await this.links.get(ctx, projectId, linkId));
  }

  /** Changes any create field; a new `status` re-derives the project's deliveryStatus. */
  @Patch(':linkId')
  @ActingUserNeeds('projects_edit')
  @ACTING_USER
  @ApiData(ProjectLinkDto)
  @ApiErrors(400, 404)
  async update(
    @Ctx() ctx: RequestContext,
    @Param('projectId') projectId: string,
    @Param('linkId') linkId: string,
    @Body() body: UpdateProjectLinkDto,
  ): Promise<DataEnvelope<ProjectLinkDto>> {
    return one(await this.links.update(ctx, projectId, linkId, body));
  }

  /** Removes the link; after the last one the project keeps its last derived deliveryStatus, settable again. */
  @Delete(':linkId')
  @ActingUserNeeds('projects_edit')
  @ACTING_USER
  @ApiNoContent()
  @ApiErrors(404)
  async remove(@Ctx() ctx: RequestContext, @Param('projectId') projectId: string, @Param('linkId') linkId: string): Promise<void> {
    await this.links.remove(ctx, projectId, linkId);
  }
}
