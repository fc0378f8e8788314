import { ApiProperty } from '@nestjs/swagger';
import { IsString, MaxLength } from 'class-validator';
import { decimalToNumber, decimalToString } from '../../common/decimals';
import { timestamps } from '../../common/http/timestamps';
import { PatchType } from '../../common/validation/patch-type';
import { IsAmount, IsCurrencyCode, IsDateOnly, IsNullable, IsOptional } from '../../common/validation/validators';
import type { SalaryAdjustmentEntity } from '../entities/salary-adjustment.entity';

/** Document 01 nested `salary`, and the body of POST /employees/:employeeId/salary-adjustments. */
export class CreateSalaryAdjustmentDto {
  /** First day the salary applies (YYYY-MM-DD). */
  @IsDateOnly()
  effectiveDate: string;

  /** Annual base, >= 0, two decimals. */
  @ApiProperty({ minimum: 0, example: 85000 })
  @IsAmount()
  salary: number;

  /** ISO 4217. */
  @IsCurrencyCode()
  currencyCode: string;

  /** Annual bonus, >= 0, two decimals; null = none. */
  @IsOptional()
  @IsNullable()
  @IsAmount()
  bonus?: number | null;

  /** Why the salary changed; null = no reason given. */
  @IsOptional()
  @IsNullable()
  @IsString()
  @MaxLength(2000)
  reason?: string | null;
}

export class UpdateSalaryAdjustmentDto extends PatchType(CreateSalaryAdjustmentDto) {}

/** Document 01 "Salary adjustment". */
export class SalaryAdjustmentDto {
  /** @example cdemosal00000000000000001 */
  id: string;
  /**
   * The employee.
   * @example cdemoemp00000000000000002
   */
  employeeId: string;
  /** First day the salary applies. */
  effectiveDate: string;
  /** Annual base salary. */
  salary: number;
  /** Annual bonus; null = none. */
  @ApiProperty({ type: Number, nullable: true }) bonus: number | null;
  /** ISO 4217 currency of salary and bonus. */
  currencyCode: string;
  /** Why the salary changed; null when not given. */
  @ApiProperty({ type: String, nullable: true }) reason: string | null;
  createdAt: string;
  updatedAt: string;

  static from(e: SalaryAdjustmentEntity): SalaryAdjustmentDto {
    return {
      id: e.id,
      employeeId: e.employeeId,
      effectiveDate: e.effectiveDate,
      salary: decimalToNumber(e.salary) ?? 0,
      bonus: decimalToNumber(e.bonus),
      currencyCode: e.currencyCode,
      reason: e.reason,
      ...timestamps(e),
    };
  }

  static payload(e: SalaryAdjustmentEntity): Record<string, unknown> {
    return { ...SalaryAdjustmentDto.from(e), salary: decimalToString(e.salary), bonus: decimalToString(e.bonus) };
  }
}
