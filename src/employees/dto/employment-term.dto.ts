import { ApiPropertyOptional } from '@nestjs/swagger';
import { Max, Min } from 'class-validator';
import { EXAMPLE_ID } from '../../common/http/examples';
import { decimalToNumber, decimalToString } from '../../common/decimals';
import { timestamps } from '../../common/http/timestamps';
import { PatchType } from '../../common/validation/patch-type';
import { IsDateOnly, IsDecimal, IsOptional, OptionalReference } from '../../common/validation/validators';
import type { EmploymentTermEntity } from '../entities/employment-term.entity';

/** The fields a term may change, as the API names them. */
export const TERM_FIELDS = ['fte', 'costCentreId', 'jobRoleId', 'locationId'] as const;
export type TermField = (typeof TERM_FIELDS)[number];

/** Body of POST /employees/:id/terms: the fields it changes from effectiveDate on; absent fields stay as they were. */
export class CreateEmploymentTermDto {
  /** First day the term applies (YYYY-MM-DD); one term per employee and day. */
  @IsDateOnly()
  effectiveDate: string;

  /** Working time from that day: more than 0, at most 1, up to 4 decimals. */
  @ApiPropertyOptional({ example: 0.5, minimum: 0.0001, maximum: 1 })
  @IsOptional()
  @IsDecimal(4)
  @Min(0.0001)
  @Max(1)
  fte?: number;

  /** The cost centre from that day, by id or externalId; null: none. */
  @OptionalReference(EXAMPLE_ID.costCentre)
  costCentreId?: string | null;

  /** The job role from that day, by id or externalId; null: none. */
  @OptionalReference(EXAMPLE_ID.jobRole)
  jobRoleId?: string | null;

  /** The location from that day (the employee's geographyId), by id or externalId; null: none. */
  @OptionalReference(EXAMPLE_ID.location)
  locationId?: string | null;
}

/** PATCH: any field; a field sent as absent before becomes one the term changes. */
export class UpdateEmploymentTermDto extends PatchType(CreateEmploymentTermDto) {
  /** First day the term applies (YYYY-MM-DD); one term per employee and day. */
  @ApiPropertyOptional({ example: '2027-01-01' })
  @IsOptional()
  @IsDateOnly()
  override effectiveDate?: string;
}

/** An employment term: the fields it changes from effectiveDate on (the others are left out). */
export class EmploymentTermDto {
  /** @example cdemoterm0000000000000001 */
  id: string;
  /**
   * The employee the term belongs to.
   * @example cdemoemp00000000000000002
   */
  employeeId: string;
  /** First day the term applies. */
  effectiveDate: string;
  /** Working time from that day, when the term changes it. */
  @ApiPropertyOptional() fte?: number;
  /** The cost centre from that day, when the term changes it. */
  @ApiPropertyOptional({ type: String, nullable: true }) costCentreId?: string | null;
  /** The job role from that day, when the term changes it. */
  @ApiPropertyOptional({ type: String, nullable: true }) jobRoleId?: string | null;
  /** The location from that day, when the term changes it. */
  @ApiPropertyOptional({ type: String, nullable: true }) locationId?: string | null;
  createdAt: string;
  updatedAt: string;

  static from(e: EmploymentTermEntity): EmploymentTermDto {
    const has = (field: TermField) => e.fields.includes(field);
    return {
      id: e.id,
      employeeId: e.employeeId,
      effectiveDate: e.effectiveDate,
      ...(has('fte') ? { fte: decimalToNumber(e.fte) ?? 1 } : {}),
      ...(has('costCentreId') ? { costCentreId: e.costCentreId } : {}),
      ...(has('jobRoleId') ? { jobRoleId: e.jobRoleId } : {}),
      ...(has('locationId') ? { locationId: e.geographyId } : {}),
      ...timestamps(e),
    };
  }

  /** The change payload: every column, fte as its decimal string. */
  static payload(e: EmploymentTermEntity): Record<string, unknown> {
    return {
      id: e.id,
      employeeId: e.employeeId,
      effectiveDate: e.effectiveDate,
      fields: [...e.fields],
      fte: decimalToString(e.fte),
      costCentreId: e.costCentreId,
      jobRoleId: e.jobRoleId,
      locationId: e.geographyId,
      ...timestamps(e),
    };
  }
}
