import { Injectable } from '@nestjs/common';
import { requirePermissions } from '../common/auth/permissions';
import type { PlanningTable } from '../crud/resources';
import type { TxScope } from '../database/unit-of-work';
import { ChangesPage, PlanningRow, ScenariosRepository, TableRows } from './scenarios.repository';
import { ScenariosService } from './scenarios.service';

/** One record the scenario changed against live, as a merge would apply it. */
export interface ScenarioChange {
  table: PlanningTable;
  entityType: string;
  entityId: string;
  change: 'create' | 'update' | 'delete';
  /** Live changed this record after the fork. */
  conflict: boolean;
}

/** Both versions of the rows of changed records of one table: the table's rows, then the scenario's and live's, by id. */
export interface ChangedRows {
  rows: TableRows;
  scenario: Map<string, PlanningRow>;
  live: Map<string, PlanningRow>;
}

/** The scenario as the computation needs it: its plan id and when it was forked. */
export interface ForkedPlan {
  id: string;
  forkedAt: Date | null;
}

const ALL: ChangesPage = { entityType: null, limit: null, offset: 0 };

/**
 * What a route does with a scenario's changes, and so which permission of each record type it changes the acting user
 * needs (spec 03 §1.17): `view` to show them (the diff), `edit` to apply them (the merge and its dry run).
 */
export type ChangesNeed = 'view' | 'edit';

/**
 * What a scenario changed against live data, computed in one way for the diff, the dry-run merge and the merge:
 * the records its change history names (plus the rows descriptors relate to them) whose scenario and live rows
 * differ, in merge order, with their entity types and conflicts (`scenarioChangesSql`, one statement of the
 * organization, after one that finds which tables the history touches).
 */
@Injectable()
export class ScenarioChanges {
  constructor(
    private readonly scenarios: ScenariosService,
    private readonly repository: ScenariosRepository,
  ) {}

  /**
   * Every change in merge order, or one page of them (of one entity type), and how many there are: refused (403
   * FORBIDDEN naming the permissions and types) unless the request holds `need`'s permission of the entity type
   * asked for and of every type the changes (all of them, not only the page) carry. Whatever reads or applies a
   * scenario's changes goes through here, so it names what it needs.
   */
  async list(
    scope: TxScope,
    plan: ForkedPlan,
    need: ChangesNeed,
    page: ChangesPage = ALL,
  ): Promise<{ total: number; changes: ScenarioChange[] }> {
    if (page.entityType !== null) this.requireRights(scope, [page.entityType], need);
    const named = new Set(await this.repository.changedTypes(scope, plan.id));
    const touches = (types: readonly string[] | undefined) => (types ?? []).some((type) => named.has(type));
    const tables = this.scenarios.planningTables().filter((table) => touches(table.entityTypes) || touches(table.related?.entityTypes));
    if (!tables.length) return { total: 0, changes: [] };
    const plans = { scenario: plan.id, live: scope.ctx.livePlanId, forkedAt: plan.forkedAt };
    const parts = tables.map((table) => ({ ...table, columns: this.scenarios.columnsOf(table) }));
    const { total, types, rows } = await this.repository.changes(scope, parts, plans, page);
    this.requireRights(scope, types, need);
    return {
      total,
      changes: rows.map((row) => ({
        table: tables[row.part],
        entityType: row.entity_type,
        entityId: row.id,
        change: row.change,
        conflict: row.conflict,
      })),
    };
  }

  /** The rows of the changed records in both plans: one read per table. */
  async rows(scope: TxScope, scenarioPlanId: string, changes: readonly ScenarioChange[]): Promise<Map<PlanningTable, ChangedRows>> {
    const idsByTable = new Map<PlanningTable, string[]>();
    for (const change of changes) idsByTable.set(change.table, [...(idsByTable.get(change.table) ?? []), change.entityId]);
    const found = new Map<PlanningTable, ChangedRows>();
    for (const [table, ids] of idsByTable) {
      const rows: TableRows = { table, columns: this.scenarios.columnsOf(table) };
      const byPlan = await this.repository.rowsByPlan(scope, rows, [scenarioPlanId, scope.ctx.livePlanId], ids);
      found.set(table, { rows, scenario: byPlan.get(scenarioPlanId)!, live: byPlan.get(scope.ctx.livePlanId)! });
    }
    return found;
  }

  /** 403 unless the request holds `need`'s permission of each of the entity types (those of the planning tables). */
  private requireRights(scope: TxScope, types: readonly string[], need: ChangesNeed): void {
    const tables = this.scenarios.planningTables();
    const permissionOf = (type: string) => {
      const table = tables.find((t) => (t.entityTypes as readonly string[]).includes(type));
      return table && (need === 'view' ? table.view : table.edit);
    };
    const refused = types.filter((type) => {
      const permission = permissionOf(type);
      return permission && !scope.ctx.permissions.has(permission);
    });
    if (!refused.length) return;
    const what =
      need === 'view'
        ? `to read the scenario's changes of ${refused.join(', ')}; entityType narrows the diff to the types one may read`
        : `to apply the scenario's changes of ${refused.join(', ')}`;
    requirePermissions(
      scope.ctx,
      refused.map((type) => permissionOf(type)!),
      what,
    );
  }

  /** The entity types a diff may be filtered by: those of the planning tables. */
  entityTypes(): Set<string> {
    return new Set(this.scenarios.planningTables().flatMap((table) => table.entityTypes));
  }
}

/** Changes per entity type (a merge's answer). */
export function countsOf(changes: readonly ScenarioChange[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const change of changes) counts[change.entityType] = (counts[change.entityType] ?? 0) + 1;
  return counts;
}

/**
 * The fields of an update whose values differ between the live and the scenario payloads; `updatedAt` only where
 * the table counts it as a change (a moved group or seat).
 */
export function changedFields(table: PlanningTable, live: Record<string, unknown>, scenario: Record<string, unknown>): string[] {
  const keys = [...new Set([...Object.keys(live), ...Object.keys(scenario)])];
  return keys.filter(
    (key) => (key !== 'updatedAt' || table.updatedAtIsChange) && JSON.stringify(live[key]) !== JSON.stringify(scenario[key]),
  );
}
