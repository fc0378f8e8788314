import { EXAMPLE_ID } from '../../common/http/examples';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsNotEmpty, IsString, MaxLength, registerDecorator, ValidationOptions } from 'class-validator';
import { hasAtMostDecimals } from '../../common/decimals';
import { RejectUnknownFields } from '../../common/validation/validation.pipe';
import { IsDateOnly, IsExternalId, IsNullable, IsOptional } from '../../common/validation/validators';

/** A functional FTE: a number above 0, at most 1, with at most four decimal places. */
export function IsFunctionalFte(options?: ValidationOptions): PropertyDecorator {
  return (target: object, propertyName: string | symbol) =>
    registerDecorator({
      name: 'isFunctionalFte',
      target: target.constructor,
      propertyName: String(propertyName),
      options: { message: `${String(propertyName)} must be a number above 0 and at most 1 with at most four decimal places`, ...options },
      validator: { validate: (v: unknown) => typeof v === 'number' && v > 0 && v <= 1 && hasAtMostDecimals(v, 4) },
    });
}

/** Required, but null is a value: a string or null. */
export function IsStringOrNull(options?: ValidationOptions): PropertyDecorator {
  return (target: object, propertyName: string | symbol) =>
    registerDecorator({
      name: 'isStringOrNull',
      target: target.constructor,
      propertyName: String(propertyName),
      options: { message: `${String(propertyName)} must be a string or null`, ...options },
      validator: { validate: (v: unknown) => v === null || (typeof v === 'string' && v.length > 0 && v.length <= 255) },
    });
}

/** Document 02 write rule 1: a Functional Group without id. */
@RejectUnknownFields()
export class FunctionalGroupBodyDto {
  @ApiProperty({ maxLength: 200 })
  @IsString()
  @IsNotEmpty()
  @MaxLength(200)
  name: string;

  @ApiPropertyOptional({
    type: String,
    nullable: true,
    description: 'Free text level: area, stream, domain, team. Kept on PUT when omitted.',
  })
  @IsOptional()
  @IsNullable()
  @IsString()
  @MaxLength(100)
  groupType?: string | null;

  /** Free text; null when none. */
  @ApiPropertyOptional({ type: String, nullable: true })
  @IsOptional()
  @IsNullable()
  @IsString()
  @MaxLength(10000)
  description?: string | null;

  @ApiPropertyOptional({ type: String, nullable: true, description: 'Unique among groups' })
  @IsExternalId()
  externalId?: string | null;

  @ApiPropertyOptional({
    example: null,
    type: String,
    nullable: true,
    description: 'Parent from startDate (create only; ignored on PUT: use move)',
  })
  @IsOptional()
  @IsNullable()
  @IsString()
  parentFunctionalGroupId?: string | null;

  /** First day, inclusive (YYYY-MM-DD). */
  @ApiProperty({ example: '2026-01-01' })
  @IsDateOnly()
  startDate: string;

  @ApiPropertyOptional({ type: String, nullable: true, example: null, description: 'Last day, inclusive; null = ongoing' })
  @IsOptional()
  @IsNullable()
  @IsDateOnly()
  endDate?: string | null;
}

/** Document 02 write rule 2. */
@RejectUnknownFields()
export class MoveGroupDto {
  @ApiProperty({ example: EXAMPLE_ID.functionalGroup, type: String, nullable: true, description: 'The new parent; null = top level' })
  @IsStringOrNull()
  parentFunctionalGroupId: string | null;

  /** First day under the new parent; earlier days keep the old parent. */
  @ApiProperty({ example: '2026-07-01' })
  @IsDateOnly()
  effectiveDate: string;
}

/** Document 02 write rule 3: a Functional Position without id. */
@RejectUnknownFields()
export class FunctionalPositionBodyDto {
  @ApiProperty({ example: EXAMPLE_ID.functionalGroup, description: 'The group; cannot change after creation' })
  @IsString()
  @IsNotEmpty()
  functionalGroupId: string;

  @ApiProperty({ maxLength: 200 })
  @IsString()
  @IsNotEmpty()
  @MaxLength(200)
  name: string;

  /** Free text; null when none. */
  @ApiPropertyOptional({ type: String, nullable: true })
  @IsOptional()
  @IsNullable()
  @IsString()
  @MaxLength(10000)
  description?: string | null;

  @ApiPropertyOptional({ type: String, nullable: true, description: 'Unique among positions' })
  @IsExternalId()
  externalId?: string | null;

  /** An existing job role; null when none. */
  @ApiPropertyOptional({ example: EXAMPLE_ID.jobRole, type: String, nullable: true })
  @IsOptional()
  @IsNullable()
  @IsString()
  jobRoleId?: string | null;

  @ApiProperty({ example: 1, description: 'Above 0, at most 1, up to four decimals' })
  @IsFunctionalFte()
  requiredFte: number;

