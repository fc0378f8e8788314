import { ApiProperty } from '@nestjs/swagger';

/**
 * The answers of document 02's functional-structure reads, for the OpenAPI document and as the read
 * service's return types (so that the schema and the answer cannot drift apart).
 */

const ACCESS = ['EDITOR', 'READER'];

/** A group as every read shows it. */
export class FunctionalGroupViewDto {
  id: string;
  name: string;
  @ApiProperty({ type: String, nullable: true }) groupType: string | null;
  @ApiProperty({ type: String, nullable: true }) description: string | null;
  @ApiProperty({ type: String, nullable: true }) externalId: string | null;
  /** The parent on the as-of day (null at the top level). */
  @ApiProperty({ type: String, nullable: true }) parentFunctionalGroupId: string | null;
  startDate: string;
  @ApiProperty({ type: String, nullable: true }) endDate: string | null;
  /** What this caller (key and creator) may do with the group. */
  @ApiProperty({ enum: ACCESS }) viewerAccess: 'EDITOR' | 'READER';
  /** Whether sub-groups are active on the as-of day. */
  hasChildren: boolean;
}

/** Document 02's figures, rolled up over the group's descendants on the as-of day (docs/decisions.md). */
export class FunctionalFiguresDto {
  headcount: number;
  positions: number;
  filledPositions: number;
  openPositions: number;
  requiredFte: number;
  filledFte: number;
  /** The fte of vacancy assignments (planned hires) in the group's seats on the as-of day; counts in no other figure. */
  plannedFte: number;
  arrivals30: number;
  leavers30: number;
  /** Run-rate of the as-of month in the reporting currency; null when the caller may not see cost. */
  @ApiProperty({ type: Number, nullable: true }) monthlyCost: number | null;
}

/** An access grant as group reads show it; `inherited` when it sits on an ancestor (`functionalGroupId`). */
export class AccessGrantViewDto {
  /** The id `DELETE /functional-groups/access/:id` takes. */
  id: string;
  functionalGroupId: string;
  @ApiProperty({ enum: ['USER', 'EMPLOYEE', 'CONTRACTOR'] }) resourceType: 'USER' | 'EMPLOYEE' | 'CONTRACTOR';
  resourceId: string;
  /** The login the grant belongs to. */
  userId: string;
  name: string;
  email: string;
  @ApiProperty({ enum: ACCESS }) access: 'EDITOR' | 'READER';
  inherited: boolean;
  @ApiProperty({ type: String, nullable: true }) createdAt: string | null;
}

export class FunctionalTreeNodeDto extends FunctionalGroupViewDto {
  figures: FunctionalFiguresDto;
  /** EDITOR grants: the group's own (inherited false) or the nearest ancestor's (inherited true), one per login. */
  managers: AccessGrantViewDto[];
  /** Visible sub-groups on the as-of day, in name order. */
  @ApiProperty({ type: () => [FunctionalTreeNodeDto] }) children: FunctionalTreeNodeDto[];
}

export class FunctionalTreeDto {
  /** The visible roots (groups whose parent the caller cannot see, or top-level ones), nested. */
  groups: FunctionalTreeNodeDto[];
  /** Visible groups on the day. */
  totalGroups: number;
  /** true when the tree stopped at 500 groups. */
  truncated: boolean;
}

export class FunctionalGroupListDto {
  groups: FunctionalGroupViewDto[];
  total: number;
  canCreateRoot: boolean;
  canShare: boolean;
}

/** An occupant of a seat on the as-of day. */
export class FunctionalOccupantDto {
  id: string;
  functionalPositionId: string;
  @ApiProperty({ type: String, nullable: true }) employeeId: string | null;
  @ApiProperty({ type: String, nullable: true }) contractorId: string | null;
  @ApiProperty({ type: String, nullable: true }) vacancyId: string | null;
  /** The person's name, or the vacancy's role. */
  @ApiProperty({ type: String, nullable: true }) name: string | null;
  fte: number;
  startDate: string;
  @ApiProperty({ type: String, nullable: true }) endDate: string | null;
}

