import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsString, Matches, MaxLength } from 'class-validator';
import { timestamps } from '../../common/http/timestamps';
import { PatchType } from '../../common/validation/patch-type';
import { IsNullable, IsOptional, IsText } from '../../common/validation/validators';
import type { DriverEntity } from '../entities/driver.entity';

export class CreateDriverDto {
  /** Display name, such as Active customers. */
  @IsText(200)
  name: string;

  /** Stable key, 1-80 of a-z, 0-9, - and _; unique in the organization. */
  @Matches(/^[a-z0-9_-]{1,80}$/, { message: 'key must be 1 to 80 characters of a-z, 0-9, - and _' })
  key: string;

  /** Unit of the driver's values, such as customers or tickets. */
  @IsOptional()
  @IsNullable()
  @IsString()
  @MaxLength(50)
  @ApiPropertyOptional({ example: 'customers' })
  unit?: string | null;

  /** Free text; null clears it. */
  @IsOptional()
  @IsNullable()
  @IsString()
  @MaxLength(5000)
  description?: string | null;
}

export class UpdateDriverDto extends PatchType(CreateDriverDto) {}

export class DriverDto {
  id: string;
  name: string;
  /** Stable key, unique in the organization. */
  key: string;
  /** Unit of the driver's values, such as customers; null when none. */
  unit: string | null;
  /** Free text; null when none. */
  description: string | null;
  createdAt: string;
  updatedAt: string;

  static from(e: DriverEntity): DriverDto {
    return { id: e.id, name: e.name, key: e.key, unit: e.unit, description: e.description, ...timestamps(e) };
  }
}
