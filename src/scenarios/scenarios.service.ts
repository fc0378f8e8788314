import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager, In } from 'typeorm';
import type { RequestContext } from '../access/request-context';
import { API_PERMISSIONS, expandUserPermissions } from '../access/permissions';
import { AssignmentsService } from '../assignments/assignments.service';
import { RateAdjustmentsService } from '../compensation/rate-adjustments.service';
import { SalaryAdjustmentsService } from '../compensation/salary-adjustments.service';
import { ContractorsService } from '../contractors/contractors.service';
import type { CrudService } from '../common/crud/crud.service';
import { DomainError } from '../common/errors/domain-error';
import { list, ListEnvelope, Page } from '../common/http/envelopes';
import { newId } from '../common/ids';
import { CustomAttributeValueEntity } from '../custom-attributes/entities/custom-attribute-value.entity';
import { UnitOfWork } from '../database/unit-of-work';
import { EmployeesService } from '../employees/employees.service';
import { UserEntity } from '../organizations/entities/user.entity';
import { ProjectLinkEntity } from '../projects/entities/project-link.entity';
import { ProjectsService } from '../projects/projects.service';
import { TeamsService } from '../teams/teams.service';
import { VacanciesService } from '../vacancies/vacancies.service';
import { CreateScenarioDto, MergeResultDto, ScenarioDto, UpdateScenarioDto } from './dto/scenario.dto';
import { PlanEntity } from './entities/plan.entity';
import { PlanningTable, rowPayload } from './planning-tables';

const ALLOCATION_TYPES = ['employee', 'contractor', 'vacancy', 'team'].flatMap((h) =>
  ['team', 'project'].filter((t) => h !== 'team' || t === 'project').map((t) => `${h}_${t}_allocation`),
);

type AnyCrud = CrudService<never, unknown, unknown, unknown>;

/**
 * Scenarios (what-if plans). Forking copies every live planning row in SQL, in one transaction;
 * merging applies to the live plan, in one transaction, the rows the scenario changed, as recorded
 * in its change history, with one `merge` event per live record changed.
 */
@Injectable()
export class ScenariosService {
  private readonly tables: PlanningTable[] = [];

