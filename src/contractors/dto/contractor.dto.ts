import { EXAMPLE_ID } from '../../common/http/examples';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsEmail, IsNotEmpty, IsString, MaxLength } from 'class-validator';
import { EmbeddedAssignmentDto, NestedProjectAssignmentDto, NestedTeamAssignmentDto } from '../../assignments/dto/assignment.dto';
import { CreateRateAdjustmentDto, RateAdjustmentDto } from '../../compensation/dto/rate-adjustment.dto';
import { IncrementalListQueryDto } from '../../common/http/pagination.dto';
import { IncludeProperty } from '../../common/http/api-docs';
import { timestamps } from '../../common/http/timestamps';
import { PatchType } from '../../common/validation/patch-type';
import {
  IsCurrencyCode,
  IsDateOnly,
  IsExternalId,
  IsNullable,
  IsOptional,
  NestedObject,
  OptionalReference,
  Trim,
} from '../../common/validation/validators';
import { CustomAttributeValueDto } from '../../custom-attributes/dto/custom-attribute-value.dto';
import { NestedJobRoleDto } from '../../reference-data/dto/nested-job-role.dto';
import type { ContractorEntity } from '../entities/contractor.entity';

export class CreateContractorDto {
  /** Person or company name. */
  @Trim()
  @IsString()
  @IsNotEmpty()
  @MaxLength(400)
  name: string;

  /** Optional; unique in the organization when given. */
  @IsOptional()
  @IsNullable()
  @Transform(({ value }) => (typeof value === 'string' ? value.trim() : value))
  @IsEmail()
  @MaxLength(320)
  @ApiPropertyOptional({ example: 'jordan.lee@example.com' })
  email?: string | null;

  /** Such as individual or agency; default `individual`. */
  @IsOptional()
  @Trim()
  @IsString()
  @IsNotEmpty()
  @MaxLength(50)
  contractorType?: string;

  /** First day of the contract (YYYY-MM-DD). */
  @IsDateOnly()
  startDate: string;

  /** Last day of the contract (YYYY-MM-DD); null = active. */
  @IsOptional()
  @IsNullable()
  @IsDateOnly()
  endDate?: string | null;

  /** An employee, by id or externalId; unresolvable: 404. */
  @OptionalReference(EXAMPLE_ID.manager)
  managerId?: string | null;

  /** Wins over jobRole. */
  @OptionalReference(EXAMPLE_ID.jobRole)
  jobRoleId?: string | null;

  @IsOptional()
  @NestedObject(() => NestedJobRoleDto)
  jobRole?: NestedJobRoleDto;

  /** A resource (work) type, by id or externalId. */
  @OptionalReference(EXAMPLE_ID.resourceType)
  workTypeId?: string | null;

  /** A location, by id or externalId; it sets the default currency and the cost multiplier. */
  @OptionalReference(EXAMPLE_ID.location)
  geographyId?: string | null;

  /** ISO 4217; when unset and geographyId is given, the location's currency applies. */
  @IsOptional()
  @IsNullable()
  @IsCurrencyCode()
  defaultCurrencyCode?: string | null;

  /** A cost centre, by id or externalId. */
  @OptionalReference(EXAMPLE_ID.costCentre)
  costCentreId?: string | null;

  /** Id in the system of record; unique among contractors; not CUID-shaped; null clears it. */
  @IsExternalId()
  @ApiPropertyOptional({ example: 'CTR-2031' })
  externalId?: string | null;

  /** Creates a rate adjustment (needs compensation_edit). */
  @IsOptional()
  @NestedObject(() => CreateRateAdjustmentDto)
  rateAdjustment?: CreateRateAdjustmentDto;

  /** Creates a team assignment (needs assignments_edit). */
  @IsOptional()
  @NestedObject(() => NestedTeamAssignmentDto)
  teamAssignment?: NestedTeamAssignmentDto;

  /** Creates a project assignment (needs assignments_edit). */
  @IsOptional()
  @NestedObject(() => NestedProjectAssignmentDto)
  projectAssignment?: NestedProjectAssignmentDto;
}

