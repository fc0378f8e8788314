import { ApiProperty } from '@nestjs/swagger';
import { IsIn, IsString, MaxLength } from 'class-validator';
import { decimalToNumber, decimalToString } from '../../common/decimals';
import { timestamps } from '../../common/http/timestamps';
import { PatchType } from '../../common/validation/patch-type';
import { IsAmount, IsCurrencyCode, IsDateOnly, IsNullable, IsOptional } from '../../common/validation/validators';
import { RATE_TYPES, type RateAdjustmentEntity, type RateType } from '../entities/rate-adjustment.entity';

/** Nested `rateAdjustment` of contractor bodies, and the body of POST /contractors/:contractorId/rate-adjustments. */
export class CreateRateAdjustmentDto {
  /** First day the rate applies (YYYY-MM-DD). */
  @IsDateOnly()
  effectiveDate: string;

  /** Rate per billing period, >= 0, two decimals. */
  @ApiProperty({ minimum: 0, example: 650 })
  @IsAmount()
  rate: number;

  /** Billing period of the rate. */
  @ApiProperty({ example: 'daily', enum: RATE_TYPES })
  @IsIn(RATE_TYPES)
  rateType: RateType;

  /** ISO 4217. */
  @IsCurrencyCode()
  currencyCode: string;

  /** Why the rate changed; null = no reason given. */
  @IsOptional()
  @IsNullable()
  @IsString()
  @MaxLength(2000)
  reason?: string | null;
}

export class UpdateRateAdjustmentDto extends PatchType(CreateRateAdjustmentDto) {}

export class RateAdjustmentDto {
  /** @example cdemorate0000000000000001 */
  id: string;
  /**
   * The contractor.
   * @example cdemoctr00000000000000001
   */
  contractorId: string;
  /** First day the rate applies. */
  effectiveDate: string;
  /** Rate per billing period. */
  rate: number;
  /** Billing period of the rate. */
  @ApiProperty({ example: 'daily', enum: RATE_TYPES }) rateType: RateType;
  /** ISO 4217 currency of the rate. */
  currencyCode: string;
  /** Why the rate changed; null when not given. */
  @ApiProperty({ type: String, nullable: true }) reason: string | null;
  createdAt: string;
  updatedAt: string;

  static from(e: RateAdjustmentEntity): RateAdjustmentDto {
    return {
      id: e.id,
      contractorId: e.contractorId,
      effectiveDate: e.effectiveDate,
      rate: decimalToNumber(e.rate) ?? 0,
      rateType: e.rateType,
      currencyCode: e.currencyCode,
      reason: e.reason,
      ...timestamps(e),
    };
  }

  static payload(e: RateAdjustmentEntity): Record<string, unknown> {
    return { ...RateAdjustmentDto.from(e), rate: decimalToString(e.rate) };
  }
}
