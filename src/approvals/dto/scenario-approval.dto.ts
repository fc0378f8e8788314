import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean, IsIn, IsString, MaxLength } from 'class-validator';
import { IsOptional, ToBoolean } from '../../common/validation/validators';
import { EXAMPLE_ID } from '../../common/http/examples';
import {
  APPROVAL_STATUSES,
  APPROVAL_STEP_STATUSES,
  type ApprovalStatus,
  type ApprovalStepStatus,
  type ScenarioApprovalEntity,
} from '../entities/scenario-approval.entity';

export class DecideApprovalDto {
  /** APPROVE passes the current step; REJECT closes the round as REJECTED and returns the scenario to OPEN. */
  @ApiProperty({ enum: ['APPROVE', 'REJECT'], example: 'APPROVE' })
  @IsIn(['APPROVE', 'REJECT'])
  decision: 'APPROVE' | 'REJECT';

  /** Why (kept on the step). */
  @ApiPropertyOptional({ example: 'Within the hiring budget' })
  @IsOptional()
  @IsString()
  @MaxLength(2000)
  comment?: string;
}

export class ApprovalQueryDto {
  /** true: every round of the scenario, oldest first; otherwise the current (latest) round. */
  @ApiPropertyOptional({ type: Boolean, example: true })
  @IsOptional()
  @ToBoolean()
  @IsBoolean()
  all?: boolean;
}

export class ImpactCostCentreDto {
  /** The cost centre's id; null for people without one. */
  @ApiProperty({ type: String, nullable: true, example: EXAMPLE_ID.costCentre }) key: string | null;
  @ApiProperty({ type: String, nullable: true, example: 'Engineering' }) name: string | null;
  /** Scenario minus live: forecast cost summed over the months; null when the caller may not see cost. */
  @ApiProperty({ type: Number, nullable: true, example: 120000 }) costDelta: number | null;
  /** Scenario minus live: forecast headcount of the last month. */
  @ApiProperty({ example: 2 }) headcountDelta: number;
}

export class ImpactBudgetDto {
  /** The budget the first step's `overBudgetId` names. */
  @ApiProperty({ example: EXAMPLE_ID.budget }) budgetId: string;
  /** The budget's group-months whose forecast cost is over the budgeted cost. */
  @ApiProperty({ example: 3 }) linesOver: number;
  /** By how much, summed over those group-months (the budget's currency); null when the caller may not see cost. */
  @ApiProperty({ type: Number, nullable: true, example: 15000 }) overBy: number | null;
}

/** The scenario's forecast against live over the 12 months from the submit month, as recorded at submit. */
export class ApprovalImpactDto {
  /** The first month, YYYY-MM. */
  @ApiProperty({ example: '2026-12' }) from: string;
  /** How many months the impact covers, from the submit month. */
  @ApiProperty({ example: 12 }) months: number;
  /** The currency of the costs (the reporting currency). */
  @ApiProperty({ example: 'USD' }) currency: string;
  /** Scenario minus live: forecast cost summed over the months; null when the caller may not see cost. */
  @ApiProperty({ type: Number, nullable: true, example: 240000 }) costDelta: number | null;
  /** Scenario minus live: forecast headcount (closing + open vacancies) of the last month. */
  @ApiProperty({ example: 4 }) headcountDelta: number;
  /** Scenario minus live: FTE of people and vacancies (day-weighted) of the last month. */
  @ApiProperty({ example: 3.5 }) fteDelta: number;
  /** The cost centres the scenario changes. */
  @ApiProperty({ type: [ImpactCostCentreDto] }) byCostCentre: ImpactCostCentreDto[];
  /** Against the budget of the first step's overBudgetId; null without one. */
  @ApiProperty({ type: ImpactBudgetDto, nullable: true }) budget: ImpactBudgetDto | null;
}

export class ApprovalStepStateDto {
  @ApiProperty({ example: 'Finance' }) name: string;
  /** PENDING until decided; APPROVED or REJECTED by an approver; SKIPPED when its condition did not hold at submit. */
  @ApiProperty({ enum: APPROVAL_STEP_STATUSES, example: 'APPROVED' }) status: ApprovalStepStatus;
  /** Who decided the step; null until decided (and for a skipped step). */
  @ApiProperty({ type: String, nullable: true, example: EXAMPLE_ID.user }) decidedBy: string | null;
  /** When the step was decided; null while pending or skipped. */
  @ApiProperty({ type: String, nullable: true, example: '2026-12-07T10:00:00.000Z' }) decidedAt: string | null;
  /** The approver's comment with the decision, if any. */
  @ApiProperty({ type: String, nullable: true, example: 'Within the hiring budget' }) comment: string | null;
}

/** One round of approval of a scenario. */
export class ApprovalDto {
  /** The scenario submitted. */
  @ApiProperty({ example: EXAMPLE_ID.scenario }) scenarioId: string;
  /** 1 for the first submit, then one more for each. */
  @ApiProperty({ example: 1 }) round: number;
  /** PENDING while steps are open; APPROVED, REJECTED or WITHDRAWN once the round is closed. */
  @ApiProperty({ enum: APPROVAL_STATUSES, example: 'PENDING' }) status: ApprovalStatus;
  /** The user who submitted the scenario. */
  @ApiProperty({ example: EXAMPLE_ID.user }) submittedBy: string;
  /** When it was submitted. */
  @ApiProperty({ example: '2026-12-07T09:00:00.000Z' }) submittedAt: string;
  @ApiProperty({ type: ApprovalImpactDto }) impact: ApprovalImpactDto;
  /** The policy's steps in order, each with its decision. */
  @ApiProperty({ type: [ApprovalStepStateDto] }) steps: ApprovalStepStateDto[];

  static from(e: ScenarioApprovalEntity): ApprovalDto {
    return {
      scenarioId: e.scenarioId,
      round: e.round,
      status: e.status,
      submittedBy: e.submittedBy,
      submittedAt: e.submittedAt.toISOString(),
      impact: e.impact,
      steps: e.steps.map((s) => ({ name: s.name, status: s.status, decidedBy: s.decidedBy, decidedAt: s.decidedAt, comment: s.comment })),
    };
  }

  /**
   * The `scenario_approval` payload of webhooks and `GET /changes`: the round as answers show it, with its id (the
   * change's entityId).
   */
  static payload(e: ScenarioApprovalEntity): ScenarioApprovalPayload {
    return { id: e.id, ...ApprovalDto.from(e) };
  }
}

/** The payload of a `scenario_approval` change (webhooks and the changes feed). */
export class ScenarioApprovalPayload extends ApprovalDto {
  @ApiProperty({ example: EXAMPLE_ID.scenario }) id: string;
}
