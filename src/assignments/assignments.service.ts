import { ENTITY_TYPES, type EntityType } from '../common/entity-types';
import { Injectable } from '@nestjs/common';
import { DataSource, SelectQueryBuilder } from 'typeorm';
import { applyPlan, fieldPlan, groupBy } from '../crud/assign';
import { CrudService } from '../crud/crud.service';
import { todayUtc } from '../common/dates';
import { DomainError } from '../common/errors/domain-error';
import type { ListQueryDto } from '../common/http/pagination.dto';
import { Tx, UnitOfWork } from '../database/unit-of-work';
import { AssignmentParties } from './assignment-parties';
import { AssignmentsRepository } from './assignments.repository';
import {
  AssignmentDto,
  AssignmentTermsDto,
  CreateAssignmentDto,
  NestedProjectAssignmentDto,
  NestedTeamAssignmentDto,
  UpdateAssignmentDto,
} from './dto/assignment.dto';
import { AssignmentEntity, HolderKind } from './entities/assignment.entity';
import { ResourceDescriptor, Resources } from '../crud/resources';
import type { TxScope } from '../database/unit-of-work';

/** Where each field of an assignment's terms goes: a field added to the DTO does not compile until it is placed. */
const TERM_FIELDS = fieldPlan<AssignmentTermsDto>()({ copy: ['startDate', 'endDate', 'role'], numeric: ['fte'] });

const HOLDERS: { kind: HolderKind; field: 'employeeId' | 'contractorId' | 'vacancyId' | 'teamId' }[] = [
  { kind: 'employee', field: 'employeeId' },
  { kind: 'contractor', field: 'contractorId' },
  { kind: 'vacancy', field: 'vacancyId' },
  { kind: 'team', field: 'teamId' },
];

export function holderKindOf(e: Pick<AssignmentEntity, 'employeeId' | 'contractorId' | 'vacancyId' | 'teamId'>): HolderKind {
  return HOLDERS.find((h) => e[h.field])!.kind;
}

/** Document 02's allocation entity type: `employee_team_allocation`, ..., `team_project_allocation`. */
export function allocationEntityType(e: AssignmentEntity): EntityType {
  return `${holderKindOf(e)}_${e.type}_allocation` as EntityType;
}

/** `allocationEntityType` in SQL, of the assignment row `alias`. */
export function allocationEntityTypeSql(alias: string): string {
  const kinds = HOLDERS.map((h) => `WHEN ${alias}.${h.kind}_id IS NOT NULL THEN '${h.kind}'`).join(' ');
  return `((CASE ${kinds} END) || '_' || ${alias}.type || '_allocation')`;
}

/** The change types of allocations (document 02): `employee_team_allocation`, ..., `team_project_allocation`. */
const ALLOCATION_TYPES = ENTITY_TYPES.filter((type) => type.endsWith('_allocation'));

const ASSIGNMENTS: ResourceDescriptor = {
  table: 'assignments',
  scenario: {
    entityTypes: ALLOCATION_TYPES,
    entityTypeSql: allocationEntityTypeSql,
    parents: ['employee', 'contractor', 'vacancy', 'team', 'project'],
  },
  changes: { entityTypes: ALLOCATION_TYPES, permission: 'assignments_view', payload: { dto: AssignmentDto, decimals: ['fte'] } },
};

/** Allocations of employees, contractors, vacancies and teams to teams and projects. */
@Resources(ASSIGNMENTS)
@Injectable()
export class AssignmentsService extends CrudService<AssignmentEntity, AssignmentDto, CreateAssignmentDto, UpdateAssignmentDto> {
  /** The sortBy allow-list (API field -> entity property); the list's OpenAPI enum is read from it. */
  static readonly sort = {
    startDate: 'startDate',
    endDate: 'endDate',
    fte: 'fte',
    createdAt: 'createdAt',
    updatedAt: 'updatedAt',
  } as const;
  static readonly defaultSort = 'startDate';

  constructor(
    uow: UnitOfWork,
    dataSource: DataSource,
    private readonly parties: AssignmentParties,
    private readonly repository: AssignmentsRepository,
  ) {
    super(uow, dataSource, {
      entity: AssignmentEntity,
      table: 'assignments',
      label: 'Assignment',
      entityType: 'assignment',
      entityTypeOf: allocationEntityType,
      planScoped: true,
      externalId: false,
      search: ['role'],
      toResponse: AssignmentDto.from,
      toPayload: AssignmentDto.payload,
    });
  }

  /**
   * Spec 03 §1.4, registered on the projects service: a project with active assignments (end date unset,
   * today or later) cannot be deleted; its ended assignments are its history and go with it.
   */
  async beforeProjectDelete(tx: Tx, projectId: string): Promise<void> {
    const n = await this.repository.activeOnProject(tx, projectId, todayUtc());
    if (n > 0) {
      throw DomainError.conflict(
        `Project ${projectId} still has ${n} active assignments (end date unset, today or later); end or remove them first`,
      );
    }
    // (Not recorded: a scenario merge deletes the project's ended assignments the same way.)
    await this.repository.deleteOnProject(tx, projectId);
  }

