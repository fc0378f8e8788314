import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsNotEmpty, IsString, MaxLength } from 'class-validator';
import { timestamps } from '../../common/http/timestamps';
import { PatchType } from '../../common/validation/patch-type';
import { IsExternalId, IsNullable, IsOptional, Trim } from '../../common/validation/validators';
import type { ValueStreamEntity } from '../entities/value-stream.entity';

export class CreateValueStreamDto {
  @Trim()
  @IsString()
  @IsNotEmpty()
  @MaxLength(200)
  name: string;

  /** Short reporting code; unique among the organization's value streams. */
  @IsOptional()
  @IsNullable()
  @IsString()
  @IsNotEmpty()
  @MaxLength(50)
  @ApiPropertyOptional({ example: 'VS-PAY' })
  code?: string | null;

  /** Id in the system of record; unique among value streams; not CUID-shaped. */
  @IsExternalId()
  externalId?: string | null;

  /** Free text; null clears it. */
  @IsOptional()
  @IsNullable()
  @IsString()
  @MaxLength(5000)
  description?: string | null;
}

export class UpdateValueStreamDto extends PatchType(CreateValueStreamDto) {}

export class ValueStreamDto {
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

  static from(e: ValueStreamEntity): ValueStreamDto {
    return { id: e.id, name: e.name, code: e.code, externalId: e.externalId, description: e.description, ...timestamps(e) };
  }
}
