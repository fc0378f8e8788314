import { EXAMPLE_ID } from '../../common/http/examples';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsString, Matches } from 'class-validator';
import { IntegerQuery, IsOptional } from '../../common/validation/validators';
import { RejectUnknownFields } from '../../common/validation/validation.pipe';
import { ForecastAssumptionsDto } from '../../organizations/dto/forecast-assumptions.dto';

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
  @ApiPropertyOptional({ description: 'First month, YYYY-MM, e.g. 2026-01 (default the current month, UTC)' })
  @IsOptional()
  @Matches(/^\d{4}-(0[1-9]|1[0-2])$/, { message: 'from must be a month in YYYY-MM form' })
  from?: string;

  @IntegerQuery({ minimum: 1, maximum: 60, default: 12 })
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

  @ApiPropertyOptional({
    enum: ['none'],
    description:
      "none: forecast the records alone, without the forecast assumptions (the scenario's, else the organization's) that apply otherwise",
  })
  @IsOptional()
  @IsIn(['none'])
  assumptions?: 'none';
}

export class ForecastDeltaDto {
  /** Scenario minus live: closing. */
  @ApiProperty({ example: 2 }) closing: number;
  /** Scenario minus live: forecastHeadcount. */
  @ApiProperty({ example: 3 }) forecastHeadcount: number;
  /** Scenario minus live: forecastCost; null when the caller may not see cost. */
  @ApiProperty({ example: 18250.5, type: Number, nullable: true }) forecastCost: number | null;
}

/** One month of a group or of the totals (spec 04 §2). */
export class ForecastMonthDto {
  /** The month, YYYY-MM. */
  @ApiProperty({ example: '2026-01' }) month: string;
  /** People (employees and contractors) active on the day before the month's first day. */
  @ApiProperty({ example: 41 }) opening: number;
  /** People whose startDate is in the month. */
  @ApiProperty({ example: 3 }) joiners: number;
  /** People whose last day + 1 is in the month, so opening + joiners - leavers = closing. */
  @ApiProperty({ example: 1 }) leavers: number;
  /** People active on the month's last day. */
  @ApiProperty({ example: 43 }) closing: number;
  /** Employees active on the month's last day. */
  @ApiProperty({ example: 38 }) employees: number;
  /** Contractors active on the month's last day. */
  @ApiProperty({ example: 5 }) contractors: number;
  /**
   * Vacancies contributing on the month's last day: open, committed or filled without an active filler, from their
   * targetStartDate (today when it has none). A vacancy open today whose target start is later counts from that month.
   */
  @ApiProperty({ example: 4 }) openVacancies: number;
  /** The fte of the vacancies contributing on the month's last day, summed. */
  @ApiProperty({ example: 3.5 }) openVacancyFte: number;
  /** Vacancies whose contribution starts (or starts again after a filler's last day) in the month. */
  @ApiProperty({ example: 2 }) plannedHires: number;
  /** Employees whose noticeDate is in the month. */
  @ApiProperty({ example: 1 }) notices: number;
  /** closing + openVacancies. */
  @ApiProperty({ example: 47 }) forecastHeadcount: number;
  /** Month cost of people in the reporting currency, rounded to cents; null when the caller may not see cost. */
  @ApiProperty({ example: 412500.75, type: Number, nullable: true }) cost: number | null;
  /** Month cost of contributing vacancies; null when the caller may not see cost. */
  @ApiProperty({ example: 28000, type: Number, nullable: true }) vacancyCost: number | null;
  /** cost + vacancyCost; null when the caller may not see cost. */
  @ApiProperty({ example: 440500.75, type: Number, nullable: true }) forecastCost: number | null;
  /** Vacancies contributing on some day of the month without a salary (costed at 0). */
  @ApiProperty({ example: 1 }) unpricedVacancies: number;
  /**
   * People (employees and contractors) with days in the month that `cost` leaves out for want of a price:
   * pay in a currency with no exchange rate to the reporting currency, or no salary or rate in force yet.
   * Each person counts once per month (split by allocation shares in the team and project groupings).
   */
  @ApiProperty({ example: 0 }) unpricedPeople: number;
  @ApiProperty({ example: 42.3548, description: 'Day-weighted FTE of people: their active days in the month / its days, 4 decimals' })
  averageFte: number;
  @ApiProperty({ example: 3.2258, description: 'Day-weighted FTE of contributing vacancies, each weighted by its fte, 4 decimals' })
  averageVacancyFte: number;
  /**
   * The weight people without a known last day lose in the month under the attrition assumption: the leavers
   * expected beyond those recorded (0 without attrition). With attrition, opening + joiners - leavers -
   * expectedLeavers = closing, and headcounts are expectations shown to 2 decimals.
   */
  @ApiProperty({ example: 0.42 }) expectedLeavers: number;
  /** The employer on-cost included in cost (employees' pay x onCostPercent / 100); null when the caller may not see cost. */
  @ApiProperty({ example: 82500.15, type: Number, nullable: true }) onCost: number | null;
  @ApiPropertyOptional({ type: ForecastDeltaDto, description: 'With compare=live' }) delta?: ForecastDeltaDto;
}

