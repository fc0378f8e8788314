import { In, type DataSource, type FindOptionsWhere, type Repository, type SelectQueryBuilder } from 'typeorm';
import type { RequestContext } from '../common/auth/request-context';
import type { Tx } from '../database/unit-of-work';
import type { QueryDeepPartialEntity } from 'typeorm/query-builder/QueryPartialEntity';
import { decimalToString } from '../common/decimals';
import { DomainError } from '../common/errors/domain-error';
import { newId } from '../common/ids';
import type { CrudEntity, CrudSpec, Reference } from './crud.types';
import { insertRowsSql, lockRowsSql, recordFromRow, RowWhere, selectRowsSql, updateRowsSql } from './row-sql';
import type { TxScope } from '../database/unit-of-work';
import { poolReadManager } from '../database/pool-reads';
import { GenerateSql } from '../common/generate-sql';

/**
 * The rows of one resource's table as CrudService writes them: multi-row `INSERT ... RETURNING *`,
 * locked reads by id, multi-row `UPDATE ... RETURNING *` of what changed since such a read, and raw rows
 * to records. Records written here are recorded (history, events) by the service, not here.
 */
export class RecordRows<E extends CrudEntity> {
  /** Page and count statement texts of list queries (named parameters), by shape: see `listPage`. */
  private readonly listTexts = new Map<string, { page: string; count: string }>();
  /** Column values of records as read under a write lock, by record object (see writeChanges). */
  private readonly readForWrite = new WeakMap<object, Record<string, unknown>>();

  constructor(
    private readonly dataSource: DataSource,
    private readonly spec: Pick<CrudSpec<E, unknown>, 'entity' | 'label' | 'planScoped'>,
  ) {}

  /**
   * A record from a raw row, already typed by pg: of a `r`-aliased query (columns come back as
   * `r_<column>`), or with `prefix: ''` of a `RETURNING *` or `SELECT *`.
   */
  fromRaw(raw: Record<string, unknown>, prefix = 'r_'): E {
    return recordFromRow(this.dataSource, this.spec.entity, raw, prefix);
  }

  /** Keeps a record read under a write lock as read: writeChanges then writes only what changed since. */
  keepAsRead(entity: E): void {
    this.readForWrite.set(entity, { ...(entity as Record<string, unknown>) });
  }

  isKeptAsRead(entity: E): boolean {
    return this.readForWrite.has(entity);
  }

  /**
   * Inserts new records of the request's organization (and plan) with multi-row `INSERT ... RETURNING *`
   * (the rows as a read of them would give: defaults, timestamps, numeric scale), in the order given.
   */
  @GenerateSql({ params: (s) => [s.tx, [{ id: s.id, name: 'Payments Platform' }]] })
  async insert(tx: Tx, fieldsList: Partial<E>[]): Promise<E[]> {
    this.assertWritableIn(tx.ctx);
    const scope = { organizationId: tx.ctx.organizationId, ...(this.spec.planScoped ? { planId: tx.ctx.planId } : {}) };
    const values = fieldsList.map((fields) => ({ ...fields, id: newId(), ...scope }));
    const byId = new Map<unknown, E>();
    for (const { sql, params } of insertRowsSql(this.dataSource, this.spec.entity, values)) {
      for (const raw of (await tx.em.query(sql, params)) as Record<string, unknown>[]) byId.set(raw.id, this.fromRaw(raw, ''));
    }
    return values.map((value) => byId.get(value.id)!);
  }

  /**
   * Records of the request's organization (and plan) by id, locked for a write (FOR UPDATE, in id
   * order, so that two writers of the same records never wait on each other in a circle), in the order
   * of `ids`; ids that match nothing are left out. Kept as read.
   */
  @GenerateSql({ params: (s) => [s.tx, [s.id]] })
  async findForWrite(tx: Tx, ids: string[]): Promise<E[]> {
    const { sql, params } = lockRowsSql(this.dataSource, this.spec.entity, this.keyScope(tx.ctx), [...new Set(ids)].sort());
    const rows = (await tx.em.query(sql, params)) as Record<string, unknown>[];
    const byId = new Map(rows.map((raw) => [raw.id as string, this.fromRaw(raw, '')]));
    const found: E[] = [];
    for (const id of ids) {
      const entity = byId.get(id);
      if (!entity) continue;
      this.keepAsRead(entity);
      found.push(entity);
    }
    return found;
  }

