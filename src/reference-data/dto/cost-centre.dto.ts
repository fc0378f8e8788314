import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsNotEmpty, IsString, MaxLength } from 'class-validator';
import { timestamps } from '../../common/http/timestamps';
import { PatchType } from '../../common/validation/patch-type';
import { IsExternalId, IsNullable, IsOptional, Trim } from '../../common/validation/validators';
import type { CostCentreEntity } from '../entities/cost-centre.entity';

export class CreateCostCentreDto {
  @Trim()
  @IsString()
  @IsNotEmpty()
  @MaxLength(200)
  name: string;

  /** Short reporting code; unique among the organization's cost centres. */
  @IsOptional()
  @IsNullable()
  @IsString()
  @IsNotEmpty()
  @MaxLength(50)
  @ApiPropertyOptional({ example: 'CC-100' })
  code?: string | null;

  /** Id in the system of record; unique among cost centres; not CUID-shaped. */
  @IsExternalId()
  externalId?: string | null;

  /** Free text; null clears it. */
  @IsOptional()
  @IsNullable()
  @IsString()
  @MaxLength(5000)
  description?: string | null;
}

export class UpdateCostCentreDto extends PatchType(CreateCostCentreDto) {}

export class CostCentreDto {
  id: string;
  name: string;
  /** Short reporting code; null when none. */
  code: string | null;
  /** Id in the system of record; null when none. */
  externalId: string | null;
  /** Free text; null when none. */
  description: string | null;
  createdAt: string;
  updatedAt: string;

  static from(e: CostCentreEntity): CostCentreDto {
    return { id: e.id, name: e.name, code: e.code, externalId: e.externalId, description: e.description, ...timestamps(e) };
  }
}
