import { PatchType } from '../../common/validation/patch-type';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean, IsString, Matches } from 'class-validator';
import { IsNullable, IsOptional, NestedObject, Trim } from '../../common/validation/validators';
import type { BusinessMetricEntity } from '../entities/business-metric.entity';
import { CostScopeDto } from './cost-scope.dto';
import { CharLength } from './text-rules';

export const METRIC_KEY_PATTERN = /^[a-z0-9_-]{1,80}$/;

export class CreateBusinessMetricDto {
  /** Stable key used by pushing systems (`metric` of a reading batch): 1 to 80 of a-z, 0-9, `-`, `_`; unique in the organization. */
  @ApiProperty({ pattern: METRIC_KEY_PATTERN.source, example: 'tickets-resolved' })
  @IsString()
  @Matches(METRIC_KEY_PATTERN, { message: 'key must be 1 to 80 characters of a-z, 0-9, - and _' })
  key: string;

  /** Display name; 1 to 200 characters. */
  @ApiProperty({ minLength: 1, maxLength: 200, example: 'Tickets resolved' })
  @Trim()
  @IsString()
  @CharLength(1, 200)
  name: string;

  /** The unit readings are expressed in; 1 to 50 characters. */
  @ApiProperty({ minLength: 1, maxLength: 50, example: 'tickets' })
  @Trim()
  @IsString()
  @CharLength(1, 50)
  unit: string;

  /** Free text; up to 2,000 characters; null clears it. */
  @ApiPropertyOptional({ example: 'Support tickets closed as resolved in the period.', type: String, nullable: true, maxLength: 2000 })
  @IsOptional()
  @IsNullable()
  @IsString()
  @CharLength(0, 2000)
  description?: string | null;

  /** Inactive metrics are left out of summaries; they still accept readings. Default true. */
  @ApiPropertyOptional({ example: true, default: true })
  @IsOptional()
  @IsBoolean()
  active?: boolean;

  /** Whose people cost the summary's cost per unit uses; default (and null) `{ type: 'ORGANIZATION' }`. Unknown cost centre or team id: 400. */
  @ApiPropertyOptional({ type: CostScopeDto, nullable: true })
  @IsOptional()
  @IsNullable()
  @NestedObject(() => CostScopeDto)
  costScope?: CostScopeDto | null;
}

export class UpdateBusinessMetricDto extends PatchType(CreateBusinessMetricDto) {}

export class BusinessMetricDto {
  id: string;
  /** Stable key used by pushing systems (`metric` of a reading batch). */
  key: string;
  name: string;
  /** The unit readings are expressed in. */
  unit: string;
  /** Free text; null when none. */
  @ApiProperty({ type: String, nullable: true })
  description: string | null;
  /** Inactive metrics are left out of summaries; they still accept readings. */
  active: boolean;
  costScope: CostScopeDto;
  createdAt: string;
  updatedAt: string;

  static from(entity: BusinessMetricEntity): BusinessMetricDto {
    return {
      id: entity.id,
      key: entity.key,
      name: entity.name,
      unit: entity.unit,
      description: entity.description,
      active: entity.active,
      costScope: CostScopeDto.of(entity.costScopeType, entity.costScopeId),
      createdAt: entity.createdAt.toISOString(),
      updatedAt: entity.updatedAt.toISOString(),
    };
  }
}
