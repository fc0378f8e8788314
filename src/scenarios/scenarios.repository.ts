import { Injectable } from '@nestjs/common';
import { DataSource, In } from 'typeorm';
import { recordFromRow, selectRowsSql } from '../crud/row-sql';
import { EmScope, OrganizationRows, RowScope, scopeParts } from '../crud/organization-rows.repository';
import type { TxScope } from '../database/unit-of-work';
import type { Page } from '../common/http/envelopes';
import { ResourceCatalog, sqlLiteral, type PlanningTable } from '../crud/resources';
import { PlanEntity, type PlanStatus } from '../organizations/entities/plan.entity';
import { GenerateSql, type SqlSample } from '../common/generate-sql';

/** The `sql/` samples' planning table (teams unless named) with its columns. */
function sampleRows(s: SqlSample, name = 'teams'): TableRows {
  const table = s
    .get(ResourceCatalog)
    .planningTables()
    .find((t) => t.table === name)!;
  return { table, columns: s.em.connection.getMetadata(table.entity).columns.map((c) => c.databaseName) };
}

/**
 * The parts of a planning table that say what a scenario changed in it (`scenarioChangesSql`), with its column names
 * (the entity's, as `ScenariosService.columnsOf` reads them).
 */
export type ChangeTable = Pick<PlanningTable, 'table' | 'entityTypes' | 'entityTypeSql' | 'updatedAtIsChange' | 'related'> & {
  columns: readonly string[];
};

/** The two plans compared, and when the scenario was forked (live changes after it are conflicts). */
export interface ChangePlans {
  scenario: string;
  live: string;
  forkedAt: Date | null;
}

/** Which changes a statement returns: `limit` null for all of them; `entityType` null for every type. */
export interface ChangesPage {
  entityType: string | null;
  limit: number | null;
  offset: number;
}

/** One record the scenario changed: the index of its table in the tables given, its id, the change and its type. */
export interface ChangeRow {
  part: number;
  id: string;
  change: 'create' | 'update' | 'delete';
  entity_type: string;
  /** Live changed this record after the fork. */
  conflict: boolean;
}

/** The statement of `ScenariosRepository.rowsByPlan`: the organization's rows with those ids in those plans. */
export function rowsOfPlansSql(
  dataSource: DataSource,
  entity: PlanningTable['entity'],
  organizationId: string,
  planIds: readonly string[],
  ids: string[],
): { sql: string; params: unknown[] } {
  return selectRowsSql(dataSource, entity as new () => unknown, { organizationId, planId: planIds, id: ids });
}

/** The entity types a plan's change history names. */
export const CHANGED_TYPES_SQL = `SELECT DISTINCT entity_type FROM record_changes WHERE organization_id = $1 AND plan_id = $2`;

const list = (values: readonly string[]) => values.map(sqlLiteral).join(', ');

/**
 * One table's part of `scenarioChangesSql`: its records named by the history whose rows differ between the plans.
 * The plan ids are compared as values the planner does not see (a one-row subquery): a scenario forked a moment ago
 * has no statistics yet, and a plan id the statistics do not know is estimated at no rows, which lets PostgreSQL walk
 * another index of the (organization, plan) prefix once per record; unseen, a plan is estimated as an average one and
 * each row is found by its primary key.
 */
