import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean, IsIn, IsString, MaxLength } from 'class-validator';
import { timestamps } from '../../common/http/timestamps';
import { IsNullable, IsOptional, IsText, NestedObject, ToBoolean } from '../../common/validation/validators';
import { ForecastAssumptionsBodyDto, ForecastAssumptionsDto } from '../../organizations/dto/forecast-assumptions.dto';
import { EXAMPLE_ID } from '../../common/http/examples';
import { SCENARIO_VISIBILITIES, type PlanEntity, type PlanStatus, type ScenarioVisibility } from '../../organizations/entities/plan.entity';

const VISIBILITY_TEXT =
  'ORGANIZATION: every user of the organization may read it and, with the usual permissions, write to it; PRIVATE: only its owner, its members and users with manage_scenarios';

export class CreateScenarioDto {
  @IsText(200)
  name: string;

  /** Free text; null when none. */
  @IsOptional()
  @IsNullable()
  @IsString()
  @MaxLength(5000)
  @ApiPropertyOptional({ example: 'Two more backend engineers from April.' })
  description?: string | null;

  @ApiPropertyOptional({ enum: SCENARIO_VISIBILITIES, default: 'ORGANIZATION', example: 'PRIVATE', description: VISIBILITY_TEXT })
  @IsOptional()
  @IsIn(SCENARIO_VISIBILITIES)
  visibility?: ScenarioVisibility;
}

export class UpdateScenarioDto {
  @IsOptional()
  @IsText(200)
  name?: string;

  /** Free text; null clears it. */
  @IsOptional()
  @IsNullable()
  @IsString()
  @MaxLength(5000)
  @ApiPropertyOptional({ example: 'Two more backend engineers from April.' })
  description?: string | null;

  /** OPEN accepts writes; LOCKED refuses them (403 PLAN_NOT_EDITABLE). */
  @ApiPropertyOptional({ example: 'LOCKED', enum: ['OPEN', 'LOCKED'] })
  @IsOptional()
  @IsIn(['OPEN', 'LOCKED'])
  status?: 'OPEN' | 'LOCKED';

  @ApiPropertyOptional({
    enum: SCENARIO_VISIBILITIES,
    example: 'ORGANIZATION',
    description: `${VISIBILITY_TEXT}. Only the owner or a user with manage_scenarios may change it.`,
  })
  @IsOptional()
  @IsIn(SCENARIO_VISIBILITIES)
  visibility?: ScenarioVisibility;

  /**
   * The forecast assumptions of the scenario's forecasts, replaced whole (a field left out takes its default); null
   * returns to the organization's. Changing them is a `scenario` update event, so the change needs X-Acting-User.
   */
  @IsOptional()
  @IsNullable()
  @NestedObject(() => ForecastAssumptionsBodyDto)
  assumptions?: ForecastAssumptionsBodyDto | null;
}

export class ScenarioDto {
  id: string;
  name: string;
  /** Free text; null when none. */
  @ApiProperty({ type: String, nullable: true }) description: string | null;
  /**
   * OPEN accepts writes; LOCKED refuses them; SUBMITTED (under approval) and APPROVED refuse them too; MERGED: merged
   * into live data.
   */
  @ApiProperty({ enum: ['OPEN', 'LOCKED', 'SUBMITTED', 'APPROVED', 'MERGED'] }) status: PlanStatus;
  @ApiProperty({ enum: SCENARIO_VISIBILITIES, description: VISIBILITY_TEXT }) visibility: ScenarioVisibility;
  /** The user who created it (X-Acting-User of the create); null when the application created it without one. */
  @ApiProperty({ type: String, nullable: true, example: EXAMPLE_ID.user }) ownerUserId: string | null;
  /** The assumptions of the scenario's forecasts; null: the organization's apply. */
  @ApiProperty({ type: ForecastAssumptionsDto, nullable: true }) assumptions: ForecastAssumptionsDto | null;
  createdAt: string;
  updatedAt: string;

  static from(plan: PlanEntity): ScenarioDto {
    return {
      id: plan.id,
      name: plan.name,
      description: plan.description,
      status: plan.status,
      visibility: plan.visibility,
      ownerUserId: plan.ownerUserId,
      assumptions: plan.assumptions && ForecastAssumptionsDto.from(plan.assumptions),
      ...timestamps(plan),
    };
  }
}

const CHANGES_EXAMPLE = { employee: 3, employee_team_allocation: 2 };

export class MergeResultDto {
  /** Always MERGED. */
  @ApiProperty({ enum: ['MERGED'] }) status: 'MERGED';
  /** Live records changed, per entity type. */
  @ApiProperty({ type: 'object', additionalProperties: { type: 'integer' }, example: CHANGES_EXAMPLE })
  changes: Record<string, number>;
}

/** A record both the scenario and live changed after the fork. */
export class MergeConflictDto {
  @ApiProperty({ example: 'employee', description: 'The entity type of the record (as webhook events name it)' }) entityType: string;
  @ApiProperty({ example: EXAMPLE_ID.employee, description: "The record's id" }) entityId: string;
}

export class DryRunResultDto {
  /** Always DRY_RUN: nothing was written and no event sent. */
  @ApiProperty({ enum: ['DRY_RUN'] }) status: 'DRY_RUN';
  /** Live records the merge would change, per entity type (what the merge answers when it succeeds). */
  @ApiProperty({ type: 'object', additionalProperties: { type: 'integer' }, example: CHANGES_EXAMPLE })
  changes: Record<string, number>;
  /** Every record live changed after the fork that the scenario changes too; the merge is refused (409) while there is one. */
  @ApiProperty({ type: [MergeConflictDto], example: [] }) conflicts: MergeConflictDto[];
}

export class MergeQueryDto {
  /** true: answer what the merge would do, with nothing written and no event sent. */
  @ApiPropertyOptional({ type: Boolean, default: false, example: true })
  @IsOptional()
  @ToBoolean()
  @IsBoolean()
  dryRun?: boolean;
}