  /**
   * Records kept as read written back in one `UPDATE ... FROM (VALUES ...) RETURNING *`: the records
   * with a column changed since that read, each with its own values; a record with no change is not
   * written (its `updatedAt` does not move) and comes back as it is.
   */
  @GenerateSql({
    params: (s, self) => {
      const rows = self as RecordRows<CrudEntity & { name: string }>;
      const team = rows.fromRaw({ id: s.id, organization_id: s.organizationId, plan_id: s.planId, name: 'Payments' }, '');
      rows.keepAsRead(team);
      team.name = 'Payments Platform';
      return [s.tx, [team]];
    },
  })
  async writeChanges(tx: Tx, entities: E[]): Promise<E[]> {
    this.assertWritableIn(tx.ctx);
    const metadata = this.dataSource.getMetadata(this.spec.entity);
    const writable = metadata.columns.filter((column) => !column.isPrimary && !column.isCreateDate && !column.isUpdateDate);
    const changedColumns = new Set<(typeof writable)[number]>();
    const changed: E[] = [];
    for (const entity of entities) {
      const read = this.readForWrite.get(entity);
      if (!read) throw new Error(`${this.spec.label} ${entity.id} was not read for a write`);
      const columns = writable.filter((column) => {
        const value = (entity as Record<string, unknown>)[column.propertyName];
        return value !== undefined && !sameColumnValue(value, read[column.propertyName], column.type);
      });
      for (const column of columns) changedColumns.add(column);
      if (columns.length) changed.push(entity);
    }
    if (!changed.length) return entities;
    const columns = writable.filter((column) => changedColumns.has(column));
    const { sql, params } = updateRowsSql(
      this.dataSource,
      this.spec.entity,
      this.keyScope(tx.ctx),
      columns,
      changed.map((entity) => ({ id: entity.id, values: this.currentValues(entity, columns) })),
    );
    const [rows] = (await tx.em.query(sql, params)) as [Record<string, unknown>[], number];
    const byId = new Map(rows.map((raw) => [raw.id, this.fromRaw(raw, '')]));
    return entities.map((entity) => byId.get(entity.id) ?? entity);
  }

  /**
   * A record and every record above it by a self-reference (`parent`: teams' parentTeamId, employees'
   * managerId), nearest first, in the request's plan; at most 1,000 levels.
   */
  @GenerateSql({ params: (s) => [s.tx, s.id, 'parentTeamId'] })
  async chainUp(tx: TxScope, id: string, parent: keyof E & string): Promise<string[]> {
    const { table, scope, parentColumn } = this.selfReference(parent);
    const rows: { id: string }[] = await tx.em.query(
      `WITH RECURSIVE up(id, parent, depth) AS (
         SELECT id, "${parentColumn}", 0 FROM "${table}" WHERE organization_id = $3 AND "${scope.column}" = $1 AND id = $2
         UNION ALL
         SELECT r.id, r."${parentColumn}", up.depth + 1 FROM "${table}" r
           JOIN up ON r.organization_id = $3 AND r."${scope.column}" = $1 AND r.id = up.parent
          WHERE up.depth < 1000)
       SELECT id FROM up ORDER BY depth`,
      [scope.value(tx.ctx), id, tx.ctx.organizationId],
    );
    return rows.map((row) => row.id);
  }

  /** Whether following a self-reference up from any of `ids` comes back to where it started. */
  @GenerateSql({ params: (s) => [s.tx, [s.id], 'parentTeamId'] })
  async hasLoop(tx: TxScope, ids: string[], parent: keyof E & string): Promise<boolean> {
    const { table, scope, parentColumn } = this.selfReference(parent);
    const loops: unknown[] = await tx.em.query(
      `WITH RECURSIVE up(start, id, depth) AS (
         SELECT r.id, r."${parentColumn}", 1 FROM "${table}" r
          WHERE r.organization_id = $3 AND r."${scope.column}" = $1 AND r.id = ANY($2) AND r."${parentColumn}" IS NOT NULL
         UNION ALL
         SELECT up.start, r."${parentColumn}", up.depth + 1 FROM up
           JOIN "${table}" r ON r.organization_id = $3 AND r."${scope.column}" = $1 AND r.id = up.id
          WHERE r."${parentColumn}" IS NOT NULL AND up.id <> up.start AND up.depth < 1000)
       SELECT 1 FROM up WHERE id = start LIMIT 1`,
      [scope.value(tx.ctx), ids, tx.ctx.organizationId],
    );
    return loops.length > 0;
  }

