import { EXAMPLE_ID } from '../../common/http/examples';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';

import { IsIn } from 'class-validator';
import { RATE_TYPES, type RateType } from '../../compensation/entities/rate-adjustment.entity';
import { SalaryAdjustmentDto } from '../../compensation/dto/salary-adjustment.dto';
import { ContractorDto } from '../../contractors/dto/contractor.dto';
import {
  IsAmount,
  IsCurrencyCode,
  IsDateOnly,
  IsEmailAddress,
  IsNullable,
  IsOptional,
  IsText,
  NestedObject,
  OptionalReference,
} from '../../common/validation/validators';
import { NestedJobRoleDto } from '../../reference-data/dto/nested-job-role.dto';

/** Document 01 "Fill body". Fields of the other branch are refused (rule 1). */
export class FillVacancyDto {
  /** Who fills the vacancy: a new employee (default) or a new contractor. */
  @ApiPropertyOptional({ example: 'employee', enum: ['employee', 'contractor'], default: 'employee' })
  @IsOptional()
  @IsIn(['employee', 'contractor'])
  fillerType?: 'employee' | 'contractor';

  /** First day of the filler; assignments transfer from this day. */
  @IsDateOnly()
  startDate: string;

  /** ISO 4217: of the salary or rate. */
  @IsCurrencyCode()
  currencyCode: string;

  /** Employee branch; a placeholder is generated when omitted. */
  @IsOptional()
  @IsNullable()
  @IsEmailAddress()
  email?: string | null;

  /** An employee; falls back to the vacancy's hiringManagerId. */
  @OptionalReference(EXAMPLE_ID.manager)
  managerId?: string | null;

  /** Employee branch only; wins over jobRole; falls back to the vacancy's. */
  @OptionalReference(EXAMPLE_ID.jobRole)
  jobRoleId?: string | null;

  /** Employee branch only; ignored when jobRoleId is given. */
  @IsOptional()
  @NestedObject(() => NestedJobRoleDto)
  jobRole?: NestedJobRoleDto;

  /** Fall back to the vacancy's. */
  @OptionalReference(EXAMPLE_ID.resourceType)
  workTypeId?: string | null;

  /** A location, by id or externalId; falls back to the vacancy's. */
  @OptionalReference(EXAMPLE_ID.location)
  geographyId?: string | null;

  /** Employee branch: required. */
  @IsOptional()
  @IsText(200)
  firstName?: string;

  @IsOptional()
  @IsText(200)
  lastName?: string;

  /** Employee branch: annual base, >= 0. */
  @IsOptional()
  @IsAmount()
  salary?: number;

  /** Contractor branch: required. */
  @IsOptional()
  @IsText(400)
  name?: string;

  /** Contractor branch: >= 0, per rateType period. */
  @IsOptional()
  @IsAmount()
  rate?: number;

  /** Contractor branch: required; billing period of the rate. */
  @ApiPropertyOptional({ example: 'daily', enum: RATE_TYPES })
  @IsOptional()
  @IsIn(RATE_TYPES)
  rateType?: RateType;

  /** Contractor branch; default `individual`. */
  @IsOptional()
  @IsText(50)
  contractorType?: string;
}

/** Request examples of the fill, one per branch (a body holds the fields of one branch only). */
export const FILL_EXAMPLES = {
  employee: {
    summary: 'Fill with a new employee',
    value: {
      fillerType: 'employee',
      startDate: '2026-03-16',
      currencyCode: 'EUR',
      firstName: 'Mia',
      lastName: 'Wong',
      email: 'mia.wong@example.com',
      salary: 80000,
      managerId: EXAMPLE_ID.manager,
      jobRoleId: EXAMPLE_ID.jobRole,
      workTypeId: EXAMPLE_ID.resourceType,
      geographyId: EXAMPLE_ID.location,
    },
  },
  contractor: {
    summary: 'Fill with a new contractor',
    value: {
      fillerType: 'contractor',
      startDate: '2026-03-16',
      currencyCode: 'EUR',
      name: 'Jordan Lee',
      rate: 650,
      rateType: 'daily',
      contractorType: 'individual',
      managerId: EXAMPLE_ID.manager,
      workTypeId: EXAMPLE_ID.resourceType,
      geographyId: EXAMPLE_ID.location,
    },
  },
};

/** The employee object of the fill result (document 01 rule 5). */
export class FillEmployeeDto {
  id: string;
  firstName: string;
  lastName: string;
  /** E-mail; a placeholder when none was sent. */
  email: string;
  /** HR identifier; null when none. */
  @ApiProperty({ type: String, nullable: true }) internalEmployeeId: string | null;
  /** First day of employment: the fill's startDate. */
  startDate: string;
  /** Last day; null = active. */
  @ApiProperty({ type: String, nullable: true }) endDate: string | null;
  /** The manager; null when none. */
  @ApiProperty({ type: String, nullable: true }) managerId: string | null;
  /** The job role; null when none. */
  @ApiProperty({ type: String, nullable: true }) jobRoleId: string | null;
  /** The resource (work) type; null when none. */
  @ApiProperty({ type: String, nullable: true }) workTypeId: string | null;
  /** The location; null when none. */
  @ApiProperty({ type: String, nullable: true }) geographyId: string | null;
  /** ISO 4217; when null, the location's currency applies. */
  @ApiProperty({ type: String, nullable: true }) defaultCurrencyCode: string | null;
  createdAt: string;
  updatedAt: string;
  /** The salary the fill gave the new employee: its initial salary adjustment (effective from startDate). */
  @ApiProperty({ type: SalaryAdjustmentDto, nullable: true }) currentSalary: SalaryAdjustmentDto | null;
}

export class FillResultDto {
  /** The employee created (fillerType employee); null otherwise. */
  @ApiProperty({ type: FillEmployeeDto, nullable: true }) employee: FillEmployeeDto | null;
  /** The contractor created (fillerType contractor), with `currentRate`, the rate the fill gave them; null otherwise. */
  @ApiProperty({ type: ContractorDto, nullable: true }) contractor: ContractorDto | null;
  /** The vacancy filled. */
  vacancyId: string;
  /** Team assignments moved to the filler. */
  teamAllocationsTransferred: number;
  /** Project assignments moved to the filler. */
  projectAllocationsTransferred: number;
}
