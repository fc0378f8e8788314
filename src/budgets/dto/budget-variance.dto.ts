import { ApiProperty } from '@nestjs/swagger';
import { IsString } from 'class-validator';
import { IsOptional } from '../../common/validation/validators';
import { RejectUnknownFields } from '../../common/validation/validation.pipe';

/** Query of `GET /budgets/:id/variance`; unknown parameters are refused. */
@RejectUnknownFields()
export class BudgetVarianceQueryDto {
  /** Forecast a what-if scenario instead of live data (the budget is the same). */
  @IsOptional()
  @IsString()
  scenarioId?: string;
}

/** What the budget holds for a group and month (0 where it has no line). */
export class VarianceBudgetDto {
  /** Budgeted cost in the budget's currency; null when the caller may not see cost. */
  @ApiProperty({ type: Number, nullable: true, example: 250000 }) cost: number | null;
  /** Budgeted headcount at the month's end; null when the line budgets none. */
  @ApiProperty({ type: Number, nullable: true, example: 20 }) headcount: number | null;
  /** Budgeted average FTE; null when the line budgets none. */
  @ApiProperty({ type: Number, nullable: true, example: 19.5 }) fte: number | null;
}

/** The forecast of the group and month, planned hires (contributing vacancies) included. */
export class VarianceForecastDto {
  /** forecastCost (people and vacancies) in the budget's currency; null when the caller may not see cost. */
  @ApiProperty({ type: Number, nullable: true, example: 262340.55 }) cost: number | null;
  /** forecastHeadcount: people and open vacancies at the month's end. */
  @ApiProperty({ example: 21 }) closingHeadcount: number;
  /** averageFte + averageVacancyFte: day-weighted FTE of people and contributing vacancies, 4 decimals. */
  @ApiProperty({ example: 20.3548 }) averageFte: number;
  /** People with days in the month that cost leaves out for want of a price (no salary or rate, or no exchange rate). */
  @ApiProperty({ example: 0 }) unpricedPeople: number;
}

/** Forecast minus budget. */
export class VarianceFiguresDto {
  /** Forecast cost minus budget cost; null when the caller may not see cost. */
  @ApiProperty({ type: Number, nullable: true, example: 12340.55 }) cost: number | null;
  /** Forecast closing headcount minus budget headcount; null when the budget has none. */
  @ApiProperty({ type: Number, nullable: true, example: 1 }) headcount: number | null;
  /** Forecast average FTE minus budget FTE; null when the budget has none. */
  @ApiProperty({ type: Number, nullable: true, example: 0.8548 }) fte: number | null;
}

/** Budget, forecast and variance over several months: costs summed, headcounts at the last month, FTE day-weighted. */
export class BudgetVarianceTotalsDto {
  @ApiProperty({ type: VarianceBudgetDto }) budget: VarianceBudgetDto;
  /** unpricedPeople: the most in any month. */
  @ApiProperty({ type: VarianceForecastDto }) forecast: VarianceForecastDto;
  @ApiProperty({ type: VarianceFiguresDto }) variance: VarianceFiguresDto;
  /** Whether the forecast cost exceeds the budget cost; null when the caller may not see cost. */
  @ApiProperty({ type: Boolean, nullable: true, example: true }) over: boolean | null;
}

export class BudgetVarianceMonthDto extends BudgetVarianceTotalsDto {
  /**
   * The month, `YYYY-MM`.
   * @example "2026-01"
   */
  month: string;
}

export class BudgetVarianceGroupDto {
  /**
   * The cost centre's or team's id; null: the one group of dimension none, or the people without a cost centre or
   * the unallocated part of their days.
   * @example cdemocc000000000000000001
   */
  @ApiProperty({ type: String, nullable: true }) key: string | null;
  /** The cost centre's or team's name; null when key is null or names nothing any more. */
  @ApiProperty({ type: String, nullable: true, example: 'Engineering' }) name: string | null;
  /** The name the group is shown by, never blank: its name, or what the group without a key holds ("No cost centre", "No team", "All"). */
  @ApiProperty({ example: 'Engineering' }) label: string;
  /** One per month of the budget, in order. */
  @ApiProperty({ type: [BudgetVarianceMonthDto] }) months: BudgetVarianceMonthDto[];
  /** The group over the budget's months. */
  @ApiProperty({ type: BudgetVarianceTotalsDto }) totals: BudgetVarianceTotalsDto;
}

export class BudgetVarianceDto {
  /**
   * The budget.
   * @example cdemobud00000000000000001
   */
  budgetId: string;
  /** The scenario forecast; null for live data. */
  @ApiProperty({ type: String, nullable: true, example: null }) scenarioId: string | null;
  /** The budget's currency: every cost is in it. */
  @ApiProperty({ example: 'USD' }) currencyCode: string;
  /** The groups of the budget's lines and of the forecast, by name, the null group last. */
  @ApiProperty({ type: [BudgetVarianceGroupDto] }) groups: BudgetVarianceGroupDto[];
  /** Every group over the budget's months. */
  @ApiProperty({ type: BudgetVarianceTotalsDto }) totals: BudgetVarianceTotalsDto;
}