  private selfReference(parent: string) {
    const metadata = this.dataSource.getMetadata(this.spec.entity);
    const column = (property: string) => metadata.findColumnWithPropertyName(property)!.databaseName;
    const planScoped = this.spec.planScoped;
    return {
      table: metadata.tableName,
      parentColumn: column(parent),
      scope: {
        column: column(planScoped ? 'planId' : 'organizationId'),
        value: (ctx: RequestContext) => (planScoped ? ctx.planId : ctx.organizationId),
      },
    };
  }

  /** The values to write for `columns`: the record's, or as read where it leaves one undefined. */
  private currentValues(entity: E, columns: { propertyName: string }[]): Record<string, unknown> {
    const read = this.readForWrite.get(entity)!;
    const values: Record<string, unknown> = {};
    for (const { propertyName } of columns) {
      const value = (entity as Record<string, unknown>)[propertyName];
      values[propertyName] = value === undefined ? read[propertyName] : value;
    }
    return values;
  }

  /** The records of the request's organization (and plan) matching `where`, in `order` (by property) when given. */
  @GenerateSql({ params: (s) => [s.tx, { id: [s.id] }] })
  async findWhere({ ctx, em }: TxScope, where: RowWhere<E>, order?: { [K in keyof E]?: 'ASC' | 'DESC' }): Promise<E[]> {
    const { sql, params } = selectRowsSql(
      this.dataSource,
      this.spec.entity,
      { ...this.keyScope(ctx), ...where },
      {
        order: order as Record<string, 'ASC' | 'DESC'> | undefined,
      },
    );
    const rows = (await em.query(sql, params)) as Record<string, unknown>[];
    return rows.map((raw) => this.fromRaw(raw, ''));
  }

  /** One record of the request's organization (and plan) matching `key` (an id or an externalId), optionally locked. */
  @GenerateSql({ name: 'read', params: (s) => [s.tx, { id: s.id }] }, { name: 'locked', params: (s) => [s.tx, { id: s.id }, true] })
  async findOne({ ctx, em }: TxScope, key: RowWhere<E>, lock: boolean | 'share' = false): Promise<E | null> {
    const { sql, params } = selectRowsSql(
      this.dataSource,
      this.spec.entity,
      { ...this.keyScope(ctx), ...key },
      {
        limit: 1,
        lock: lock === 'share' ? 'share' : lock ? 'update' : undefined,
      },
    );
    const [raw] = (await em.query(sql, params)) as Record<string, unknown>[];
    return raw ? this.fromRaw(raw, '') : null;
  }

  /** Sets `patch` on the records `ids` of the request's organization (and plan). */
  @GenerateSql({ params: (s) => [s.tx, [s.id], { updatedAt: s.now }] })
  async updateIds({ ctx, em }: TxScope, ids: string[], patch: QueryDeepPartialEntity<E>): Promise<void> {
    this.assertWritableIn(ctx);
    if (ids.length) await this.repository(em).update({ ...this.keyScope(ctx), id: In(ids) } as FindOptionsWhere<E>, patch);
  }

  /** Deletes the records `ids` of the request's organization (and plan). */
  @GenerateSql({ params: (s) => [s.tx, [s.id]] })
  async deleteIds({ ctx, em }: TxScope, ids: string[]): Promise<void> {
    this.assertWritableIn(ctx);
    if (ids.length) await this.repository(em).delete({ ...this.keyScope(ctx), id: In(ids) } as FindOptionsWhere<E>);
  }

  /** A list query (alias `r`) over the organization's (and plan's) records, on the pool: lists add their conditions and order. */
  listQuery(ctx: RequestContext): SelectQueryBuilder<E> {
    const qb = this.repository(this.dataSource.manager)
      .createQueryBuilder('r')
      .where('r.organizationId = :org', { org: ctx.organizationId });
    if (this.spec.planScoped) qb.andWhere('r.planId = :plan', { plan: ctx.planId });
    return qb;
  }

