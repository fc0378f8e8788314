import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsNumber, IsString, MaxLength } from 'class-validator';
import { decimalToNumber } from '../../common/decimals';
import { IsDateOnly, IsNullable, IsOptional } from '../../common/validation/validators';
import { CUSTOM_ATTRIBUTE_ENTITY_TYPES, CUSTOM_ATTRIBUTE_FIELD_TYPES } from '../entities/custom-attribute-definition.entity';

/**
 * PUT body: the value fields of document 01's custom attribute value. Which field is used depends on
 * the definition's fieldType: STRING and SELECT stringValue, NUMBER numberValue, DATE dateValue,
 * DATE_RANGE dateRangeStart and dateRangeEnd. The others must be absent or null.
 */
export class SetCustomAttributeValueDto {
  /** The value of a STRING or SELECT attribute (SELECT: one of the definition's options); null clears it. */
  @IsOptional()
  @IsNullable()
  @IsString()
  @MaxLength(10000)
  @ApiPropertyOptional({ example: 'L' })
  stringValue?: string | null;

  /** The value of a NUMBER attribute; null clears it. */
  @IsOptional()
  @IsNullable()
  @IsNumber({ allowNaN: false, allowInfinity: false })
  @ApiPropertyOptional({ example: null })
  numberValue?: number | null;

  /** The value of a DATE attribute (YYYY-MM-DD); null clears it. */
  @IsOptional()
  @IsNullable()
  @IsDateOnly()
  @ApiPropertyOptional({ format: 'date', example: null })
  dateValue?: string | null;

  /** First day of a DATE_RANGE attribute (YYYY-MM-DD); null clears it. */
  @IsOptional()
  @IsNullable()
  @IsDateOnly()
  @ApiPropertyOptional({ example: null })
  dateRangeStart?: string | null;

  /** Last day of a DATE_RANGE attribute (YYYY-MM-DD); null clears it. */
  @IsOptional()
  @IsNullable()
  @IsDateOnly()
  @ApiPropertyOptional({ example: null })
  dateRangeEnd?: string | null;
}

export class CustomAttributeDefinitionRefDto {
  /** @example cdemocad00000000000000001 */
  id: string;
  /** @example "Shirt size" */
  name: string;
  /** The definition's stable key. */
  attributeKey: string;
  /** Which value field holds the value. */
  @ApiProperty({ example: 'STRING', enum: CUSTOM_ATTRIBUTE_FIELD_TYPES }) fieldType: string;
}

/** Document 01 "Custom attribute value". */
export class CustomAttributeValueDto {
  /** @example cdemocav00000000000000001 */
  id: string;
  /**
   * The attribute definition.
   * @example cdemocad00000000000000001
   */
  definitionId: string;
  /** The kind of record the value belongs to. */
  @ApiProperty({ example: 'EMPLOYEE', enum: CUSTOM_ATTRIBUTE_ENTITY_TYPES }) entityType: string;
  /**
   * The record the value belongs to.
   * @example cdemoemp00000000000000002
   */
  entityId: string;
  /** Value of a STRING or SELECT attribute; null otherwise. */
  @ApiPropertyOptional({ example: 'L', type: String, nullable: true }) stringValue: string | null;
  /** Value of a NUMBER attribute; null otherwise. */
  @ApiPropertyOptional({ example: null, type: Number, nullable: true }) numberValue: number | null;
  /** Value of a DATE attribute; null otherwise. */
  @ApiPropertyOptional({ example: null, type: String, format: 'date', nullable: true }) dateValue: string | null;
  /** First day of a DATE_RANGE attribute; null otherwise. */
  @ApiPropertyOptional({ example: null, type: String, format: 'date', nullable: true }) dateRangeStart: string | null;
  /** Last day of a DATE_RANGE attribute; null otherwise. */
  @ApiPropertyOptional({ example: null, type: String, format: 'date', nullable: true }) dateRangeEnd: string | null;
  @ApiProperty({ type: CustomAttributeDefinitionRefDto }) definition: CustomAttributeDefinitionRefDto;
}

export interface CustomAttributeValueRow {
  id: string;
  definition_id: string;
  entity_type: string;
  entity_id: string;
  string_value: string | null;
  number_value: string | null;
  date_value: string | null;
  date_range_start: string | null;
  date_range_end: string | null;
  name: string;
  attribute_key: string;
  field_type: string;
}

export function toCustomAttributeValueDto(row: CustomAttributeValueRow): CustomAttributeValueDto {
  return {
    id: row.id,
    definitionId: row.definition_id,
    entityType: row.entity_type,
    entityId: row.entity_id,
    stringValue: row.string_value,
    numberValue: decimalToNumber(row.number_value),
    dateValue: row.date_value,
    dateRangeStart: row.date_range_start,
    dateRangeEnd: row.date_range_end,
    definition: { id: row.definition_id, name: row.name, attributeKey: row.attribute_key, fieldType: row.field_type },
  };
}
