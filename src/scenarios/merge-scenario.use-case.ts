import { Injectable } from '@nestjs/common';
import { API_PERMISSIONS, expandUserPermissions } from '../common/auth/permissions';
import type { RequestContext } from '../common/auth/request-context';
import { DomainError } from '../common/errors/domain-error';
import { Tx, UnitOfWork } from '../database/unit-of-work';
import { UsersRepository } from '../organizations/users.repository';
import { MergeResultDto } from './dto/scenario.dto';
import { PlanEntity } from '../organizations/entities/plan.entity';
import { ChangedRecord, PlanningRow, ScenarioPlansRepository, ScenariosRepository, TableRows } from './scenarios.repository';
import { ScenariosService } from './scenarios.service';

type Loaded = { rows: TableRows; ids: string[]; scenarioRows: Map<string, PlanningRow>; liveRows: Map<string, PlanningRow> };

/**
 * Merges a scenario into the live plan (`POST .../scenarios/{id}/merge`): applies, in one transaction,
 * the rows the scenario changed, as recorded in its change history, with one `merge` event per live
 * record changed. Refused with 409 naming the records when live records the scenario changed were also
 * changed in live after the fork (nothing is overwritten silently). The scenario becomes MERGED and
 * read-only.
 */
@Injectable()
export class MergeScenarioUseCase {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly users: UsersRepository,
    private readonly scenarios: ScenariosService,
    private readonly repository: ScenariosRepository,
    private readonly plans: ScenarioPlansRepository,
  ) {}

  async execute(ctx: RequestContext, scenarioId: string, actingUserId: string | null): Promise<MergeResultDto> {
    const mergeCtx = await this.mergeContext(ctx, actingUserId);
    return this.uow.run(mergeCtx, async (tx) => {
      const plan = await this.scenarios.find(tx, scenarioId, true);
      if (plan.status === 'MERGED') throw DomainError.conflict(`Scenario ${scenarioId} is already merged`);
      const changed = await this.repository.changedRecords(tx, plan.id);
      await this.refuseConflicts(tx, plan, ctx.livePlanId);
      const loaded = await this.load(tx, plan.id, ctx.livePlanId, changed);
      const counts: Record<string, number> = {};
      await this.deleteGone(tx, loaded, ctx.livePlanId, counts);
      await this.upsertChanged(tx, loaded, plan.id, ctx.livePlanId, counts);
      await this.plans.update(tx, plan.id, {
        status: 'MERGED',
        mergedAt: new Date(),
        mergedByUserId: mergeCtx.userId,
      });
      return { status: 'MERGED' as const, changes: counts };
    });
  }

  /** The live plan's context acting as the merging user, who must hold manage_scenarios. */
  private async mergeContext(ctx: RequestContext, actingUserId: string | null): Promise<RequestContext> {
    if (!actingUserId) throw DomainError.validation('X-Acting-User', 'merging needs the X-Acting-User header naming the user who merges');
    const user = await this.users.find(ctx, actingUserId);
    if (!user || !user.active || !expandUserPermissions(user.permissions).has('manage_scenarios')) {
      throw DomainError.forbidden('The acting user needs the manage_scenarios capability to merge');
    }
    return {
      ...ctx,
      planId: ctx.livePlanId,
      scenarioId: null,
      actor: { type: 'merge', id: user.id },
      permissions: new Set(API_PERMISSIONS),
      userId: user.id,
    };
  }

  /** 409 naming (up to 20) live records changed after the fork that the scenario changed too. */
  private async refuseConflicts(tx: Tx, plan: PlanEntity, livePlanId: string): Promise<void> {
    const plans = { live: livePlanId, scenario: plan.id };
    const conflicts = await this.repository.liveChangesAlsoIn(tx, plans, plan.forkedAt, 21);
    if (conflicts.length) {
      const names = conflicts.slice(0, 20).map((c) => `${c.entity_type} ${c.entity_id}`);
      throw DomainError.conflict(
        `Live records changed since the fork were also changed in the scenario: ${names.join(', ')}${conflicts.length > 20 ? ', ...' : ''}`,
      );
    }
  }

  /** Both versions (scenario and live) of the rows the scenario touched, per table, parents first. */
  private async load(tx: Tx, scenarioPlanId: string, livePlanId: string, changed: ChangedRecord[]): Promise<Loaded[]> {
    const touched = [];
    for (const table of this.scenarios.planningTables()) {
      const ids = new Set(changed.filter((c) => table.entityTypes.includes(c.entity_type)).map((c) => c.entity_id));
      if (table.relatedIds)
        for (const id of await table.relatedIds(tx, { scenario: scenarioPlanId, live: livePlanId }, changed)) ids.add(id);
      if (ids.size) touched.push({ table, ids: [...ids] });
    }
    // Set-based per table: read both versions of the touched rows, then one DELETE and one upsert.
    const loaded: Loaded[] = [];
    for (const { table, ids } of touched) {
      const rows: TableRows = { table, columns: this.scenarios.columnsOf(table) };
      const scenarioRows = await this.repository.rowsById(tx, rows, scenarioPlanId, ids);
      const liveRows = await this.repository.rowsById(tx, rows, livePlanId, ids);
      loaded.push({ rows, ids, scenarioRows, liveRows });
    }
    return loaded;
  }

  /** Deletes live rows the scenario deleted, children first. */
  private async deleteGone(tx: Tx, loaded: Loaded[], livePlanId: string, counts: Record<string, number>): Promise<void> {
    for (const { rows, ids, scenarioRows, liveRows } of [...loaded].reverse()) {
      const table = rows.table;
      const gone = ids.filter((id) => !scenarioRows.has(id) && liveRows.has(id));
      if (!gone.length) continue;
      await this.repository.deleteRows(tx, rows, livePlanId, gone);
      for (const id of gone) {
        const row = liveRows.get(id)!;
        count(counts, table.entityTypeOf(row));
        tx.record({ entityType: table.entityTypeOf(row), entityId: id, changeType: 'delete', before: table.payload(row), after: null });
      }
    }
  }

  /** Creates and updates, parents first, as one INSERT ... SELECT ... ON CONFLICT per table. */
  private async upsertChanged(
    tx: Tx,
    loaded: Loaded[],
    scenarioPlanId: string,
    livePlanId: string,
    counts: Record<string, number>,
  ): Promise<void> {
    for (const { rows, ids, scenarioRows, liveRows } of loaded) {
      const table = rows.table;
      const apply: string[] = [];
      for (const id of ids) {
        const row = scenarioRows.get(id);
        if (!row) continue;
        const live = liveRows.get(id);
        const after = table.payload(row);
        const before = live ? table.payload(live) : null;
        if (before && JSON.stringify(before) === JSON.stringify(after)) continue;
        apply.push(id);
        count(counts, table.entityTypeOf(row));
        tx.record({ entityType: table.entityTypeOf(row), entityId: id, changeType: before ? 'update' : 'create', before, after });
      }
      if (!apply.length) continue;
      await this.repository.upsertRows(tx, rows, scenarioPlanId, livePlanId, apply);
    }
  }
}

function count(counts: Record<string, number>, entityType: string): void {
  counts[entityType] = (counts[entityType] ?? 0) + 1;
}
