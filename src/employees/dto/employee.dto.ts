import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';

import { ArrayMaxSize, IsArray, IsString, Max, MaxLength, Min } from 'class-validator';
import { EmbeddedAssignmentDto, NestedProjectAssignmentDto, NestedTeamAssignmentDto } from '../../assignments/dto/assignment.dto';
import { CreateSalaryAdjustmentDto, SalaryAdjustmentDto } from '../../compensation/dto/salary-adjustment.dto';
import { IncrementalListQueryDto } from '../../common/http/pagination.dto';
import { IncludeProperty } from '../../common/http/api-docs';
import { decimalToNumber } from '../../common/decimals';
import { timestamps } from '../../common/http/timestamps';
import { PatchType } from '../../common/validation/patch-type';
import {
  IsDateOnly,
  IsDecimal,
  IsEmailAddress,
  IsExternalId,
  IsNullable,
  IsOptional,
  IsText,
  NestedObject,
} from '../../common/validation/validators';
import { CustomAttributeValueDto } from '../../custom-attributes/dto/custom-attribute-value.dto';
import { CreatePersonPlacementDto, PersonPlacementDto, personPlacement } from '../../reference-data/dto/person-placement.dto';
import type { EmployeeEntity } from '../entities/employee.entity';
import { CreateEmploymentTermDto } from './employment-term.dto';

/** At most this many nested terms in one body. */
export const MAX_NESTED_TERMS = 100;

export class CreateEmployeeDto extends CreatePersonPlacementDto {
  @IsText(200)
  firstName: string;

  @IsText(200)
  lastName: string;

  /** Valid e-mail, unique in the organization (case-insensitively). */
  @IsEmailAddress()
  email: string;

  /** First day of employment (YYYY-MM-DD). */
  @IsDateOnly()
  startDate: string;

  /** HR identifier. */
  @IsOptional()
  @IsNullable()
  @IsString()
  @MaxLength(100)
  internalEmployeeId?: string | null;

  /** Id in the system of record; unique among employees; not CUID-shaped; null clears it. */
  @IsExternalId()
  externalId?: string | null;

  /** Canonical display name (nullable). */
  @IsOptional()
  @IsNullable()
  @IsString()
  @MaxLength(400)
  name?: string | null;

  /** Last day; null = active. */
  @IsOptional()
  @IsNullable()
  @IsDateOnly()
  @ApiPropertyOptional({ example: null })
  endDate?: string | null;

  /** Day notice was given (distinct from endDate). */
  @IsOptional()
  @IsNullable()
  @IsDateOnly()
  @ApiPropertyOptional({ example: null })
  noticeDate?: string | null;

  /**
   * Working time: more than 0, at most 1, up to 4 decimals; default 1. On a PATCH of an employee already started, a
   * change of fte, costCentreId, jobRoleId or geographyId is recorded as an employment term effective today.
   */
  @ApiPropertyOptional({ example: 1, minimum: 0.0001, maximum: 1 })
  @IsOptional()
  @IsDecimal(4)
  @Min(0.0001)
  @Max(1)
  fte?: number;

  /** Creates a salary adjustment (needs compensation_edit). */
  @IsOptional()
  @NestedObject(() => CreateSalaryAdjustmentDto)
  salary?: CreateSalaryAdjustmentDto;

  /**
   * Dated employment terms (as POST /employees/{id}/terms takes them), keyed by effectiveDate: a term whose day the
   * employee already has updates that term (only the fields sent), any other is added; one per day. Top-level fte,
   * costCentreId, jobRoleId and geographyId are the values in force today, after these terms.
   */
  @ApiPropertyOptional({
    type: [CreateEmploymentTermDto],
    maxItems: MAX_NESTED_TERMS,
    example: [{ effectiveDate: '2027-01-01', fte: 0.8 }],
  })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(MAX_NESTED_TERMS)
  @NestedObject(() => CreateEmploymentTermDto, { each: true })
  terms?: CreateEmploymentTermDto[];

  /** Creates a team assignment (needs assignments_edit). */
  @IsOptional()
  @NestedObject(() => NestedTeamAssignmentDto)
  teamAssignment?: NestedTeamAssignmentDto;

  /** Creates a project assignment (needs assignments_edit). */
  @IsOptional()
  @NestedObject(() => NestedProjectAssignmentDto)
  projectAssignment?: NestedProjectAssignmentDto;
}

