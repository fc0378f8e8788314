import { Injectable } from '@nestjs/common';
import { DataSource, In } from 'typeorm';
import { EmScope, OrganizationRows, RowScope, scopeParts } from '../crud/organization-rows.repository';
import type { TxScope } from '../database/unit-of-work';
import type { Page } from '../common/http/envelopes';
import type { PlanningTable } from '../crud/resources';
import { PlanEntity } from '../organizations/entities/plan.entity';

/** A record a plan's change history names. */
export type ChangedRecord = { entity_type: string; entity_id: string };

/** A planning row as read back through its entity. */
export type PlanningRow = { id: string } & Record<string, unknown>;

/** One planning table's rows: its name, entity and column names (from the entity metadata); the scope gives the organization. */
export interface TableRows {
  table: PlanningTable;
  columns: string[];
}

const quoted = (columns: string[]) => columns.map((c) => `"${c}"`).join(', ');
/** The columns selected from a source plan's rows to write them into plan $1. */
const intoPlan = (columns: string[]) => columns.map((c) => (c === 'plan_id' ? '$1' : `"${c}"`)).join(', ');

/** The organization's scenarios (plan rows of kind SCENARIO; organization-level rows of the application API), newest first. */
@Injectable()
export class ScenarioPlansRepository extends OrganizationRows<PlanEntity> {
  constructor(dataSource: DataSource) {
    super(dataSource, PlanEntity, { createdAt: 'DESC', id: 'ASC' });
  }

  /** Inserts a scenario plan (forked now). */
  async insertScenario(at: TxScope, plan: Pick<PlanEntity, 'id' | 'name' | 'description'>): Promise<void> {
    await this.insert(at, {
      ...plan,
      kind: 'SCENARIO',
      status: 'OPEN',
      forkedAt: () => 'now()',
      mergedAt: null,
      mergedByUserId: null,
    });
  }

  /** A page of the organization's scenarios, newest first. */
  scenarios(at: RowScope, page: Page): Promise<[PlanEntity[], number]> {
    return this.page(at, page, { kind: 'SCENARIO' });
  }

  /**
   * What the retention purge must keep for the organization's scenarios: the earliest fork of a scenario not
   * yet merged (its merge reads the live changes since), and the merged scenarios (their history may go).
   */
  async retentionPins(at: EmScope): Promise<{ unmergedSince: Date | null; merged: string[] }> {
    const { organizationId, em } = scopeParts(at);
    const [row]: { unmerged_since: Date | null; merged: string[] | null }[] = await em.query(
      `SELECT min(forked_at) FILTER (WHERE status <> 'MERGED') AS unmerged_since,
              array_agg(id ORDER BY id) FILTER (WHERE status = 'MERGED') AS merged
         FROM plans WHERE organization_id = $1 AND kind = 'SCENARIO'`,
      [organizationId],
    );
    return { unmergedSince: row.unmerged_since, merged: row.merged ?? [] };
  }

  /** The organization's scenario; `lock` takes its row lock (FOR UPDATE). */
  scenario(at: RowScope, id: string, lock = false): Promise<PlanEntity | null> {
    const { organizationId, em } = scopeParts(at);
    return this.rows(em).findOne({
      where: { id, organizationId, kind: 'SCENARIO' },
      ...(lock ? { lock: { mode: 'pessimistic_write' as const } } : {}),
    });
  }
}

/**
 * The scenarios' SQL over the planning tables (fork copies, merge reads and writes) and the plans'
 * change histories. Every statement runs in the caller's transaction (the scope's `em`) and is routed by its organization.
 */
@Injectable()
export class ScenariosRepository {
  /** Copies every row of plan `fromPlanId` into plan `toPlanId` (same ids). */
  async copyPlan(tx: TxScope, rows: TableRows, fromPlanId: string, toPlanId: string): Promise<void> {
    const name = rows.table.table;
    await tx.em.query(
      `INSERT INTO "${name}" (${quoted(rows.columns)}) SELECT ${intoPlan(rows.columns)} FROM "${name}" WHERE organization_id = $3 AND plan_id = $2`,
      [toPlanId, fromPlanId, tx.ctx.organizationId],
    );
  }

  /** Every record the plan's change history names, once. */
  changedRecords(tx: TxScope, planId: string): Promise<ChangedRecord[]> {
    return tx.em.query(`SELECT DISTINCT entity_type, entity_id FROM record_changes WHERE organization_id = $2 AND plan_id = $1`, [
      planId,
      tx.ctx.organizationId,
    ]);
  }

  /**
   * Up to `limit` records (by type and id) changed in the live plan after `since` (plan-level changes only)
   * that the scenario's history names too.
   */
  liveChangesAlsoIn(tx: TxScope, plans: { live: string; scenario: string }, since: Date | null, limit: number): Promise<ChangedRecord[]> {
    return tx.em.query(
      `SELECT DISTINCT c.entity_type, c.entity_id FROM record_changes c
        WHERE c.organization_id = $4 AND c.plan_id = $1 AND c.created_at > $2 AND NOT c.organization_level
          AND EXISTS (SELECT 1 FROM record_changes s
                       WHERE s.organization_id = $4 AND s.plan_id = $3 AND s.entity_type = c.entity_type AND s.entity_id = c.entity_id)
        ORDER BY 1, 2 LIMIT $5`,
      [plans.live, since, plans.scenario, tx.ctx.organizationId, limit],
    );
  }

  /** The rows with those ids in the plan, by id, read as the table's entity. */
  async rowsById(tx: TxScope, rows: TableRows, planId: string, ids: string[]): Promise<Map<string, PlanningRow>> {
    const found = await tx.em.getRepository(rows.table.entity).findBy({ organizationId: tx.ctx.organizationId, planId, id: In(ids) });
    return new Map(found.map((r) => [r.id as string, r as PlanningRow]));
  }

  /** Deletes the rows with those ids from the plan. */
  async deleteRows(tx: TxScope, rows: TableRows, planId: string, ids: string[]): Promise<void> {
    await tx.em.query(`DELETE FROM "${rows.table.table}" WHERE organization_id = $3 AND plan_id = $1 AND id = ANY($2)`, [
      planId,
      ids,
      tx.ctx.organizationId,
    ]);
  }

  /** Writes the rows with those ids of plan `fromPlanId` into plan `toPlanId`, inserting or replacing them (the key columns stay). */
  async upsertRows(tx: TxScope, rows: TableRows, fromPlanId: string, toPlanId: string, ids: string[]): Promise<void> {
    const name = rows.table.table;
    const updates = rows.columns
      .filter((c) => c !== 'organization_id' && c !== 'plan_id' && c !== 'id')
      .map((c) => `"${c}" = EXCLUDED."${c}"`)
      .join(', ');
    await tx.em.query(
      `INSERT INTO "${name}" (${quoted(rows.columns)}) SELECT ${intoPlan(rows.columns)} FROM "${name}" WHERE organization_id = $4 AND plan_id = $2 AND id = ANY($3)
       ON CONFLICT (organization_id, plan_id, id) DO UPDATE SET ${updates}`,
      [toPlanId, fromPlanId, ids, tx.ctx.organizationId],
    );
  }
}
