import { Injectable, OnModuleInit } from '@nestjs/common';
import type { EntityManager, ObjectLiteral } from 'typeorm';
import type { RequestContext } from '../access/request-context';
import { ContractorsService } from '../contractors/contractors.service';
import { addDays, toIsoDateTime, todayUtc } from '../common/dates';
import { decimalToString } from '../common/decimals';
import { DomainError } from '../common/errors/domain-error';
import { registerConstraint } from '../common/errors/db-errors';
import type { ErrorCode } from '../common/errors/error-codes';
import { newId } from '../common/ids';
import { CustomAttributeValuesService, ValueTarget } from '../custom-attributes/custom-attribute-values.service';
import type { SetCustomAttributeValueDto } from '../custom-attributes/dto/custom-attribute-value.dto';
import { Tx, UnitOfWork } from '../database/unit-of-work';
import { EmployeesService } from '../employees/employees.service';
import { JobRolesService } from '../reference-data/job-roles.service';
import { rowPayload } from '../scenarios/planning-tables';
import { ScenariosService } from '../scenarios/scenarios.service';
import { VacanciesService } from '../vacancies/vacancies.service';
import { CapacityHolder, firstDayOverCapacity } from './capacity';
import { activeOn, Dated, daysOf, isActiveOn, referenceDay, within } from './dated';
import { FunctionalAssignmentBodyDto, FunctionalGroupBodyDto, FunctionalPositionBodyDto, MoveGroupDto, StructureMoveDto } from './dto/functional-structure.dto';
import { FunctionalAssignmentEntity } from './entities/functional-assignment.entity';
import { FunctionalGroupPlacementEntity } from './entities/functional-group-placement.entity';
import { FunctionalGroupEntity } from './entities/functional-group.entity';
import { FunctionalPositionReportEntity } from './entities/functional-position-report.entity';
import { FunctionalPositionEntity } from './entities/functional-position.entity';
import { FunctionalAccessService } from './functional-access.service';

registerConstraint('uq_functional_groups_external_id', { code: 'DUPLICATE_EXTERNAL_ID', message: 'Another functional group already has that externalId' });
registerConstraint('uq_functional_positions_external_id', { code: 'DUPLICATE_EXTERNAL_ID', message: 'Another functional position already has that externalId' });
registerConstraint('ex_functional_group_placements_overlap', { code: 'OVERLAPPING_PARENTS', message: 'A functional group would have two parents on the same day' });
registerConstraint('ex_functional_position_reports_overlap', { code: 'CONFLICT', message: 'A position would report to two positions on the same day' });
registerConstraint('ck_functional_assignments_fte', { code: 'INVALID_FTE', message: 'An FTE must be above 0 and at most 1' });
registerConstraint('ck_functional_positions_fte', { code: 'INVALID_FTE', message: 'A requiredFte must be above 0 and at most 1' });
registerConstraint('ck_functional_assignments_one_resource', { code: 'EXACTLY_ONE_RESOURCE', message: 'Exactly one of employeeId, contractorId and vacancyId must be set' });
for (const name of ['ck_functional_groups_dates', 'ck_functional_group_placements_dates', 'ck_functional_positions_dates', 'ck_functional_position_reports_dates', 'ck_functional_assignments_dates']) {
  registerConstraint(name, { code: 'INVALID_DATES', message: 'An end date is before its start date' });
}

/** A dated link table: group placements (group -> parent) and reporting lines (seat -> seat). */
interface LinkTable {
  entity: typeof FunctionalGroupPlacementEntity | typeof FunctionalPositionReportEntity;
  table: string;
  owner: 'groupId' | 'positionId';
  target: 'parentGroupId' | 'reportsToPositionId';
  ownerColumn: string;
  targetColumn: string;
  entityType: string;
}
type LinkRow = { id: string; startDate: string; endDate: string | null; target: string | null };

const PLACEMENTS: LinkTable = {
  entity: FunctionalGroupPlacementEntity,
  table: 'functional_group_placements',
  owner: 'groupId',
  target: 'parentGroupId',
  ownerColumn: 'group_id',
  targetColumn: 'parent_group_id',
  entityType: 'functional_group_placement',
};
const REPORTS: LinkTable = {
  entity: FunctionalPositionReportEntity,
  table: 'functional_position_reports',
  owner: 'positionId',
  target: 'reportsToPositionId',
  ownerColumn: 'position_id',
  targetColumn: 'reports_to_position_id',
  entityType: 'functional_position_report',
};

type Person = { kind: 'employee' | 'contractor' | 'vacancy'; id: string; dates: Dated | null; limit: string };

export function groupPayload(g: FunctionalGroupEntity, parentFunctionalGroupId?: string | null): Record<string, unknown> {
  return {
    id: g.id,
    name: g.name,
    groupType: g.groupType,
    description: g.description,
    externalId: g.externalId,
    ...(parentFunctionalGroupId === undefined ? {} : { parentFunctionalGroupId }),
    startDate: g.startDate,
    endDate: g.endDate,
  };
}

export function positionPayload(p: FunctionalPositionEntity, reportsToPositionId?: string | null): Record<string, unknown> {
  return {
    id: p.id,
    functionalGroupId: p.functionalGroupId,
    name: p.name,
    description: p.description,
    externalId: p.externalId,
    jobRoleId: p.jobRoleId,
    requiredFte: decimalToString(p.requiredFte),
    ...(reportsToPositionId === undefined ? {} : { reportsToPositionId }),
    startDate: p.startDate,
    endDate: p.endDate,
  };
}