export class FunctionalPositionViewDto {
  id: string;
  functionalGroupId: string;
  name: string;
  @ApiProperty({ type: String, nullable: true }) description: string | null;
  @ApiProperty({ type: String, nullable: true }) externalId: string | null;
  @ApiProperty({ type: String, nullable: true }) jobRoleId: string | null;
  requiredFte: number;
  /** The seat it reports to on the as-of day. */
  @ApiProperty({ type: String, nullable: true }) reportsToPositionId: string | null;
  startDate: string;
  @ApiProperty({ type: String, nullable: true }) endDate: string | null;
  assignments: FunctionalOccupantDto[];
}

export class FunctionalPositionPageDto {
  positions: FunctionalPositionViewDto[];
  total: number;
}

export class FunctionalParentDto {
  id: string;
  name: string;
  @ApiProperty({ type: String, nullable: true }) externalId: string | null;
}

/** One recorded change (history). */
export class FunctionalChangeDto {
  entityType: string;
  entityId: string;
  @ApiProperty({ enum: ['create', 'update', 'delete'] }) changeType: string;
  @ApiProperty({ type: 'object', nullable: true, additionalProperties: true }) before: unknown;
  @ApiProperty({ type: 'object', nullable: true, additionalProperties: true }) after: unknown;
  actorType: string;
  actorId: string;
  @ApiProperty({ type: String, nullable: true }) changedAt: string | null;
}

export class FunctionalGroupDetailDto extends FunctionalGroupViewDto {
  @ApiProperty({ type: FunctionalParentDto, nullable: true }) parent: FunctionalParentDto | null;
  /** A page (offset/limit) of the seats active on the day, with occupants. */
  positions: FunctionalPositionViewDto[];
  totalPositions: number;
  /** The group's own grants, then its ancestors' (inherited), nearest first. */
  accessGrants: AccessGrantViewDto[];
  /** The group's last 100 changes, newest first. */
  history: FunctionalChangeDto[];
}

/** An arrival or a leaver of the next 30 days. */
export class FunctionalMovementDto {
  assignmentId: string;
  positionId: string;
  positionName: string;
  @ApiProperty({ enum: ['employee', 'contractor'] }) kind: 'employee' | 'contractor';
  personId: string;
  @ApiProperty({ type: String, nullable: true }) name: string | null;
  fte: number;
  startDate: string;
  @ApiProperty({ type: String, nullable: true }) endDate: string | null;
}

export class FunctionalScheduleOccupancyDto {
  assignmentId: string;
  @ApiProperty({ enum: ['employee', 'contractor', 'vacancy'] }) kind: 'employee' | 'contractor' | 'vacancy';
  personId: string;
  @ApiProperty({ type: String, nullable: true }) name: string | null;
  fte: number;
  startDate: string;
  @ApiProperty({ type: String, nullable: true }) endDate: string | null;
}

export class FunctionalSchedulePositionDto {
  id: string;
  functionalGroupId: string;
  name: string;
  @ApiProperty({ type: String, nullable: true }) externalId: string | null;
  requiredFte: number;
  startDate: string;
  @ApiProperty({ type: String, nullable: true }) endDate: string | null;
  occupancies: FunctionalScheduleOccupancyDto[];
}

export class FunctionalScheduleDto {
  from: string;
  to: string;
  positions: FunctionalSchedulePositionDto[];
}

export class FunctionalBridgeMonthDto {
  /** YYYY-MM */
  month: string;
  opening: number;
  joiners: number;
  leavers: number;
  closing: number;
  /** The month's cost in the reporting currency; null when the caller may not see cost. */
  @ApiProperty({ type: Number, nullable: true }) cost: number | null;
}

export class FunctionalSummaryDto extends FunctionalGroupViewDto {
  asOf: string;
  figures: FunctionalFiguresDto;
  arrivals: FunctionalMovementDto[];
  leavers: FunctionalMovementDto[];
  /** Every seat and occupancy of the subtree in the next twelve months. */
  schedule: FunctionalScheduleDto;
  /** Twelve months from the as-of month. */
  bridge: FunctionalBridgeMonthDto[];
  /** The subtree's last 20 changes, newest first. */
  recentChanges: FunctionalChangeDto[];
}