/** PATCH: any create field; nested salary, terms, teamAssignment and projectAssignment are keyed (add or update records). */
export class UpdateEmployeeDto extends PatchType(CreateEmployeeDto) {}

/** Spec 04 §4.6 and document 01 rule 7: what a by-id read may include. */
export const EMPLOYEE_INCLUDES = ['currentSalary', 'salaryHistory', 'assignments'] as const;
/** Spec 04 §4.6: what the list may include. */
export const EMPLOYEE_LIST_INCLUDES = ['currentSalary', 'assignments'] as const satisfies readonly (typeof EMPLOYEE_INCLUDES)[number][];

export class EmployeeQueryDto extends IncrementalListQueryDto {
  /** Only employees of this cost centre (id). */
  @IsOptional()
  @IsString()
  costCentreId?: string;

  /** currentSalary (needs compensation_view), assignments (needs assignments_view). */
  @IncludeProperty(EMPLOYEE_LIST_INCLUDES)
  include?: string;

  /** The day whose fte, costCentreId, jobRoleId and geographyId are shown (YYYY-MM-DD); today by default. */
  @IsOptional()
  @IsDateOnly()
  asOf?: string;
}

export class EmployeeIncludeQueryDto {
  /** currentSalary and salaryHistory need compensation_view, assignments assignments_view. */
  @IncludeProperty(EMPLOYEE_INCLUDES)
  include?: string;

  /** The day whose fte, costCentreId, jobRoleId and geographyId are shown (YYYY-MM-DD); today by default. */
  @IsOptional()
  @IsDateOnly()
  asOf?: string;
}

/** Document 01 "Employee". */
export class EmployeeDto extends PersonPlacementDto {
  /** @example cdemoemp00000000000000002 */
  id: string;
  /** Id in the system of record; null when none. */
  @ApiProperty({ type: String, nullable: true }) externalId: string | null;
  firstName: string;
  lastName: string;
  /** Canonical display name; null when none. */
  @ApiProperty({ example: 'Ana Silva', type: String, nullable: true }) name: string | null;
  /** E-mail, unique in the organization. */
  email: string;
  /** HR identifier; null when none. */
  @ApiProperty({ type: String, nullable: true }) internalEmployeeId: string | null;
  /** First day of employment; used in forecasting and cost. */
  startDate: string;
  /** Last day; null = currently active. */
  @ApiProperty({ example: null, type: String, nullable: true }) endDate: string | null;
  /** Day notice was given (distinct from endDate); the forecast then expects the last day noticePeriodDays later. Null when none. */
  @ApiProperty({ example: null, type: String, nullable: true }) noticeDate: string | null;
  /** Working time (0 < fte <= 1). fte, costCentreId, jobRoleId and geographyId are those in force today (or on asOf). */
  @ApiProperty({ example: 1 }) fte: number;
  createdAt: string;
  updatedAt: string;
  /** By-id reads only. */
  @ApiPropertyOptional({ type: [CustomAttributeValueDto] }) customAttributes?: CustomAttributeValueDto[];
  /** include=currentSalary: the adjustment with the latest effectiveDate (null when none). */
  @ApiPropertyOptional({ type: SalaryAdjustmentDto, nullable: true }) currentSalary?: SalaryAdjustmentDto | null;
  /** include=salaryHistory: every adjustment, newest effectiveDate first. */
  @ApiPropertyOptional({ type: [SalaryAdjustmentDto] }) salaryHistory?: SalaryAdjustmentDto[];
  /** include=assignments: team and project assignments active today. */
  @ApiPropertyOptional({ type: [EmbeddedAssignmentDto] }) assignments?: EmbeddedAssignmentDto[];

  static from(e: EmployeeEntity): EmployeeDto {
    return {
      id: e.id,
      externalId: e.externalId,
      firstName: e.firstName,
      lastName: e.lastName,
      name: e.name,
      email: e.email,
      internalEmployeeId: e.internalEmployeeId,
      startDate: e.startDate,
      endDate: e.endDate,
      noticeDate: e.noticeDate,
      ...personPlacement(e),
      fte: decimalToNumber(e.fte) ?? 1,
      ...timestamps(e),
    };
  }
}
