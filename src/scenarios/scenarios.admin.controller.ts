import { Body, Controller, Get, Headers, HttpCode, Param, Query } from '@nestjs/common';
import { Delete, Patch, Post } from '../common/http/write-routes';
import { ApiExtraModels, ApiHeader, ApiOkResponse, ApiTags, getSchemaPath } from '@nestjs/swagger';
import { AdminApi } from '../common/auth/access.decorators';
import { Ctx, RequestContext } from '../common/auth/request-context';
import { ApiData, ApiErrors, ApiList, ApiNoContent } from '../common/http/api-responses';
import { DataEnvelope, ListEnvelope, one, pageOf } from '../common/http/envelopes';
import { PageQueryDto } from '../common/http/pagination.dto';
import { CreateScenarioDto, DryRunResultDto, MergeQueryDto, MergeResultDto, ScenarioDto, UpdateScenarioDto } from './dto/scenario.dto';
import { MergeScenarioUseCase } from './merge-scenario.use-case';
import { ScenariosService } from './scenarios.service';

@ApiTags('Application: scenarios')
@AdminApi()
@Controller('admin/v1/organizations/:orgId/scenarios')
export class ScenariosAdminController {
  constructor(
    private readonly scenarios: ScenariosService,
    private readonly mergeScenario: MergeScenarioUseCase,
  ) {}

  /**
   * Creates a scenario: a copy of every live planning record, made in SQL in one transaction. Its owner is the
   * X-Acting-User (none without the header); PRIVATE keeps it to the owner, its members and manage_scenarios.
   */
  @Post()
  @ApiData(ScenarioDto, 201)
  @ApiErrors(400, 404)
  async create(@Ctx() ctx: RequestContext, @Body() body: CreateScenarioDto): Promise<DataEnvelope<ScenarioDto>> {
    return one(await this.scenarios.create(ctx, body));
  }

  /** Lists the organization's scenarios the acting user may read, newest first (paged). */
  @Get()
  @ApiList(ScenarioDto)
  @ApiErrors(400, 404)
  list(@Ctx() ctx: RequestContext, @Query() query: PageQueryDto): Promise<ListEnvelope<ScenarioDto>> {
    return this.scenarios.list(ctx, pageOf(query));
  }

  /** Reads one scenario with its status (OPEN, LOCKED or MERGED), visibility and owner. */
  @Get(':scenarioId')
  @ApiData(ScenarioDto)
  @ApiErrors([404, 'NOT_FOUND: no such scenario, or a private one the acting user may not read'])
  async get(@Ctx() ctx: RequestContext, @Param('scenarioId') scenarioId: string): Promise<DataEnvelope<ScenarioDto>> {
    return one(await this.scenarios.get(ctx, scenarioId));
  }

  /**
   * Renames, describes, locks or reopens a scenario, changes its visibility or its forecast assumptions. LOCKED takes
   * no writes; renaming, describing, locking, reopening and the assumptions need the right to write to the scenario,
   * visibility its owner or manage_scenarios; a merged scenario is read-only (409). A change of the assumptions is a
   * `scenario` update event (kept in the scenario's own history when it is PRIVATE).
   */
  @Patch(':scenarioId')
  @ApiHeader({
    name: 'X-Acting-User',
    required: false,
    description: 'The user who makes the change; needed when it changes the forecast assumptions of a scenario every user may read',
  })
  @ApiData(ScenarioDto)
  @ApiErrors(
    [
      400,
      'VALIDATION_ERROR: the body fails validation (details[] has dot paths), or the forecast assumptions of a scenario every user may read change without X-Acting-User',
    ],
    [
      403,
      'PLAN_NOT_EDITABLE: the scenario is private and shared with the acting user for reading only; FORBIDDEN: visibility changed by a user who is neither its owner nor holds manage_scenarios',
    ],
    [404, 'NOT_FOUND: no such scenario, or a private one the acting user may not read'],
    409,
  )
  async update(
    @Ctx() ctx: RequestContext,
    @Param('scenarioId') scenarioId: string,
    @Body() body: UpdateScenarioDto,
  ): Promise<DataEnvelope<ScenarioDto>> {
    return one(await this.scenarios.update(ctx, scenarioId, body));
  }

  /**
   * Deletes the scenario with its copies of the planning records, its change history and its members (any status). The
   * live history kept for its merge is released. Needs the scenario's owner or a user with manage_scenarios.
   */
  @Delete(':scenarioId')
  @ApiNoContent()
  @ApiErrors(
    [403, 'FORBIDDEN: the acting user is neither the owner of the scenario nor holds manage_scenarios'],
    [404, 'NOT_FOUND: no such scenario, or a private one the acting user may not read'],
  )
  async remove(@Ctx() ctx: RequestContext, @Param('scenarioId') scenarioId: string): Promise<void> {
    await this.scenarios.remove(ctx, scenarioId);
  }

  /**
   * Applies the scenario's changes to live data in one transaction, with one `merge` event per live
   * record changed. Needs X-Acting-User (a user with manage_scenarios and the edit permission of every record type
   * the merge changes). Live records changed since the
   * fork that the scenario also changed: 409 naming them. With `dryRun=true`: what the merge would do
   * (`status: DRY_RUN`, the same `changes`, and every conflict), with nothing written and no event sent.
   */
  @Post(':scenarioId/merge')
  @ApiHeader({ name: 'X-Acting-User', required: true, description: 'The user who merges (needs manage_scenarios)' })
  @ApiExtraModels(MergeResultDto, DryRunResultDto)
  @ApiOkResponse({
    description: 'Merged (status MERGED), or with dryRun=true what the merge would do (status DRY_RUN)',
    schema: {
      type: 'object',
      required: ['data'],
      properties: { data: { oneOf: [{ $ref: getSchemaPath(MergeResultDto) }, { $ref: getSchemaPath(DryRunResultDto) }] } },
    },
  })
  @HttpCode(200)
  @ApiErrors(
    400,
    [
      403,
      'FORBIDDEN: the acting user lacks manage_scenarios, or the edit permission of a record type the merge changes (employees_edit for employees, compensation_edit for salaries, ...)',
    ],
    [404, 'NOT_FOUND: no such scenario, or a private one the acting user may not read'],
    409,
  )
  async merge(
    @Ctx() ctx: RequestContext,
    @Param('scenarioId') scenarioId: string,
    @Query() query: MergeQueryDto,
    @Headers('x-acting-user') actingUser: string | undefined,
  ): Promise<DataEnvelope<MergeResultDto | DryRunResultDto>> {
    return { data: await this.mergeScenario.execute(ctx, scenarioId, actingUser ? ctx.userId : null, query.dryRun === true) };
  }
}
