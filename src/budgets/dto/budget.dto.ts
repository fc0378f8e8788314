import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsNotEmpty, IsString, MaxLength } from 'class-validator';
import { IncrementalListQueryDto } from '../../common/http/pagination.dto';
import { fieldPlan } from '../../crud/assign';
import { timestamps } from '../../common/http/timestamps';
import { PatchType } from '../../common/validation/patch-type';
import { IsExternalId, IsNullable, IsOptional, Trim } from '../../common/validation/validators';
import type { CustomAttributeValueDto } from '../../custom-attributes/dto/custom-attribute-value.dto';
import type { BudgetEntity } from '../entities/budget.entity';

export class CreateBudgetDto {
  @Trim()
  @IsString()
  @IsNotEmpty()
  @MaxLength(200)
  name: string;

  /** Id in the system of record; unique among budgets; not CUID-shaped. */
  @IsExternalId()
  @ApiPropertyOptional({ example: 'BUDGETS-1' })
  externalId?: string | null;

  /** Free text; null clears it. */
  @IsOptional()
  @IsNullable()
  @IsString()
  @MaxLength(5000)
  description?: string | null;
}

export class UpdateBudgetDto extends PatchType(CreateBudgetDto) {}

/** Where each field of a body goes (the service's `apply`): a field added above does not compile until it is placed. */
export const BUDGETS_FIELDS = fieldPlan<UpdateBudgetDto>()({ copy: ['name', 'externalId', 'description'] });

export class BudgetQueryDto extends IncrementalListQueryDto {}

export class BudgetDto {
  /** @example cm3x7k2p90003defgqwer1234 */
  id: string;
  /** @example "First budget" */
  name: string;
  /** Id in the system of record; null when none. */
  externalId: string | null;
  /** Free text; null when none. */
  description: string | null;
  createdAt: string;
  updatedAt: string;
  /** By-id reads only. */
  customAttributes?: CustomAttributeValueDto[];

  static from(e: BudgetEntity): BudgetDto {
    return { id: e.id, name: e.name, externalId: e.externalId, description: e.description, ...timestamps(e) };
  }
}
