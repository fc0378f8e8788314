import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ArrayMinSize, ArrayUnique, IsArray, IsBoolean, IsIn, IsNotEmpty, IsString, Matches, MaxLength } from 'class-validator';
import { ListQueryDto } from '../../common/http/pagination.dto';
import { timestamps } from '../../common/http/timestamps';
import { PatchType } from '../../common/validation/patch-type';
import { IsNullable, IsOptional, IsText } from '../../common/validation/validators';
import {
  CUSTOM_ATTRIBUTE_ENTITY_TYPES,
  CUSTOM_ATTRIBUTE_FIELD_TYPES,
  CustomAttributeDefinitionEntity,
  type CustomAttributeEntityType,
  type CustomAttributeFieldType,
} from '../entities/custom-attribute-definition.entity';

export class CreateCustomAttributeDefinitionDto {
  /** Label shown to people. */
  @IsText(200)
  name: string;

  /** Stable key: a letter, then up to 79 letters, digits or _; unique per entity type. */
  @Matches(/^[A-Za-z][A-Za-z0-9_]{0,79}$/, { message: 'attributeKey must be a letter followed by up to 79 letters, digits or _' })
  attributeKey: string;

  /** The kind of record the attribute is set on. */
  @ApiProperty({ example: 'EMPLOYEE', enum: CUSTOM_ATTRIBUTE_ENTITY_TYPES })
  @IsIn(CUSTOM_ATTRIBUTE_ENTITY_TYPES)
  entityType: CustomAttributeEntityType;

  /** The value field used: STRING and SELECT stringValue, NUMBER numberValue, DATE dateValue, DATE_RANGE dateRangeStart and dateRangeEnd. */
  @ApiProperty({ example: 'STRING', enum: CUSTOM_ATTRIBUTE_FIELD_TYPES })
  @IsIn(CUSTOM_ATTRIBUTE_FIELD_TYPES)
  fieldType: CustomAttributeFieldType;

  /** The allowed values; required for SELECT, refused otherwise. */
  @ApiPropertyOptional({ example: null, type: [String] })
  @IsOptional()
  @IsNullable()
  @IsArray()
  @ArrayMinSize(1)
  @ArrayUnique()
  @IsString({ each: true })
  @IsNotEmpty({ each: true })
  @MaxLength(200, { each: true })
  options?: string[] | null;

  /** A required attribute's value can be changed but not cleared. Default false. */
  @IsOptional()
  @IsBoolean()
  required?: boolean;

  /**
   * The values identify a person (EMPLOYEE and CONTRACTOR attributes only): erasing the person's personal
   * data deletes them in live data, every scenario and the change history. Default false.
   */
  @IsOptional()
  @IsBoolean()
  @ApiPropertyOptional({ example: false })
  personal?: boolean;

  /** Free text; null clears it. */
  @IsOptional()
  @IsNullable()
  @IsString()
  @MaxLength(5000)
  @ApiPropertyOptional({ example: 'T-shirt size for team events.' })
  description?: string | null;
}

export class UpdateCustomAttributeDefinitionDto extends PatchType(CreateCustomAttributeDefinitionDto) {}

export class CustomAttributeDefinitionQueryDto extends ListQueryDto {
  /** Only definitions for this entity type. */
  @ApiPropertyOptional({ enum: CUSTOM_ATTRIBUTE_ENTITY_TYPES })
  @IsOptional()
  @IsIn(CUSTOM_ATTRIBUTE_ENTITY_TYPES)
  entityType?: CustomAttributeEntityType;
}

export class CustomAttributeDefinitionDto {
  id: string;
  name: string;
  /** Stable key, unique per entity type. */
  attributeKey: string;
  /** The kind of record the attribute is set on. */
  @ApiProperty({ enum: CUSTOM_ATTRIBUTE_ENTITY_TYPES })
  entityType: CustomAttributeEntityType;
  /** The value field used: STRING and SELECT stringValue, NUMBER numberValue, DATE dateValue, DATE_RANGE dateRangeStart and dateRangeEnd. */
  @ApiProperty({ enum: CUSTOM_ATTRIBUTE_FIELD_TYPES })
  fieldType: CustomAttributeFieldType;
  /** The allowed values of a SELECT attribute; null for the other field types. */
  @ApiProperty({ type: [String], nullable: true })
  options: string[] | null;
  /** A required attribute's value can be changed but not cleared. */
  required: boolean;
  /** The values identify a person: erasing the person deletes them. */
  @ApiProperty({ example: false }) personal: boolean;
  /** Free text; null when none. */
  description: string | null;
  createdAt: string;
  updatedAt: string;

  static from(e: CustomAttributeDefinitionEntity): CustomAttributeDefinitionDto {
    return {
      id: e.id,
      name: e.name,
      attributeKey: e.attributeKey,
      entityType: e.entityType,
      fieldType: e.fieldType,
      options: e.options,
      required: e.required,
      personal: e.personal,
      description: e.description,
      ...timestamps(e),
    };
  }
}