export function assignmentPayload(a: FunctionalAssignmentEntity): Record<string, unknown> {
  return {
    id: a.id,
    functionalPositionId: a.functionalPositionId,
    employeeId: a.employeeId,
    contractorId: a.contractorId,
    vacancyId: a.vacancyId,
    fte: decimalToString(a.fte),
    startDate: a.startDate,
    endDate: a.endDate,
  };
}

function linkPayload(row: ObjectLiteral): Record<string, unknown> {
  const { createdAt: _c, updatedAt: _u, ...rest } = rowPayload(row);
  return rest;
}

function fail(code: ErrorCode, message: string): never {
  throw new DomainError(code, message);
}

function checkDates(startDate: string, endDate: string | null | undefined): void {
  if (endDate !== null && endDate !== undefined && endDate < startDate) {
    throw new DomainError('INVALID_DATES', 'endDate must not be before startDate', [{ field: 'endDate', message: 'endDate must not be before startDate' }]);
  }
}

function span(d: Dated): string {
  return `${d.startDate} to ${d.endDate ?? 'ongoing'}`;
}

/**
 * Every write of the dated functional structure (document 02): groups and their placements, seats and
 * their reporting lines, seat assignments, moves and custom attributes. One transaction per write
 * (UnitOfWork); capacity and hierarchy rules are checked under advisory locks taken in sorted order.
 */
