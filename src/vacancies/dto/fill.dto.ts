import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsEmail, IsIn, IsNotEmpty, IsString, Max, MaxLength, Min } from 'class-validator';
import { RATE_TYPES, type RateType } from '../../compensation/entities/rate-adjustment.entity';
import { ContractorDto } from '../../contractors/dto/contractor.dto';
import {
  IsCurrencyCode,
  IsDateOnly,
  IsDecimal,
  IsIdOrExternalId,
  IsNullable,
  IsOptional,
  NestedObject,
  Trim,
} from '../../common/validation/validators';
import { NestedJobRoleDto } from '../../reference-data/dto/nested-job-role.dto';

/** Document 01 "Fill body". Fields of the other branch are refused (rule 1). */
export class FillVacancyDto {
  @ApiPropertyOptional({ enum: ['employee', 'contractor'], default: 'employee' })
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
  @Transform(({ value }) => (typeof value === 'string' ? value.trim() : value))
  @IsEmail()
  @MaxLength(320)
  email?: string | null;

  /** An employee; falls back to the vacancy's hiringManagerId. */
  @IsOptional()
  @IsNullable()
  @IsIdOrExternalId()
  managerId?: string | null;

  /** Employee branch only; wins over jobRole; falls back to the vacancy's. */
  @IsOptional()
  @IsNullable()
  @IsIdOrExternalId()
  jobRoleId?: string | null;

  /** Employee branch only; ignored when jobRoleId is given. */
  @IsOptional()
  @NestedObject(() => NestedJobRoleDto)
  jobRole?: NestedJobRoleDto;

  /** Fall back to the vacancy's. */
  @IsOptional()
  @IsNullable()
  @IsIdOrExternalId()
  workTypeId?: string | null;

  @IsOptional()
  @IsNullable()
  @IsIdOrExternalId()
  geographyId?: string | null;

  /** Employee branch: required. */
  @IsOptional()
  @Trim()
  @IsString()
  @IsNotEmpty()
  @MaxLength(200)
  firstName?: string;

  @IsOptional()
  @Trim()
  @IsString()
  @IsNotEmpty()
  @MaxLength(200)
  lastName?: string;

  /** Employee branch: annual base, >= 0. */
  @IsOptional()
  @IsDecimal(2)
  @Min(0)
  @Max(1e12)
  salary?: number;

  /** Contractor branch: required. */
  @IsOptional()
  @Trim()
  @IsString()
  @IsNotEmpty()
  @MaxLength(400)
  name?: string;

  /** Contractor branch: >= 0, per rateType period. */
  @IsOptional()
  @IsDecimal(2)
  @Min(0)
  @Max(1e12)
  rate?: number;

  @ApiPropertyOptional({ enum: RATE_TYPES })
  @IsOptional()
  @IsIn(RATE_TYPES)
  rateType?: RateType;

  /** Contractor branch; default `individual`. */
  @IsOptional()
  @Trim()
  @IsString()
  @IsNotEmpty()
  @MaxLength(50)
  contractorType?: string;
}

/** The employee object of the fill result (document 01 rule 5). */
export class FillEmployeeDto {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  @ApiProperty({ type: String, nullable: true }) internalEmployeeId: string | null;
  startDate: string;
  @ApiProperty({ type: String, nullable: true }) endDate: string | null;
  @ApiProperty({ type: String, nullable: true }) managerId: string | null;
  @ApiProperty({ type: String, nullable: true }) jobRoleId: string | null;
  @ApiProperty({ type: String, nullable: true }) workTypeId: string | null;
  @ApiProperty({ type: String, nullable: true }) geographyId: string | null;
  @ApiProperty({ type: String, nullable: true }) defaultCurrencyCode: string | null;
  createdAt: string;
  updatedAt: string;
}

export class FillResultDto {
  @ApiProperty({ type: FillEmployeeDto, nullable: true }) employee: FillEmployeeDto | null;
  @ApiProperty({ type: ContractorDto, nullable: true }) contractor: ContractorDto | null;
  vacancyId: string;
  teamAllocationsTransferred: number;
  projectAllocationsTransferred: number;
}