  constructor(
    private readonly dataSource: DataSource,
    private readonly uow: UnitOfWork,
    teams: TeamsService,
    employees: EmployeesService,
    contractors: ContractorsService,
    projects: ProjectsService,
    vacancies: VacanciesService,
    assignments: AssignmentsService,
    salaries: SalaryAdjustmentsService,
    rates: RateAdjustmentsService,
  ) {
    const fromService = (service: AnyCrud, entityTypes: readonly string[]): PlanningTable => ({
      table: service.spec.table,
      entity: service.spec.entity as never,
      entityTypes,
      payload: (row) => service.payload(row as never),
      entityTypeOf: (row) => service.entityTypeOf(row as never),
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
      fromService(teams as never, ['team']),
      fromService(employees as never, ['employee']),
      fromService(contractors as never, ['contractor']),
      fromService(projects as never, ['project']),
      plain('project_links', ProjectLinkEntity, 'project_link'),
      fromService(vacancies as never, ['vacancy']),
      fromService(assignments as never, ALLOCATION_TYPES),
      fromService(salaries as never, ['salary_adjustment']),
      fromService(rates as never, ['contractor_rate']),
      {
        ...plain('custom_attribute_values', CustomAttributeValueEntity, 'custom_attribute_value'),
        // Values of functional groups and seats are recorded as updates of the group or seat (document 02).
        relatedIds: async (em, plans, changed) => {
          const owners = changed.filter((c) => c.entity_type === 'functional_group' || c.entity_type === 'functional_position').map((c) => c.entity_id);
          if (!owners.length) return [];
          const rows: { id: string }[] = await em.query(
            `SELECT DISTINCT id FROM custom_attribute_values
              WHERE plan_id IN ($1, $2) AND entity_type IN ('FUNCTIONAL_GROUP', 'FUNCTIONAL_POSITION') AND entity_id = ANY($3)`,
            [plans.scenario, plans.live, owners],
          );
          return rows.map((r) => r.id);
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
      } as never);
      for (const table of this.tables) {
        const columns = this.columnsOf(table);
        const select = columns.map((c) => (c === 'plan_id' ? '$1' : `"${c}"`)).join(', ');
        await em.query(`INSERT INTO "${table.table}" (${columns.map((c) => `"${c}"`).join(', ')}) SELECT ${select} FROM "${table.table}" WHERE plan_id = $2`, [
          id,
          ctx.livePlanId,
        ]);
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
    if (plan.status !== 'OPEN') throw new DomainError('PLAN_NOT_EDITABLE', `Scenario ${scenarioId} is ${plan.status.toLowerCase()} and accepts no changes`);
    return { ...ctx, planId: plan.id, scenarioId: plan.id };
  }

  /** The context of a read inside the scenario (any status). */
  async readableContext(ctx: RequestContext, scenarioId: string): Promise<RequestContext> {
    const plan = await this.find(ctx, scenarioId, this.dataSource.manager);
    return { ...ctx, planId: plan.id, scenarioId: plan.id };
  }

  /**
   * Applies the scenario's changes to live data. Refused with 409 naming the records when live
   * records the scenario changed were also changed in live after the fork (nothing is overwritten
   * silently). The scenario becomes MERGED and read-only.
   */
  async merge(ctx: RequestContext, scenarioId: string, actingUserId: string | null): Promise<MergeResultDto> {
    if (!actingUserId) throw DomainError.validation('X-Acting-User', 'merging needs the X-Acting-User header naming the user who merges');
    const user = await this.dataSource.getRepository(UserEntity).findOneBy({ id: actingUserId, organizationId: ctx.organizationId });
    if (!user || !user.active || !expandUserPermissions(user.permissions).has('manage_scenarios')) {
      throw DomainError.forbidden('The acting user needs the manage_scenarios capability to merge');
    }
    const mergeCtx: RequestContext = {
      ...ctx,
      planId: ctx.livePlanId,
      scenarioId: null,
      actor: { type: 'merge', id: user.id },
      permissions: new Set(API_PERMISSIONS),
      userId: user.id,
    };
    return this.uow.run(mergeCtx, async (tx) => {
      const plan = await this.find(ctx, scenarioId, tx.em, true);
      if (plan.status === 'MERGED') throw DomainError.conflict(`Scenario ${scenarioId} is already merged`);
      const changed: { entity_type: string; entity_id: string }[] = await tx.em.query(
        `SELECT DISTINCT entity_type, entity_id FROM record_changes WHERE plan_id = $1`,
        [plan.id],
      );
      const conflicts: { entity_type: string; entity_id: string }[] = await tx.em.query(
        `SELECT DISTINCT c.entity_type, c.entity_id FROM record_changes c
          WHERE c.plan_id = $1 AND c.created_at > $2 AND NOT c.organization_level
            AND EXISTS (SELECT 1 FROM record_changes s WHERE s.plan_id = $3 AND s.entity_type = c.entity_type AND s.entity_id = c.entity_id)
          ORDER BY 1, 2 LIMIT 21`,
        [ctx.livePlanId, plan.forkedAt, plan.id],
      );
      if (conflicts.length) {
        const names = conflicts.slice(0, 20).map((c) => `${c.entity_type} ${c.entity_id}`);
        throw DomainError.conflict(`Live records changed since the fork were also changed in the scenario: ${names.join(', ')}${conflicts.length > 20 ? ', ...' : ''}`);
      }
      const counts: Record<string, number> = {};
      const touched = [];
      for (const table of this.tables) {
        const ids = new Set(changed.filter((c) => table.entityTypes.includes(c.entity_type)).map((c) => c.entity_id));
        if (table.relatedIds) for (const id of await table.relatedIds(tx.em, { scenario: plan.id, live: ctx.livePlanId }, changed)) ids.add(id);
        if (ids.size) touched.push({ table, ids: [...ids] });
      }
      // Set-based per table: read both versions of the touched rows, then one DELETE and one upsert.
      const loaded = [];
      for (const { table, ids } of touched) {
        const repo = tx.em.getRepository(table.entity);
        const scenarioRows = new Map((await repo.findBy({ planId: plan.id, id: In(ids) })).map((r) => [r.id as string, r]));
        const liveRows = new Map((await repo.findBy({ planId: ctx.livePlanId, id: In(ids) })).map((r) => [r.id as string, r]));
        loaded.push({ table, ids, scenarioRows, liveRows });
      }
      // Deletes children first...
      for (const { table, ids, scenarioRows, liveRows } of [...loaded].reverse()) {
        const gone = ids.filter((id) => !scenarioRows.has(id) && liveRows.has(id));
        if (!gone.length) continue;
        await tx.em.query(`DELETE FROM "${table.table}" WHERE plan_id = $1 AND id = ANY($2)`, [ctx.livePlanId, gone]);
        for (const id of gone) {
          const row = liveRows.get(id)!;
          this.count(counts, table.entityTypeOf(row));
          tx.record({ entityType: table.entityTypeOf(row), entityId: id, changeType: 'delete', before: table.payload(row), after: null });
        }
      }
      // ...then creates and updates, parents first, as one INSERT ... SELECT ... ON CONFLICT per table.
      for (const { table, ids, scenarioRows, liveRows } of loaded) {
        const apply: string[] = [];
        for (const id of ids) {
          const row = scenarioRows.get(id);
          if (!row) continue;
          const live = liveRows.get(id);
          const after = table.payload(row);
          const before = live ? table.payload(live) : null;
          if (before && JSON.stringify(before) === JSON.stringify(after)) continue;
          apply.push(id);
          this.count(counts, table.entityTypeOf(row));
          tx.record({ entityType: table.entityTypeOf(row), entityId: id, changeType: before ? 'update' : 'create', before, after });
        }
        if (!apply.length) continue;
        const columns = this.columnsOf(table);
        const list = columns.map((c) => `"${c}"`).join(', ');
        const select = columns.map((c) => (c === 'plan_id' ? '$1' : `"${c}"`)).join(', ');
        const updates = columns.filter((c) => c !== 'plan_id' && c !== 'id').map((c) => `"${c}" = EXCLUDED."${c}"`).join(', ');
        await tx.em.query(
          `INSERT INTO "${table.table}" (${list}) SELECT ${select} FROM "${table.table}" WHERE plan_id = $2 AND id = ANY($3)
           ON CONFLICT (plan_id, id) DO UPDATE SET ${updates}`,
          [ctx.livePlanId, plan.id, apply],
        );
      }
      await tx.em.update(PlanEntity, { id: plan.id }, { status: 'MERGED', mergedAt: new Date(), mergedByUserId: user.id });
      return { status: 'MERGED' as const, changes: counts };
    });
  }

  private count(counts: Record<string, number>, entityType: string): void {
    counts[entityType] = (counts[entityType] ?? 0) + 1;
  }

  private columnsOf(table: PlanningTable): string[] {
    return this.dataSource.getMetadata(table.entity).columns.map((column) => column.databaseName);
  }

  private async find(ctx: RequestContext, scenarioId: string, em: EntityManager, lock = false): Promise<PlanEntity> {
    const plan = await em.getRepository(PlanEntity).findOne({
      where: { id: scenarioId, organizationId: ctx.organizationId, kind: 'SCENARIO' },
      ...(lock ? { lock: { mode: 'pessimistic_write' as const } } : {}),
    });
    if (!plan) throw DomainError.notFound('Scenario', scenarioId);
    return plan;
  }
}
