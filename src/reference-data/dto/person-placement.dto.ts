import { ApiProperty } from '@nestjs/swagger';
import { EXAMPLE_ID } from '../../common/http/examples';
import { IsCurrencyCode, IsNullable, IsOptional, NestedObject, OptionalReference } from '../../common/validation/validators';
import { NestedJobRoleDto } from './nested-job-role.dto';

/** Where a person (an employee or a contractor) sits: manager, job role, work type, location, currency, cost centre. */
export class CreatePersonPlacementDto {
  /** The manager: an employee, by id or externalId; unresolvable: 404. */
  @OptionalReference(EXAMPLE_ID.manager)
  managerId?: string | null;

  /** A job role, by id or externalId (GET /job-roles); wins over jobRole. */
  @OptionalReference(EXAMPLE_ID.jobRole)
  jobRoleId?: string | null;

  /** Nested job role: matched by externalId, then title, else created. Ignored when jobRoleId is sent. */
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

  /** A cost centre, by id or externalId (the list's costCentreId filter). */
  @OptionalReference(EXAMPLE_ID.costCentre)
  costCentreId?: string | null;
}

/** The placement fields of an employee or contractor as read. */
export class PersonPlacementDto {
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
}

/** The placement fields of a record, as read. */
export function personPlacement(e: PersonPlacementDto): PersonPlacementDto {
  return {
    managerId: e.managerId,
    jobRoleId: e.jobRoleId,
    workTypeId: e.workTypeId,
    geographyId: e.geographyId,
    defaultCurrencyCode: e.defaultCurrencyCode,
    costCentreId: e.costCentreId,
  };
}
