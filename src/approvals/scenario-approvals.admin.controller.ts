import { Body, Controller, Get, Param, Query } from '@nestjs/common';
import { ApiExtraModels, ApiHeader, ApiOkResponse, ApiTags, getSchemaPath } from '@nestjs/swagger';
import { ActingUserNeeds, AdminApi } from '../common/auth/access.decorators';
import { Ctx, RequestContext } from '../common/auth/request-context';
import { ApiData, ApiErrors } from '../common/http/api-responses';
import { DataEnvelope, one } from '../common/http/envelopes';
import { Post } from '../common/http/write-routes';
import { ApprovalDto, ApprovalQueryDto, DecideApprovalDto } from './dto/scenario-approval.dto';
import { ScenarioApprovalsService } from './scenario-approvals.service';

const NOT_READABLE = [404, 'NOT_FOUND: no such scenario, or a private one the acting user may not read'] as const;
const ACTING_USER = { name: 'X-Acting-User', required: true, description: 'The user who acts (needs forecasts_view)' };
const NO_ACTING_USER = [400, 'VALIDATION_ERROR: no X-Acting-User (details[] names it)'] as const;

@ApiTags('Application: scenarios')
@AdminApi()
@ActingUserNeeds('forecasts_view')
@Controller('admin/v1/organizations/:orgId/scenarios/:scenarioId')
export class ScenarioApprovalsAdminController {
  constructor(private readonly approvals: ScenarioApprovalsService) {}

  /**
   * Submits an open scenario for approval: a new round records the impact (the scenario's forecast against live over
   * the 12 months from this month: cost, headcount and FTE deltas, by cost centre, and the budget the first step names),
   * skips the steps whose condition does not hold on it, and the scenario becomes SUBMITTED (no writes), or APPROVED
   * when no step is left to decide. Needs the right to write to the scenario.
   */
  @Post('submit')
  @ApiHeader(ACTING_USER)
  @ApiData(ApprovalDto, 200, 'The new round')
  @ApiErrors(
    NO_ACTING_USER,
    [
      403,
      'PLAN_NOT_EDITABLE: the scenario is private and shared with the acting user for reading only; FORBIDDEN: the acting user lacks forecasts_view',
    ],
    NOT_READABLE,
    [409, 'CONFLICT: the scenario is not open (submitted, approved, locked or merged)'],
  )
  async submit(@Ctx() ctx: RequestContext, @Param('scenarioId') scenarioId: string): Promise<DataEnvelope<ApprovalDto>> {
    return one(await this.approvals.submit(ctx, scenarioId));
  }

  /**
   * Decides the current step of the pending round: only an approver of that step (listed in it, or holding its
   * capability), never the submitter. Steps are decided in order; when none is left the scenario is APPROVED; a
   * rejection closes the round as REJECTED and returns the scenario to OPEN.
   */
  @Post('approvals')
  @ApiHeader(ACTING_USER)
  @ApiData(ApprovalDto, 200, 'The round after the decision')
  @ApiErrors(
    [400, 'VALIDATION_ERROR: the body fails validation, or no X-Acting-User (details[] names it)'],
    [403, 'FORBIDDEN: the acting user is the submitter, is no approver of the current step, or lacks forecasts_view'],
    NOT_READABLE,
    [409, 'CONFLICT: no round of approval is pending'],
  )
  async decide(
    @Ctx() ctx: RequestContext,
    @Param('scenarioId') scenarioId: string,
    @Body() body: DecideApprovalDto,
  ): Promise<DataEnvelope<ApprovalDto>> {
    return one(await this.approvals.decide(ctx, scenarioId, body));
  }

  /** Withdraws a submitted (or approved) scenario, by its submitter: the round is WITHDRAWN and the scenario OPEN again. */
  @Post('withdraw')
  @ApiHeader(ACTING_USER)
  @ApiData(ApprovalDto, 200, 'The withdrawn round')
  @ApiErrors(NO_ACTING_USER, [403, 'FORBIDDEN: the acting user is not the submitter, or lacks forecasts_view'], NOT_READABLE, [
    409,
    'CONFLICT: the scenario is not submitted for approval',
  ])
  async withdraw(@Ctx() ctx: RequestContext, @Param('scenarioId') scenarioId: string): Promise<DataEnvelope<ApprovalDto>> {
    return one(await this.approvals.withdraw(ctx, scenarioId));
  }

  /** The current round of approval of the scenario; with `all=true` every round, oldest first. */
  @Get('approval')
  @ApiHeader({ ...ACTING_USER, required: false })
  @ApiExtraModels(ApprovalDto)
  @ApiOkResponse({
    description: 'The current round, or with all=true every round',
    schema: {
      type: 'object',
      required: ['data'],
      properties: {
        data: { oneOf: [{ $ref: getSchemaPath(ApprovalDto) }, { type: 'array', items: { $ref: getSchemaPath(ApprovalDto) } }] },
      },
    },
  })
  @ApiErrors(
    [400, 'VALIDATION_ERROR: all is not a boolean'],
    [403, 'FORBIDDEN: the acting user lacks forecasts_view'],
    [404, 'NOT_FOUND: no such scenario (or a private one the acting user may not read), or it was never submitted'],
  )
  async read(
    @Ctx() ctx: RequestContext,
    @Param('scenarioId') scenarioId: string,
    @Query() query: ApprovalQueryDto,
  ): Promise<DataEnvelope<ApprovalDto | ApprovalDto[]>> {
    return { data: await this.approvals.read(ctx, scenarioId, query.all === true) };
  }
}