  /** First day of the seat (YYYY-MM-DD). */
  @ApiProperty({ example: '2026-01-01' })
  @IsDateOnly()
  startDate: string;

  /** Retires the seat; every occupancy must end by then. Null = ongoing. */
  @ApiPropertyOptional({ type: String, nullable: true, example: null })
  @IsOptional()
  @IsNullable()
  @IsDateOnly()
  endDate?: string | null;
}

/** Document 02 write rule 4: a Functional Assignment without id. */
@RejectUnknownFields()
export class FunctionalAssignmentBodyDto {
  @ApiProperty({ example: EXAMPLE_ID.functionalPosition, description: 'The seat; cannot change after creation' })
  @IsString()
  @IsNotEmpty()
  functionalPositionId: string;

  /** Exactly one of employeeId, contractorId and vacancyId is set; cannot change after creation. */
  @ApiPropertyOptional({ example: EXAMPLE_ID.employee, type: String, nullable: true })
  @IsOptional()
  @IsNullable()
  @IsString()
  employeeId?: string | null;

  /** Set instead of employeeId for a contractor occupant. */
  @ApiPropertyOptional({ example: null, type: String, nullable: true })
  @IsOptional()
  @IsNullable()
  @IsString()
  contractorId?: string | null;

  /** Set instead of employeeId for a vacancy (a planned hire). */
  @ApiPropertyOptional({ example: null, type: String, nullable: true })
  @IsOptional()
  @IsNullable()
  @IsString()
  vacancyId?: string | null;

  /** Above 0, at most 1, up to four decimals. */
  @ApiProperty({ example: 0.5 })
  @IsFunctionalFte()
  fte: number;

  /** First day of the occupancy (YYYY-MM-DD). */
  @ApiProperty({ example: '2026-01-01' })
  @IsDateOnly()
  startDate: string;

  /** Last day, inclusive; null = ongoing. */
  @ApiPropertyOptional({ type: String, nullable: true, example: null })
  @IsOptional()
  @IsNullable()
  @IsDateOnly()
  endDate?: string | null;
}

export const STRUCTURE_MOVE_KINDS = ['POSITION', 'ASSIGNMENT'] as const;

/** Document 02 write rule 6. */
@RejectUnknownFields()
export class StructureMoveDto {
  /** POSITION moves a seat under another seat; ASSIGNMENT moves an occupant to another seat. */
  @ApiProperty({ example: 'POSITION', enum: STRUCTURE_MOVE_KINDS })
  @IsIn(STRUCTURE_MOVE_KINDS)
  kind: (typeof STRUCTURE_MOVE_KINDS)[number];

  @ApiProperty({ example: EXAMPLE_ID.functionalPosition, description: 'The position id (POSITION) or the assignment id (ASSIGNMENT)' })
  @IsString()
  @IsNotEmpty()
  id: string;

  @ApiProperty({
    example: 'cdemopos00000000000000002',
    type: String,
    nullable: true,
    description: 'POSITION: the seat it reports to, or null; ASSIGNMENT: the destination seat',
  })
  @IsStringOrNull()
  targetPositionId: string | null;

  /** First day of the new placement; the old one ends the day before. */
  @ApiProperty({ example: '2026-07-01' })
  @IsDateOnly()
  effectiveDate: string;
}

/** `{ id }` of the record a write created or changed. */
export class WrittenIdDto {
  @ApiProperty()
  id: string;
}

export const GRANT_RESOURCE_TYPES = ['USER', 'EMPLOYEE', 'CONTRACTOR'] as const;
export const FUNCTIONAL_ACCESS_LEVELS = ['EDITOR', 'READER'] as const;

/** Document 02 "Access grant": POST /access (always the live structure; scenarioId is ignored). */
@RejectUnknownFields()
export class AccessGrantBodyDto {
  @ApiProperty({ example: EXAMPLE_ID.functionalGroup, description: 'The group; the grant covers it and everything beneath it' })
  @IsString()
  @IsNotEmpty()
  functionalGroupId: string;

  @ApiProperty({
    example: 'USER',
    enum: GRANT_RESOURCE_TYPES,
    description: 'EMPLOYEE and CONTRACTOR are resolved to the active login with their e-mail (400 NO_LINKED_USER otherwise)',
  })
  @IsIn(GRANT_RESOURCE_TYPES)
  resourceType: (typeof GRANT_RESOURCE_TYPES)[number];

  @ApiProperty({ example: EXAMPLE_ID.user, description: 'A user id, or an employee or contractor id or externalId' })
  @IsString()
  @IsNotEmpty()
  resourceId: string;

  @ApiProperty({
    example: 'READER',
    enum: FUNCTIONAL_ACCESS_LEVELS,
    description: 'EDITOR makes the person a manager of the group and everything beneath it; READER grants read access',
  })
  @IsIn(FUNCTIONAL_ACCESS_LEVELS)
  access: (typeof FUNCTIONAL_ACCESS_LEVELS)[number];
}
