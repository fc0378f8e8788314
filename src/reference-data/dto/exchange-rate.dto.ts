import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsNumber, IsPositive, Max } from 'class-validator';
import { decimalToNumber, decimalToString } from '../../common/decimals';
import { ListQueryDto } from '../../common/http/pagination.dto';
import { timestamps } from '../../common/http/timestamps';
import { PatchType } from '../../common/validation/patch-type';
import { IsCurrencyCode, IsDateOnly, IsDecimal, IsOptional } from '../../common/validation/validators';
import type { ExchangeRateEntity } from '../entities/exchange-rate.entity';

export class CreateExchangeRateDto {
  /** ISO 4217: 1 unit of this currency... */
  @IsCurrencyCode()
  fromCurrency: string;

  /** ...is worth `rate` units of this one. */
  @IsCurrencyCode()
  toCurrency: string;

  /** Above 0, up to 10 decimals. */
  @ApiProperty({ exclusiveMinimum: true, minimum: 0, example: 1.0842 })
  @IsDecimal(10)
  @IsPositive()
  @Max(1e12)
  rate: number;

  /** First day the rate is in force (YYYY-MM-DD); it holds until the pair's next rate. */
  @IsDateOnly()
  effectiveDate: string;
}

export class UpdateExchangeRateDto extends PatchType(CreateExchangeRateDto) {}

export class ExchangeRateQueryDto extends ListQueryDto {
  /** Only rates from this currency. */
  @IsOptional()
  @IsCurrencyCode()
  fromCurrency?: string;

  /** Only rates to this currency. */
  @IsOptional()
  @IsCurrencyCode()
  toCurrency?: string;
}

export class ConvertQueryDto {
  /**
   * ISO 4217 code of the currency the amount is in.
   * @example EUR
   */
  @IsCurrencyCode()
  from: string;

  /**
   * ISO 4217 code of the currency to convert into.
   * @example USD
   */
  @IsCurrencyCode()
  to: string;

  /** Amount to convert (default 1). */
  @ApiPropertyOptional({ default: 1 })
  @IsOptional()
  @Type(() => Number)
  @IsNumber({ allowNaN: false, allowInfinity: false })
  amount?: number;

  /** The day whose rate applies (default today, UTC). */
  @IsOptional()
  @IsDateOnly()
  date?: string;
}

export class ConversionDto {
  /** ISO 4217 code of the currency converted from. */
  from: string;
  /** ISO 4217 code of the currency converted into. */
  to: string;
  /** The day whose rate was used. */
  date: string;
  /** Units of `to` per unit of `from`. */
  rate: number;
  /** The amount converted, in `from`. */
  amount: number;
  /** The amount in `to`: amount times rate. */
  converted: number;
  /** `direct`, `inverse` (1 / the stored reverse rate) or `identity`. */
  @ApiProperty({ enum: ['direct', 'inverse', 'identity'] })
  source: 'direct' | 'inverse' | 'identity';
  /** effectiveDate of the rate used (null for identity). */
  @ApiProperty({ type: String, nullable: true })
  effectiveDate: string | null;
}

export class ExchangeRateDto {
  id: string;
  /** ISO 4217: 1 unit of this currency... */
  fromCurrency: string;
  /** ...is worth `rate` units of this one. */
  toCurrency: string;
  /** Units of toCurrency per unit of fromCurrency. */
  rate: number;
  /** First day the rate is in force; it holds until the pair's next rate. */
  effectiveDate: string;
  createdAt: string;
  updatedAt: string;

  static from(e: ExchangeRateEntity): ExchangeRateDto {
    return {
      id: e.id,
      fromCurrency: e.fromCurrency,
      toCurrency: e.toCurrency,
      rate: decimalToNumber(e.rate) ?? 0,
      effectiveDate: e.effectiveDate,
      ...timestamps(e),
    };
  }

  static payload(e: ExchangeRateEntity): Record<string, unknown> {
    return { ...ExchangeRateDto.from(e), rate: decimalToString(e.rate) };
  }
}
