import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import type { RequestContext } from '../access/request-context';
import { AssignmentsService } from '../assignments/assignments.service';
import { RateAdjustmentsService } from '../compensation/rate-adjustments.service';
import { SalaryAdjustmentsService } from '../compensation/salary-adjustments.service';
import { ContractorsService } from '../contractors/contractors.service';
import type { CrudService } from '../common/crud/crud.service';
import type { CrudEntity } from '../common/crud/crud.types';
import { DomainError } from '../common/errors/domain-error';
import { list, ListEnvelope, Page } from '../common/http/envelopes';
import { newId } from '../common/ids';
import { CustomAttributeValuesRepository } from '../custom-attributes/custom-attribute-values.repository';
import { CustomAttributeValueEntity } from '../custom-attributes/entities/custom-attribute-value.entity';
import { EmployeesService } from '../employees/employees.service';
import { ProjectLinkEntity } from '../projects/entities/project-link.entity';
import { ProjectsService } from '../projects/projects.service';
import { TeamsService } from '../teams/teams.service';
import { VacanciesService } from '../vacancies/vacancies.service';
import { CreateScenarioDto, ScenarioDto, UpdateScenarioDto } from './dto/scenario.dto';
import { PlanEntity } from './entities/plan.entity';
import { PlanningTable, rowPayload } from './planning-tables';
import { ScenariosRepository } from './scenarios.repository';

const ALLOCATION_TYPES = ['employee', 'contractor', 'vacancy', 'team'].flatMap((h) =>
  ['team', 'project'].filter((t) => h !== 'team' || t === 'project').map((t) => `${h}_${t}_allocation`),
);

/**
 * Scenarios (what-if plans). Forking copies every live planning row in SQL, in one transaction.
 * Merging is `MergeScenarioUseCase` (merge-scenario.use-case.ts), over the tables kept here.
 */
@Injectable()
export class ScenariosService {
  private readonly tables: PlanningTable[] = [];

  constructor(
    private readonly dataSource: DataSource,
    private readonly repository: ScenariosRepository,
    values: CustomAttributeValuesRepository,
    teams: TeamsService,
    employees: EmployeesService,
    contractors: ContractorsService,
    projects: ProjectsService,
    vacancies: VacanciesService,
    assignments: AssignmentsService,
    salaries: SalaryAdjustmentsService,
    rates: RateAdjustmentsService,
  ) {
    // Rows are read back as the service's entity (the table's TypeORM entity), so they are its records.
    const fromService = <E extends CrudEntity, R, C, U>(
      service: CrudService<E, R, C, U>,
      entityTypes: readonly string[],
    ): PlanningTable => ({
      table: service.spec.table,
      entity: service.spec.entity,
      entityTypes,
      payload: (row) => service.payload(row as E),
      entityTypeOf: (row) => service.entityTypeOf(row as E),
    });
    const plain = (table: string, entity: PlanningTable['entity'], entityType: string): PlanningTable => ({
      table,
      entity,
      entityTypes: [entityType],
      payload: rowPayload,
      entityTypeOf: () => entityType,
    });
    // Parents first: a fork inserts in this order, a merge deletes in the reverse order.
    this.tables.push(
      fromService(teams, ['team']),
      fromService(employees, ['employee']),
      fromService(contractors, ['contractor']),
      fromService(projects, ['project']),
      plain('project_links', ProjectLinkEntity, 'project_link'),
      fromService(vacancies, ['vacancy']),
      fromService(assignments, ALLOCATION_TYPES),
      fromService(salaries, ['salary_adjustment']),
      fromService(rates, ['contractor_rate']),
      {
        ...plain('custom_attribute_values', CustomAttributeValueEntity, 'custom_attribute_value'),
        // Values of functional groups and seats are recorded as updates of the group or seat (document 02).
        relatedIds: async (em, plans, changed) => {
          const owners = changed
            .filter((c) => c.entity_type === 'functional_group' || c.entity_type === 'functional_position')
            .map((c) => c.entity_id);
          if (!owners.length) return [];
          return values.functionalValueIds(em, plans.organization, [plans.scenario, plans.live], owners);
        },
      },
    );
  }

  /** Later planning modules (functional structure) add their tables, parents first. */
  registerTable(table: PlanningTable): void {
    this.tables.push(table);
  }

