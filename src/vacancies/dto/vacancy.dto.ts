import { JoinRepeated } from '../../common/http/api-docs';
import { EXAMPLE_ID } from '../../common/http/examples';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';

import { IsBoolean, IsIn, IsString, Max, MaxLength, Min } from 'class-validator';
import { EmbeddedAssignmentDto } from '../../assignments/dto/assignment.dto';
import { IncrementalListQueryDto } from '../../common/http/pagination.dto';
import { timestamps } from '../../common/http/timestamps';
import { decimalToNumber, decimalToString } from '../../common/decimals';
import {
  IsAmount,
  IsCurrencyCode,
  IsDateOnly,
  IsDecimal,
  IsExternalId,
  IsNullable,
  IsOptional,
  IsText,
  NestedObject,
  OptionalReference,
  ToBoolean,
} from '../../common/validation/validators';
import { PatchType } from '../../common/validation/patch-type';
import { CustomAttributeValueDto } from '../../custom-attributes/dto/custom-attribute-value.dto';
import { EmployeeDto } from '../../employees/dto/employee.dto';
import { NestedJobRoleDto } from '../../reference-data/dto/nested-job-role.dto';
import { VACANCY_STATUSES, type VacancyEntity, type VacancyStatus } from '../entities/vacancy.entity';

export class CreateVacancyDto {
  /** Title of the role. */
  @IsText(200)
  role: string;

  /** Id in the system of record; unique among vacancies; not CUID-shaped. */
  @IsExternalId()
  @ApiPropertyOptional({ example: 'REQ-3108' })
  externalId?: string | null;

  /** Free text; null clears it. */
  @IsOptional()
  @IsNullable()
  @IsString()
  @MaxLength(5000)
  @ApiPropertyOptional({ example: 'Second backend engineer for the payments platform.' })
  description?: string | null;

  /** One of the five documented statuses; default `open`. */
  @ApiPropertyOptional({ example: 'open', enum: VACANCY_STATUSES, default: 'open' })
  @IsOptional()
  @IsIn(VACANCY_STATUSES)
  status?: VacancyStatus;

  /** 0 to 1, up to 4 decimals; default 1.0. */
  @ApiPropertyOptional({ example: 1, minimum: 0, maximum: 1, default: 1 })
  @IsOptional()
  @IsDecimal(4)
  @Min(0)
  @Max(1)
  fte?: number;

  /** Used in headcount forecasting. */
  @IsOptional()
  @IsNullable()
  @IsDateOnly()
  targetStartDate?: string | null;

  /** Used for recruitment planning. */
  @IsOptional()
  @IsNullable()
  @IsDateOnly()
  targetFillDate?: string | null;

  /** A job role id; wins over jobRole. */
  @OptionalReference(EXAMPLE_ID.jobRole)
  jobRoleId?: string | null;

  /** Nested job role (externalId, then title, then created). */
  @IsOptional()
  @NestedObject(() => NestedJobRoleDto)
  jobRole?: NestedJobRoleDto;

  /** A resource (work) type, by id or externalId. */
  @OptionalReference(EXAMPLE_ID.resourceType)
  workTypeId?: string | null;

  /** A location, by id or externalId. */
  @OptionalReference(EXAMPLE_ID.location)
  geographyId?: string | null;

  /** A cost centre, by id or externalId. */
  @OptionalReference(EXAMPLE_ID.costCentre)
  costCentreId?: string | null;

  /** Annual salary, the source of truth (costs derive from it); >= 0, two decimals. */
  @IsOptional()
  @IsNullable()
  @IsAmount()
  @ApiPropertyOptional({ example: 80000 })
  salary?: number | null;

  /** Still accepted: sets salary to the mean of min and max (or to the one given). */
  @IsOptional()
  @IsNullable()
  @IsAmount()
  salaryMin?: number | null;

  /** Still accepted: with salaryMin, sets salary to the mean of the two (or to the one given). */
  @IsOptional()
  @IsNullable()
  @IsAmount()
  salaryMax?: number | null;

  /** ISO 4217, 3 uppercase letters. */
  @IsOptional()
  @IsNullable()
  @IsCurrencyCode()
  currencyCode?: string | null;

  /** An employee, by id or externalId; unresolvable: 404. */
  @OptionalReference(EXAMPLE_ID.manager)
  hiringManagerId?: string | null;
}

export class UpdateVacancyDto extends PatchType(CreateVacancyDto) {
  /** The employee who filled it; mutually exclusive with filledByLiveContractorId. */
  @OptionalReference(EXAMPLE_ID.employee)
  filledByLiveEmployeeId?: string | null;

  /** The contractor who filled it; mutually exclusive with filledByLiveEmployeeId. */
  @OptionalReference(null)
  filledByLiveContractorId?: string | null;
}

export class VacancyQueryDto extends IncrementalListQueryDto {
  /** Default true: hides vacancies whose filler is active; false includes them. */
  @ApiPropertyOptional({ default: true })
  @IsOptional()
  @ToBoolean()
  @IsBoolean()
  excludeFilled?: boolean;

  @IsOptional()
  @IsString()
  costCentreId?: string;
}

