import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { CrudService } from '../crud/crud.service';
import { applyPlan } from '../crud/assign';
import { ResourceDescriptor, Resources } from '../crud/resources';
import { recordAttributes } from '../custom-attributes/custom-attribute-values.reader';
import { UnitOfWork } from '../database/unit-of-work';
import { BUDGETS_FIELDS, CreateBudgetDto, BudgetDto, UpdateBudgetDto } from './dto/budget.dto';
import { BudgetEntity } from './entities/budget.entity';

const BUDGETS: ResourceDescriptor = {
  table: 'budgets',
  constraints: {
    uq_budgets_external_id: {
      code: 'VALIDATION_ERROR',
      field: 'externalId',
      message: 'externalId is already used by another budget',
    },
  },
  scenario: {},
  changes: { entityTypes: ['budget'], permission: 'budgets_view' },
};

/** Budgets: planning records (plan_id) with a name, an externalId, a description and custom attributes. */
@Resources(BUDGETS)
@Injectable()
export class BudgetsService extends CrudService<BudgetEntity, BudgetDto, CreateBudgetDto, UpdateBudgetDto> {
  /** The sortBy allow-list (API field -> entity property); the list's OpenAPI enum is read from it. */
  static readonly sort = { name: 'name', createdAt: 'createdAt', updatedAt: 'updatedAt' } as const;
  static readonly defaultSort = 'name';

  constructor(uow: UnitOfWork, dataSource: DataSource) {
    super(uow, dataSource, {
      entity: BudgetEntity,
      table: 'budgets',
      label: 'Budget',
      entityType: 'budget',
      planScoped: true,
      externalId: true,
      search: ['name', 'description'],
      searchSql: `(r.name || ' ' || coalesce(r.description, ''))`,
      customAttributes: recordAttributes,
      toResponse: BudgetDto.from,
    });
  }

  protected override apply(entity: BudgetEntity, input: UpdateBudgetDto): Promise<void> {
    applyPlan(entity, input, BUDGETS_FIELDS);
    return Promise.resolve();
  }
}
