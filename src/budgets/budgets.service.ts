import { Injectable, OnModuleInit } from '@nestjs/common';
import { DataSource, SelectQueryBuilder } from 'typeorm';
import type { RequestContext } from '../common/auth/request-context';
import { DomainError } from '../common/errors/domain-error';
import type { ListQueryDto } from '../common/http/pagination.dto';
import { CostService } from '../cost/cost.service';
import { CrudService } from '../crud/crud.service';
import { applyPlan } from '../crud/assign';
import { ResourceDescriptor, Resources } from '../crud/resources';
import { recordAttributes } from '../custom-attributes/custom-attribute-values.reader';
import { Tx, TxScope, UnitOfWork } from '../database/unit-of-work';
import { OrganizationsRepository } from '../organizations/organizations.repository';
import { CostCentresService } from '../reference-data/cost-centres.service';
import { TeamsService } from '../teams/teams.service';
import { lineErrors, lineKeys, monthErrors, storedLine } from './budget-lines';
import { BudgetsRepository } from './budgets.repository';
import { BUDGETS_FIELDS, BudgetDto, CreateBudgetDto, UpdateBudgetDto } from './dto/budget.dto';
import { BudgetEntity } from './entities/budget.entity';

/** Budgets are live-only (no plan, no `scenario` part): a write with scenarioId is refused by the guard (501). */
const BUDGETS: ResourceDescriptor = {
  table: 'budgets',
  changes: {
    entityTypes: ['budget'],
    permission: 'budgets_view',
    // The payload's lines are objects of every figure as decimal strings, where the read shows the caller's view of them.
    payload: { dto: BudgetDto, omit: ['lines'], loose: true },
  },
};

/**
 * Budgets (spec 07 §2.1): a name, a dimension, a span of months, a currency, a status and lines (a cost, and
 * optionally a headcount and an FTE, per key and month), with custom attributes. Lines' costs are shown and written
 * only with cost visibility (spec 04 §1.5).
 */
@Resources(BUDGETS)
@Injectable()
export class BudgetsService extends CrudService<BudgetEntity, BudgetDto, CreateBudgetDto, UpdateBudgetDto> implements OnModuleInit {
  /** The sortBy allow-list (API field -> entity property); the list's OpenAPI enum is read from it. */
  static readonly sort = { name: 'name', fromMonth: 'fromMonth', createdAt: 'createdAt', updatedAt: 'updatedAt' } as const;
  static readonly defaultSort = 'name';

  constructor(
    uow: UnitOfWork,
    dataSource: DataSource,
    private readonly organizations: OrganizationsRepository,
    private readonly costCentres: CostCentresService,
    private readonly teams: TeamsService,
    private readonly repository: BudgetsRepository,
  ) {
    super(uow, dataSource, {
      entity: BudgetEntity,
      table: 'budgets',
      label: 'Budget',
      entityType: 'budget',
      planScoped: false,
      externalId: false,
      search: ['name'],
      customAttributes: recordAttributes,
      toResponse: (entity) => BudgetDto.from(entity),
      toPayload: BudgetDto.payload,
    });
  }

  /** A cost centre that a budget's lines name is not deleted (409 naming the budgets). */
  onModuleInit(): void {
    this.costCentres.registerDeleteHook(async (tx, id) => {
      const names = await this.repository.namingCostCentre(tx, id);
      if (names.length)
        throw DomainError.conflict(
          `Cost centre ${id} is still referenced by the lines of budgets ${names.join(', ')}; remove those lines first`,
        );
    });
  }

  protected override blank(): BudgetEntity {
    const entity = new BudgetEntity();
    entity.status = 'DRAFT';
    entity.lines = [];
    return entity;
  }

  /** Lines carry costs: writing them needs cost visibility, as reading them does. */
  protected override requireNestedPermissions(ctx: RequestContext, input: UpdateBudgetDto): void {
    if (input.lines !== undefined && !CostService.canSeeCost(ctx))
      throw DomainError.forbidden(
        "Budget lines carry costs: sending lines needs financials_view_summary on the API key and view_costs for the key's creator",
      );
  }

  protected override async apply(entity: BudgetEntity, input: UpdateBudgetDto, tx: Tx): Promise<void> {
    const linesRuled =
      input.lines !== undefined || input.dimension !== undefined || input.fromMonth !== undefined || input.toMonth !== undefined;
    applyPlan(entity, input, BUDGETS_FIELDS);
    if (input.currencyCode !== undefined) entity.currencyCode = input.currencyCode;
    else entity.currencyCode ??= await this.organizations.reportingCurrency(tx);
    if (input.lines !== undefined) entity.lines = input.lines.map(storedLine);
    const errors = monthErrors(entity);
    if (!errors.length && linesRuled) errors.push(...lineErrors(entity, await this.knownKeys(tx, entity)));
    if (errors.length) throw DomainError.validationMany(errors);
  }

  /** Which of the keys the lines name are cost centres of the organization, or teams of its live plan, by the dimension. */
  private async knownKeys(scope: TxScope, entity: BudgetEntity): Promise<Set<string>> {
    const keys = lineKeys(entity.lines);
    if (entity.dimension === 'none' || !keys.length) return new Set();
    const records = entity.dimension === 'team' ? this.teams : this.costCentres;
    return new Set((await records.rows.findWhere(scope, { id: keys })).map((record) => record.id));
  }

  protected override async respond(scope: TxScope, rows: BudgetEntity[]): Promise<BudgetDto[]> {
    const showCost = CostService.canSeeCost(scope.ctx);
    return rows.map((row) => BudgetDto.from(row, showCost));
  }

  protected override filter(qb: SelectQueryBuilder<BudgetEntity>, query: ListQueryDto & Record<string, unknown>): void {
    if (query.status) qb.andWhere('r.status = :status', { status: query.status });
  }
}