@Injectable()
export class FunctionalStructureService implements OnModuleInit {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly access: FunctionalAccessService,
    private readonly employees: EmployeesService,
    private readonly contractors: ContractorsService,
    private readonly vacancies: VacanciesService,
    private readonly jobRoles: JobRolesService,
    private readonly values: CustomAttributeValuesService,
    private readonly scenarios: ScenariosService,
  ) {}

  onModuleInit(): void {
    const table = (name: string, entity: ObjectLiteral['constructor'], entityType: string, payload: (row: ObjectLiteral) => Record<string, unknown>) =>
      this.scenarios.registerTable({ table: name, entity: entity as never, entityTypes: [entityType], payload, entityTypeOf: () => entityType });
    // Merge payloads add updatedAt: a move changes only placement rows, and bumps the group's (or seat's)
    // updatedAt so that the merge still sees, and announces, the group or seat as updated.
    const stamped = (r: ObjectLiteral) => ({ updatedAt: toIsoDateTime(r.updatedAt as Date) });
    table('functional_groups', FunctionalGroupEntity, 'functional_group', (r) => ({ ...groupPayload(r as FunctionalGroupEntity), ...stamped(r) }));
    table('functional_group_placements', FunctionalGroupPlacementEntity, PLACEMENTS.entityType, linkPayload);
    table('functional_positions', FunctionalPositionEntity, 'functional_position', (r) => ({ ...positionPayload(r as FunctionalPositionEntity), ...stamped(r) }));
    table('functional_position_reports', FunctionalPositionReportEntity, REPORTS.entityType, linkPayload);
    table('functional_assignments', FunctionalAssignmentEntity, 'functional_assignment', (r) => assignmentPayload(r as FunctionalAssignmentEntity));
    // Seat occupancies are never deleted (document 02): a person or vacancy holding a seat today or later
    // cannot be deleted (409) until the occupancy is ended; ended occupancies stay as history.
    this.employees.registerDeleteHook((tx, id) => this.refuseIfSeated(tx, 'employee_id', id));
    this.contractors.registerDeleteHook((tx, id) => this.refuseIfSeated(tx, 'contractor_id', id));
    this.vacancies.registerDeleteHook((tx, id) => this.refuseIfSeated(tx, 'vacancy_id', id));
  }

  private async refuseIfSeated(tx: Tx, column: 'employee_id' | 'contractor_id' | 'vacancy_id', id: string): Promise<void> {
    const [{ n }]: { n: number }[] = await tx.em.query(
      `SELECT count(*)::int AS n FROM functional_assignments WHERE plan_id = $1 AND ${column} = $2 AND (end_date IS NULL OR end_date >= $3)`,
      [tx.ctx.planId, id, todayUtc()],
    );
    if (n > 0) throw DomainError.conflict(`${id} still holds ${n} seat assignments in the functional structure; end them first`);
  }

  // ---------------------------------------------------------------- groups

  async createGroup(ctx: RequestContext, body: FunctionalGroupBodyDto): Promise<string> {
    return this.uow.run(ctx, (tx) => this.createGroupIn(tx, body));
  }

  /** createGroup in the caller's transaction (bulk upserts of PULL hooks run each item under a savepoint). */
  async createGroupIn(tx: Tx, body: FunctionalGroupBodyDto): Promise<string> {
    const ctx = tx.ctx;
    checkDates(body.startDate, body.endDate);
    await this.lock(tx, { structure: true });
    const dates: Dated = { startDate: body.startDate, endDate: body.endDate ?? null };
    const parentId = body.parentFunctionalGroupId ?? null;
    if (parentId === null) {
      this.access.assertCanEditRoot(ctx);
    } else {
      const parent = await this.findGroup(tx, parentId);
      await this.access.assertCanEditGroup(ctx, tx.em, parent.id, body.startDate);
      if (!within(dates, parent)) fail('OUTSIDE_ACTIVE_DATES', `The group's days (${span(dates)}) fall outside its parent's (${span(parent)})`);
    }
    const group: FunctionalGroupEntity = {
      planId: ctx.planId,
      id: newId(),
      organizationId: ctx.organizationId,
      name: body.name,
      groupType: body.groupType ?? null,
      description: body.description ?? null,
      externalId: body.externalId ?? null,
      startDate: dates.startDate,
      endDate: dates.endDate,
    } as FunctionalGroupEntity;
    await tx.em.insert(FunctionalGroupEntity, group);
    await this.insertLink(tx, PLACEMENTS, group.id, parentId, dates);
    tx.record({ entityType: 'functional_group', entityId: group.id, changeType: 'create', before: null, after: groupPayload(group, parentId) });
    return group.id;
  }

  /** Write rule 1: a whole replace; omitted fields become null except groupType; the parent is ignored (use move). */
  async replaceGroup(ctx: RequestContext, id: string, body: FunctionalGroupBodyDto): Promise<string> {
    return this.uow.run(ctx, (tx) => this.replaceGroupIn(tx, id, body));
  }

  /** replaceGroup in the caller's transaction (bulk upserts of PULL hooks run each item under a savepoint). */
  async replaceGroupIn(tx: Tx, id: string, body: FunctionalGroupBodyDto): Promise<string> {
    const ctx = tx.ctx;
    checkDates(body.startDate, body.endDate);
    await this.lock(tx, { structure: true });
    const group = await this.findGroup(tx, id);
    await this.access.assertCanEditGroup(ctx, tx.em, group.id, referenceDay(group));
    const dates: Dated = { startDate: body.startDate, endDate: body.endDate ?? null };
    const beforeParent = await this.targetOn(tx, PLACEMENTS, group.id, referenceDay(group));
    await this.assertChildrenWithin(tx, 'functional_group_placements', 'parent_group_id', group.id, dates, 'sub-group');
    await this.assertChildrenWithin(tx, 'functional_positions', 'functional_group_id', group.id, dates, 'position');
    await this.refitLinks(tx, PLACEMENTS, group.id, dates, async (parentId, days) => {
      const parent = await this.findGroup(tx, parentId);
      if (!within(days, parent)) fail('OUTSIDE_ACTIVE_DATES', `The group would sit under ${parentId} on days (${span(days)}) outside that parent's (${span(parent)})`);
    });
    const before = groupPayload(group, beforeParent);
    const changed: FunctionalGroupEntity = {
      ...group,
      name: body.name,
      groupType: body.groupType === undefined ? group.groupType : body.groupType,
      description: body.description ?? null,
      externalId: body.externalId ?? null,
      startDate: dates.startDate,
      endDate: dates.endDate,
    };
    await tx.em.update(
      FunctionalGroupEntity,
      { planId: ctx.planId, id: group.id },
      { name: changed.name, groupType: changed.groupType, description: changed.description, externalId: changed.externalId, startDate: changed.startDate, endDate: changed.endDate },
    );
    const after = groupPayload(changed, await this.targetOn(tx, PLACEMENTS, group.id, referenceDay(changed)));
    if (JSON.stringify(before) !== JSON.stringify(after)) tx.record({ entityType: 'functional_group', entityId: group.id, changeType: 'update', before, after });
    return group.id;
  }

  /** Write rule 2: the group sits under the new parent from effectiveDate; earlier days keep the old one. */
  async moveGroup(ctx: RequestContext, id: string, body: MoveGroupDto): Promise<string> {
    return this.uow.run(ctx, async (tx) => {
      await this.lock(tx, { structure: true });
      const group = await this.findGroup(tx, id);
      const day = body.effectiveDate;
      await this.access.assertCanEditGroup(ctx, tx.em, group.id, day);
      const parentId = body.parentFunctionalGroupId;
      if (parentId === null) this.access.assertCanEditRoot(ctx);
      if (!isActiveOn(group, day)) fail('OUTSIDE_ACTIVE_DATES', `effectiveDate ${day} is outside the group's days (${span(group)})`);
      const moved: Dated = { startDate: day, endDate: group.endDate };
      if (parentId !== null) {
        if (parentId === group.id) fail('HIERARCHY_CYCLE', 'A group cannot be its own parent');
        const parent = await this.findGroup(tx, parentId);
        await this.access.assertCanEditGroup(ctx, tx.em, parent.id, day);
        if (!within(moved, parent)) fail('OUTSIDE_ACTIVE_DATES', `The new parent's days (${span(parent)}) do not cover the group from ${day} (${span(moved)})`);
        const cycleDay = await this.firstCycleDay(tx, PLACEMENTS, parent.id, group.id, moved);
        if (cycleDay) fail('HIERARCHY_CYCLE', `On ${cycleDay} ${parent.id} is beneath ${group.id}: the move would make a cycle`);
      }
      const change = await this.relink(tx, PLACEMENTS, group.id, day, parentId);
      if (change) {
        await tx.em.update(FunctionalGroupEntity, { planId: ctx.planId, id: group.id }, { updatedAt: new Date() });
        tx.record({ entityType: 'functional_group', entityId: group.id, changeType: 'update', before: groupPayload(group, change.before), after: groupPayload(group, parentId) });
      }
      return group.id;
    });
  }

  // ---------------------------------------------------------------- positions

  async createPosition(ctx: RequestContext, body: FunctionalPositionBodyDto): Promise<string> {
    return this.uow.run(ctx, (tx) => this.createPositionIn(tx, body));
  }

  /** createPosition in the caller's transaction (bulk upserts of PULL hooks run each item under a savepoint). */
  async createPositionIn(tx: Tx, body: FunctionalPositionBodyDto): Promise<string> {
    const ctx = tx.ctx;
    checkDates(body.startDate, body.endDate);
    await this.lock(tx, { structure: true });
    const group = await this.findGroup(tx, body.functionalGroupId);
    await this.access.assertCanEditGroup(ctx, tx.em, group.id, body.startDate);
    const dates: Dated = { startDate: body.startDate, endDate: body.endDate ?? null };
    if (!within(dates, group)) fail('OUTSIDE_ACTIVE_DATES', `The position's days (${span(dates)}) fall outside its group's (${span(group)})`);
    const position: FunctionalPositionEntity = {
      planId: ctx.planId,
      id: newId(),
      organizationId: ctx.organizationId,
      functionalGroupId: group.id,
      name: body.name,
      description: body.description ?? null,
      externalId: body.externalId ?? null,
      jobRoleId: (await this.jobRoles.resolveId(ctx, tx.em, body.jobRoleId, 'jobRoleId')) ?? null,
      requiredFte: String(body.requiredFte),
      startDate: dates.startDate,
      endDate: dates.endDate,
    } as FunctionalPositionEntity;
    await tx.em.insert(FunctionalPositionEntity, position);
    await this.insertLink(tx, REPORTS, position.id, null, dates);
    tx.record({ entityType: 'functional_position', entityId: position.id, changeType: 'create', before: null, after: positionPayload(position) });
    return position.id;
  }

  /** Write rule 3: a whole replace; functionalGroupId must equal the current one. */
  async replacePosition(ctx: RequestContext, id: string, body: FunctionalPositionBodyDto): Promise<string> {
    return this.uow.run(ctx, (tx) => this.replacePositionIn(tx, id, body));
  }

  /** replacePosition in the caller's transaction (bulk upserts of PULL hooks run each item under a savepoint). */
  async replacePositionIn(tx: Tx, id: string, body: FunctionalPositionBodyDto): Promise<string> {
    const ctx = tx.ctx;
    checkDates(body.startDate, body.endDate);
    await this.lock(tx, { structure: true, seats: [id] });
    const position = await this.findPosition(tx, id);
    if (body.functionalGroupId !== position.functionalGroupId) fail('POSITION_AREA_IMMUTABLE', 'A position cannot change its functional group');
    const group = await this.findGroup(tx, position.functionalGroupId);
    await this.access.assertCanEditGroup(ctx, tx.em, group.id, referenceDay(position));
    const dates: Dated = { startDate: body.startDate, endDate: body.endDate ?? null };
    if (!within(dates, group)) fail('OUTSIDE_ACTIVE_DATES', `The position's days (${span(dates)}) fall outside its group's (${span(group)})`);
    await this.assertChildrenWithin(tx, 'functional_assignments', 'functional_position_id', position.id, dates, 'occupancy');
    await this.assertChildrenWithin(tx, 'functional_position_reports', 'reports_to_position_id', position.id, dates, 'reporting line to it');
    await this.refitLinks(tx, REPORTS, position.id, dates, async (targetId, days) => {
      const target = await this.findPosition(tx, targetId);
      if (!within(days, target)) fail('OUTSIDE_ACTIVE_DATES', `The position would report to ${targetId} on days (${span(days)}) outside that seat's (${span(target)})`);
    });
    const requiredFte = String(body.requiredFte);
    const over = await firstDayOverCapacity(tx.em, {
      planId: ctx.planId,
      holder: 'functional_position_id',
      holderId: position.id,
      from: dates.startDate,
      to: dates.endDate,
      fte: '0',
      exceptId: null,
      limit: requiredFte,
    });
    if (over) fail('OVER_ALLOCATED', `On ${over.day} the seat's occupants hold ${decimalToString(over.total)} FTE, over the requiredFte ${body.requiredFte}`);
    const changed: FunctionalPositionEntity = {
      ...position,
      name: body.name,
      description: body.description ?? null,
      externalId: body.externalId ?? null,
      jobRoleId: (await this.jobRoles.resolveId(ctx, tx.em, body.jobRoleId, 'jobRoleId')) ?? null,
      requiredFte,
      startDate: dates.startDate,
      endDate: dates.endDate,
    };
    await tx.em.update(
      FunctionalPositionEntity,
      { planId: ctx.planId, id: position.id },
      {
        name: changed.name,
        description: changed.description,
        externalId: changed.externalId,
        jobRoleId: changed.jobRoleId,
        requiredFte: changed.requiredFte,
        startDate: changed.startDate,
        endDate: changed.endDate,
      },
    );
    const before = positionPayload(position);
    const after = positionPayload(changed);
    if (JSON.stringify(before) !== JSON.stringify(after)) tx.record({ entityType: 'functional_position', entityId: position.id, changeType: 'update', before, after });
    return position.id;
  }

  // ---------------------------------------------------------------- assignments

  async createAssignment(ctx: RequestContext, body: FunctionalAssignmentBodyDto): Promise<string> {
    return this.uow.run(ctx, async (tx) => {
      const person = await this.resolvePerson(tx, body);
      checkDates(body.startDate, body.endDate);
      await this.lock(tx, { seats: [body.functionalPositionId], person });
      const position = await this.findPosition(tx, body.functionalPositionId);
      await this.access.assertCanEditGroup(ctx, tx.em, position.functionalGroupId, body.startDate);
      const assignment: FunctionalAssignmentEntity = {
        planId: ctx.planId,
        id: newId(),
        organizationId: ctx.organizationId,
        functionalPositionId: position.id,
        employeeId: person.kind === 'employee' ? person.id : null,
        contractorId: person.kind === 'contractor' ? person.id : null,
        vacancyId: person.kind === 'vacancy' ? person.id : null,
        fte: String(body.fte),
        startDate: body.startDate,
        endDate: body.endDate ?? null,
      } as FunctionalAssignmentEntity;
      await this.assertOccupancy(tx, assignment, position, person, null);
      await tx.em.insert(FunctionalAssignmentEntity, assignment);
      tx.record({ entityType: 'functional_assignment', entityId: assignment.id, changeType: 'create', before: null, after: assignmentPayload(assignment) });
      return assignment.id;
    });
  }

  /** Write rule 4: share and dates change; the seat and the person must stay. */
  async replaceAssignment(ctx: RequestContext, id: string, body: FunctionalAssignmentBodyDto): Promise<string> {
    return this.uow.run(ctx, async (tx) => {
      const person = await this.resolvePerson(tx, body);
      const current = await this.findAssignment(tx, id);
      const currentPerson = current.employeeId ?? current.contractorId ?? current.vacancyId;
      const currentKind = current.employeeId ? 'employee' : current.contractorId ? 'contractor' : 'vacancy';
      if (body.functionalPositionId !== current.functionalPositionId || person.kind !== currentKind || person.id !== currentPerson) {
        fail('ASSIGNMENT_IDENTITY_IMMUTABLE', 'An assignment keeps its seat and its person; use POST /structure/move to move an occupant');
      }
      checkDates(body.startDate, body.endDate);
      await this.lock(tx, { seats: [current.functionalPositionId], person });
      const position = await this.findPosition(tx, current.functionalPositionId);
      await this.access.assertCanEditGroup(ctx, tx.em, position.functionalGroupId, referenceDay(current));
      const changed: FunctionalAssignmentEntity = { ...current, fte: String(body.fte), startDate: body.startDate, endDate: body.endDate ?? null };
      await this.assertOccupancy(tx, changed, position, person, current.id);
      await tx.em.update(FunctionalAssignmentEntity, { planId: ctx.planId, id: current.id }, { fte: changed.fte, startDate: changed.startDate, endDate: changed.endDate });
      const before = assignmentPayload(current);
      const after = assignmentPayload(changed);
      if (JSON.stringify(before) !== JSON.stringify(after)) tx.record({ entityType: 'functional_assignment', entityId: current.id, changeType: 'update', before, after });
      return current.id;
    });
  }

  // ---------------------------------------------------------------- structure moves

  /** Write rule 6. Returns the position id, or the id of the assignment that holds the seat from effectiveDate. */
  async moveStructure(ctx: RequestContext, body: StructureMoveDto): Promise<string> {
    return body.kind === 'POSITION' ? this.movePosition(ctx, body) : this.moveAssignment(ctx, body);
  }

  private async movePosition(ctx: RequestContext, body: StructureMoveDto): Promise<string> {
    return this.uow.run(ctx, async (tx) => {
      await this.lock(tx, { structure: true });
      const position = await this.findPosition(tx, body.id);
      const day = body.effectiveDate;
      await this.access.assertCanEditGroup(ctx, tx.em, position.functionalGroupId, day);
      if (!isActiveOn(position, day)) fail('OUTSIDE_ACTIVE_DATES', `effectiveDate ${day} is outside the position's days (${span(position)})`);
      const moved: Dated = { startDate: day, endDate: position.endDate };
      const targetId = body.targetPositionId;
      if (targetId !== null) {
        if (targetId === position.id) fail('HIERARCHY_CYCLE', 'A position cannot report to itself');
        const target = await this.findPosition(tx, targetId);
        if (target.functionalGroupId !== position.functionalGroupId) fail('POSITION_AREA_IMMUTABLE', 'A position may report only to a position in the same group');
        if (!within(moved, target)) fail('OUTSIDE_ACTIVE_DATES', `The target seat's days (${span(target)}) do not cover the position from ${day} (${span(moved)})`);
        const cycleDay = await this.firstCycleDay(tx, REPORTS, target.id, position.id, moved);
        if (cycleDay) fail('HIERARCHY_CYCLE', `On ${cycleDay} ${target.id} reports (directly or not) to ${position.id}`);
      }
      const change = await this.relink(tx, REPORTS, position.id, day, targetId);
      if (change) {
        await tx.em.update(FunctionalPositionEntity, { planId: ctx.planId, id: position.id }, { updatedAt: new Date() });
        tx.record({ entityType: 'functional_position', entityId: position.id, changeType: 'update', before: positionPayload(position, change.before), after: positionPayload(position, targetId) });
      }
      return position.id;
    });
  }

  private async moveAssignment(ctx: RequestContext, body: StructureMoveDto): Promise<string> {
    if (body.targetPositionId === null) throw DomainError.validation('targetPositionId', 'targetPositionId must name the destination seat for kind ASSIGNMENT');
    const targetId = body.targetPositionId;
    return this.uow.run(ctx, async (tx) => {
      const found = await this.findAssignment(tx, body.id);
      const person: Person = await this.personOf(tx, found);
      if (targetId === found.functionalPositionId) throw DomainError.validation('targetPositionId', 'The occupant already holds that seat');
      await this.lock(tx, { seats: [found.functionalPositionId, targetId], person });
      const assignment = await this.findAssignment(tx, body.id);
      const source = await this.findPosition(tx, assignment.functionalPositionId);
      const target = await this.findPosition(tx, targetId);
      const day = body.effectiveDate;
      await this.access.assertCanEditGroup(ctx, tx.em, source.functionalGroupId, day);
      await this.access.assertCanEditGroup(ctx, tx.em, target.functionalGroupId, day);
      if (!isActiveOn(assignment, day)) fail('OUTSIDE_ACTIVE_DATES', `effectiveDate ${day} is outside the assignment's days (${span(assignment)})`);
      if (!isActiveOn(source, day)) fail('OUTSIDE_ACTIVE_DATES', `The current seat is not active on ${day}`);
      const moved: FunctionalAssignmentEntity = { ...assignment, functionalPositionId: target.id, startDate: day };
      if (!within(moved, target)) fail('OUTSIDE_ACTIVE_DATES', `The destination seat's days (${span(target)}) do not cover the occupancy from ${day} (${span(moved)})`);
      const over = await firstDayOverCapacity(tx.em, {
        planId: ctx.planId,
        holder: 'functional_position_id',
        holderId: target.id,
        from: day,
        to: assignment.endDate,
        fte: assignment.fte,
        exceptId: null,
        limit: target.requiredFte,
      });
      if (over) fail('OVER_ALLOCATED', `On ${over.day} the destination seat would hold ${decimalToString(over.total)} FTE, over its requiredFte ${decimalToString(target.requiredFte)}`);
      const before = assignmentPayload(assignment);
      if (assignment.startDate === day) {
        // A move on the occupancy's first day replaces its seat: no day keeps the old one.
        await tx.em.update(FunctionalAssignmentEntity, { planId: ctx.planId, id: assignment.id }, { functionalPositionId: target.id });
        tx.record({ entityType: 'functional_assignment', entityId: assignment.id, changeType: 'update', before, after: assignmentPayload(moved) });
        return assignment.id;
      }
      const ended: FunctionalAssignmentEntity = { ...assignment, endDate: addDays(day, -1) };
      await tx.em.update(FunctionalAssignmentEntity, { planId: ctx.planId, id: assignment.id }, { endDate: ended.endDate });
      tx.record({ entityType: 'functional_assignment', entityId: assignment.id, changeType: 'update', before, after: assignmentPayload(ended) });
      const created: FunctionalAssignmentEntity = { ...moved, id: newId(), organizationId: ctx.organizationId, planId: ctx.planId };
      delete (created as Partial<FunctionalAssignmentEntity>).createdAt;
      delete (created as Partial<FunctionalAssignmentEntity>).updatedAt;
      await tx.em.insert(FunctionalAssignmentEntity, created);
      tx.record({ entityType: 'functional_assignment', entityId: created.id, changeType: 'create', before: null, after: assignmentPayload(created) });
      return created.id;
    });
  }

  // ---------------------------------------------------------------- custom attributes

  async setAttribute(ctx: RequestContext, kind: 'group' | 'position', id: string, definitionId: string, body: SetCustomAttributeValueDto): Promise<string> {
    await this.values.set(ctx, this.valueTarget(kind), id, definitionId, body);
    return id;
  }

  async clearAttribute(ctx: RequestContext, kind: 'group' | 'position', id: string, definitionId: string): Promise<string> {
    await this.values.clear(ctx, this.valueTarget(kind), id, definitionId);
    return id;
  }

  private valueTarget(kind: 'group' | 'position'): ValueTarget {
    const tx = (ctx: RequestContext, em: EntityManager) => ({ ctx, em }) as Tx;
    return kind === 'group'
      ? {
          entityType: 'FUNCTIONAL_GROUP',
          recordAs: 'functional_group',
          find: async (ctx, em, id) => {
            const group = await this.findGroup(tx(ctx, em), id);
            await this.access.assertCanEditGroup(ctx, em, group.id, referenceDay(group));
            return { id: group.id };
          },
        }
      : {
          entityType: 'FUNCTIONAL_POSITION',
          recordAs: 'functional_position',
          find: async (ctx, em, id) => {
            const position = await this.findPosition(tx(ctx, em), id);
            await this.access.assertCanEditGroup(ctx, em, position.functionalGroupId, referenceDay(position));
            return { id: position.id };
          },
        };
  }

  // ---------------------------------------------------------------- lookups

  async findGroup(tx: Pick<Tx, 'ctx' | 'em'>, id: string): Promise<FunctionalGroupEntity> {
    const group = await tx.em.findOneBy(FunctionalGroupEntity, { planId: tx.ctx.planId, id });
    if (!group) throw DomainError.notFound('Functional group', id);
    return group;
  }

  /** The group's parent on the day (null at the top level or when it has no placement that day). */
  async parentOn(tx: Pick<Tx, 'ctx' | 'em'>, groupId: string, day: string): Promise<string | null> {
    return this.targetOn(tx, PLACEMENTS, groupId, day);
  }

  async findPosition(tx: Pick<Tx, 'ctx' | 'em'>, id: string): Promise<FunctionalPositionEntity> {
    const position = await tx.em.findOneBy(FunctionalPositionEntity, { planId: tx.ctx.planId, id });
    if (!position) throw DomainError.notFound('Functional position', id);
    return position;
  }

  async findAssignment(tx: Pick<Tx, 'ctx' | 'em'>, id: string): Promise<FunctionalAssignmentEntity> {
    const assignment = await tx.em.findOneBy(FunctionalAssignmentEntity, { planId: tx.ctx.planId, id });
    if (!assignment) throw DomainError.notFound('Functional assignment', id);
    return assignment;
  }

  // ---------------------------------------------------------------- rules

  /** Advisory locks of the write, always in the same (sorted) order: the plan's structure, seats, the person. */
  private async lock(tx: Tx, what: { structure?: boolean; seats?: string[]; person?: Person }): Promise<void> {
    const plan = tx.ctx.planId;
    const keys = [
      ...(what.structure ? [`fs:${plan}:0:structure`] : []),
      ...(what.seats ?? []).map((s) => `fs:${plan}:1:seat:${s}`),
      ...(what.person ? [`fs:${plan}:2:${what.person.kind}:${what.person.id}`] : []),
    ];
    for (const key of [...new Set(keys)].sort()) {
      await tx.em.query(`SELECT pg_advisory_xact_lock(hashtextextended($1, 0))`, [key]);
    }
  }

  /** Exactly one of employeeId, contractorId, vacancyId, resolved to an existing person of the plan. */
  private async resolvePerson(tx: Tx, body: FunctionalAssignmentBodyDto): Promise<Person> {
    const given = (['employeeId', 'contractorId', 'vacancyId'] as const).filter((f) => body[f] !== undefined && body[f] !== null);
    if (given.length !== 1) {
      const message = 'Exactly one of employeeId, contractorId and vacancyId must be set';
      throw new DomainError('EXACTLY_ONE_RESOURCE', message, [{ field: given.length ? given.join(',') : 'employeeId', message }]);
    }
    const value = body[given[0]]!;
    if (given[0] === 'employeeId') {
      const e = await this.employees.find(tx.ctx, value, tx.em);
      return { kind: 'employee', id: e.id, dates: { startDate: e.startDate, endDate: e.endDate }, limit: '1' };
    }
    if (given[0] === 'contractorId') {
      const c = await this.contractors.find(tx.ctx, value, tx.em);
      return { kind: 'contractor', id: c.id, dates: { startDate: c.startDate, endDate: c.endDate }, limit: '1' };
    }
    const v = await this.vacancies.find(tx.ctx, value, tx.em);
    const fte = Number(v.fte);
    if (!(fte > 0 && fte <= 1)) fail('INVALID_FTE', `Vacancy ${v.id} has a stored fte of ${decimalToString(v.fte)}, outside (0, 1]`);
    return { kind: 'vacancy', id: v.id, dates: null, limit: v.fte };
  }

  private async personOf(tx: Tx, a: FunctionalAssignmentEntity): Promise<Person> {
    return this.resolvePerson(tx, { employeeId: a.employeeId, contractorId: a.contractorId, vacancyId: a.vacancyId } as FunctionalAssignmentBodyDto);
  }

  /** An occupancy inside its seat's and person's days, and no day over the seat's or the person's capacity. */
  private async assertOccupancy(tx: Tx, a: FunctionalAssignmentEntity, position: FunctionalPositionEntity, person: Person, exceptId: string | null): Promise<void> {
    if (!within(a, position)) fail('OUTSIDE_ACTIVE_DATES', `The occupancy's days (${span(a)}) fall outside the seat's (${span(position)})`);
    if (person.dates && !within(a, person.dates)) fail('OUTSIDE_ACTIVE_DATES', `The occupancy's days (${span(a)}) fall outside the ${person.kind}'s (${span(person.dates)})`);
    const probe = { planId: tx.ctx.planId, from: a.startDate, to: a.endDate, fte: a.fte, exceptId };
    const seat = await firstDayOverCapacity(tx.em, { ...probe, holder: 'functional_position_id', holderId: position.id, limit: position.requiredFte });
    if (seat) fail('OVER_ALLOCATED', `On ${seat.day} the seat's occupants would hold ${decimalToString(seat.total)} FTE, over its requiredFte ${decimalToString(position.requiredFte)}`);
    const holder: CapacityHolder = `${person.kind}_id`;
    const over = await firstDayOverCapacity(tx.em, { ...probe, holder, holderId: person.id, limit: person.limit });
    if (over) fail('OVER_ALLOCATED', `On ${over.day} the ${person.kind} would hold ${decimalToString(over.total)} FTE across seats, over ${decimalToString(person.limit)}`);
  }

  /**
   * Records beneath a group or seat (sub-group placements, positions, occupancies, lines reporting to
   * a seat) must lie within its new days: one starting after the new end is a change already
   * scheduled (FUTURE_CHANGES_EXIST); one running past the end or starting before the start would
   * fall outside (OUTSIDE_ACTIVE_DATES).
   */
  private async assertChildrenWithin(tx: Tx, table: string, column: string, ownerId: string, dates: Dated, label: string): Promise<void> {
    const rows: { id: string; start_date: string; end_date: string | null }[] = await tx.em.query(
      `SELECT id, start_date, end_date FROM "${table}" c
        WHERE c.plan_id = $1 AND c.${column} = $2
          AND (c.start_date < $3::date OR ($4::date IS NOT NULL AND (c.end_date IS NULL OR c.end_date > $4::date)))
        ORDER BY c.start_date DESC LIMIT 1`,
      [tx.ctx.planId, ownerId, dates.startDate, dates.endDate],
    );
    const row = rows[0];
    if (!row) return;
    if (dates.endDate !== null && row.start_date > dates.endDate) {
      fail('FUTURE_CHANGES_EXIST', `A ${label} (${row.id}) is scheduled from ${row.start_date}, after the end date ${dates.endDate}`);
    }
    fail('OUTSIDE_ACTIVE_DATES', `A ${label} (${row.id}, ${row.start_date} to ${row.end_date ?? 'ongoing'}) would fall outside ${span(dates)}; retire or move it first`);
  }

  /**
   * A record's own links (placements or reporting lines) cover exactly its days: when the days change
   * the first link starts on the new start and the last ends on the new end. A link starting after
   * the new end is a scheduled change (FUTURE_CHANGES_EXIST); one that would lose all its days to
   * the new start is refused (OUTSIDE_ACTIVE_DATES). Each refitted link's target must cover it.
   */
  private async refitLinks(tx: Tx, link: LinkTable, ownerId: string, dates: Dated, checkTarget: (targetId: string, days: Dated) => Promise<void>): Promise<void> {
    const links = await this.links(tx, link, ownerId);
    const later = links.slice(1).find((l) => dates.endDate !== null && l.startDate > dates.endDate);
    if (later) fail('FUTURE_CHANGES_EXIST', `A change of ${link === PLACEMENTS ? 'parent' : 'reporting line'} is scheduled from ${later.startDate}, after the end date ${dates.endDate}`);
    const lost = links.slice(1).find((l) => l.startDate <= dates.startDate);
    if (lost) fail('OUTSIDE_ACTIVE_DATES', `A change of ${link === PLACEMENTS ? 'parent' : 'reporting line'} on ${lost.startDate} would fall before the new start date ${dates.startDate}`);
    for (const [i, l] of links.entries()) {
      const next: Dated = { startDate: i === 0 ? dates.startDate : l.startDate, endDate: i === links.length - 1 ? dates.endDate : l.endDate };
      if (next.startDate === l.startDate && next.endDate === l.endDate) continue;
      if (l.target !== null) await checkTarget(l.target, next);
      await tx.em.update(link.entity, { planId: tx.ctx.planId, id: l.id }, next);
      tx.record({ entityType: link.entityType, entityId: l.id, changeType: 'update', before: { ...l }, after: { ...l, ...next }, notify: false });
    }
  }

  private async links(tx: Tx, link: LinkTable, ownerId: string): Promise<LinkRow[]> {
    const rows = await tx.em.getRepository(link.entity).find({ where: { planId: tx.ctx.planId, [link.owner]: ownerId } as never, order: { startDate: 'ASC' } as never });
    return rows.map((r) => ({ id: r.id, startDate: r.startDate, endDate: r.endDate, target: (r as unknown as Record<string, string | null>)[link.target] }));
  }

  /** The parent (or line target) on `day`, null when none. */
  async targetOn(tx: Pick<Tx, 'ctx' | 'em'>, link: LinkTable, ownerId: string, day: string): Promise<string | null> {
    const rows: { target: string | null }[] = await tx.em.query(
      `SELECT l.${link.targetColumn} AS target FROM ${link.table} l WHERE l.plan_id = $1 AND l.${link.ownerColumn} = $2 AND ${activeOn('l', '$3')}`,
      [tx.ctx.planId, ownerId, day],
    );
    return rows[0]?.target ?? null;
  }

  private async insertLink(tx: Tx, link: LinkTable, ownerId: string, targetId: string | null, dates: Dated): Promise<void> {
    const row = { planId: tx.ctx.planId, id: newId(), organizationId: tx.ctx.organizationId, [link.owner]: ownerId, [link.target]: targetId, startDate: dates.startDate, endDate: dates.endDate };
    await tx.em.insert(link.entity, row as never);
    const { planId: _p, ...after } = row;
    tx.record({ entityType: link.entityType, entityId: row.id, changeType: 'create', before: null, after, notify: false });
  }

  /**
   * Points the owner at `targetId` from `day` on: the link active on `day` ends the day before and a
   * new one starts on `day` (on the link's first day it is changed in place). A link already
   * scheduled after `day` is FUTURE_CHANGES_EXIST. Returns the previous target, or null when unchanged.
   */
  private async relink(tx: Tx, link: LinkTable, ownerId: string, day: string, targetId: string | null): Promise<{ before: string | null } | null> {
    const links = await this.links(tx, link, ownerId);
    const later = links.find((l) => l.startDate > day);
    if (later) fail('FUTURE_CHANGES_EXIST', `A change is already scheduled from ${later.startDate}, after effectiveDate ${day}`);
    const current = links.find((l) => isActiveOn(l, day));
    if (!current) fail('OUTSIDE_ACTIVE_DATES', `Nothing is placed on ${day}`);
    if (current.target === targetId) return null;
    if (current.startDate === day) {
      await tx.em.update(link.entity, { planId: tx.ctx.planId, id: current.id }, { [link.target]: targetId } as never);
      tx.record({ entityType: link.entityType, entityId: current.id, changeType: 'update', before: { ...current }, after: { ...current, target: targetId }, notify: false });
    } else {
      const endDate = addDays(day, -1);
      await tx.em.update(link.entity, { planId: tx.ctx.planId, id: current.id }, { endDate });
      tx.record({ entityType: link.entityType, entityId: current.id, changeType: 'update', before: { ...current }, after: { ...current, endDate }, notify: false });
      await this.insertLink(tx, link, ownerId, targetId, { startDate: day, endDate: current.endDate });
    }
    return { before: current.target };
  }

  /**
   * The first day within `days` on which `ownerId` would be beneath `from` (or `from` itself), walking
   * up the dated links of `from`: the move of ownerId under `from` would make a cycle on that day.
   */
  private async firstCycleDay(tx: Tx, link: LinkTable, from: string, ownerId: string, days: Dated): Promise<string | null> {
    const rows: { day: string }[] = await tx.em.query(
      `WITH RECURSIVE up(node, days, depth) AS (
         SELECT l.${link.targetColumn}, ${daysOf('l')} * daterange($3::date, $4::date, '[]'), 1
           FROM ${link.table} l
          WHERE l.plan_id = $1 AND l.${link.ownerColumn} = $2 AND l.${link.targetColumn} IS NOT NULL AND ${daysOf('l')} && daterange($3::date, $4::date, '[]')
         UNION ALL
         SELECT l.${link.targetColumn}, up.days * ${daysOf('l')}, up.depth + 1
           FROM up JOIN ${link.table} l ON l.plan_id = $1 AND l.${link.ownerColumn} = up.node
          WHERE l.${link.targetColumn} IS NOT NULL AND ${daysOf('l')} && up.days AND up.node <> $5 AND up.depth < 1000
       )
       SELECT to_char(min(lower(days)), 'YYYY-MM-DD') AS day FROM up WHERE node = $5 HAVING count(*) > 0`,
      [tx.ctx.planId, from, days.startDate, days.endDate, ownerId],
    );
    return rows[0]?.day ?? null;
  }
}
