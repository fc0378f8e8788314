import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsNotEmpty, IsString, MaxLength } from 'class-validator';
import { timestamps } from '../../common/http/timestamps';
import { IsNullable, IsOptional, Trim } from '../../common/validation/validators';
import type { PlanEntity } from '../../organizations/entities/plan.entity';

export class CreateScenarioDto {
  @Trim()
  @IsString()
  @IsNotEmpty()
  @MaxLength(200)
  name: string;

  /** Free text; null when none. */
  @IsOptional()
  @IsNullable()
  @IsString()
  @MaxLength(5000)
  @ApiPropertyOptional({ example: 'Two more backend engineers from April.' })
  description?: string | null;
}

export class UpdateScenarioDto {
  @IsOptional()
  @Trim()
  @IsString()
  @IsNotEmpty()
  @MaxLength(200)
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
}

export class ScenarioDto {
  id: string;
  name: string;
  /** Free text; null when none. */
  @ApiProperty({ type: String, nullable: true }) description: string | null;
  /** OPEN accepts writes; LOCKED refuses them; MERGED: merged into live data. */
  @ApiProperty({ enum: ['OPEN', 'LOCKED', 'MERGED'] }) status: 'OPEN' | 'LOCKED' | 'MERGED';
  createdAt: string;
  updatedAt: string;

  static from(plan: PlanEntity): ScenarioDto {
    return { id: plan.id, name: plan.name, description: plan.description, status: plan.status, ...timestamps(plan) };
  }
}

export class MergeResultDto {
  /** Always MERGED. */
  @ApiProperty({ enum: ['MERGED'] }) status: 'MERGED';
  /** Live records changed, per document 02 entity type. */
  @ApiProperty({ type: 'object', additionalProperties: { type: 'integer' }, example: { employee: 3, employee_team_allocation: 2 } })
  changes: Record<string, number>;
}
