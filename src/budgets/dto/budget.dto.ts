import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ArrayMaxSize, IsArray, IsIn, IsString, Matches, Max, Min } from 'class-validator';
import { IncrementalListQueryDto } from '../../common/http/pagination.dto';
import { fieldPlan } from '../../crud/assign';
import { timestamps } from '../../common/http/timestamps';
import { PatchType } from '../../common/validation/patch-type';
import { IsCurrencyCode, IsDecimal, IsNullable, IsOptional, IsText, NestedObject } from '../../common/validation/validators';
import type { CustomAttributeValueDto } from '../../custom-attributes/dto/custom-attribute-value.dto';
import { BUDGET_DIMENSIONS, BUDGET_STATUSES, BudgetDimension, BudgetStatus } from '../entities/budget.entity';
import type { BudgetEntity } from '../entities/budget.entity';

/** A month written `YYYY-MM`. */
export const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;
/** At most this many lines in a budget. */
export const MAX_BUDGET_LINES = 10_000;
/** At most this many months from fromMonth to toMonth. */
export const MAX_BUDGET_MONTHS = 36;
/** The largest figure a line takes (cost in the budget's currency, headcount, fte). */
const MAX_FIGURE = 1e12;

/** One line of a budget body: what is budgeted for one group in one month. */
export class BudgetLineInputDto {
  /**
   * The group: a cost centre's id (dimension costCentre), a team's id (dimension team), absent or null (dimension none).
   * @example cdemocc000000000000000001
   */
  @IsOptional()
  @IsNullable()
  @IsString()
  key?: string | null;

  /** A month from fromMonth to toMonth, `YYYY-MM`; one line per key and month. */
  @ApiProperty({ example: '2026-01' })
  @Matches(MONTH, { message: 'month must be a month in YYYY-MM form' })
  month: string;

  /** The budgeted cost of the month in the budget's currency, at least 0, at most 2 decimals. */
  @ApiProperty({ example: 250000, minimum: 0 })
  @IsDecimal(2)
  @Min(0)
  @Max(MAX_FIGURE)
  cost: number;

  /** The budgeted headcount at the month's end, at least 0, at most 4 decimals; absent or null: not budgeted. */
  @ApiPropertyOptional({ example: 20, minimum: 0 })
  @IsOptional()
  @IsNullable()
  @IsDecimal(4)
  @Min(0)
  @Max(MAX_FIGURE)
  headcount?: number | null;

  /** The budgeted average FTE of the month, at least 0, at most 4 decimals; absent or null: not budgeted. */
  @ApiPropertyOptional({ example: 19.5, minimum: 0 })
  @IsOptional()
  @IsNullable()
  @IsDecimal(4)
  @Min(0)
  @Max(MAX_FIGURE)
  fte?: number | null;
}

export class CreateBudgetDto {
  @ApiProperty({ example: 'Budget 2026 by cost centre' })
  @IsText(200)
  name: string;

  /** What the lines' keys are: none (one group), cost centres or teams (variance splits people by their team allocations). */
  @ApiProperty({ enum: BUDGET_DIMENSIONS, example: 'costCentre' })
  @IsIn(BUDGET_DIMENSIONS)
  dimension: BudgetDimension;

  /** First month, `YYYY-MM`. */
  @ApiProperty({ example: '2026-01' })
  @Matches(MONTH, { message: 'fromMonth must be a month in YYYY-MM form' })
  fromMonth: string;

  /** Last month, `YYYY-MM`: from fromMonth, at most 36 months in all. */
  @ApiProperty({ example: '2026-12' })
  @Matches(MONTH, { message: 'toMonth must be a month in YYYY-MM form' })
  toMonth: string;

  /** The currency of the lines' costs; default the organization's reporting currency. */
  @ApiPropertyOptional({ example: 'USD' })
  @IsOptional()
  @IsCurrencyCode()
  currencyCode?: string;

  /** DRAFT (default), APPROVED or ARCHIVED. */
  @ApiPropertyOptional({ enum: BUDGET_STATUSES, default: 'DRAFT', example: 'DRAFT' })
  @IsOptional()
  @IsIn(BUDGET_STATUSES)
  status?: BudgetStatus;

