import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsString, MaxLength } from 'class-validator';
import { timestamps } from '../../common/http/timestamps';
import { PatchType } from '../../common/validation/patch-type';
import { IsExternalId, IsNullable, IsOptional, IsText } from '../../common/validation/validators';
import type { ResourceTypeEntity } from '../entities/resource-type.entity';

export class CreateResourceTypeDto {
  /** Such as Permanent, Fixed-term, Agency. */
  @IsText(200)
  name: string;

  /** Id in the system of record; unique among resource types; not CUID-shaped. */
  @IsExternalId()
  @ApiPropertyOptional({ example: 'RT-INT' })
  externalId?: string | null;

  /** Free text; null clears it. */
  @IsOptional()
  @IsNullable()
  @IsString()
  @MaxLength(5000)
  description?: string | null;
}

export class UpdateResourceTypeDto extends PatchType(CreateResourceTypeDto) {}

export class ResourceTypeDto {
  id: string;
  name: string;
  /** Id in the system of record; null when none. */
  externalId: string | null;
  /** Free text; null when none. */
  description: string | null;
  createdAt: string;
  updatedAt: string;

  static from(e: ResourceTypeEntity): ResourceTypeDto {
    return { id: e.id, name: e.name, externalId: e.externalId, description: e.description, ...timestamps(e) };
  }
}
