import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';

import { IsString } from 'class-validator';
import { EmbeddedAssignmentDto, NestedProjectAssignmentDto, NestedTeamAssignmentDto } from '../../assignments/dto/assignment.dto';
import { CreateRateAdjustmentDto, RateAdjustmentDto } from '../../compensation/dto/rate-adjustment.dto';
import { IncrementalListQueryDto } from '../../common/http/pagination.dto';
import { IncludeProperty } from '../../common/http/api-docs';
import { timestamps } from '../../common/http/timestamps';
import { PatchType } from '../../common/validation/patch-type';
import { IsDateOnly, IsEmailAddress, IsExternalId, IsNullable, IsOptional, IsText, NestedObject } from '../../common/validation/validators';
import { CustomAttributeValueDto } from '../../custom-attributes/dto/custom-attribute-value.dto';
import { CreatePersonPlacementDto, PersonPlacementDto, personPlacement } from '../../reference-data/dto/person-placement.dto';
import type { ContractorEntity } from '../entities/contractor.entity';

export class CreateContractorDto extends CreatePersonPlacementDto {
  /** Person or company name. */
  @IsText(400)
  name: string;

  /** Optional; unique in the organization when given. */
  @IsOptional()
  @IsNullable()
  @IsEmailAddress()
  @ApiPropertyOptional({ example: 'jordan.lee@example.com' })
  email?: string | null;

  /** Such as individual or agency; default `individual`. */
  @IsOptional()
  @IsText(50)
  contractorType?: string;

  /** First day of the contract (YYYY-MM-DD). */
  @IsDateOnly()
  startDate: string;

  /** Last day of the contract (YYYY-MM-DD); null = active. */
  @IsOptional()
  @IsNullable()
  @IsDateOnly()
  endDate?: string | null;

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

export class ContractorDto extends PersonPlacementDto {
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
      ...personPlacement(e),
      ...timestamps(e),
    };
  }
}
