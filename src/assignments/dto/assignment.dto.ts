import { EXAMPLE_ID } from '../../common/http/examples';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsString, Max, MaxLength, Min } from 'class-validator';
import { decimalToNumber, decimalToString } from '../../common/decimals';
import { IncrementalListQueryDto } from '../../common/http/pagination.dto';
import { timestamps } from '../../common/http/timestamps';
import { PatchType } from '../../common/validation/patch-type';
import { IsDateOnly, IsDecimal, IsIdOrExternalId, IsNullable, IsOptional, OptionalReference } from '../../common/validation/validators';
import type { AssignmentEntity, AssignmentType } from '../entities/assignment.entity';

/** Share, dates and role: the part every assignment body has. */
export class AssignmentTermsDto {
  /** FTE share, 0.0 to 10.0, up to 4 decimals. */
  @ApiProperty({ minimum: 0, maximum: 10, example: 0.5 })
  @IsDecimal(4)
  @Min(0)
  @Max(10)
  fte: number;

  /** First day (YYYY-MM-DD). */
  @IsDateOnly()
  startDate: string;

  /** Last day, inclusive; null = ongoing. */
  @IsOptional()
  @IsNullable()
  @IsDateOnly()
  endDate?: string | null;

  /** The holder's role on the team or project; null when none. */
  @IsOptional()
  @IsNullable()
  @IsString()
  @MaxLength(200)
  role?: string | null;
}

/** Nested `teamAssignment` of employee and contractor bodies (document 01). */
export class NestedTeamAssignmentDto extends AssignmentTermsDto {
  /** The team, by id or externalId; a nonexistent team is a 400. */
  @IsIdOrExternalId()
  @ApiProperty({ example: EXAMPLE_ID.team })
  teamId: string;
}

/** Nested `projectAssignment` of employee and contractor bodies (document 01). */
export class NestedProjectAssignmentDto extends AssignmentTermsDto {
  /** The project, by id or externalId; a nonexistent project is a 400. */
  @IsIdOrExternalId()
  @ApiProperty({ example: EXAMPLE_ID.project })
  projectId: string;
}

export class CreateAssignmentDto extends AssignmentTermsDto {
  /** `team` (targetId is a team) or `project` (targetId is a project). */
  @ApiProperty({ example: 'team', enum: ['team', 'project'] })
  @IsIn(['team', 'project'])
  type: AssignmentType;

  /** The team (type team) or project (type project), by id or externalId. */
  @IsIdOrExternalId()
  targetId: string;

  /** Exactly one holder: an employee... */
  @OptionalReference(EXAMPLE_ID.employee)
  employeeId?: string | null;

  /** ...a contractor... */
  @OptionalReference(null)
  contractorId?: string | null;

  /** ...a vacancy... */
  @OptionalReference(null)
  vacancyId?: string | null;

  /** ...or a team (team-to-project allocations; type must be project). */
  @OptionalReference(null)
  teamId?: string | null;
}

export class UpdateAssignmentDto extends PatchType(CreateAssignmentDto) {}

export class AssignmentQueryDto extends IncrementalListQueryDto {
  @IsOptional() @IsString() employeeId?: string;
  @IsOptional() @IsString() contractorId?: string;
  @IsOptional() @IsString() vacancyId?: string;
  /** Holder team of team-to-project allocations. */
  @IsOptional() @IsString() teamId?: string;
  @ApiPropertyOptional({ enum: ['team', 'project'] })
  @IsOptional()
  @IsIn(['team', 'project'])
  type?: AssignmentType;
  /** The team or project assigned to. */
  @IsOptional() @IsString() targetId?: string;
  /** Only assignments active on this day (start <= day and end unset or >= day). */
  @IsOptional() @IsDateOnly() activeOn?: string;
}

/** Document 01 "Assignment", with the holder fields. */
export class AssignmentDto {
  id: string;
  /** `team` (targetId is a team) or `project` (targetId is a project). */
  @ApiProperty({ enum: ['team', 'project'] })
  type: AssignmentType;
  /** The team or project id. */
  targetId: string;
  /** The holder when an employee; null otherwise. */
  @ApiProperty({ type: String, nullable: true }) employeeId: string | null;
  /** The holder when a contractor; null otherwise. */
  @ApiProperty({ type: String, nullable: true }) contractorId: string | null;
  /** The holder when a vacancy; null otherwise. */
  @ApiProperty({ type: String, nullable: true }) vacancyId: string | null;
  /** The holder team of a team-to-project allocation; null otherwise. */
  @ApiProperty({ type: String, nullable: true }) teamId: string | null;
  /** FTE share, 0.0 to 10.0. */
  fte: number;
  /** First day. */
  startDate: string;
  /** Last day, inclusive; null = ongoing. */
  @ApiProperty({ type: String, nullable: true }) endDate: string | null;
  /** The holder's role on the team or project; null when none. */
  @ApiProperty({ type: String, nullable: true }) role: string | null;
  createdAt: string;
  updatedAt: string;

  static from(e: AssignmentEntity): AssignmentDto {
    return {
      id: e.id,
      type: e.type,
      targetId: e.targetId,
      employeeId: e.employeeId,
      contractorId: e.contractorId,
      vacancyId: e.vacancyId,
      teamId: e.teamId,
      fte: decimalToNumber(e.fte) ?? 0,
      startDate: e.startDate,
      endDate: e.endDate,
      role: e.role,
      ...timestamps(e),
    };
  }

  static payload(e: AssignmentEntity): Record<string, unknown> {
    return { ...AssignmentDto.from(e), fte: decimalToString(e.fte) };
  }
}

/** Document 01 "Assignment (as embedded by include=assignments)": no holder fields. */
export class EmbeddedAssignmentDto {
  /** @example cdemoasg00000000000000001 */
  id: string;
  /** `team` or `project`. */
  @ApiProperty({ example: 'team', enum: ['team', 'project'] })
  type: AssignmentType;
  /**
   * The team or project id.
   * @example cdemoteam0000000000000002
   */
  targetId: string;
  /** FTE share. */
  fte: number;
  /** First day. */
  startDate: string;
  /** Last day, inclusive; null = ongoing. */
  @ApiProperty({ example: null, type: String, nullable: true }) endDate: string | null;
  createdAt: string;
  updatedAt: string;

  static from(e: AssignmentEntity): EmbeddedAssignmentDto {
    return {
      id: e.id,
      type: e.type,
      targetId: e.targetId,
      fte: decimalToNumber(e.fte) ?? 0,
      startDate: e.startDate,
      endDate: e.endDate,
      ...timestamps(e),
    };
  }
}
