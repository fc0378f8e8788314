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
  /** Free text level such as area, stream, domain, team; null when none. */
  @ApiProperty({ type: String, nullable: true }) groupType: string | null;
  /** Free text; null when none. */
  @ApiProperty({ type: String, nullable: true }) description: string | null;
  /** Unique among groups; null when none. */
  @ApiProperty({ type: String, nullable: true }) externalId: string | null;
  /** The parent on the as-of day (null at the top level). */
  @ApiProperty({ type: String, nullable: true }) parentFunctionalGroupId: string | null;
  /** First day, inclusive. */
  startDate: string;
  /** Last day, inclusive; null = ongoing. */
  @ApiProperty({ type: String, nullable: true }) endDate: string | null;
  /** What this caller (key and creator) may do with the group. */
  @ApiProperty({ enum: ACCESS }) viewerAccess: 'EDITOR' | 'READER';
  /** Whether sub-groups are active on the as-of day. */
  hasChildren: boolean;
}

/** Document 02's figures, rolled up over the group's descendants on the as-of day (docs/decisions.md). */
export class FunctionalFiguresDto {
  /** Distinct people holding a seat in the group. */
  headcount: number;
  /** Seats open on the day. */
  positions: number;
  /** Seats with at least one occupant. */
  filledPositions: number;
  /** Seats that are short. */
  openPositions: number;
  /** Demand: the requiredFte of the group's seats. */
  requiredFte: number;
  /** Supply: the fte of the occupants of the group's seats. */
  filledFte: number;
  /** The fte of vacancy assignments (planned hires) in the group's seats on the as-of day; counts in no other figure. */
  plannedFte: number;
  /** Occupancies starting in the 30 days after the as-of day. */
  arrivals30: number;
  /** Occupancies whose last day is within 30 days from the as-of day. */
  leavers30: number;
  /** Run-rate of the as-of month in the reporting currency; null when the caller may not see cost. */
  @ApiProperty({ type: Number, nullable: true }) monthlyCost: number | null;
  /**
   * People counted in headcount whose monthlyCost leaves out days of the as-of month for want of a price:
   * pay in a currency with no exchange rate to the reporting currency, or no salary or rate in force yet.
   * Null when the caller may not see cost.
   */
  @ApiProperty({ type: Number, nullable: true, example: 0 }) unpricedPeople: number | null;
}

/** An access grant as group reads show it; `inherited` when it sits on an ancestor (`functionalGroupId`). */
export class AccessGrantViewDto {
  /** The id `DELETE /functional-groups/access/:id` takes. */
  id: string;
  /** The group the grant sits on. */
  functionalGroupId: string;
  /** What the grant was made for: a user, or an employee or contractor (resolved to their login). */
  @ApiProperty({ enum: ['USER', 'EMPLOYEE', 'CONTRACTOR'] }) resourceType: 'USER' | 'EMPLOYEE' | 'CONTRACTOR';
  /** The user, employee or contractor id. */
  resourceId: string;
  /** The login the grant belongs to. */
  userId: string;
  name: string;
  /** The login's e-mail. */
  email: string;
  /** EDITOR (a manager of the group and everything beneath it) or READER (read access). */
  @ApiProperty({ enum: ACCESS }) access: 'EDITOR' | 'READER';
  /** Whether the grant sits on an ancestor. */
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
  /** The page of groups. */
  groups: FunctionalGroupViewDto[];
  /** Matching groups, over all pages. */
  total: number;
  /** Whether the caller may create top-level groups. */
  canCreateRoot: boolean;
  /** Whether the caller may create and revoke access grants. */
  canShare: boolean;
}

/** An occupant of a seat on the as-of day. */
export class FunctionalOccupantDto {
  id: string;
  /** The seat. */
  functionalPositionId: string;
  /** The occupant when an employee; null otherwise. */
  @ApiProperty({ type: String, nullable: true }) employeeId: string | null;
  /** The occupant when a contractor; null otherwise. */
  @ApiProperty({ type: String, nullable: true }) contractorId: string | null;
  /** The occupant when a vacancy (a planned hire); null otherwise. */
  @ApiProperty({ type: String, nullable: true }) vacancyId: string | null;
  /** The person's name, or the vacancy's role. */
  @ApiProperty({ type: String, nullable: true }) name: string | null;
  /** Above 0, at most 1. */
  fte: number;
  /** First day of the occupancy. */
  startDate: string;
  /** Last day of the occupancy; null = ongoing. */
  @ApiProperty({ type: String, nullable: true }) endDate: string | null;
}

export class FunctionalPositionViewDto {
  id: string;
  /** The group the seat belongs to. */
  functionalGroupId: string;
  name: string;
  /** Free text; null when none. */
  @ApiProperty({ type: String, nullable: true }) description: string | null;
  /** Unique among positions; null when none. */
  @ApiProperty({ type: String, nullable: true }) externalId: string | null;
  /** The job role; null when none. */
  @ApiProperty({ type: String, nullable: true }) jobRoleId: string | null;
  /** Above 0, at most 1. */
  requiredFte: number;
  /** The seat it reports to on the as-of day. */
  @ApiProperty({ type: String, nullable: true }) reportsToPositionId: string | null;
  /** First day of the seat. */
  startDate: string;
  /** Last day of the seat; null = ongoing. */
  @ApiProperty({ type: String, nullable: true }) endDate: string | null;
  /** The occupants on the as-of day. */
  assignments: FunctionalOccupantDto[];
}

