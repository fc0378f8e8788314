import { Injectable } from '@nestjs/common';
import { DataSource, SelectQueryBuilder } from 'typeorm';
import { groupBy } from '../crud/assign';
import { CrudService } from '../crud/crud.service';
import { ResourceDescriptor, Resources } from '../crud/resources';
import type { ListQueryDto } from '../common/http/pagination.dto';
import { uniqueConstraint } from '../common/errors/unique-constraints';
import { decimalToNumber } from '../common/decimals';
import { Tx, TxScope, UnitOfWork } from '../database/unit-of-work';
import { CostCentresService } from '../reference-data/cost-centres.service';
import { JobRolesService } from '../reference-data/job-roles.service';
import { LocationsService } from '../reference-data/locations.service';
import { CreateEmploymentTermDto, EmploymentTermDto, UpdateEmploymentTermDto } from './dto/employment-term.dto';
import { EmploymentTermEntity } from './entities/employment-term.entity';

/** The values a term can set, as the employee's columns hold them (`fte` a number). */
export interface TermValues {
  fte: number;
  costCentreId: string | null;
  jobRoleId: string | null;
  geographyId: string | null;
}

/** The employee's values in force on a day: its own (before any term) overlaid by its terms up to that day, in date order. */
export function valuesInForce(base: TermValues, terms: readonly EmploymentTermEntity[], day: string): TermValues {
  const values = { ...base };
  const sorted = [...terms].sort((a, b) => a.effectiveDate.localeCompare(b.effectiveDate));
  for (const term of sorted) {
    if (term.effectiveDate > day) break;
    if (term.fields.includes('fte')) values.fte = decimalToNumber(term.fte) ?? 1;
    if (term.fields.includes('costCentreId')) values.costCentreId = term.costCentreId;
    if (term.fields.includes('jobRoleId')) values.jobRoleId = term.jobRoleId;
    if (term.fields.includes('locationId')) values.geographyId = term.geographyId;
  }
  return values;
}

const EMPLOYMENT_TERMS: ResourceDescriptor = {
  table: 'employment_terms',
  constraints: { uq_employment_terms_day: uniqueConstraint('effectiveDate', 'another term of the employee') },
  references: [
    { target: 'cost_centres', column: 'cost_centre_id', label: 'employment terms', planScoped: true },
    { target: 'job_roles', column: 'job_role_id', label: 'employment terms', planScoped: true },
    { target: 'locations', column: 'geography_id', label: 'employment terms', planScoped: true },
  ],
  scenario: { parents: ['employee'] },
  changes: {
    entityTypes: ['employment_term'],
    permission: 'employees_view',
    // The payload carries every column (`fields`, and those the term does not change as null).
    payload: { dto: EmploymentTermDto, decimals: ['fte'], loose: true },
  },
};

/** Employment terms of employees (spec 07 §5; entity type `employment_term`). */
@Resources(EMPLOYMENT_TERMS)
@Injectable()
export class EmploymentTermsService extends CrudService<
  EmploymentTermEntity,
  EmploymentTermDto,
  CreateEmploymentTermDto & { employeeId: string },
  UpdateEmploymentTermDto
> {
  /** The sortBy allow-list (API field -> entity property); the list's OpenAPI enum is read from it. */
  static readonly sort = { effectiveDate: 'effectiveDate', createdAt: 'createdAt' } as const;
  static readonly defaultSort = 'effectiveDate';

  constructor(
    uow: UnitOfWork,
    dataSource: DataSource,
    private readonly costCentres: CostCentresService,
    private readonly jobRoles: JobRolesService,
    private readonly locations: LocationsService,
  ) {
    super(uow, dataSource, {
      entity: EmploymentTermEntity,
      table: 'employment_terms',
      label: 'Employment term',
      entityType: 'employment_term',
      planScoped: true,
      externalId: false,
      search: [],
      toResponse: EmploymentTermDto.from,
      toPayload: EmploymentTermDto.payload,
    });
  }

  protected override blank(input: CreateEmploymentTermDto & { employeeId: string }): EmploymentTermEntity {
    return Object.assign(new EmploymentTermEntity(), {
      employeeId: input.employeeId,
      fields: [],
      fte: null,
      costCentreId: null,
      jobRoleId: null,
      geographyId: null,
    });
  }

  protected override async apply(entity: EmploymentTermEntity, input: UpdateEmploymentTermDto, tx: Tx): Promise<void> {
    if (input.effectiveDate !== undefined) entity.effectiveDate = input.effectiveDate;
    const fields = new Set(entity.fields);
    if (input.fte !== undefined) {
      entity.fte = String(input.fte);
      fields.add('fte');
    }
    if (input.costCentreId !== undefined) {
      entity.costCentreId = (await this.costCentres.resolveId(tx, input.costCentreId, 'costCentreId')) ?? null;
      fields.add('costCentreId');
    }
    if (input.jobRoleId !== undefined) {
      entity.jobRoleId = (await this.jobRoles.resolveId(tx, input.jobRoleId, 'jobRoleId')) ?? null;
      fields.add('jobRoleId');
    }
    if (input.locationId !== undefined) {
      entity.geographyId = (await this.locations.resolveId(tx, input.locationId, 'locationId')) ?? null;
      fields.add('locationId');
    }
    entity.fields = [...fields].sort();
  }

  protected override filter(qb: SelectQueryBuilder<EmploymentTermEntity>, query: ListQueryDto & Record<string, unknown>): void {
    qb.andWhere('r.employeeId = :employeeId', { employeeId: query.employeeId });
  }

  /**
   * The nested `terms` of an employee body, in the caller's transaction: keyed by employee and effectiveDate (one term
   * per employee and day), so a body sent again changes nothing. Returns the functions recording each.
   */
  upsertFor(tx: Tx, employeeId: string, terms: readonly CreateEmploymentTermDto[]): Promise<(() => void)[]> {
    return this.mergeKeyedIn(
      tx,
      terms.map((input) => ({ key: { employeeId, effectiveDate: input.effectiveDate }, input: { ...input, employeeId } })),
    );
  }

  /** The terms of many employees in one query: employee id -> terms, in effectiveDate order. */
  async termsOf(scope: TxScope, employeeIds: string[]): Promise<Map<string, EmploymentTermEntity[]>> {
    if (!employeeIds.length) return new Map();
    const rows = await this.rows.findWhere(scope, { employeeId: employeeIds }, { effectiveDate: 'ASC' });
    return groupBy(rows, (row) => row.employeeId);
  }

  /**
   * A change of the employee's values from `day` on (already resolved ids): merged into its term of that day, or a new
   * term; nothing when `changes` is empty.
   */
  async recordOn(tx: Tx, employeeId: string, day: string, changes: Partial<TermValues>): Promise<void> {
    const input: UpdateEmploymentTermDto = {};
    if (changes.fte !== undefined) input.fte = changes.fte;
    if (changes.costCentreId !== undefined) input.costCentreId = changes.costCentreId;
    if (changes.jobRoleId !== undefined) input.jobRoleId = changes.jobRoleId;
    if (changes.geographyId !== undefined) input.locationId = changes.geographyId;
    if (!Object.keys(input).length) return;
    const [existing] = await this.rows.findWhere(tx, { employeeId, effectiveDate: day });
    if (existing) await this.updateIn(tx, existing.id, input);
    else await this.createIn(tx, { ...input, effectiveDate: day, employeeId });
  }
}
