import { AsyncLocalStorage } from 'node:async_hooks';
import { Injectable, OnModuleInit } from '@nestjs/common';
import { DataSource, SelectQueryBuilder } from 'typeorm';
import type { RequestContext } from '../common/auth/request-context';
import { requireNested } from '../common/auth/permissions';
import { AssignmentParties } from '../assignments/assignment-parties';
import { AssignmentsService } from '../assignments/assignments.service';
import { EmbeddedAssignmentDto } from '../assignments/dto/assignment.dto';
import { SalaryAdjustmentDto } from '../compensation/dto/salary-adjustment.dto';
import { SalaryAdjustmentsService } from '../compensation/salary-adjustments.service';
import { BatchedCrudService } from '../crud/batched-crud.service';
import { applyPlan, fieldPlan } from '../crud/assign';
import type { WriteOptions } from '../crud/crud.types';
import { todayUtc } from '../common/dates';
import { DomainError } from '../common/errors/domain-error';
import { parseIncludes } from '../common/http/list-options';
import type { ListEnvelope } from '../common/http/envelopes';
import type { ListQueryDto } from '../common/http/pagination.dto';
import { Tx, TxScope, UnitOfWork } from '../database/unit-of-work';
import { JobRolesService } from '../reference-data/job-roles.service';
import { WorkforceReferencesService } from '../reference-data/workforce-references.service';
import { CreateEmployeeDto, EMPLOYEE_INCLUDES, EMPLOYEE_LIST_INCLUDES, EmployeeDto, UpdateEmployeeDto } from './dto/employee.dto';
import { EmployeeEntity } from './entities/employee.entity';
import { recordAttributes } from '../custom-attributes/custom-attribute-values.reader';
import { ResourceDescriptor, Resources } from '../crud/resources';
import { ERASED_NAME } from '../crud/personal-fields';
import { workforceReferences } from '../reference-data/workforce-references.service';
import { externalIdConstraint, uniqueConstraint } from '../common/errors/unique-constraints';
import { decimalToNumber } from '../common/decimals';
import { EmploymentTermsService, type TermValues, valuesInForce } from './employment-terms.service';

/** The employee's own values of the term fields (those before its first term). */
const baseValues = (e: EmployeeEntity): TermValues => ({
  fte: decimalToNumber(e.fte) ?? 1,
  costCentreId: e.costCentreId,
  jobRoleId: e.jobRoleId,
  geographyId: e.geographyId,
});

/**
 * Which term values a PATCH body sets at the top level; a field its nested term effective today also sets is that
 * term's (the nested term wins).
 */
const termKeysOf = (input: UpdateEmployeeDto): (keyof TermValues)[] => {
  const today = input.terms?.find((term) => term.effectiveDate === todayUtc());
  const sent = (top: boolean, nested: unknown) => top && nested === undefined;
  return [
    ...(sent(input.fte !== undefined, today?.fte) ? ['fte' as const] : []),
    ...(sent(input.costCentreId !== undefined, today?.costCentreId) ? ['costCentreId' as const] : []),
    ...(sent(input.jobRoleId !== undefined || input.jobRole !== undefined, today?.jobRoleId) ? ['jobRoleId' as const] : []),
    ...(sent(input.geographyId !== undefined, today?.locationId) ? ['geographyId' as const] : []),
  ];
};

/** One nested term per effectiveDate in a body (they are keyed by it). */
function checkTermDays(terms: readonly { effectiveDate: string }[]): void {
  const days = new Set<string>();
  for (const [i, term] of terms.entries()) {
    if (days.has(term.effectiveDate))
      throw DomainError.validation(`terms.${i}.effectiveDate`, 'effectiveDate must differ between the terms of one body');
    days.add(term.effectiveDate);
  }
}

/** First name, last name and e-mail, as indexed by idx_employees_search_trgm. */
export const EMPLOYEE_SEARCH_SQL = `(r.first_name || ' ' || r.last_name || ' ' || r.email)`;

type EmployeeInclude = (typeof EMPLOYEE_INCLUDES)[number];

/** Where each field of a body goes: a field added to the DTO does not compile until it is placed. */
const FIELDS = fieldPlan<UpdateEmployeeDto>()({
  copy: ['firstName', 'lastName', 'email', 'startDate', 'internalEmployeeId', 'externalId', 'name', 'endDate', 'noticeDate'],
  numeric: ['fte'],
  own: [
    'managerId',
    'jobRoleId',
    'jobRole',
    'workTypeId',
    'geographyId',
    'costCentreId',
    'defaultCurrencyCode',
    'salary',
    'terms',
    'teamAssignment',
    'projectAssignment',
  ],
});