  /**
   * A list page of `qb` (from `listQuery`, with its conditions, order, offset and limit) and the count of all its
   * matches, side by side on two pool connections (no transaction is open), rows mapped without entity hydration.
   * TypeORM writes the two statement texts once per shape of the query (its conditions as written, its order,
   * offset and limit: the values are parameters) and they are kept, since building them costs more CPU than
   * PostgreSQL spends on a page; a query with joins or a condition that is not text takes TypeORM's own path.
   */
  async listPage(qb: SelectQueryBuilder<E>): Promise<{ rows: E[]; total: number }> {
    const map = qb.expressionMap;
    if (map.joinAttributes.length || !map.wheres.every((w) => typeof w.condition === 'string')) {
      const [raws, total] = await Promise.all([
        qb.getRawMany<Record<string, unknown>>(),
        qb.clone().offset(undefined).limit(undefined).orderBy().getCount(),
      ]);
      return { rows: raws.map((raw) => this.fromRaw(raw)), total };
    }
    const shape = JSON.stringify([map.selects, map.wheres.map((w) => [w.type, w.condition]), map.orderBys, map.offset, map.limit]);
    let texts = this.listTexts.get(shape);
    if (!texts) {
      // The count as SelectQueryBuilder.getCount writes it for a query without joins.
      const count = qb.clone().orderBy().offset(undefined).limit(undefined).select('COUNT(1)', 'cnt').getQuery();
      texts = { page: qb.getQuery(), count };
      if (this.listTexts.size < 1_000) this.listTexts.set(shape, texts);
    }
    const parameters = qb.getParameters();
    const driver = this.dataSource.driver;
    const [pageSql, pageParams] = driver.escapeQueryWithParameters(texts.page, parameters);
    const [countSql, countParams] = driver.escapeQueryWithParameters(texts.count, parameters);
    const em = poolReadManager(this.dataSource);
    const [raws, counted] = await Promise.all([
      em.query(pageSql, pageParams) as Promise<Record<string, unknown>[]>,
      em.query(countSql, countParams) as Promise<{ cnt: number | string }[]>,
    ]);
    return { rows: raws.map((raw) => this.fromRaw(raw)), total: Number(counted[0]?.cnt ?? 0) };
  }

  /**
   * Spec 03 §1 item 15: a write inside a scenario never changes live records. Records without a plan (reference
   * data, attribute definitions) are the organization's live data: a scenario write that reaches one is refused
   * here, whatever path it came by (the paths that can give a better answer, such as a nested jobRole, do first).
   */
  private assertWritableIn(ctx: RequestContext): void {
    if (this.spec.planScoped || ctx.planId === ctx.livePlanId) return;
    throw DomainError.validation(
      'scenarioId',
      `${this.spec.label} records are live data of the organization: a write inside a scenario cannot change them; change them in live data`,
    );
  }

  private repository(em: TxScope['em']): Repository<E> {
    return em.getRepository(this.spec.entity);
  }

  /**
   * The tenant condition of statements by id, the primary key's leading columns (spec 05 §1: keys lead with organization_id): the
   * organization, and the plan of plan-scoped records, whose primary key is (organization_id, plan_id, id).
   */
  private keyScope(ctx: RequestContext): Record<string, string> {
    return this.spec.planScoped ? { organizationId: ctx.organizationId, planId: ctx.planId } : { organizationId: ctx.organizationId };
  }
}

/** Whether a column still holds what was read: numerics by decimal text ('1' = '1.00'), times by instant, JSON by text. */
function sameColumnValue(value: unknown, read: unknown, type: unknown): boolean {
  if (value === read) return true;
  if (value === null || read === null || value === undefined || read === undefined) return false;
  if (type === 'numeric' || type === 'decimal')
    return decimalToString(value as string | number) === decimalToString(read as string | number);
  if (value instanceof Date && read instanceof Date) return value.getTime() === read.getTime();
  if (typeof value === 'object' && typeof read === 'object') return JSON.stringify(value) === JSON.stringify(read);
  return false;
}

/** How many rows of a referencing table point at a record (in its plan when both sides are planning records). */
export async function countReferences(tx: TxScope, ref: Reference, targetId: string, targetPlanScoped: boolean): Promise<number> {
  const params: unknown[] = [tx.ctx.organizationId, targetId];
  let sql = `SELECT count(*)::int AS n FROM ${ref.table} WHERE organization_id = $1 AND ${ref.column} = $2`;
  if (ref.planScoped && targetPlanScoped) {
    sql += ' AND plan_id = $3';
    params.push(tx.ctx.planId);
  }
  const [{ n }]: { n: number }[] = await tx.em.query(sql, params);
  return n;
}

/** The ids and externalIds of the records of the request's organization (and plan) carrying one of these externalIds. */
export function idsByExternalId(
  tx: TxScope,
  spec: { table: string; planScoped: boolean },
  externalIds: string[],
): Promise<{ id: string; external_id: string }[]> {
  // uq_<table>_external_id is (organization_id[, plan_id], external_id): see RecordRows.keyScope.
  return tx.em.query(
    `SELECT id, external_id FROM ${spec.table} WHERE organization_id = $1 AND ${spec.planScoped ? 'plan_id = $3 AND ' : ''}external_id = ANY($2)`,
    spec.planScoped ? [tx.ctx.organizationId, externalIds, tx.ctx.planId] : [tx.ctx.organizationId, externalIds],
  );
}
