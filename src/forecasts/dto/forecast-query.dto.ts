import { EXAMPLE_ID } from '../../common/http/examples';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsIn, IsInt, IsString, Matches, Max, Min } from 'class-validator';
import { IsOptional } from '../../common/validation/validators';
import { RejectUnknownFields } from '../../common/validation/validation.pipe';

/** Groupings by an attribute of each person and vacancy (the record counts whole in its group). */
export const ATTRIBUTE_GROUP_BY = ['costCentre', 'location', 'jobRole', 'workType'] as const;
/** Groupings by allocation: each record's day is split over its team or project assignments (spec 04 §2). */
export const ALLOCATION_GROUP_BY = ['team', 'project', 'projectCostCentre'] as const;
export const FORECAST_GROUP_BY = ['none', ...ATTRIBUTE_GROUP_BY, ...ALLOCATION_GROUP_BY] as const;
export type ForecastGroupBy = (typeof FORECAST_GROUP_BY)[number];
export type AttributeGroupBy = (typeof ATTRIBUTE_GROUP_BY)[number];
export type AllocationGroupBy = (typeof ALLOCATION_GROUP_BY)[number];

/** Query of `GET /forecast` (spec 04 §2); unknown parameters are refused. */
@RejectUnknownFields()
export class ForecastQueryDto {
  @ApiPropertyOptional({ example: '2026-01', description: 'First month, YYYY-MM (default the current month, UTC)' })
  @IsOptional()
  @Matches(/^\d{4}-(0[1-9]|1[0-2])$/, { message: 'from must be a month in YYYY-MM form' })
  from?: string;

  @ApiPropertyOptional({ minimum: 1, maximum: 60, default: 12 })
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(60)
  months?: number;

  @ApiPropertyOptional({
    enum: FORECAST_GROUP_BY,
    default: 'none',
    description:
      "none, an attribute of each record (costCentre, location, jobRole, workType), or its allocations: team and project split each day of a record over its assignments (share fte / max(1, sum), the rest to the null group); projectCostCentre books the project shares to the project's cost centre up to its endDate and to its postCompletionCostCentreId after it",
  })
  @IsOptional()
  @IsIn(FORECAST_GROUP_BY)
  groupBy?: ForecastGroupBy;

  /** Forecast a what-if scenario instead of live data. */
  @IsOptional()
  @IsString()
  scenarioId?: string;

  @ApiPropertyOptional({ enum: ['live'], description: 'With scenarioId only: each month carries delta = scenario minus live' })
  @IsOptional()
  @IsIn(['live'])
  compare?: 'live';
}

export class ForecastDeltaDto {
  @ApiProperty({ example: 2 }) closing: number;
  @ApiProperty({ example: 3 }) forecastHeadcount: number;
  @ApiProperty({ example: 18250.5, type: Number, nullable: true }) forecastCost: number | null;
}

/** One month of a group or of the totals (spec 04 §2). */
export class ForecastMonthDto {
  @ApiProperty({ example: '2026-01' }) month: string;
  @ApiProperty({ example: 41 }) opening: number;
  @ApiProperty({ example: 3 }) joiners: number;
  @ApiProperty({ example: 1 }) leavers: number;
  @ApiProperty({ example: 43 }) closing: number;
  @ApiProperty({ example: 38 }) employees: number;
  @ApiProperty({ example: 5 }) contractors: number;
  @ApiProperty({ example: 4 }) openVacancies: number;
  @ApiProperty({ example: 3.5 }) openVacancyFte: number;
  @ApiProperty({ example: 2 }) plannedHires: number;
  @ApiProperty({ example: 1 }) notices: number;
  @ApiProperty({ example: 47 }) forecastHeadcount: number;
  @ApiProperty({ example: 412500.75, type: Number, nullable: true }) cost: number | null;
  @ApiProperty({ example: 28000, type: Number, nullable: true }) vacancyCost: number | null;
  @ApiProperty({ example: 440500.75, type: Number, nullable: true }) forecastCost: number | null;
  @ApiProperty({ example: 1 }) unpricedVacancies: number;
  @ApiProperty({ example: 42.3548, description: 'Day-weighted FTE of people: their active days in the month / its days, 4 decimals' })
  averageFte: number;
  @ApiProperty({ example: 3.2258, description: 'Day-weighted FTE of contributing vacancies, each weighted by its fte, 4 decimals' })
  averageVacancyFte: number;
  @ApiPropertyOptional({ type: ForecastDeltaDto, description: 'With compare=live' }) delta?: ForecastDeltaDto;
}

export class ForecastGroupKeyDto {
  @ApiProperty({ example: EXAMPLE_ID.costCentre }) id: string;
  @ApiProperty({ example: 'Engineering', type: String, nullable: true }) name: string | null;
}

export class ForecastGroupDto {
  @ApiProperty({
    type: ForecastGroupKeyDto,
    nullable: true,
    description: 'null: records without the attribute, or the part of a day not allocated (and the one group of groupBy none)',
  })
  key: ForecastGroupKeyDto | null;
  @ApiProperty({ type: [ForecastMonthDto] }) months: ForecastMonthDto[];
}

export class ForecastDto {
  @ApiProperty({ example: '2026-01' }) from: string;
  @ApiProperty({ example: 12 }) months: number;
  @ApiProperty({ example: 'costCentre', enum: FORECAST_GROUP_BY }) groupBy: ForecastGroupBy;
  @ApiProperty({ example: 'USD', description: "The organization's reporting currency" }) currency: string;
  @ApiProperty({ type: [ForecastGroupDto] }) groups: ForecastGroupDto[];
  @ApiProperty({ type: [ForecastMonthDto] }) totals: ForecastMonthDto[];
}
