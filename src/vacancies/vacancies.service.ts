import { Injectable, OnModuleInit } from '@nestjs/common';
import { DataSource, SelectQueryBuilder } from 'typeorm';
import type { RequestContext } from '../common/auth/request-context';
import { AssignmentParties } from '../assignments/assignment-parties';
import { AssignmentsService } from '../assignments/assignments.service';
import { EmbeddedAssignmentDto } from '../assignments/dto/assignment.dto';
import { ContractorsService } from '../contractors/contractors.service';
import { CrudService } from '../crud/crud.service';
import { todayUtc } from '../common/dates';
import { DomainError } from '../common/errors/domain-error';
import { parseIncludes } from '../common/http/list-options';
import type { ListQueryDto } from '../common/http/pagination.dto';
import { Tx, UnitOfWork } from '../database/unit-of-work';
import { EmployeeDto } from '../employees/dto/employee.dto';
import { EmployeesService } from '../employees/employees.service';
import { JobRolesService } from '../reference-data/job-roles.service';
import { WorkforceReferencesService } from '../reference-data/workforce-references.service';
import { CreateVacancyDto, UpdateVacancyDto, VacancyDto } from './dto/vacancy.dto';
import { VacancyEntity } from './entities/vacancy.entity';
import { recordAttributes } from '../custom-attributes/custom-attribute-values.reader';
import { ResourceDescriptor, Resources } from '../crud/resources';
import { workforceReferences } from '../reference-data/workforce-references.service';
import { VacanciesRepository } from './vacancies.repository';
import { applyPlan, fieldPlan } from '../crud/assign';
import type { TxScope } from '../database/unit-of-work';
import { externalIdConstraint } from '../common/errors/unique-constraints';

const INCLUDES = ['assignments', 'filledByEmployee'] as const;

/** Where each field of a body goes: a field added to the DTO does not compile until it is placed. */
const FIELDS = fieldPlan<UpdateVacancyDto>()({
  copy: ['role', 'externalId', 'description', 'status', 'targetStartDate', 'targetFillDate', 'currencyCode'],
  numeric: ['fte'],
  own: [
    'salaryMin',
    'salaryMax',
    'salary',
    'costCentreId',
    'jobRoleId',
    'jobRole',
    'workTypeId',
    'geographyId',
    'hiringManagerId',
    'filledByLiveEmployeeId',
    'filledByLiveContractorId',
  ],
});

/** The salary range, kept as sent (numeric columns); `salary` follows from it in `applySalary`. */
const SALARY_RANGE = fieldPlan<Pick<UpdateVacancyDto, 'salaryMin' | 'salaryMax'>>()({ numeric: ['salaryMin', 'salaryMax'] });

const VACANCIES: ResourceDescriptor = {
  table: 'vacancies',
  constraints: {
    uq_vacancies_external_id: externalIdConstraint('vacancy'),
  },
  references: workforceReferences('vacancies'),
  scenario: { parents: ['employee'] },
  changes: {
    entityTypes: ['vacancy'],
    permission: 'vacancies_view',
    payload: { dto: VacancyDto, decimals: ['fte', 'salary', 'salaryMin', 'salaryMax'], omit: ['isFilled'] },
  },
  pull: { entityType: 'vacancy', permission: 'vacancies_edit', create: CreateVacancyDto, update: UpdateVacancyDto },
};

@Resources(VACANCIES)
@Injectable()
export class VacanciesService extends CrudService<VacancyEntity, VacancyDto, CreateVacancyDto, UpdateVacancyDto> implements OnModuleInit {
  /** The sortBy allow-list (API field -> entity property); the list's OpenAPI enum is read from it. */
  static readonly sort = {
    role: 'role',
    status: 'status',
    targetStartDate: 'targetStartDate',
    targetFillDate: 'targetFillDate',
    createdAt: 'createdAt',
    updatedAt: 'updatedAt',
  } as const;
  /** The include keys of the by-id read (document 01 rule 7); the OpenAPI enum is read from it. */
  static readonly includes = INCLUDES;
  static readonly defaultSort = 'role';