export class VacancyIncludeQueryDto {
  /** Comma-separated or repeated: assignments, filledByEmployee. */
  @IsOptional()
  @JoinRepeated()
  @IsString()
  include?: string;
}

/** Document 01 "Vacancy". */
export class VacancyDto {
  /** @example cdemovac00000000000000001 */
  id: string;
  /** Id in the system of record; null when none. */
  @ApiProperty({ example: 'REQ-3108', type: String, nullable: true }) externalId: string | null;
  /** Title of the role. */
  role: string;
  /** Free text; null when none. */
  @ApiProperty({ type: String, nullable: true }) description: string | null;
  /** Default `open` on create; `cancelled` and `on_hold` vacancies never contribute to the forecast. */
  @ApiProperty({ example: 'open', enum: VACANCY_STATUSES }) status: VacancyStatus;
  /** 0 to 1. */
  fte: number;
  /** Used in headcount forecasting (null: the vacancy counts from today). */
  @ApiProperty({ type: String, nullable: true }) targetStartDate: string | null;
  /** Used for recruitment planning; null when none. */
  @ApiProperty({ type: String, nullable: true }) targetFillDate: string | null;
  /** The job role; null when none. */
  @ApiProperty({ example: EXAMPLE_ID.jobRole, type: String, nullable: true }) jobRoleId: string | null;
  /** The resource (work) type; null when none. */
  @ApiProperty({ example: EXAMPLE_ID.resourceType, type: String, nullable: true }) workTypeId: string | null;
  /** The location; null when none. */
  @ApiProperty({ example: EXAMPLE_ID.location, type: String, nullable: true }) geographyId: string | null;
  /** The cost centre; null when none. */
  @ApiProperty({ example: EXAMPLE_ID.costCentre, type: String, nullable: true }) costCentreId: string | null;
  /** Annual salary, the source of truth; null = unpriced (costs 0 in the forecast). */
  @ApiProperty({ example: 80000, type: Number, nullable: true }) salary: number | null;
  /** Lower end of the salary range; null when none. */
  @ApiProperty({ type: Number, nullable: true }) salaryMin: number | null;
  /** Upper end of the salary range; null when none. */
  @ApiProperty({ type: Number, nullable: true }) salaryMax: number | null;
  /** ISO 4217 currency of the salary; null = the reporting currency. */
  @ApiProperty({ type: String, nullable: true }) currencyCode: string | null;
  /** The employee who filled it; mutually exclusive with filledByLiveContractorId. */
  @ApiProperty({ example: null, type: String, nullable: true }) filledByLiveEmployeeId: string | null;
  /** The contractor who filled it; mutually exclusive with filledByLiveEmployeeId. */
  @ApiProperty({ example: null, type: String, nullable: true }) filledByLiveContractorId: string | null;
  /**
   * Derived: a filler is set and that filler's endDate is unset or in the future.
   * @example false
   */
  isFilled: boolean;
  /** The hiring manager, an employee; null when none. */
  @ApiProperty({ example: EXAMPLE_ID.manager, type: String, nullable: true }) hiringManagerId: string | null;
  createdAt: string;
  updatedAt: string;
  /** By-id reads only. */
  @ApiPropertyOptional({ type: [CustomAttributeValueDto] }) customAttributes?: CustomAttributeValueDto[];
  /** include=assignments: the vacancy's team and project assignments. */
  @ApiPropertyOptional({ type: [EmbeddedAssignmentDto] }) assignments?: EmbeddedAssignmentDto[];
  /** include=filledByEmployee: the employee who filled it, or null. */
  @ApiPropertyOptional({ type: EmployeeDto, nullable: true }) filledByEmployee?: EmployeeDto | null;

  static from(e: VacancyEntity, isFilled: boolean): VacancyDto {
    return {
      id: e.id,
      externalId: e.externalId,
      role: e.role,
      description: e.description,
      status: e.status,
      fte: decimalToNumber(e.fte) ?? 1,
      targetStartDate: e.targetStartDate,
      targetFillDate: e.targetFillDate,
      jobRoleId: e.jobRoleId,
      workTypeId: e.workTypeId,
      geographyId: e.geographyId,
      costCentreId: e.costCentreId,
      salary: decimalToNumber(e.salary),
      salaryMin: decimalToNumber(e.salaryMin),
      salaryMax: decimalToNumber(e.salaryMax),
      currencyCode: e.currencyCode,
      filledByLiveEmployeeId: e.filledByLiveEmployeeId,
      filledByLiveContractorId: e.filledByLiveContractorId,
      isFilled,
      hiringManagerId: e.hiringManagerId,
      ...timestamps(e),
    };
  }

  /** Webhook payload: decimals as strings; isFilled is derived and left out. */
  static payload(e: VacancyEntity): Record<string, unknown> {
    const { isFilled: _derived, ...rest } = VacancyDto.from(e, false);
    return {
      ...rest,
      fte: decimalToString(e.fte),
      salary: decimalToString(e.salary),
      salaryMin: decimalToString(e.salaryMin),
      salaryMax: decimalToString(e.salaryMax),
    };
  }
}
