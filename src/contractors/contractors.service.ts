import { Injectable, OnModuleInit } from '@nestjs/common';
import { DataSource, SelectQueryBuilder } from 'typeorm';
import { requireNested } from '../common/auth/permissions';
import type { RequestContext } from '../common/auth/request-context';
import { AssignmentParties } from '../assignments/assignment-parties';
import { AssignmentsService } from '../assignments/assignments.service';
import { EmbeddedAssignmentDto } from '../assignments/dto/assignment.dto';
import { RateAdjustmentDto } from '../compensation/dto/rate-adjustment.dto';
import { RateAdjustmentsService } from '../compensation/rate-adjustments.service';
import { BatchedCrudService } from '../crud/batched-crud.service';
import { applyPlan, fieldPlan } from '../crud/assign';
import type { WriteOptions } from '../crud/crud.types';
import { DomainError } from '../common/errors/domain-error';
import { todayUtc } from '../common/dates';
import type { ListEnvelope } from '../common/http/envelopes';
import { parseIncludes } from '../common/http/list-options';
import type { ListQueryDto } from '../common/http/pagination.dto';
import { Tx, UnitOfWork } from '../database/unit-of-work';
import { EmployeesService } from '../employees/employees.service';
import { JobRolesService } from '../reference-data/job-roles.service';
import { WorkforceReferencesService } from '../reference-data/workforce-references.service';
import { CONTRACTOR_INCLUDES, ContractorDto, CreateContractorDto, UpdateContractorDto } from './dto/contractor.dto';
import { ContractorEntity } from './entities/contractor.entity';
import { recordAttributes } from '../custom-attributes/custom-attribute-values.reader';
import { ResourceDescriptor, Resources } from '../crud/resources';
import { ERASED_NAME } from '../crud/personal-fields';
import { workforceReferences } from '../reference-data/workforce-references.service';
import { externalIdConstraint, uniqueConstraint } from '../common/errors/unique-constraints';

type ContractorInclude = (typeof CONTRACTOR_INCLUDES)[number];

/** Where each field of a body goes: a field added to the DTO does not compile until it is placed. */
const FIELDS = fieldPlan<UpdateContractorDto>()({
  copy: ['name', 'email', 'contractorType', 'startDate', 'endDate', 'externalId'],
  own: [
    'managerId',
    'jobRoleId',
    'jobRole',
    'costCentreId',
    'workTypeId',
    'geographyId',
    'defaultCurrencyCode',
    'rateAdjustment',
    'teamAssignment',
    'projectAssignment',
  ],
});

const CONTRACTORS: ResourceDescriptor = {
  table: 'contractors',
  constraints: {
    uq_contractors_external_id: externalIdConstraint('contractor'),
    uq_contractors_email: uniqueConstraint('email', 'another contractor of the organization'),
  },
  references: workforceReferences('contractors'),
  scenario: { parents: ['employee'] },
  changes: { entityTypes: ['contractor'], permission: 'contractors_view', payload: { dto: ContractorDto } },
  personal: { person: 'contractor', via: 'id', fields: { name: ERASED_NAME, email: null, externalId: null } },
  pull: { entityType: 'contractor', permission: 'contractors_edit', create: CreateContractorDto, update: UpdateContractorDto },
};