export class UpdateContractorDto extends PatchType(CreateContractorDto) {}

/** Spec 04 §4.6: includes of the contractor list and by-id read. */
export const CONTRACTOR_INCLUDES = ['currentRate', 'rateHistory', 'assignments'] as const;

export class ContractorQueryDto extends IncrementalListQueryDto {
  @IsOptional()
  @IsString()
  costCentreId?: string;

  /** currentRate and rateHistory need compensation_view, assignments assignments_view. */
  @IncludeProperty(CONTRACTOR_INCLUDES)
  include?: string;
}

export class ContractorIncludeQueryDto {
  /** currentRate and rateHistory need compensation_view, assignments assignments_view. */
  @IncludeProperty(CONTRACTOR_INCLUDES)
  include?: string;
}

export class ContractorDto {
  /** @example cdemoctr00000000000000001 */
  id: string;
  /** Id in the system of record; null when none. */
  @ApiProperty({ example: 'CTR-2031', type: String, nullable: true }) externalId: string | null;
  /**
   * Person or company name.
   * @example "Jordan Lee"
   */
  name: string;
  /** E-mail, unique in the organization; null when none. */
  @ApiProperty({ example: 'jordan.lee@example.com', type: String, nullable: true }) email: string | null;
  /** Such as individual or agency; default `individual`. */
  contractorType: string;
  /** First day of the contract. */
  startDate: string;
  /** Last day of the contract; null = active. */
  @ApiProperty({ example: null, type: String, nullable: true }) endDate: string | null;
  /** The manager, an employee; null when none. */
  @ApiProperty({ example: EXAMPLE_ID.manager, type: String, nullable: true }) managerId: string | null;
  /** The job role; null when none. */
  @ApiProperty({ example: EXAMPLE_ID.jobRole, type: String, nullable: true }) jobRoleId: string | null;
  /** The resource (work) type; null when none. */
  @ApiProperty({ example: EXAMPLE_ID.resourceType, type: String, nullable: true }) workTypeId: string | null;
  /** The location; it sets the default currency and the cost multiplier. Null when none. */
  @ApiProperty({ example: EXAMPLE_ID.location, type: String, nullable: true }) geographyId: string | null;
  /** ISO 4217; when null, the location's currency applies. */
  @ApiProperty({ type: String, nullable: true }) defaultCurrencyCode: string | null;
  /** The cost centre; null when none. */
  @ApiProperty({ example: EXAMPLE_ID.costCentre, type: String, nullable: true }) costCentreId: string | null;
  createdAt: string;
  updatedAt: string;
  /** By-id reads only. */
  @ApiPropertyOptional({ type: [CustomAttributeValueDto] }) customAttributes?: CustomAttributeValueDto[];
  /** include=currentRate: the rate adjustment with the latest effectiveDate (null when none). */
  @ApiPropertyOptional({ type: RateAdjustmentDto, nullable: true }) currentRate?: RateAdjustmentDto | null;
  /** include=rateHistory: every rate adjustment, newest effectiveDate first. */
  @ApiPropertyOptional({ type: [RateAdjustmentDto] }) rateHistory?: RateAdjustmentDto[];
  /** include=assignments: team and project assignments active today. */
  @ApiPropertyOptional({ type: [EmbeddedAssignmentDto] }) assignments?: EmbeddedAssignmentDto[];

  static from(e: ContractorEntity): ContractorDto {
    return {
      id: e.id,
      externalId: e.externalId,
      name: e.name,
      email: e.email,
      contractorType: e.contractorType,
      startDate: e.startDate,
      endDate: e.endDate,
      managerId: e.managerId,
      jobRoleId: e.jobRoleId,
      workTypeId: e.workTypeId,
      geographyId: e.geographyId,
      defaultCurrencyCode: e.defaultCurrencyCode,
      costCentreId: e.costCentreId,
      ...timestamps(e),
    };
  }
}