  constructor(
    uow: UnitOfWork,
    dataSource: DataSource,
    private readonly jobRoles: JobRolesService,
    private readonly refs: WorkforceReferencesService,
    private readonly employees: EmployeesService,
    private readonly contractors: ContractorsService,
    private readonly assignments: AssignmentsService,
    private readonly parties: AssignmentParties,
    private readonly repository: VacanciesRepository,
  ) {
    super(uow, dataSource, {
      entity: VacancyEntity,
      table: 'vacancies',
      label: 'Vacancy',
      entityType: 'vacancy',
      planScoped: true,
      externalId: true,
      search: ['role', 'description'],
      searchSql: `(r.role || ' ' || coalesce(r.description, ''))`,
      customAttributes: recordAttributes,
      toResponse: (e) => VacancyDto.from(e, false),
      toPayload: VacancyDto.payload,
    });
  }

  onModuleInit(): void {
    this.parties.register('vacancy', async ({ ctx, em }, value, field) => (await this.resolveId({ ctx, em }, value, field))!);
    // A deleted person no longer fills anything (recorded for audit only: the request's event is the delete).
    this.employees.registerDeleteHook((tx, id) => this.clearFiller(tx, 'filledByLiveEmployeeId', id));
    this.contractors.registerDeleteHook((tx, id) => this.clearFiller(tx, 'filledByLiveContractorId', id));
  }

  protected override filter(qb: SelectQueryBuilder<VacancyEntity>, query: ListQueryDto & Record<string, unknown>): void {
    if (query.costCentreId) qb.andWhere('r.costCentreId = :costCentreId', { costCentreId: query.costCentreId });
    if (query.excludeFilled !== false) this.repository.whereNotFilled(qb, todayUtc());
    // Not a query parameter of the REST list: the assistant tool `list_open_vacancies` (spec 04 §3) filters by it.
    if (typeof query.status === 'string') qb.andWhere('r.status = :status', { status: query.status });
  }

  protected override async respond({ ctx, em }: TxScope, rows: VacancyEntity[]): Promise<VacancyDto[]> {
    const filled = await this.filledIds(
      { ctx, em },
      rows.filter((r) => r.filledByLiveEmployeeId || r.filledByLiveContractorId).map((r) => r.id),
    );
    return rows.map((row) => VacancyDto.from(row, filled.has(row.id)));
  }

  /** The ids among `ids` that are filled today (document 01). */
  async filledIds({ ctx, em }: TxScope, ids: string[]): Promise<Set<string>> {
    if (!ids.length) return new Set();
    return this.repository.filledIds({ ctx, em }, ids, todayUtc());
  }

  /** By-id read with customAttributes and the includes `assignments` and `filledByEmployee`. */
  override async read(ctx: RequestContext, id: string, query: { include?: string }): Promise<VacancyDto> {
    const includes = parseIncludes(query.include, INCLUDES, {
      needs: { assignments: 'assignments_view', filledByEmployee: 'employees_view' },
      permissions: ctx.permissions,
    });
    const vacancy = (await this.get(ctx, id)) as VacancyDto;
    const em = this.dataSource.manager;
    if (includes.has('assignments')) {
      const rows = await this.assignments.rows.findWhere(
        { ctx, em },
        { vacancyId: vacancy.id },
        { type: 'DESC', startDate: 'ASC', id: 'ASC' },
      );
      vacancy.assignments = rows.map(EmbeddedAssignmentDto.from);
    }
    if (includes.has('filledByEmployee')) {
      vacancy.filledByEmployee = vacancy.filledByLiveEmployeeId
        ? EmployeeDto.from(await this.employees.find({ ctx, em }, vacancy.filledByLiveEmployeeId))
        : null;
    }
    return vacancy;
  }

