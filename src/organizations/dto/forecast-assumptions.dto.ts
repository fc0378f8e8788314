import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsInt, Max, Min } from 'class-validator';
import { IsDecimal, IsNullable, IsOptional, NestedObject } from '../../common/validation/validators';
import type { ForecastAssumptions, MeritIncrease } from '../../database/entities/organization.entity';

const EXAMPLE: ForecastAssumptions = {
  attritionRatePerYear: 0.12,
  meritIncrease: { month: 4, percent: 3 },
  timeToFillDays: 45,
  onCostPercent: 25,
};

export class MeritIncreaseDto implements MeritIncrease {
  /** The month of each year (1-12) from whose first day salaries in force since before it are raised. */
  @ApiProperty({ minimum: 1, maximum: 12, example: 4 })
  @IsInt()
  @Min(1)
  @Max(12)
  month: number;

  /** The raise, in percent (0-50, at most 2 decimals), compounding each year until a later salary adjustment replaces the salary. */
  @ApiProperty({ minimum: 0, maximum: 50, example: 3 })
  @IsDecimal(2)
  @Min(0)
  @Max(50)
  percent: number;
}

/**
 * Forecast assumptions as a body sends them: the object replaces the stored one whole, and a field left out
 * takes its default (0, or null for meritIncrease).
 */
export class ForecastAssumptionsBodyDto {
  /**
   * Expected share of people leaving per year (0-1, at most 4 decimals; default 0): a person with no known last
   * day counts on day d of the forecast with weight (1 - rate)^(d / 365) in headcount, FTE and cost.
   */
  @ApiPropertyOptional({ minimum: 0, maximum: 1, default: 0, example: 0.12 })
  @IsOptional()
  @IsDecimal(4)
  @Min(0)
  @Max(1)
  attritionRatePerYear?: number;

  /** A yearly raise of employees' salaries; null (the default) for none. */
  @ApiPropertyOptional({ type: MeritIncreaseDto, example: EXAMPLE.meritIncrease })
  @IsOptional()
  @IsNullable()
  @NestedObject(() => MeritIncreaseDto)
  meritIncrease?: MeritIncreaseDto | null;

  /** Days from the forecast's first day before an open vacancy can start (0-365, default 0). */
  @ApiPropertyOptional({ minimum: 0, maximum: 365, default: 0, example: 45 })
  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(365)
  timeToFillDays?: number;

  /** Employer costs on top of employees' pay, in percent of it (0-100, at most 2 decimals, default 0); contractors carry none. */
  @ApiPropertyOptional({ minimum: 0, maximum: 100, default: 0, example: 25 })
  @IsOptional()
  @IsDecimal(2)
  @Min(0)
  @Max(100)
  onCostPercent?: number;
}

/** Forecast assumptions with every field. */
export class ForecastAssumptionsDto implements ForecastAssumptions {
  /** Expected share of people leaving per year (0-1); people with no known last day are weighted by (1 - rate)^(d / 365) on day d of a forecast. */
  @ApiProperty({ example: EXAMPLE.attritionRatePerYear }) attritionRatePerYear: number;
  /** The yearly raise of employees' salaries, or null for none. */
  @ApiProperty({ type: MeritIncreaseDto, nullable: true }) meritIncrease: MeritIncreaseDto | null;
  /** Days from a forecast's first day before an open vacancy can start. */
  @ApiProperty({ example: EXAMPLE.timeToFillDays }) timeToFillDays: number;
  /** Employer costs on top of employees' pay, in percent. */
  @ApiProperty({ example: EXAMPLE.onCostPercent }) onCostPercent: number;

  /** Stored assumptions (jsonb, whose keys come back in its own order) in the API's field order. */
  static from(stored: ForecastAssumptions): ForecastAssumptionsDto {
    return completeAssumptions(stored);
  }
}

/** A body's assumptions with the defaults filled in, in the API's field order. */
export function completeAssumptions(body: ForecastAssumptionsBodyDto): ForecastAssumptions {
  const merit = body.meritIncrease ?? null;
  return {
    attritionRatePerYear: body.attritionRatePerYear ?? 0,
    meritIncrease: merit && { month: merit.month, percent: merit.percent },
    timeToFillDays: body.timeToFillDays ?? 0,
    onCostPercent: body.onCostPercent ?? 0,
  };
}

/** Whether two sets of assumptions are the same (whatever their keys' order). */
export function sameAssumptions(a: ForecastAssumptions | null, b: ForecastAssumptions | null): boolean {
  return JSON.stringify(a && completeAssumptions(a)) === JSON.stringify(b && completeAssumptions(b));
}
