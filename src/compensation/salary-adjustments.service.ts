import { Injectable } from '@nestjs/common';
import { DataSource, SelectQueryBuilder } from 'typeorm';
import { CrudService } from '../crud/crud.service';
import { applyPlan, fieldPlan, groupBy } from '../crud/assign';
import type { ListQueryDto } from '../common/http/pagination.dto';
import { Tx, TxScope, UnitOfWork } from '../database/unit-of-work';
import { CreateSalaryAdjustmentDto, SalaryAdjustmentDto, UpdateSalaryAdjustmentDto } from './dto/salary-adjustment.dto';
import { SalaryAdjustmentEntity } from './entities/salary-adjustment.entity';
import { ResourceDescriptor, Resources } from '../crud/resources';

/** Where each field of a body goes: a field added to the DTO does not compile until it is placed. */
const FIELDS = fieldPlan<UpdateSalaryAdjustmentDto>()({ copy: ['effectiveDate', 'currencyCode', 'reason'], numeric: ['salary', 'bonus'] });

const SALARY_ADJUSTMENTS: ResourceDescriptor = {
  table: 'salary_adjustments',
  scenario: { parents: ['employee'] },
  changes: {
    entityTypes: ['salary_adjustment'],
    permission: 'compensation_view',
    payload: { dto: SalaryAdjustmentDto, decimals: ['salary', 'bonus'] },
  },
  // The reason is free text about the person.
  personal: { person: 'employee', via: 'employeeId', fields: { reason: null } },
};

/** Salary adjustments of employees (document 02 entity type `salary_adjustment`). */
@Resources(SALARY_ADJUSTMENTS)
@Injectable()
export class SalaryAdjustmentsService extends CrudService<
  SalaryAdjustmentEntity,
  SalaryAdjustmentDto,
  CreateSalaryAdjustmentDto & { employeeId: string },
  UpdateSalaryAdjustmentDto
> {
  /** The sortBy allow-list (API field -> entity property); the list's OpenAPI enum is read from it. */
  static readonly sort = { effectiveDate: 'effectiveDate', createdAt: 'createdAt' } as const;
  static readonly defaultSort = 'effectiveDate';

  constructor(uow: UnitOfWork, dataSource: DataSource) {
    super(uow, dataSource, {
      entity: SalaryAdjustmentEntity,
      table: 'salary_adjustments',
      label: 'Salary adjustment',
      entityType: 'salary_adjustment',
      planScoped: true,
      externalId: false,
      search: ['reason'],
      toResponse: SalaryAdjustmentDto.from,
      toPayload: SalaryAdjustmentDto.payload,
    });
  }

  protected override blank(input: CreateSalaryAdjustmentDto & { employeeId: string }): SalaryAdjustmentEntity {
    return Object.assign(new SalaryAdjustmentEntity(), { employeeId: input.employeeId, bonus: null, reason: null });
  }

  protected override async apply(entity: SalaryAdjustmentEntity, input: UpdateSalaryAdjustmentDto): Promise<void> {
    applyPlan(entity, input, FIELDS);
  }

  protected override filter(qb: SelectQueryBuilder<SalaryAdjustmentEntity>, query: ListQueryDto & Record<string, unknown>): void {
    qb.andWhere('r.employeeId = :employeeId', { employeeId: query.employeeId });
  }

  /**
   * The nested `salary` of employee bodies, in the caller's transaction: keyed by employee and effectiveDate (one
   * adjustment per employee and day), so a body sent again changes nothing. Returns the functions recording each.
   */
  upsertFor(tx: Tx, salaries: { employeeId: string; input: CreateSalaryAdjustmentDto }[]): Promise<(() => void)[]> {
    return this.mergeKeyedIn(
      tx,
      salaries.map(({ employeeId, input }) => ({
        key: { employeeId, effectiveDate: input.effectiveDate },
        input: { ...input, employeeId },
      })),
    );
  }

  /** All of an employee's adjustments, newest effectiveDate first. */
  async history(scope: TxScope, employeeId: string): Promise<SalaryAdjustmentEntity[]> {
    return (await this.historyForMany(scope, [employeeId])).get(employeeId) ?? [];
  }

  /** history for many employees in one query: employee id -> adjustments, newest effectiveDate first. */
  async historyForMany(scope: TxScope, employeeIds: string[]): Promise<Map<string, SalaryAdjustmentEntity[]>> {
    if (!employeeIds.length) return new Map();
    const rows = await this.rows.findWhere(scope, { employeeId: employeeIds }, { effectiveDate: 'DESC', createdAt: 'DESC' });
    return groupBy(rows, (row) => row.employeeId);
  }
}