function tableChangesSql(table: ChangeTable, part: number): string {
  const named = `SELECT c.entity_id AS id FROM changed c WHERE c.entity_type IN (${list(table.entityTypes)})`;
  const related = table.related
    ? ` UNION SELECT r.id FROM (${table.related.idsSql({ organization: '$1', scenario: '$2', live: '$3', changed: 'changed' })}) r`
    : '';
  const compared = table.columns.filter((c) => c !== 'plan_id' && (c !== 'updated_at' || table.updatedAtIsChange));
  const row = (alias: string) => `(${compared.map((c) => `${alias}."${c}"`).join(', ')})`;
  return `SELECT ${part} AS part, x.id,
            CASE WHEN s.id IS NULL THEN 'delete' WHEN l.id IS NULL THEN 'create' ELSE 'update' END AS change,
            CASE WHEN s.id IS NULL THEN ${table.entityTypeSql('l')} ELSE ${table.entityTypeSql('s')} END AS entity_type,
            ARRAY[${list(table.entityTypes)}]::text[] AS types
       FROM (${related ? `${named}${related}` : `SELECT DISTINCT n.id FROM (${named}) n`}) x
       LEFT JOIN "${table.table}" s ON s.organization_id = $1 AND s.plan_id = (SELECT $2::varchar) AND s.id = x.id
       LEFT JOIN "${table.table}" l ON l.organization_id = $1 AND l.plan_id = (SELECT $3::varchar) AND l.id = x.id
      WHERE (s.id IS NOT NULL OR l.id IS NOT NULL)
        AND (s.id IS NULL OR l.id IS NULL OR ${row('s')} IS DISTINCT FROM ${row('l')})`;
}

/** Merge order: deletes first, children first (tables in reverse), then creates and updates, parents first; by id within a table. */
const MERGE_ORDER = (a: string) => `(${a}change = 'delete') DESC, CASE WHEN ${a}change = 'delete' THEN -${a}part ELSE ${a}part END, ${a}id`;

/**
 * What a scenario changed against live, in one statement of the organization: the records its change history names
 * (plus the declared related rows) in the tables given (indexes: the `part` of each row), whose scenario row and live
 * row differ (one missing: a create or a delete; both there and different in a column other than `plan_id` and, unless the
 * table counts it, `updated_at`: an update). A record changed and changed back is therefore none. Each carries its entity
 * type (of the row the merge applies) and whether live changed it after the fork; every row also carries the total and
 * the entity types of all the changes of `$5` (not only the page's). Parameters: $1 organization,
 * $2 scenario plan, $3 live plan, $4 fork time, $5 entity type or null, $6 limit or null, $7 offset. One row when
 * nothing matches (total 0, the rest null). Diff, dry-run merge and merge all read it.
 */
export function scenarioChangesSql(tables: readonly ChangeTable[]): string {
  return `WITH changed AS MATERIALIZED (
      SELECT DISTINCT entity_type, entity_id FROM record_changes WHERE organization_id = $1 AND plan_id = $2
    ), entries AS MATERIALIZED (
      ${tables.map((table, part) => tableChangesSql(table, part)).join(' UNION ALL ')}
    ), picked AS (
      SELECT * FROM entries WHERE $5::text IS NULL OR entity_type = $5::text
    )
    SELECT t.total, t.types, p.part, p.id, p.change, p.entity_type,
           p.id IS NOT NULL AND EXISTS (
             SELECT 1 FROM record_changes c
              WHERE c.organization_id = $1 AND c.plan_id = $3 AND c.created_at > $4 AND NOT c.organization_level
                AND c.entity_id = p.id AND c.entity_type = ANY(p.types)) AS conflict
      FROM (SELECT count(*)::int AS total, array_agg(DISTINCT entity_type) AS types FROM picked) t
      LEFT JOIN LATERAL (SELECT * FROM picked ORDER BY ${MERGE_ORDER('')} LIMIT $6 OFFSET $7) p ON true
     ORDER BY ${MERGE_ORDER('p.')}`;
}

/** A planning row as read back through its entity. */
export type PlanningRow = { id: string } & Record<string, unknown>;

/** One planning table's rows: its name, entity and column names (from the entity metadata); the scope gives the organization. */
export interface TableRows {
  table: PlanningTable;
  columns: string[];
}

/**
 * The scenario statuses that hold live history for a merge (spec 03 §1.22): the retention purge keeps the live changes
 * since the earliest fork of a scenario in one of them. A LOCKED or MERGED scenario holds nothing (a LOCKED one forked
 * before the purge's horizon can then no longer be merged). A SUBMITTED or APPROVED one is on its way to a merge.
 */
