import { PatchType } from '../../common/validation/patch-type';
import { IsBoolean, IsInt, Max, Min } from 'class-validator';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsCurrencyCode, IsNullable, IsOptional, IsText, NestedObject } from '../../common/validation/validators';
import type { OrganizationEntity } from '../../database/entities/organization.entity';
import { ForecastAssumptionsBodyDto, ForecastAssumptionsDto } from './forecast-assumptions.dto';
import { ScenarioApprovalPolicyDto } from './scenario-approval-policy.dto';
import { DEMO_APPROVAL_POLICY, EXAMPLE_ID } from '../../common/http/examples';

/** The changes feed promises at least this retention (spec 04 §4.2). */
export const MIN_CHANGE_RETENTION_DAYS = 90;

export class CreateOrganizationDto {
  /** Display name. */
  @IsText(200)
  name: string;

  /** ISO 4217 currency of cost figures. */
  @IsOptional()
  @IsCurrencyCode()
  reportingCurrency?: string;

  /** Switches the functional-structure module on. */
  @IsOptional()
  @IsBoolean()
  functionalGroupsEnabled?: boolean;

  /**
   * Grant-based visibility of the functional structure: when true, an account without "Edit all" or
   * "Share functional groups" sees only the groups it holds an access grant on (and everything beneath
   * them); when false (the default) every account whose key has functional_groups_view reads every group.
   */
  @IsOptional()
  @IsBoolean()
  functionalGroupsRestrictedVisibility?: boolean;

  /**
   * Days after an employee's noticeDate that the forecast takes as their last day when
   * endDate is not set (integer 0-365, default 30).
   */
  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(365)
  noticePeriodDays?: number;

  /**
   * Days the change history keeps each change (the changes feed, the webhook outbox, the history of
   * records and scenarios): older changes are removed by a periodic purge. At least 90 (the feed's
   * promised retention), at most 3650; null (the default) keeps every change. An open scenario keeps the
   * live changes since its fork until it is merged.
   */
  @IsOptional()
  @IsNullable()
  @IsInt()
  @Min(MIN_CHANGE_RETENTION_DAYS)
  @Max(3650)
  @ApiPropertyOptional({ example: 365 })
  changeRetentionDays?: number | null;

  /** Days a finished webhook or push delivery's record is kept (integer 1-365, default 30). */
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(365)
  @ApiPropertyOptional({ example: 30 })
  deliveryRetentionDays?: number;

  /**
   * The assumptions of live forecasts, and of a scenario's forecasts when the scenario has none of its own: replaced
   * whole, a field left out takes its default. Changing them is an `organization` update event, so the change needs
   * X-Acting-User.
   */
  @IsOptional()
  @NestedObject(() => ForecastAssumptionsBodyDto)
  forecastAssumptions?: ForecastAssumptionsBodyDto;
}

export class UpdateOrganizationDto extends PatchType(CreateOrganizationDto) {
  /**
   * Who approves a scenario before it is merged, replaced whole: `required` (merging needs an APPROVED scenario) and
   * up to 5 steps decided in order, each naming its approvers (users, or holders of approve_scenarios) and optionally
   * when it applies. Changing it needs manage_scenarios (of an acting user).
   */
  @ApiPropertyOptional({ type: ScenarioApprovalPolicyDto, example: DEMO_APPROVAL_POLICY })
  @IsOptional()
  @NestedObject(() => ScenarioApprovalPolicyDto)
  scenarioApproval?: ScenarioApprovalPolicyDto;
}

export class OrganizationDto {
  @ApiProperty({ example: EXAMPLE_ID.organization }) id: string;
  @ApiProperty({ example: 'Demo Organization' }) name: string;
  /** ISO 4217 currency of cost figures and forecasts. */
  reportingCurrency: string;
  /** Whether the functional-structure module is switched on. */
  functionalGroupsEnabled: boolean;
  /** Whether reading functional groups needs an access grant (see the create field). */
  functionalGroupsRestrictedVisibility: boolean;
  /** Days from noticeDate to the expected last day in forecasts (see the create field). */
  noticePeriodDays: number;
  /** Days the change history keeps each change; null keeps every change (see the create field). */
  @ApiProperty({ type: Number, nullable: true, example: 365 }) changeRetentionDays: number | null;
  /** Days a finished delivery's record is kept (see the create field). */
  @ApiProperty({ example: 30 }) deliveryRetentionDays: number;
  /** The assumptions of live forecasts (and of scenarios without their own). */
  @ApiProperty({ type: ForecastAssumptionsDto }) forecastAssumptions: ForecastAssumptionsDto;
  /** Who approves a scenario before it is merged (see the update field). */
  @ApiProperty({ type: ScenarioApprovalPolicyDto }) scenarioApproval: ScenarioApprovalPolicyDto;
  createdAt: string;
  updatedAt: string;

  static from(entity: OrganizationEntity): OrganizationDto {
    return {
      id: entity.id,
      name: entity.name,
      reportingCurrency: entity.reportingCurrency,
      functionalGroupsEnabled: entity.functionalGroupsEnabled,
      functionalGroupsRestrictedVisibility: entity.functionalGroupsRestrictedVisibility,
      noticePeriodDays: entity.noticePeriodDays,
      changeRetentionDays: entity.changeRetentionDays,
      deliveryRetentionDays: entity.deliveryRetentionDays,
      forecastAssumptions: ForecastAssumptionsDto.from(entity.forecastAssumptions),
      scenarioApproval: ScenarioApprovalPolicyDto.from(entity.scenarioApproval),
      createdAt: entity.createdAt.toISOString(),
      updatedAt: entity.updatedAt.toISOString(),
    };
  }
}