export class FunctionalPositionPageDto {
  /** The page of seats. */
  positions: FunctionalPositionViewDto[];
  /** Matching seats, over all pages. */
  total: number;
}

export class FunctionalParentDto {
  id: string;
  name: string;
  /** Unique among groups; null when none. */
  @ApiProperty({ type: String, nullable: true }) externalId: string | null;
}

/** One recorded change (history). */
export class FunctionalChangeDto {
  /** The kind of record changed. */
  entityType: string;
  /** The record's id. */
  entityId: string;
  /** `create`, `update` or `delete`. */
  @ApiProperty({ enum: ['create', 'update', 'delete'] }) changeType: string;
  /** The record before the change; null for create. */
  @ApiProperty({ type: 'object', nullable: true, additionalProperties: true }) before: unknown;
  /** The record after the change; null for delete. */
  @ApiProperty({ type: 'object', nullable: true, additionalProperties: true }) after: unknown;
  /** Who made the change, as initiator.type of events. */
  actorType: string;
  /** The user or API key id. */
  actorId: string;
  /** When the change was made. */
  @ApiProperty({ type: String, nullable: true }) changedAt: string | null;
}

export class FunctionalGroupDetailDto extends FunctionalGroupViewDto {
  /** The parent group on the as-of day; null at the top level. */
  @ApiProperty({ type: FunctionalParentDto, nullable: true }) parent: FunctionalParentDto | null;
  /** A page (offset/limit) of the seats active on the day, with occupants. */
  positions: FunctionalPositionViewDto[];
  /** Seats active on the day, over all pages. */
  totalPositions: number;
  /** The group's own grants, then its ancestors' (inherited), nearest first. */
  accessGrants: AccessGrantViewDto[];
  /** The group's last 100 changes, newest first. */
  history: FunctionalChangeDto[];
}

/** An arrival or a leaver of the next 30 days. */
export class FunctionalMovementDto {
  /** The occupancy. */
  assignmentId: string;
  /** The seat. */
  positionId: string;
  /** The seat's name. */
  positionName: string;
  /** Whether the person is an employee or a contractor. */
  @ApiProperty({ enum: ['employee', 'contractor'] }) kind: 'employee' | 'contractor';
  /** The employee or contractor id. */
  personId: string;
  @ApiProperty({ type: String, nullable: true }) name: string | null;
  /** Above 0, at most 1. */
  fte: number;
  /** First day of the occupancy. */
  startDate: string;
  /** Last day of the occupancy; null = ongoing. */
  @ApiProperty({ type: String, nullable: true }) endDate: string | null;
}

export class FunctionalScheduleOccupancyDto {
  /** The occupancy. */
  assignmentId: string;
  /** Who occupies the seat: an employee, a contractor or a vacancy. */
  @ApiProperty({ enum: ['employee', 'contractor', 'vacancy'] }) kind: 'employee' | 'contractor' | 'vacancy';
  /** The employee, contractor or vacancy id. */
  personId: string;
  @ApiProperty({ type: String, nullable: true }) name: string | null;
  /** Above 0, at most 1. */
  fte: number;
  /** First day of the occupancy. */
  startDate: string;
  /** Last day of the occupancy; null = ongoing. */
  @ApiProperty({ type: String, nullable: true }) endDate: string | null;
}

export class FunctionalSchedulePositionDto {
  id: string;
  /** The group the seat belongs to. */
  functionalGroupId: string;
  name: string;
  /** Unique among positions; null when none. */
  @ApiProperty({ type: String, nullable: true }) externalId: string | null;
  /** Above 0, at most 1. */
  requiredFte: number;
  /** First day of the seat. */
  startDate: string;
  /** Last day of the seat; null = ongoing. */
  @ApiProperty({ type: String, nullable: true }) endDate: string | null;
  /** The seat's occupancies in the period. */
  occupancies: FunctionalScheduleOccupancyDto[];
}

export class FunctionalScheduleDto {
  /** First day of the period: the as-of day. */
  from: string;
  /** Last day of the period: the day before the as-of day one year later. */
  to: string;
  /** Every seat of the subtree in the period. */
  positions: FunctionalSchedulePositionDto[];
}

export class FunctionalBridgeMonthDto {
  /** YYYY-MM */
  month: string;
  /** People in the subtree at the end of the previous month. */
  opening: number;
  /** People whose stay in the subtree starts in the month (moving between its seats is neither joining nor leaving). */
  joiners: number;
  /** People whose first day without the subtree (last day + 1) is in the month, so opening + joiners - leavers = closing. */
  leavers: number;
  /** People in the subtree on the month's last day. */
  closing: number;
  /** The month's cost in the reporting currency; null when the caller may not see cost. */
  @ApiProperty({ type: Number, nullable: true }) cost: number | null;
}

export class FunctionalSummaryDto extends FunctionalGroupViewDto {
  /** The day read. */
  asOf: string;
  figures: FunctionalFiguresDto;
  /** The occupancies counted in figures.arrivals30, by name. */
  arrivals: FunctionalMovementDto[];
  /** The occupancies counted in figures.leavers30, by name. */
  leavers: FunctionalMovementDto[];
  /** Every seat and occupancy of the subtree in the next twelve months. */
  schedule: FunctionalScheduleDto;
  /** Twelve months from the as-of month. */
  bridge: FunctionalBridgeMonthDto[];
  /** The subtree's last 20 changes, newest first. */
  recentChanges: FunctionalChangeDto[];
}
