import { PatchType } from '../../common/validation/patch-type';
import { IsBoolean, IsNotEmpty, IsOptional, IsString, MaxLength } from 'class-validator';
import { IsCurrencyCode, Trim } from '../../common/validation/validators';
import type { OrganizationEntity } from '../entities/organization.entity';

export class CreateOrganizationDto {
  /** Display name. */
  @Trim()
  @IsString()
  @IsNotEmpty()
  @MaxLength(200)
  name: string;

  /** ISO 4217 currency of cost figures. */
  @IsOptional()
  @IsCurrencyCode()
  reportingCurrency?: string;

  /** Switches the functional-structure module on. */
  @IsOptional()
  @IsBoolean()
  functionalGroupsEnabled?: boolean;
}

export class UpdateOrganizationDto extends PatchType(CreateOrganizationDto) {}

export class OrganizationDto {
  id: string;
  name: string;
  reportingCurrency: string;
  functionalGroupsEnabled: boolean;
  createdAt: string;
  updatedAt: string;

  static from(entity: OrganizationEntity): OrganizationDto {
    return {
      id: entity.id,
      name: entity.name,
      reportingCurrency: entity.reportingCurrency,
      functionalGroupsEnabled: entity.functionalGroupsEnabled,
      createdAt: entity.createdAt.toISOString(),
      updatedAt: entity.updatedAt.toISOString(),
    };
  }
}
