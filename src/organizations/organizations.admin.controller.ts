import { Body, Controller, Get, Param, Query } from '@nestjs/common';
import { Patch, Post } from '../common/http/write-routes';
import { ApiHeader, ApiTags } from '@nestjs/swagger';
import { AdminApi } from '../common/auth/access.decorators';
import { Ctx, RequestContext } from '../common/auth/request-context';
import { ApiData, ApiErrors, ApiList } from '../common/http/api-responses';
import { DataEnvelope, ListEnvelope, one, pageOf } from '../common/http/envelopes';
import { PageQueryDto } from '../common/http/pagination.dto';
import { CreateOrganizationDto, OrganizationDto, UpdateOrganizationDto } from './dto/organization.dto';
import { CreateUserDto, UpdateUserDto, UserDto } from './dto/user.dto';
import { OrganizationsService } from './organizations.service';
import { UsersService } from './users.service';

@ApiTags('Application: organizations and users')
@AdminApi()
@Controller('admin/v1/organizations')
export class OrganizationsAdminController {
  constructor(
    private readonly organizations: OrganizationsService,
    private readonly users: UsersService,
  ) {}

  /** Creates an organization with its live plan. */
  @Post()
  @ApiData(OrganizationDto, 201)
  @ApiErrors(400)
  async create(@Body() body: CreateOrganizationDto): Promise<DataEnvelope<OrganizationDto>> {
    return one(await this.organizations.create(body));
  }

  /** Lists organizations, oldest first (paged). */
  @Get()
  @ApiList(OrganizationDto)
  @ApiErrors(400)
  list(@Query() query: PageQueryDto): Promise<ListEnvelope<OrganizationDto>> {
    return this.organizations.list(pageOf(query));
  }

  /** Reads an organization with its settings. */
  @Get(':orgId')
  @ApiData(OrganizationDto)
  @ApiErrors(404)
  async get(@Param('orgId') orgId: string): Promise<DataEnvelope<OrganizationDto>> {
    return one(await this.organizations.get(orgId));
  }

  /**
   * Changes an organization's name or settings.
   *
   * Settings: reporting currency, functional-structure switches, retention, forecast assumptions, the approval policy
   * of scenarios. With X-Acting-User, the retention settings need manage_personal_data, the functional-structure
   * switches share_functional_groups and the approval policy manage_scenarios. A
   * change of the forecast assumptions is an `organization` update event and needs X-Acting-User.
   */
  @Patch(':orgId')
  @ApiHeader({
    name: 'X-Acting-User',
    required: false,
    description: 'The user who makes the change; needed when it changes the forecast assumptions',
  })
  @ApiData(OrganizationDto)
  @ApiErrors(
    [
      400,
      'VALIDATION_ERROR: the body fails validation (details[] has dot paths: an approval step without approvers, an approver who is no user of the organization, a required policy without steps), or the forecast assumptions change without X-Acting-User',
    ],
    [
      403,
      'FORBIDDEN: the acting user lacks manage_personal_data (retention settings), share_functional_groups (functional-structure switches) or manage_scenarios (the approval policy)',
    ],
    404,
  )
  async update(
    @Ctx() ctx: RequestContext,
    @Param('orgId') orgId: string,
    @Body() body: UpdateOrganizationDto,
  ): Promise<DataEnvelope<OrganizationDto>> {
    return one(await this.organizations.update(ctx, orgId, body));
  }

  /** Adds a person with a login in the application. With X-Acting-User, only with rights the acting user holds (403). */
  @Post(':orgId/users')
  @ApiData(UserDto, 201)
  @ApiErrors(400, 403, 404)
  async createUser(@Ctx() ctx: RequestContext, @Body() body: CreateUserDto): Promise<DataEnvelope<UserDto>> {
    return one(await this.users.createAs(ctx, body));
  }

  /** Lists the organization's users, oldest first (paged). */
  @Get(':orgId/users')
  @ApiList(UserDto)
  @ApiErrors(400, 404)
  listUsers(@Ctx() ctx: RequestContext, @Query() query: PageQueryDto): Promise<ListEnvelope<UserDto>> {
    return this.users.list(ctx, pageOf(query));
  }

  /** Reads one user of the organization. */
  @Get(':orgId/users/:userId')
  @ApiData(UserDto)
  @ApiErrors(404)
  async getUser(@Ctx() ctx: RequestContext, @Param('userId') userId: string): Promise<DataEnvelope<UserDto>> {
    return one(await this.users.get(ctx, userId));
  }

  /**
   * Changes a user; `active: false` also stops every key the user created. With X-Acting-User, only a user whose
   * every right the acting user holds, and only to rights the acting user holds (403).
   */
  @Patch(':orgId/users/:userId')
  @ApiData(UserDto)
  @ApiErrors(400, 403, 404)
  async updateUser(
    @Ctx() ctx: RequestContext,
    @Param('userId') userId: string,
    @Body() body: UpdateUserDto,
  ): Promise<DataEnvelope<UserDto>> {
    return one(await this.users.update(ctx, userId, body));
  }
}
