import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ArrayMaxSize, ArrayMinSize, IsArray, IsBoolean, IsIn, IsNumber, Min } from 'class-validator';
import { IsCuid, IsOptional, IsText, NestedObject } from '../../common/validation/validators';
import type { ApprovalStep, ScenarioApprovalPolicy } from '../../database/entities/organization.entity';
import { DomainError } from '../../common/errors/domain-error';
import type { FieldError } from '../../common/errors/error-codes';

/** When a step applies; every condition given must hold on the impact recorded at submit, else the step is SKIPPED. */
export class ApprovalStepWhenDto {
  /** The step applies when the scenario's cost delta over 12 months exceeds this (reporting currency). */
  @ApiPropertyOptional({ minimum: 0, example: 100000 })
  @IsOptional()
  @IsNumber({ allowNaN: false, allowInfinity: false })
  @Min(0)
  costDeltaAbove?: number;

  /** The step applies when the scenario's forecast is over this budget on some line (cost above the line's cost). */
  @ApiPropertyOptional({ example: 'ck9r2m4n60000budget0000001' })
  @IsOptional()
  @IsCuid()
  overBudgetId?: string;
}

export class ApprovalStepDto implements ApprovalStep {
  /** What the step is called (shown on the approval). */
  @ApiProperty({ example: 'Finance' })
  @IsText(100)
  name: string;

  /** Users of the organization who may decide the step. */
  @ApiPropertyOptional({ type: [String], example: ['ck9r2m4n60000user00000001'] })
  @IsOptional()
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(50)
  @IsCuid({ each: true })
  approverUserIds?: string[];

  /** Users holding this capability may decide the step too. */
  @ApiPropertyOptional({ enum: ['approve_scenarios'], example: 'approve_scenarios' })
  @IsOptional()
  @IsIn(['approve_scenarios'])
  approverCapability?: 'approve_scenarios';

  /** Conditions on the impact; without them the step always applies. */
  @ApiPropertyOptional({ type: ApprovalStepWhenDto })
  @IsOptional()
  @NestedObject(() => ApprovalStepWhenDto)
  when?: ApprovalStepWhenDto;
}

/** Whether a scenario needs approval before it is merged, and the steps of an approval (replaced whole). */
export class ScenarioApprovalPolicyDto implements ScenarioApprovalPolicy {
  /** When true, merging a scenario that is not APPROVED is refused (409 APPROVAL_REQUIRED). */
  @ApiProperty({ example: false })
  @IsBoolean()
  required: boolean;

  /** The steps, decided in order (at most 5; at least 1 when required). */
  @ApiProperty({ type: [ApprovalStepDto], maxItems: 5 })
  @IsArray()
  @ArrayMaxSize(5)
  @NestedObject(() => ApprovalStepDto, { each: true })
  steps: ApprovalStepDto[];

  /** The policy as stored: only the fields given. */
  static stored(input: ScenarioApprovalPolicyDto): ScenarioApprovalPolicy {
    return {
      required: input.required,
      steps: input.steps.map((step) => ({
        name: step.name,
        ...(step.approverUserIds ? { approverUserIds: [...new Set(step.approverUserIds)] } : {}),
        ...(step.approverCapability ? { approverCapability: step.approverCapability } : {}),
        ...(step.when && (step.when.costDeltaAbove !== undefined || step.when.overBudgetId !== undefined)
          ? {
              when: {
                ...(step.when.costDeltaAbove !== undefined ? { costDeltaAbove: step.when.costDeltaAbove } : {}),
                ...(step.when.overBudgetId !== undefined ? { overBudgetId: step.when.overBudgetId } : {}),
              },
            }
          : {}),
      })),
    };
  }

  /** The policy as answers show it. */
  static from(policy: ScenarioApprovalPolicy | null | undefined): ScenarioApprovalPolicyDto {
    return { required: policy?.required ?? false, steps: (policy?.steps ?? []).map((step) => ({ ...step })) };
  }
}

/**
 * The rules the field decorators cannot state: at least one step when required, and approvers on every step; the
 * users named must be users of the organization (`unknownUsers`: those that are not). 400 with dot paths.
 */
export function assertPolicy(policy: ScenarioApprovalPolicy, unknownUsers: ReadonlySet<string>): void {
  const details: FieldError[] = [];
  if (policy.required && !policy.steps.length) {
    details.push({ field: 'scenarioApproval.steps', message: 'a required approval needs at least one step' });
  }
  policy.steps.forEach((step, i) => {
    if (!step.approverUserIds?.length && !step.approverCapability) {
      details.push({
        field: `scenarioApproval.steps.${i}`,
        message: 'a step must name its approvers (approverUserIds or approverCapability)',
      });
    }
    step.approverUserIds?.forEach((id, j) => {
      if (unknownUsers.has(id))
        details.push({ field: `scenarioApproval.steps.${i}.approverUserIds.${j}`, message: `no user ${id} in the organization` });
    });
  });
  if (details.length) throw DomainError.validationMany(details);
}
