import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import type { RequestContext } from '../common/auth/request-context';
import { DomainError } from '../common/errors/domain-error';
import { list, ListEnvelope, Page } from '../common/http/envelopes';
import { newId } from '../common/ids';
import { CreateScenarioDto, ScenarioDto, UpdateScenarioDto } from './dto/scenario.dto';
import { PlanEntity } from '../organizations/entities/plan.entity';
import { PlanningTable, ResourceCatalog } from '../crud/resources';
import { ScenariosRepository } from './scenarios.repository';
import { patchEntity } from '../crud/assign';

/**
 * Scenarios (what-if plans). Forking copies every live planning row in SQL, in one transaction.
 * Merging is `MergeScenarioUseCase` (merge-scenario.use-case.ts). The planning tables are those the
 * resources declare (`ResourceDescriptor.scenario`, collected by the ResourceCatalog).
 */
@Injectable()
export class ScenariosService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly resources: ResourceCatalog,
    private readonly repository: ScenariosRepository,
  ) {}

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
      for (const table of this.planningTables()) {
        await this.repository.copyPlan(
          em,
          { table, columns: this.columnsOf(table), organizationId: ctx.organizationId },
          ctx.livePlanId,
          id,
        );
      }
      return ScenarioDto.from(await em.findOneByOrFail(PlanEntity, { organizationId: ctx.organizationId, id }));
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
      patchEntity(patch, input, ['name', 'description', 'status']);
      if (Object.keys(patch).length) await em.update(PlanEntity, { organizationId: ctx.organizationId, id: plan.id }, patch);
      return ScenarioDto.from(await em.findOneByOrFail(PlanEntity, { organizationId: ctx.organizationId, id: plan.id }));
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
    return this.resources.planningTables();
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