  /** Creates a scenario as a copy of every live planning record, in SQL, in one snapshot. */
  async create(ctx: RequestContext, input: CreateScenarioDto): Promise<ScenarioDto> {
    return this.dataSource.transaction('REPEATABLE READ', async (em) => {
      const id = newId();
      await em.insert(PlanEntity, {
        id,
        organizationId: ctx.organizationId,
        kind: 'SCENARIO',
        name: input.name,
        description: input.description ?? null,
        status: 'OPEN',
        forkedAt: () => 'now()',
        mergedAt: null,
        mergedByUserId: null,
      });
      for (const table of this.tables) {
        await this.repository.copyPlan(
          em,
          { table, columns: this.columnsOf(table), organizationId: ctx.organizationId },
          ctx.livePlanId,
          id,
        );
      }
      return ScenarioDto.from(await em.findOneByOrFail(PlanEntity, { id }));
    });
  }

  async list(ctx: RequestContext, page: Page): Promise<ListEnvelope<ScenarioDto>> {
    const [rows, total] = await this.dataSource.getRepository(PlanEntity).findAndCount({
      where: { organizationId: ctx.organizationId, kind: 'SCENARIO' },
      order: { createdAt: 'DESC', id: 'ASC' },
      skip: page.offset,
      take: page.limit,
    });
    return list(rows.map(ScenarioDto.from), total, page);
  }

  async get(ctx: RequestContext, scenarioId: string): Promise<ScenarioDto> {
    return ScenarioDto.from(await this.find(ctx, scenarioId, this.dataSource.manager));
  }

  async update(ctx: RequestContext, scenarioId: string, input: UpdateScenarioDto): Promise<ScenarioDto> {
    return this.dataSource.transaction(async (em) => {
      const plan = await this.find(ctx, scenarioId, em, true);
      if (plan.status === 'MERGED') throw DomainError.conflict(`Scenario ${scenarioId} is merged and read-only`);
      const patch: Partial<PlanEntity> = {};
      if (input.name !== undefined) patch.name = input.name;
      if (input.description !== undefined) patch.description = input.description;
      if (input.status !== undefined) patch.status = input.status;
      if (Object.keys(patch).length) await em.update(PlanEntity, { id: plan.id }, patch);
      return ScenarioDto.from(await em.findOneByOrFail(PlanEntity, { id: plan.id }));
    });
  }

  /** The context of a write inside the scenario: 404 when it is not the organization's, 403 PLAN_NOT_EDITABLE unless OPEN. */
  async writableContext(ctx: RequestContext, scenarioId: string): Promise<RequestContext> {
    const plan = await this.find(ctx, scenarioId, this.dataSource.manager);
    if (plan.status !== 'OPEN')
      throw new DomainError('PLAN_NOT_EDITABLE', `Scenario ${scenarioId} is ${plan.status.toLowerCase()} and accepts no changes`);
    return { ...ctx, planId: plan.id, scenarioId: plan.id };
  }

  /** The context of a read inside the scenario (any status). */
  async readableContext(ctx: RequestContext, scenarioId: string): Promise<RequestContext> {
    const plan = await this.find(ctx, scenarioId, this.dataSource.manager);
    return { ...ctx, planId: plan.id, scenarioId: plan.id };
  }

  /** The planning tables, parents first (a fork copies them in this order; a merge deletes in reverse). */
  planningTables(): readonly PlanningTable[] {
    return this.tables;
  }

  /** The table's column names, from the entity's metadata. */
  columnsOf(table: PlanningTable): string[] {
    return this.dataSource.getMetadata(table.entity).columns.map((column) => column.databaseName);
  }

  /** The organization's scenario or 404; `lock` takes its row lock (FOR UPDATE). */
  async find(ctx: RequestContext, scenarioId: string, em: EntityManager, lock = false): Promise<PlanEntity> {
    const plan = await em.getRepository(PlanEntity).findOne({
      where: { id: scenarioId, organizationId: ctx.organizationId, kind: 'SCENARIO' },
      ...(lock ? { lock: { mode: 'pessimistic_write' as const } } : {}),
    });
    if (!plan) throw DomainError.notFound('Scenario', scenarioId);
    return plan;
  }
}
