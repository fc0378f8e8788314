import { ApiPropertyOptional } from '@nestjs/swagger';
import { Matches, Max, Min } from 'class-validator';
import { decimalToNumber, decimalToString } from '../../common/decimals';
import { timestamps } from '../../common/http/timestamps';
import { PatchType } from '../../common/validation/patch-type';
import { IsCurrencyCode, IsDecimal, IsExternalId, IsNullable, IsOptional, IsText } from '../../common/validation/validators';
import type { LocationEntity } from '../entities/location.entity';

export class CreateLocationDto {
  @IsText(200)
  name: string;

  /** Id in the system of record; unique among locations; not CUID-shaped. */
  @IsExternalId()
  @ApiPropertyOptional({ example: 'LOC-BER' })
  externalId?: string | null;

  /** ISO 3166-1 alpha-2 country code, such as GB. */
  @IsOptional()
  @IsNullable()
  @Matches(/^[A-Z]{2}$/, { message: 'countryCode must be an ISO 3166-1 alpha-2 code of 2 uppercase letters' })
  countryCode?: string | null;

  /** ISO 4217 code: the default currency of people at this location. */
  @IsOptional()
  @IsNullable()
  @IsCurrencyCode()
  currencyCode?: string | null;

  /** Multiplies the cost of people here (1 = no change); at least 0, up to 4 decimals. */
  @ApiPropertyOptional({ minimum: 0, default: 1 })
  @IsOptional()
  @IsDecimal(4)
  @Min(0)
  @Max(1000)
  costMultiplier?: number;
}

export class UpdateLocationDto extends PatchType(CreateLocationDto) {}

export class LocationDto {
  id: string;
  name: string;
  /** Id in the system of record; null when none. */
  externalId: string | null;
  /** ISO 3166-1 alpha-2 country code; null when none. */
  countryCode: string | null;
  /** ISO 4217 code: the default currency of people at this location; null when none. */
  currencyCode: string | null;
  /** Multiplies the cost of people here (1 = no change). */
  costMultiplier: number;
  createdAt: string;
  updatedAt: string;

  static from(e: LocationEntity): LocationDto {
    return {
      id: e.id,
      name: e.name,
      externalId: e.externalId,
      countryCode: e.countryCode,
      currencyCode: e.currencyCode,
      costMultiplier: decimalToNumber(e.costMultiplier) ?? 1,
      ...timestamps(e),
    };
  }

  static payload(e: LocationEntity): Record<string, unknown> {
    return { ...LocationDto.from(e), costMultiplier: decimalToString(e.costMultiplier) };
  }
}