  protected override filter(qb: SelectQueryBuilder<AssignmentEntity>, query: ListQueryDto & Record<string, unknown>): void {
    for (const key of ['employeeId', 'contractorId', 'vacancyId', 'teamId', 'type', 'targetId'] as const) {
      if (query[key]) qb.andWhere(`r.${key} = :${key}`, { [key]: query[key] });
    }
    if (query.activeOn) {
      qb.andWhere('r.startDate <= :activeOn AND (r.endDate IS NULL OR r.endDate >= :activeOn)', { activeOn: query.activeOn });
    }
  }

  protected override async apply(entity: AssignmentEntity, input: UpdateAssignmentDto, { ctx, em }: TxScope): Promise<void> {
    const sentHolders = HOLDERS.filter((h) => input[h.field] !== undefined);
    if (sentHolders.length || !entity.id) {
      const given = HOLDERS.filter((h) => input[h.field] !== undefined && input[h.field] !== null);
      if (given.length !== 1) {
        throw DomainError.validation('employeeId', 'exactly one of employeeId, contractorId, vacancyId or teamId is required');
      }
      for (const h of HOLDERS) entity[h.field] = null;
      const holder = given[0];
      entity[holder.field] = await this.parties.resolve(holder.kind, { ctx, em }, input[holder.field]!, holder.field);
    }
    if (input.type !== undefined) entity.type = input.type!;
    if (input.targetId !== undefined || input.type !== undefined) {
      entity.targetId = await this.parties.resolve(entity.type, { ctx, em }, input.targetId ?? entity.targetId, 'targetId');
    }
    if (entity.teamId && entity.type !== 'project') throw DomainError.validation('type', 'a team can hold only project assignments');
    this.applyTerms(entity, input);
  }

  private applyTerms(entity: AssignmentEntity, input: Partial<AssignmentTermsDto>): void {
    applyPlan(entity, input, TERM_FIELDS);
    if (entity.endDate && entity.endDate < entity.startDate)
      throw DomainError.validation('endDate', 'endDate must not be before startDate');
  }

  /**
   * The nested `teamAssignment` and `projectAssignment` of a person body (employee or contractor), in the caller's
   * transaction, each recorded as its own event: keyed by holder, target and startDate (an assignment with that
   * key is updated with the fields sent, else one is added), so a body sent again changes nothing.
   */
  async createNestedFor(
    tx: Tx,
    holder: { kind: HolderKind; id: string },
    input: { teamAssignment?: NestedTeamAssignmentDto; projectAssignment?: NestedProjectAssignmentDto },
  ): Promise<void> {
    const field = HOLDERS.find((h) => h.kind === holder.kind)!.field;
    const nested = [
      input.teamAssignment && { type: 'team' as const, target: input.teamAssignment.teamId, terms: input.teamAssignment },
      input.projectAssignment && { type: 'project' as const, target: input.projectAssignment.projectId, terms: input.projectAssignment },
    ];
    for (const sent of nested) {
      if (!sent) continue;
      const prefix = `${sent.type}Assignment`;
      const targetId = await this.parties.resolve(sent.type, tx, sent.target, `${prefix}.${sent.type}Id`);
      const key = { [field]: holder.id, type: sent.type, targetId, startDate: sent.terms.startDate };
      const [record] = await this.mergeKeyedIn(tx, [{ key, input: { ...sent.terms, type: sent.type, targetId } }], {
        build: async () => {
          const entity = Object.assign(new AssignmentEntity(), { employeeId: null, contractorId: null, vacancyId: null, teamId: null });
          Object.assign(entity, key, { endDate: null, role: null });
          this.applyNestedTerms(entity, sent.terms, prefix);
          return entity;
        },
        patch: async (entity) => this.applyNestedTerms(entity, sent.terms, prefix),
      });
      record();
    }
  }

  private applyNestedTerms(entity: AssignmentEntity, terms: AssignmentTermsDto, prefix: string): void {
    try {
      this.applyTerms(entity, terms);
    } catch (error) {
      throw error instanceof DomainError ? DomainError.validation(`${prefix}.endDate`, error.message) : error;
    }
  }

  /** Inserts a prepared assignment in the caller's transaction and records its create (`notify: false`: audit only). */
  insertRecorded(tx: Tx, entity: AssignmentEntity, notify = true): Promise<AssignmentEntity> {
    return this.insertAndRecord(tx, entity, notify);
  }

  /** The assignments of many holders of one kind active on `day` (start <= day, end unset or >= day), in one query: holder id -> its active assignments, teams first. */
  async activeForMany(scope: TxScope, kind: HolderKind, ids: string[], day: string): Promise<Map<string, AssignmentEntity[]>> {
    const field = HOLDERS.find((h) => h.kind === kind)!.field;
    if (!ids.length) return new Map();
    const rows = await this.repository.activeOfHolders(scope, field, ids, day);
    return groupBy(rows, (row) => row[field]!);
  }
}