const EMPLOYEES: ResourceDescriptor = {
  table: 'employees',
  constraints: {
    uq_employees_external_id: externalIdConstraint('employee'),
    uq_employees_email: uniqueConstraint('email', 'another employee of the organization'),
  },
  references: workforceReferences('employees'),
  scenario: {},
  changes: { entityTypes: ['employee'], permission: 'employees_view', payload: { dto: EmployeeDto } },
  // noticeDate stays: it feeds the forecast, and without the names it no longer identifies anyone.
  personal: {
    person: 'employee',
    via: 'id',
    fields: {
      firstName: 'Erased',
      lastName: 'person',
      name: ERASED_NAME,
      // Required and unique in the organization: an address that can never be delivered to.
      email: (id) => `erased+${id}@invalid`,
      externalId: null,
      internalEmployeeId: null,
    },
  },
  pull: { entityType: 'employee', permission: 'employees_edit', create: CreateEmployeeDto, update: UpdateEmployeeDto },
};

@Resources(EMPLOYEES)
@Injectable()
export class EmployeesService
  extends BatchedCrudService<EmployeeEntity, EmployeeDto, CreateEmployeeDto, UpdateEmployeeDto>
  implements OnModuleInit
{
  /** The sortBy allow-list (API field -> entity property); the list's OpenAPI enum is read from it. */
  static readonly sort = {
    lastName: 'lastName',
    firstName: 'firstName',
    email: 'email',
    startDate: 'startDate',
    endDate: 'endDate',
    createdAt: 'createdAt',
    updatedAt: 'updatedAt',
  } as const;
  /** The include keys of the by-id read (document 01 rule 7); the OpenAPI enum is read from it. */
  static readonly includes = EMPLOYEE_INCLUDES;
  static readonly defaultSort = 'lastName';

  constructor(
    uow: UnitOfWork,
    dataSource: DataSource,
    private readonly jobRoles: JobRolesService,
    private readonly refs: WorkforceReferencesService,
    private readonly salaries: SalaryAdjustmentsService,
    private readonly assignments: AssignmentsService,
    private readonly parties: AssignmentParties,
    private readonly terms: EmploymentTermsService,
  ) {
    super(uow, dataSource, {
      entity: EmployeeEntity,
      table: 'employees',
      label: 'Employee',
      entityType: 'employee',
      planScoped: true,
      externalId: true,
      search: ['firstName', 'lastName', 'email'],
      searchSql: EMPLOYEE_SEARCH_SQL,
      searchExact: ['externalId', 'internalEmployeeId'],
      customAttributes: recordAttributes,
      toResponse: EmployeeDto.from,
    });
  }

  onModuleInit(): void {
    this.parties.register('employee', async ({ ctx, em }, value, field) => (await this.resolveId({ ctx, em }, value, field))!);
  }

  protected override filter(qb: SelectQueryBuilder<EmployeeEntity>, query: ListQueryDto & Record<string, unknown>): void {
    if (query.costCentreId) qb.andWhere('r.costCentreId = :costCentreId', { costCentreId: query.costCentreId });
  }

  /** The day whose term values responses show (`asOf` of a read; today otherwise). */
  private readonly asOf = new AsyncLocalStorage<string>();

  /** By-id read with customAttributes and the requested includes (document 01 rule 7). */
  override async read(ctx: RequestContext, id: string, query: { include?: string; asOf?: string }): Promise<EmployeeDto> {
    const includes = this.includesOf(ctx, query.include, EMPLOYEE_INCLUDES);
    const employee = (await this.asOf.run(query.asOf ?? todayUtc(), () => this.get(ctx, id))) as EmployeeDto;
    await this.attachIncludes(ctx, [employee], includes);
    return employee;
  }

  /** Spec 04 §4.6: the list takes `include=currentSalary,assignments` as the by-id read does. */
  override async list(ctx: RequestContext, query: ListQueryDto & Record<string, unknown>): Promise<ListEnvelope<EmployeeDto>> {
    const includes = this.includesOf(ctx, query.include as string | undefined, EMPLOYEE_LIST_INCLUDES);
    const day = typeof query.asOf === 'string' ? query.asOf : todayUtc();
    const page = await this.asOf.run(day, () => super.list(ctx, query));
    await this.attachIncludes(ctx, page.data, includes);
    return page;
  }

  /** Spec 07 §5.1: fte, costCentreId, jobRoleId and geographyId as in force on the read's day (its terms applied). */
  protected override async respond(scope: TxScope, rows: EmployeeEntity[]): Promise<EmployeeDto[]> {
    const responses = await super.respond(scope, rows);
    const terms = await this.terms.termsOf(
      scope,
      rows.map((row) => row.id),
    );
    if (!terms.size) return responses;
    const day = this.asOf.getStore() ?? todayUtc();
    return responses.map((response, i) => {
      const own = terms.get(rows[i].id);
      return own ? Object.assign(response, valuesInForce(baseValues(rows[i]), own, day)) : response;
    });
  }

  private includesOf(ctx: RequestContext, raw: string | undefined, allowed: readonly EmployeeInclude[]): Set<EmployeeInclude> {
    return parseIncludes<EmployeeInclude>(raw, allowed, {
      needs: { currentSalary: 'compensation_view', salaryHistory: 'compensation_view', assignments: 'assignments_view' },
      permissions: ctx.permissions,
    });
  }

  /** The employee's salary with the latest effectiveDate (the fill's answer), in the caller's transaction. */
  async currentSalaryIn(tx: Tx, employeeId: string): Promise<SalaryAdjustmentDto | null> {
    const [latest] = (await this.salaries.historyForMany(tx, [employeeId])).get(employeeId) ?? [];
    return latest ? SalaryAdjustmentDto.from(latest) : null;
  }

  /** The includes of many employees, one query per include. */
  private async attachIncludes(ctx: RequestContext, employees: EmployeeDto[], includes: Set<EmployeeInclude>): Promise<void> {
    const scope = this.uow.read(ctx);
    const ids = employees.map((e) => e.id);
    if (includes.has('currentSalary') || includes.has('salaryHistory')) {
      const histories = await this.salaries.historyForMany(scope, ids);
      for (const employee of employees) {
        const history = histories.get(employee.id) ?? [];
        if (includes.has('currentSalary')) employee.currentSalary = history[0] ? SalaryAdjustmentDto.from(history[0]) : null;
        if (includes.has('salaryHistory')) employee.salaryHistory = history.map(SalaryAdjustmentDto.from);
      }
    }
    if (includes.has('assignments')) {
      const active = await this.assignments.activeForMany(scope, 'employee', ids, todayUtc());
      for (const employee of employees) employee.assignments = (active.get(employee.id) ?? []).map(EmbeddedAssignmentDto.from);
    }
  }

  protected override blank(): EmployeeEntity {
    return Object.assign(new EmployeeEntity(), {
      externalId: null,
      name: null,
      internalEmployeeId: null,
      endDate: null,
      noticeDate: null,
      managerId: null,
      jobRoleId: null,
      workTypeId: null,
      geographyId: null,
      defaultCurrencyCode: null,
      costCentreId: null,
      fte: '1',
    });
  }

  /**
   * Permanent delete: the employee's salary adjustments and assignments go with it and direct reports
   * lose their manager (then other modules' delete hooks run); one `employee` delete is recorded.
   */
  protected override async beforeRemove(tx: Tx, entity: EmployeeEntity): Promise<void> {
    // The cascade is recorded for the audit history (and scenario merges) but sends no webhooks:
    // document 02 lists one `employee` delete for the request.
    await this.salaries.removeAllIn(tx, { employeeId: entity.id });
    await this.terms.removeAllIn(tx, { employeeId: entity.id });
    await this.assignments.removeAllIn(tx, { employeeId: entity.id });
    for (const report of await this.rows.findWhere(tx, { managerId: entity.id })) {
      const before = this.payload(report);
      report.managerId = null;
      await this.rows.updateIds(tx, [report.id], { managerId: null });
      tx.record({ entityType: 'employee', entityId: report.id, changeType: 'update', before, after: this.payload(report), notify: false });
    }
  }

  protected override requireNestedPermissions(ctx: RequestContext, input: UpdateEmployeeDto): void {
    requireNested(ctx, {
      compensation_edit: Boolean(input.salary),
      assignments_edit: Boolean(input.teamAssignment || input.projectAssignment),
    });
  }

  protected override async apply(entity: EmployeeEntity, input: UpdateEmployeeDto, tx: Tx, _options: WriteOptions): Promise<void> {
    // A record read for a write has an id; one being created does not yet.
    const keys = entity.id === undefined ? [] : termKeysOf(input);
    const own = { fte: entity.fte, costCentreId: entity.costCentreId, jobRoleId: entity.jobRoleId, geographyId: entity.geographyId };
    applyPlan(entity, input, FIELDS);
    if (input.managerId !== undefined) entity.managerId = await this.resolveManager(tx, entity.id, input.managerId);
    const jobRoleId = await this.jobRoles.resolveNested(tx, input.jobRoleId, input.jobRole);
    if (jobRoleId !== undefined) entity.jobRoleId = jobRoleId;
    await this.refs.apply(entity, input, tx, 'defaultCurrencyCode');
    if (entity.endDate && entity.endDate < entity.startDate)
      throw DomainError.validation('endDate', 'endDate must not be before startDate');
    if (input.terms) checkTermDays(input.terms);
    // A stored employee's nested terms are merged before its top-level values are compared with those in force today.
    if (input.terms?.length && entity.id !== undefined) {
      for (const record of await this.terms.upsertFor(tx, entity.id, input.terms)) record();
      this.termsMerged.add(input);
    }
    if (keys.length) await this.recordTerm(tx, entity, own, keys);
  }

  /** Bodies of stored employees whose nested terms apply() merged (createNested then leaves them). */
  private readonly termsMerged = new WeakSet<UpdateEmployeeDto>();

  /**
   * Spec 07 §5.1: a PATCH of fte, costCentreId, jobRoleId or geographyId of an employee already started is a term
   * effective today (the employee's own values, those before its first term, stay); before the start with no term in
   * force yet, the employee's own values change.
   */
  private async recordTerm(tx: Tx, entity: EmployeeEntity, own: Pick<EmployeeEntity, keyof TermValues>, keys: (keyof TermValues)[]) {
    const today = todayUtc();
    const terms = (await this.terms.termsOf(tx, [entity.id])).get(entity.id) ?? [];
    if (entity.startDate >= today && !terms.some((term) => term.effectiveDate <= today)) return;
    const wanted = baseValues(entity);
    Object.assign(entity, own);
    const inForce = valuesInForce(baseValues(entity), terms, today);
    const changes: Partial<TermValues> = {};
    for (const key of keys) if (wanted[key] !== inForce[key]) Object.assign(changes, { [key]: wanted[key] });
    await this.terms.recordOn(tx, entity.id, today, changes);
  }

  /** Document 01: managerId by id or externalId; unresolvable is 404; never oneself or one's own report. */
  async resolveManager(scope: TxScope, employeeId: string | undefined, value: string | null): Promise<string | null> {
    if (value === null) return null;
    const manager = await this.find(scope, value);
    if (employeeId && (await this.rows.chainUp(scope, manager.id, 'managerId')).includes(employeeId))
      throw DomainError.validation('managerId', 'managerId cannot be the employee or one of their reports');
    return manager.id;
  }

  /** Bulk creates: salaries are written together; bodies with assignments or terms take the per-record path. */
  protected override nestedBatchable(input: UpdateEmployeeDto): boolean {
    return !input.teamAssignment && !input.projectAssignment && !input.terms?.length;
  }

  /**
   * Bulk updates check each managerId against the chain as it was before the batch: two items of one
   * batch could make a loop together. Any loop through the written employees fails the batch, whose
   * items are then written one by one (and the item that closes the loop fails alone, as it would have).
   */
  protected override async checkWrittenMany(tx: Tx, inputs: UpdateEmployeeDto[], records: EmployeeEntity[]): Promise<void> {
    if (!inputs.some((input) => input.managerId)) return;
    if (
      await this.rows.hasLoop(
        tx,
        records.map((record) => record.id),
        'managerId',
      )
    )
      throw DomainError.validation('managerId', 'managerId cannot be the employee or one of their reports');
  }

  protected override insertNestedMany(tx: Tx, written: { id: string; input: UpdateEmployeeDto }[]): Promise<(() => void)[]> {
    return this.nestedChildren(
      written,
      (input, employeeId) => input.salary && { employeeId, input: input.salary },
      (salaries) => this.salaries.upsertFor(tx, salaries),
    );
  }

  /**
   * The nested salary, terms and assignments, keyed (a body sent again changes nothing). A new employee's top-level
   * term values are its own ones; when its nested terms put other values in force today, the top-level ones are
   * recorded as a term effective today (as a PATCH would), so that the values in force today are those sent.
   */
  protected override async createNested(tx: Tx, employeeId: string, input: UpdateEmployeeDto): Promise<void> {
    if (input.salary) for (const record of await this.salaries.upsertFor(tx, [{ employeeId, input: input.salary }])) record();
    if (input.terms?.length && !this.termsMerged.has(input)) {
      for (const record of await this.terms.upsertFor(tx, employeeId, input.terms)) record();
      const keys = termKeysOf(input);
      if (keys.length) {
        const entity = await this.find(tx, employeeId);
        await this.recordTerm(tx, entity, { ...entity }, keys);
      }
    }
    await this.assignments.createNestedFor(tx, { kind: 'employee', id: employeeId }, input);
  }
}