@Resources(CONTRACTORS)
@Injectable()
export class ContractorsService
  extends BatchedCrudService<ContractorEntity, ContractorDto, CreateContractorDto, UpdateContractorDto>
  implements OnModuleInit
{
  /** The sortBy allow-list (API field -> entity property); the list's OpenAPI enum is read from it. */
  static readonly sort = {
    name: 'name',
    email: 'email',
    startDate: 'startDate',
    endDate: 'endDate',
    createdAt: 'createdAt',
    updatedAt: 'updatedAt',
  } as const;
  static readonly defaultSort = 'name';

  constructor(
    uow: UnitOfWork,
    dataSource: DataSource,
    private readonly employees: EmployeesService,
    private readonly jobRoles: JobRolesService,
    private readonly refs: WorkforceReferencesService,
    private readonly rates: RateAdjustmentsService,
    private readonly assignments: AssignmentsService,
    private readonly parties: AssignmentParties,
  ) {
    super(uow, dataSource, {
      entity: ContractorEntity,
      table: 'contractors',
      label: 'Contractor',
      entityType: 'contractor',
      planScoped: true,
      externalId: true,
      search: ['name', 'email'],
      searchSql: `(r.name || ' ' || coalesce(r.email, ''))`,
      searchExact: ['externalId'],
      customAttributes: recordAttributes,
      toResponse: ContractorDto.from,
    });
  }

  onModuleInit(): void {
    this.parties.register('contractor', async ({ ctx, em }, value, field) => (await this.resolveId({ ctx, em }, value, field))!);
  }

  protected override filter(qb: SelectQueryBuilder<ContractorEntity>, query: ListQueryDto & Record<string, unknown>): void {
    if (query.costCentreId) qb.andWhere('r.costCentreId = :costCentreId', { costCentreId: query.costCentreId });
  }

  /** By-id read with customAttributes and the requested includes. */
  override async read(ctx: RequestContext, id: string, query: { include?: string }): Promise<ContractorDto> {
    const includes = this.includesOf(ctx, query.include);
    const contractor = (await this.get(ctx, id)) as ContractorDto;
    await this.attachIncludes(ctx, [contractor], includes);
    return contractor;
  }

  override async list(ctx: RequestContext, query: ListQueryDto & Record<string, unknown>): Promise<ListEnvelope<ContractorDto>> {
    const includes = this.includesOf(ctx, query.include as string | undefined);
    const page = await super.list(ctx, query);
    await this.attachIncludes(ctx, page.data, includes);
    return page;
  }

  /** Rate includes need compensation_view, assignments assignments_view (as the employee's salary includes). */
  private includesOf(ctx: RequestContext, raw: string | undefined): Set<ContractorInclude> {
    return parseIncludes<ContractorInclude>(raw, CONTRACTOR_INCLUDES, {
      needs: { currentRate: 'compensation_view', rateHistory: 'compensation_view', assignments: 'assignments_view' },
      permissions: ctx.permissions,
    });
  }

  /** The contractor's rate with the latest effectiveDate (the fill's answer), in the caller's transaction. */
  async currentRateIn(tx: Tx, contractorId: string): Promise<RateAdjustmentDto | null> {
    const [latest] = (await this.rates.historyForMany(tx, [contractorId])).get(contractorId) ?? [];
    return latest ? RateAdjustmentDto.from(latest) : null;
  }

  private async attachIncludes(ctx: RequestContext, contractors: ContractorDto[], includes: Set<ContractorInclude>): Promise<void> {
    const em = this.dataSource.manager;
    const ids = contractors.map((c) => c.id);
    if (includes.has('currentRate') || includes.has('rateHistory')) {
      const histories = await this.rates.historyForMany({ ctx, em }, ids);
      for (const contractor of contractors) {
        const history = histories.get(contractor.id) ?? [];
        if (includes.has('currentRate')) contractor.currentRate = history[0] ? RateAdjustmentDto.from(history[0]) : null;
        if (includes.has('rateHistory')) contractor.rateHistory = history.map(RateAdjustmentDto.from);
      }
    }
    if (includes.has('assignments')) {
      const active = await this.assignments.activeForMany({ ctx, em }, 'contractor', ids, todayUtc());
      for (const contractor of contractors) contractor.assignments = (active.get(contractor.id) ?? []).map(EmbeddedAssignmentDto.from);
    }
  }

  protected override blank(): ContractorEntity {
    return Object.assign(new ContractorEntity(), {
      externalId: null,
      email: null,
      contractorType: 'individual',
      endDate: null,
      managerId: null,
      jobRoleId: null,
      workTypeId: null,
      geographyId: null,
      defaultCurrencyCode: null,
      costCentreId: null,
    });
  }

  /** Permanent delete: rate adjustments and assignments go with it; one `contractor` delete is recorded. */
  protected override async beforeRemove(tx: Tx, entity: ContractorEntity): Promise<void> {
    // Recorded for the audit history and scenario merges; the request's one event is the contractor delete.
    await this.rates.removeAllIn(tx, { contractorId: entity.id });
    await this.assignments.removeAllIn(tx, { contractorId: entity.id });
  }

  protected override requireNestedPermissions(ctx: RequestContext, input: UpdateContractorDto): void {
    requireNested(ctx, {
      compensation_edit: Boolean(input.rateAdjustment),
      assignments_edit: Boolean(input.teamAssignment || input.projectAssignment),
    });
  }

  protected override async apply(entity: ContractorEntity, input: UpdateContractorDto, tx: Tx, _options: WriteOptions): Promise<void> {
    applyPlan(entity, input, FIELDS);
    if (input.managerId !== undefined) entity.managerId = await this.employees.resolveManager(tx, undefined, input.managerId);
    const jobRoleId = await this.jobRoles.resolveNested(tx, input.jobRoleId, input.jobRole);
    if (jobRoleId !== undefined) entity.jobRoleId = jobRoleId;
    await this.refs.apply(entity, input, tx, 'defaultCurrencyCode');
    if (entity.endDate && entity.endDate < entity.startDate)
      throw DomainError.validation('endDate', 'endDate must not be before startDate');
  }

  /** Bulk creates and updates: rates are written together; bodies with assignments take the per-record path. */
  protected override nestedBatchable(input: UpdateContractorDto): boolean {
    return !input.teamAssignment && !input.projectAssignment;
  }

  protected override insertNestedMany(tx: Tx, written: { id: string; input: UpdateContractorDto }[]): Promise<(() => void)[]> {
    return this.nestedChildren(
      written,
      (input, contractorId) => input.rateAdjustment && { contractorId, input: input.rateAdjustment },
      (rates) => this.rates.upsertFor(tx, rates),
    );
  }

  /** Document 02: a fill by a contractor sends no contractor_rate event (its initial rate is recorded for audit only). */
  protected override async createNested(
    tx: Tx,
    contractorId: string,
    input: UpdateContractorDto,
    { viaFill = false }: WriteOptions,
  ): Promise<void> {
    if (input.rateAdjustment) {
      for (const record of await this.rates.upsertFor(tx, [{ contractorId, input: input.rateAdjustment }], !viaFill)) record();
    }
    await this.assignments.createNestedFor(tx, { kind: 'contractor', id: contractorId }, input);
  }
}