export class ForecastGroupKeyDto {
  /** The id of the group's record (cost centre, location, job role, work type, team or project). */
  @ApiProperty({ example: EXAMPLE_ID.costCentre }) id: string;
  /** The record's name. */
  @ApiProperty({ example: 'Engineering', type: String, nullable: true }) name: string | null;
}

export class ForecastGroupDto {
  @ApiProperty({
    type: ForecastGroupKeyDto,
    nullable: true,
    description: 'null: records without the attribute, or the part of a day not allocated (and the one group of groupBy none)',
  })
  key: ForecastGroupKeyDto | null;
  /** The name the group is shown by, never blank: its record's name, or what the group without a key holds. */
  @ApiProperty({
    example: 'Engineering',
    description: 'The key\'s name; for the group without a key: "No team", "No project", "No cost centre", ... ("All" for groupBy none)',
  })
  label: string;
  /** One entry per month, in order. */
  @ApiProperty({ type: [ForecastMonthDto] }) months: ForecastMonthDto[];
}

/** The forecast assumptions a forecast applied, and where they come from. */
export class AppliedAssumptionsDto extends ForecastAssumptionsDto {
  /**
   * organization: the organization's (live data, or a scenario without its own); scenario: the scenario's own;
   * none: none (assumptions=none), every figure from the records alone.
   */
  @ApiProperty({ enum: ['organization', 'scenario', 'none'], example: 'organization' }) source: 'organization' | 'scenario' | 'none';
}

/** What a forecast states beside its figures. */
export class ForecastMetaDto {
  /** The assumptions behind the figures (with compare=live, the scenario's side). */
  @ApiProperty({ type: AppliedAssumptionsDto }) assumptions: AppliedAssumptionsDto;
  /** With compare=live: the assumptions of the live side the deltas are taken against. */
  @ApiPropertyOptional({ type: AppliedAssumptionsDto }) liveAssumptions?: AppliedAssumptionsDto;
}

export class ForecastDto {
  /** First month, YYYY-MM. */
  @ApiProperty({ example: '2026-01' }) from: string;
  /** Number of months. */
  @ApiProperty({ example: 12 }) months: number;
  /** The grouping used. */
  @ApiProperty({ example: 'costCentre', enum: FORECAST_GROUP_BY }) groupBy: ForecastGroupBy;
  @ApiProperty({ example: 'USD', description: "The organization's reporting currency" }) currency: string;
  /** Groups ordered by name, the null group last; groupBy none: one group with key null. */
  @ApiProperty({ type: [ForecastGroupDto] }) groups: ForecastGroupDto[];
  /** The sum over the groups, per month. */
  @ApiProperty({ type: [ForecastMonthDto] }) totals: ForecastMonthDto[];
}

/** `GET /forecast`'s answer: the figures, and the assumptions behind them. */
export interface ForecastAnswer {
  data: ForecastDto;
  meta: ForecastMetaDto;
}