  protected override blank(): VacancyEntity {
    return Object.assign(new VacancyEntity(), {
      externalId: null,
      description: null,
      status: 'open',
      fte: '1',
      targetStartDate: null,
      targetFillDate: null,
      jobRoleId: null,
      workTypeId: null,
      geographyId: null,
      costCentreId: null,
      salary: null,
      salaryMin: null,
      salaryMax: null,
      currencyCode: null,
      filledByLiveEmployeeId: null,
      filledByLiveContractorId: null,
      hiringManagerId: null,
    });
  }

  /** Permanent delete: the vacancy's assignments go with it; one `vacancy` delete is recorded. */
  protected override async beforeRemove(tx: Tx, entity: VacancyEntity): Promise<void> {
    await this.assignments.removeAllIn(tx, { vacancyId: entity.id });
  }

  protected override async apply(entity: VacancyEntity, input: UpdateVacancyDto, tx: Tx): Promise<void> {
    applyPlan(entity, input, FIELDS);
    const jobRoleId = await this.jobRoles.resolveNested(tx, input.jobRoleId, input.jobRole);
    if (jobRoleId !== undefined) entity.jobRoleId = jobRoleId;
    await this.refs.apply(entity, input, tx);
    if (input.hiringManagerId !== undefined)
      entity.hiringManagerId = await this.employees.resolveManager(tx, undefined, input.hiringManagerId);
    this.applySalary(entity, input);
    if (input.filledByLiveEmployeeId !== undefined) {
      entity.filledByLiveEmployeeId = (await this.employees.resolveId(tx, input.filledByLiveEmployeeId, 'filledByLiveEmployeeId')) ?? null;
    }
    if (input.filledByLiveContractorId !== undefined) {
      entity.filledByLiveContractorId =
        (await this.contractors.resolveId(tx, input.filledByLiveContractorId, 'filledByLiveContractorId')) ?? null;
    }
    if (entity.filledByLiveEmployeeId && entity.filledByLiveContractorId) {
      throw DomainError.validation(
        'filledByLiveContractorId',
        'filledByLiveEmployeeId and filledByLiveContractorId are mutually exclusive; clear one with null',
      );
    }
  }

  /**
   * Spec 03 §1.5: `salary` is the source of truth. salaryMin/salaryMax are kept as sent and set salary
   * to their mean (or to the one present); an explicit `salary` in the same body wins.
   */
  private applySalary(entity: VacancyEntity, input: UpdateVacancyDto): void {
    const rangeSent = input.salaryMin !== undefined || input.salaryMax !== undefined;
    applyPlan(entity, input, SALARY_RANGE);
    const min = entity.salaryMin === null ? null : Number(entity.salaryMin);
    const max = entity.salaryMax === null ? null : Number(entity.salaryMax);
    if (min !== null && max !== null && min > max)
      throw DomainError.validation('salaryMin', 'salaryMin must not be greater than salaryMax');
    if (input.salary !== undefined) {
      entity.salary = input.salary === null ? null : String(input.salary);
    } else if (rangeSent) {
      const given = [min, max].filter((v): v is number => v !== null);
      entity.salary = given.length ? (Math.round((given.reduce((a, b) => a + b, 0) / given.length) * 100) / 100).toFixed(2) : null;
    }
  }

  private async clearFiller(tx: Tx, field: 'filledByLiveEmployeeId' | 'filledByLiveContractorId', personId: string): Promise<void> {
    for (const vacancy of await this.rows.findWhere(tx, { [field]: personId })) {
      const before = this.payload(vacancy);
      vacancy[field] = null;
      await this.rows.updateIds(tx, [vacancy.id], { [field]: null });
      tx.record({ entityType: 'vacancy', entityId: vacancy.id, changeType: 'update', before, after: this.payload(vacancy), notify: false });
    }
  }

  /** Saves a vacancy read under a write lock and records the update when it changed (the fill use case). */
  async saveRecorded(tx: Tx, vacancy: VacancyEntity, before: Record<string, unknown>): Promise<VacancyEntity> {
    return this.saveAndRecord(tx, vacancy, before);
  }
}
