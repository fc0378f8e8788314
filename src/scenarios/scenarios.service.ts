import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { RequestContext } from '../common/auth/request-context';
import { DomainError } from '../common/errors/domain-error';
import { list, ListEnvelope, Page } from '../common/http/envelopes';
import { newId } from '../common/ids';
import { CreateScenarioDto, ScenarioDto, UpdateScenarioDto } from './dto/scenario.dto';
import { PlanEntity } from '../organizations/entities/plan.entity';
import { PlanningTable, ResourceCatalog, Resources, type ResourceDescriptor } from '../crud/resources';
import { ScenarioPlansRepository, ScenariosRepository } from './scenarios.repository';
import { applyPlan, fieldPlan } from '../crud/assign';
import { completeAssumptions, sameAssumptions } from '../organizations/dto/forecast-assumptions.dto';
import { UnitOfWork, type TxScope } from '../database/unit-of-work';
import { inScenario } from '../access/access.guard';
import { managesScenarios } from '../access/scenario-access';
import { UsersRepository } from '../organizations/users.repository';
import { ScenarioMembersRepository } from './scenario-members.repository';

/** Where each field of a body goes: a field added to the DTO does not compile until it is placed. */
const FIELDS = fieldPlan<UpdateScenarioDto>()({ copy: ['name', 'description', 'status', 'visibility'], own: ['assumptions'] });

/** `GET /changes` shows a scenario's assumption changes to holders of forecasts_view (its payload is the scenario). */
const PLANS: ResourceDescriptor = {
  table: 'plans',
  changes: { entityTypes: ['scenario'], permission: 'forecasts_view', payload: { dto: ScenarioDto } },
};

/**
 * Scenarios (what-if plans). Forking copies every live planning row in SQL, in one transaction.
 * Merging is `MergeScenarioUseCase` (merge-scenario.use-case.ts). The planning tables are those the
 * resources declare (`ResourceDescriptor.scenario`, collected by the ResourceCatalog).
 */
@Resources(PLANS)
@Injectable()
export class ScenariosService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly uow: UnitOfWork,
    private readonly resources: ResourceCatalog,
    private readonly repository: ScenariosRepository,
    private readonly plans: ScenarioPlansRepository,
    private readonly members: ScenarioMembersRepository,
    private readonly users: UsersRepository,
  ) {}

  /** Creates a scenario as a copy of every live planning record, in SQL, in one snapshot. */
  async create(ctx: RequestContext, input: CreateScenarioDto): Promise<ScenarioDto> {
    return this.uow.run(
      ctx,
      async (tx) => {
        const id = newId();
        await this.plans.insertScenario(tx, {
          id,
          name: input.name,
          description: input.description ?? null,
          visibility: input.visibility ?? 'ORGANIZATION',
          ownerUserId: ctx.userId,
        });
        for (const table of this.planningTables()) {
          await this.repository.copyPlan(tx, { table, columns: this.columnsOf(table) }, ctx.livePlanId, id);
        }
        return ScenarioDto.from(await this.find(tx, id));
      },
      { isolation: 'REPEATABLE READ' },
    );
  }

  /** The scenarios the acting user may read (all of them for the application itself and users with manage_scenarios), newest first. */
  async list(ctx: RequestContext, page: Page): Promise<ListEnvelope<ScenarioDto>> {
    const user = ctx.userId === null ? null : await this.users.find(ctx, ctx.userId);
    const [rows, total] =
      ctx.userId === null || managesScenarios(user ?? undefined)
        ? await this.plans.scenarios(ctx, page)
        : await this.plans.readableScenarios(ctx, page, ctx.userId, await this.members.sharedWith(ctx, ctx.userId));
    return list(rows.map(ScenarioDto.from), total, page);
  }

  /** One scenario the acting user may read (404 otherwise). */
  async get(ctx: RequestContext, scenarioId: string): Promise<ScenarioDto> {
    await inScenario(this.dataSource, ctx, scenarioId, 'read');
    return ScenarioDto.from(await this.find(this.uow.read(ctx), scenarioId));
  }

  /**
   * Name, description, status and assumptions need the right to write to it; visibility the owner or manage_scenarios.
   * A change of its forecast assumptions is a `scenario` update event (spec 07 §4.1): in the live history (webhooks,
   * `GET /changes`, so it needs an acting user) for a scenario every user may read; in the scenario's own history for a
   * PRIVATE one, whose changes must not reach readers who may not see it.
   */
  async update(ctx: RequestContext, scenarioId: string, input: UpdateScenarioDto): Promise<ScenarioDto> {
    await inScenario(this.dataSource, ctx, scenarioId, input.visibility === undefined ? 'edit' : 'manage');
    const stored = input.assumptions === undefined ? null : await this.find(this.uow.read(ctx), scenarioId);
    const assumptions = input.assumptions && completeAssumptions(input.assumptions);
    const changesAssumptions = stored !== null && !sameAssumptions(assumptions ?? null, stored.assumptions);
    const history = changesAssumptions && stored.visibility === 'PRIVATE' ? { ...ctx, planId: stored.id } : ctx;
    return this.uow.run(history, async (tx) => {
      const plan = await this.find(tx, scenarioId, true);
      if (plan.status === 'MERGED') throw DomainError.conflict(`Scenario ${scenarioId} is merged and read-only`);
      if ((plan.status === 'SUBMITTED' || plan.status === 'APPROVED') && (input.status !== undefined || changesAssumptions)) {
        throw new DomainError(
          'PLAN_NOT_EDITABLE',
          `Scenario ${scenarioId} is ${plan.status.toLowerCase()}: its status and assumptions change only through its approval (withdraw it first)`,
        );
      }
      const patch: Partial<PlanEntity> = {};
      applyPlan(patch, input, FIELDS);
      if (changesAssumptions) patch.assumptions = assumptions ?? null;
      await this.plans.update(tx, plan.id, patch);
      const after = ScenarioDto.from(await this.find(tx, plan.id));
      if (changesAssumptions) {
        tx.record({
          entityType: 'scenario',
          entityId: plan.id,
          changeType: 'update',
          before: { ...ScenarioDto.from(plan) },
          after: { ...after },
        });
      }
      return after;
    });
  }

  /**
   * Deletes a scenario (spec 03 §1.22): its copies of every planning table, its change history and its members, then the
   * scenario itself, in one transaction; the live history it held for its merge is free for the retention purge. Needs
   * its owner or manage_scenarios (as for its members); any status.
   */
  async remove(ctx: RequestContext, scenarioId: string): Promise<void> {
    await inScenario(this.dataSource, ctx, scenarioId, 'manage');
    await this.uow.run(ctx, async (tx) => {
      const plan = await this.find(tx, scenarioId, true);
      for (const table of [...this.planningTables()].reverse()) await this.repository.deletePlanRows(tx, table, plan.id);
      await this.repository.deletePlanChanges(tx, plan.id);
      await this.members.removeAll(tx, plan.id);
      await this.plans.remove(tx, plan.id);
    });
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
  async find(at: TxScope, scenarioId: string, lock = false): Promise<PlanEntity> {
    const plan = await this.plans.scenario(at, scenarioId, lock);
    if (!plan) throw DomainError.notFound('Scenario', scenarioId);
    return plan;
  }
}