  /** At most 10,000 lines, one per key and month; on PATCH, the lines sent replace every line. */
  @ApiPropertyOptional({ type: [BudgetLineInputDto], maxItems: MAX_BUDGET_LINES })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(MAX_BUDGET_LINES)
  @NestedObject(() => BudgetLineInputDto, { each: true })
  lines?: BudgetLineInputDto[];
}

export class UpdateBudgetDto extends PatchType(CreateBudgetDto) {}

/** Where each field of a body goes (the service's `apply`): a field added above does not compile until it is placed. */
export const BUDGETS_FIELDS = fieldPlan<UpdateBudgetDto>()({
  copy: ['name', 'dimension', 'fromMonth', 'toMonth', 'status'],
  own: ['currencyCode', 'lines'],
});

export class BudgetQueryDto extends IncrementalListQueryDto {
  /** Only budgets of this status. */
  @ApiPropertyOptional({ enum: BUDGET_STATUSES })
  @IsOptional()
  @IsIn(BUDGET_STATUSES)
  status?: BudgetStatus;
}

/** One line of a budget. */
export class BudgetLineDto {
  /**
   * The cost centre's or team's id; null for dimension none.
   * @example cdemocc000000000000000001
   */
  @ApiProperty({ type: String, nullable: true })
  key: string | null;
  /**
   * The month, `YYYY-MM`.
   * @example "2026-01"
   */
  month: string;
  /** Budgeted cost in the budget's currency; null when the caller may not see cost. */
  @ApiProperty({ type: Number, nullable: true, example: 250000 })
  cost: number | null;
  /** Budgeted headcount at the month's end; null when not budgeted. */
  @ApiProperty({ type: Number, nullable: true, example: 20 })
  headcount: number | null;
  /** Budgeted average FTE of the month; null when not budgeted. */
  @ApiProperty({ type: Number, nullable: true, example: 19.5 })
  fte: number | null;
}

export class BudgetDto {
  /** @example cdemobud00000000000000001 */
  id: string;
  /** @example "Budget 2026 by cost centre" */
  name: string;
  /** What the lines' keys are: none (one group), cost centres or teams. */
  @ApiProperty({ enum: BUDGET_DIMENSIONS, example: 'costCentre' })
  dimension: BudgetDimension;
  /**
   * First month, `YYYY-MM`.
   * @example "2026-01"
   */
  fromMonth: string;
  /**
   * Last month, `YYYY-MM`.
   * @example "2026-12"
   */
  toMonth: string;
  /**
   * The currency of the lines' costs.
   * @example "USD"
   */
  currencyCode: string;
  /** DRAFT, APPROVED or ARCHIVED. */
  @ApiProperty({ enum: BUDGET_STATUSES, example: 'DRAFT' })
  status: BudgetStatus;
  /** In the order written. */
  @ApiProperty({ type: [BudgetLineDto] })
  lines: BudgetLineDto[];
  createdAt: string;
  updatedAt: string;
  /** By-id reads only. */
  customAttributes?: CustomAttributeValueDto[];

  /** The budget as shown: its lines' costs only to a caller who may see cost. */
  static from(e: BudgetEntity, showCost = true): BudgetDto {
    return {
      id: e.id,
      name: e.name,
      dimension: e.dimension,
      fromMonth: e.fromMonth,
      toMonth: e.toMonth,
      currencyCode: e.currencyCode,
      status: e.status,
      lines: e.lines.map(([key, month, cost, headcount, fte]) => ({
        key,
        month,
        cost: showCost ? Number(cost) : null,
        headcount: headcount === null ? null : Number(headcount),
        fte: fte === null ? null : Number(fte),
      })),
      ...timestamps(e),
    };
  }

  /** The budget as change payloads carry it: every figure, decimals as strings. */
  static payload(e: BudgetEntity): Record<string, unknown> {
    const { lines: _lines, ...shown } = BudgetDto.from(e);
    return { ...shown, lines: e.lines.map(([key, month, cost, headcount, fte]) => ({ key, month, cost, headcount, fte })) };
  }
}