export const RETENTION_PINNING_STATUSES: readonly PlanStatus[] = ['OPEN', 'SUBMITTED', 'APPROVED'];

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
  @GenerateSql({
    params: (s) => [s.tx, { id: s.id, name: 'Hiring plan 2026', description: null, visibility: 'ORGANIZATION', ownerUserId: s.userId }],
  })
  async insertScenario(at: TxScope, plan: Pick<PlanEntity, 'id' | 'name' | 'description' | 'visibility' | 'ownerUserId'>): Promise<void> {
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
  @GenerateSql({ params: (s) => [s.tx, { page: 1, limit: 20, offset: 0 }] })
  scenarios(at: RowScope, page: Page): Promise<[PlanEntity[], number]> {
    return this.page(at, page, { kind: 'SCENARIO' });
  }

  /**
   * A page of the scenarios a user reads without manage_scenarios (src/access/scenario-access.ts): the ORGANIZATION
   * ones, those the user owns and those shared with the user (`sharedPlanIds`), newest first.
   */
  @GenerateSql({ params: (s) => [s.tx, { page: 1, limit: 20, offset: 0 }, s.userId, [s.id]] })
  readableScenarios(at: RowScope, page: Page, userId: string, sharedPlanIds: string[]): Promise<[PlanEntity[], number]> {
    const { organizationId, em } = scopeParts(at);
    const scenario = { organizationId, kind: 'SCENARIO' as const };
    return this.rows(em).findAndCount({
      where: [
        { ...scenario, visibility: 'ORGANIZATION' },
        { ...scenario, ownerUserId: userId },
        ...(sharedPlanIds.length ? [{ ...scenario, id: In(sharedPlanIds) }] : []),
      ],
      order: { createdAt: 'DESC', id: 'ASC' },
      skip: page.offset,
      take: page.limit,
    });
  }

  /**
   * What the retention purge must keep for the organization's scenarios: the earliest fork of a scenario whose status
   * pins history (`RETENTION_PINNING_STATUSES`: its merge reads the live changes since), and the merged scenarios
   * (their own history may go).
   */
  @GenerateSql({ params: (s) => [s.tx] })
  async retentionPins(at: EmScope): Promise<{ pinnedSince: Date | null; merged: string[] }> {
    const { organizationId, em } = scopeParts(at);
    const [row]: { pinned_since: Date | null; merged: string[] | null }[] = await em.query(
      `SELECT min(forked_at) FILTER (WHERE status = ANY($2)) AS pinned_since,
              array_agg(id ORDER BY id) FILTER (WHERE status = 'MERGED') AS merged
         FROM plans WHERE organization_id = $1 AND kind = 'SCENARIO'`,
      [organizationId, RETENTION_PINNING_STATUSES],
    );
    return { pinnedSince: row.pinned_since, merged: row.merged ?? [] };
  }

  /**
   * Before when the retention purge may have removed the organization's live changes (null: it removed none): a
   * scenario forked earlier cannot be checked for conflicts any more.
   */
  async livePurgedBefore(at: EmScope): Promise<Date | null> {
    const { organizationId, em } = scopeParts(at);
    const rows: { purged_before: Date | null }[] = await em.query(`SELECT purged_before FROM change_retention WHERE organization_id = $1`, [
      organizationId,
    ]);
    return rows[0]?.purged_before ?? null;
  }

  /** The organization's scenario; `lock` takes its row lock (FOR UPDATE). */
  @GenerateSql({ name: 'read', params: (s) => [s.tx, s.id] }, { name: 'locked', params: (s) => [s.tx, s.id, true] })
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
  @GenerateSql({ params: (s) => [s.tx, sampleRows(s), s.planId, s.id] })
  async copyPlan(tx: TxScope, rows: TableRows, fromPlanId: string, toPlanId: string): Promise<void> {
    const name = rows.table.table;
    await tx.em.query(
      `INSERT INTO "${name}" (${quoted(rows.columns)}) SELECT ${intoPlan(rows.columns)} FROM "${name}" WHERE organization_id = $3 AND plan_id = $2`,
      [toPlanId, fromPlanId, tx.ctx.organizationId],
    );
  }

  /** Deletes every row of the plan from the table (a scenario is deleted). */
  async deletePlanRows(tx: TxScope, table: PlanningTable, planId: string): Promise<void> {
    await tx.em.query(`DELETE FROM "${table.table}" WHERE organization_id = $1 AND plan_id = $2`, [tx.ctx.organizationId, planId]);
  }

  /** Deletes the plan's change history (a scenario's own changes: none of them is a live change with deliveries). */
  async deletePlanChanges(tx: TxScope, planId: string): Promise<void> {
    await tx.em.query(`DELETE FROM record_changes WHERE organization_id = $1 AND plan_id = $2`, [tx.ctx.organizationId, planId]);
  }

  /** The entity types the plan's change history names. */
  @GenerateSql({ params: (s) => [s.tx, s.planId] })
  async changedTypes(tx: TxScope, planId: string): Promise<string[]> {
    const rows: { entity_type: string }[] = await tx.em.query(CHANGED_TYPES_SQL, [tx.ctx.organizationId, planId]);
    return rows.map((r) => r.entity_type);
  }

  /**
   * What the scenario changed against live in the tables given (`scenarioChangesSql`), in merge order: the page
   * asked for (`limit` null: all of them) of the changes of `entityType` (null: every type), their total and their
   * entity types.
   */
  @GenerateSql({
    params: (s) => [
      s.tx,
      [sampleRows(s, 'teams'), sampleRows(s, 'assignments')].map(({ table, columns }) => ({ ...table, columns })),
      { scenario: s.id, live: s.planId, forkedAt: s.now },
      { entityType: null, limit: 20, offset: 0 },
    ],
  })
  async changes(
    tx: TxScope,
    tables: readonly ChangeTable[],
    plans: ChangePlans,
    page: ChangesPage,
  ): Promise<{ total: number; types: string[]; rows: ChangeRow[] }> {
    const found: (ChangeRow & { total: number; types: string[] | null })[] = await tx.em.query(scenarioChangesSql(tables), [
      tx.ctx.organizationId,
      plans.scenario,
      plans.live,
      plans.forkedAt,
      page.entityType,
      page.limit,
      page.offset,
    ]);
    return {
      total: found[0]?.total ?? 0,
      types: found[0]?.types ?? [],
      rows: found.filter((r) => r.id !== null).map(({ total: _t, types: _types, ...row }) => row),
    };
  }

  /** The rows with those ids in either plan, as records of the table's entity (`rowsOfPlansSql`): one map per plan, by id. */
  @GenerateSql({ params: (s) => [s.tx, sampleRows(s), [s.id, s.planId], [s.id]] })
  async rowsByPlan(
    tx: TxScope,
    rows: TableRows,
    planIds: readonly string[],
    ids: string[],
  ): Promise<Map<string, Map<string, PlanningRow>>> {
    const { sql, params } = rowsOfPlansSql(tx.em.connection, rows.table.entity, tx.ctx.organizationId, planIds, ids);
    const found: Record<string, unknown>[] = await tx.em.query(sql, params);
    const byPlan = new Map(planIds.map((plan) => [plan, new Map<string, PlanningRow>()]));
    for (const raw of found) {
      const row = recordFromRow(tx.em.connection, rows.table.entity as new () => PlanningRow, raw);
      byPlan.get(row.planId as string)!.set(row.id, row);
    }
    return byPlan;
  }

  /** Deletes the rows with those ids from the plan. */
  @GenerateSql({ params: (s) => [s.tx, sampleRows(s), s.id, [s.id]] })
  async deleteRows(tx: TxScope, rows: TableRows, planId: string, ids: string[]): Promise<void> {
    await tx.em.query(`DELETE FROM "${rows.table.table}" WHERE organization_id = $3 AND plan_id = $1 AND id = ANY($2)`, [
      planId,
      ids,
      tx.ctx.organizationId,
    ]);
  }

  /** Writes the rows with those ids of plan `fromPlanId` into plan `toPlanId`, inserting or replacing them (the key columns stay). */
  @GenerateSql({ params: (s) => [s.tx, sampleRows(s), s.id, s.planId, [s.id]] })
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
