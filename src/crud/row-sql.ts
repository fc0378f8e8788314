import type { DataSource, EntityMetadata } from 'typeorm';
import type { ColumnMetadata } from 'typeorm/metadata/ColumnMetadata';

/** PostgreSQL's limit of parameters per statement. */
const MAX_PARAMETERS = 65_535;

export interface Statement {
  sql: string;
  params: unknown[];
}

/**
 * `INSERT INTO <table> (<columns>) VALUES (...), (...) RETURNING *` for records of an entity, as few
 * statements as PostgreSQL's parameter limit allows. Columns are those any record sets; a record
 * that leaves one undefined gets its DEFAULT (as TypeORM's insert would). Values are converted by
 * the driver as TypeORM converts them (dates, JSON, transformers). Built by hand because TypeORM's
 * query builder spends more CPU on a 50-row insert than PostgreSQL spends running it.
 */
export function insertRowsSql(dataSource: DataSource, entity: new () => unknown, rows: Record<string, unknown>[]): Statement[] {
  const metadata = dataSource.getMetadata(entity);
  const columns = metadata.columns.filter((column) => rows.some((row) => row[column.propertyName] !== undefined));
  const perStatement = Math.max(1, Math.floor(MAX_PARAMETERS / Math.max(1, columns.length)));
  const statements: Statement[] = [];
  for (let start = 0; start < rows.length; start += perStatement) {
    const params: unknown[] = [];
    const tuples = rows.slice(start, start + perStatement).map((row) => {
      const cells = columns.map((column) => {
        const value = row[column.propertyName];
        if (value === undefined) return 'DEFAULT';
        params.push(dataSource.driver.preparePersistentValue(value, column));
        return `$${params.length}`;
      });
      return `(${cells.join(', ')})`;
    });
    statements.push({
      sql: `INSERT INTO ${tableName(metadata)} (${columns.map((c) => `"${c.databaseName}"`).join(', ')}) VALUES ${tuples.join(', ')} RETURNING *`,
      params,
    });
  }
  return statements;
}

/** One record's new values by column (property names), keyed by its id. */
export interface RowUpdate {
  id: string;
  values: Record<string, unknown>;
}

/**
 * `UPDATE <table> AS t SET <columns> = v.<columns>, <update-date columns> = CURRENT_TIMESTAMP FROM (VALUES ...) AS v
 * CROSS JOIN LATERAL (SELECT ctid FROM <table> WHERE <scope> AND id = v.id OFFSET 0) AS k WHERE t.ctid = k.ctid
 * RETURNING t.*`: many records, each with its own values, in one statement. Every row sets every column named in
 * `columns` (callers pass the value a record already has for a column it does not change). `scope` (column ->
 * value: the organization, and the plan of planning tables) keeps the statement inside one tenant and plan: it
 * goes in the look-up, which is then the whole primary key (organization_id, plan_id, id) (every key leads with organization_id, spec 05 §1).
 * Before keys led with organization_id, that condition made PostgreSQL walk idx_employees_sort_last_name once
 * per id (2.4 ms each).
 * Each record is found by its key alone (the lateral lookup cannot become a scan of the plan's rows) and written
 * through its row's address: on a table not yet analyzed, a join of the values with `t` by id made the planner
 * hash every row of the plan for each statement (see docs/decisions.md). Callers have the rows locked (FOR
 * UPDATE) beforehand, so no other transaction moves them in between. The scope is repeated on `t`: Citus routes
 * the statement to one worker only when every reference to a distributed table names the organization (a join by
 * ctid alone is refused there); PostgreSQL applies it as a filter on the one row the address finds.
 * Cells are cast to the column's type without length (so the column's own limits still raise errors).
 */
export function updateRowsSql(
  dataSource: DataSource,
  entity: new () => unknown,
  scope: Record<string, unknown>,
  columns: ColumnMetadata[],
  rows: RowUpdate[],
): Statement {
  const metadata = dataSource.getMetadata(entity);
  const params: unknown[] = [];
  const param = (value: unknown) => `$${params.push(value)}`;
  const idColumn = columnOf(metadata, 'id');
  const tuples = rows.map(
    ({ id, values }) =>
      `(${[
        `${param(id)}::${castType(dataSource, idColumn)}`,
        ...columns.map((c) => `${param(dataSource.driver.preparePersistentValue(values[c.propertyName], c))}::${castType(dataSource, c)}`),
      ].join(', ')})`,
  );
  const scoped = Object.entries(scope).map(([property, value]) => [columnOf(metadata, property).databaseName, param(value)]);
  const where = scoped.map(([column, placeholder]) => `"${column}" = ${placeholder}`);
  const sets = [
    ...columns.map((c) => `"${c.databaseName}" = v."${c.databaseName}"`),
    ...metadata.columns.filter((c) => c.isUpdateDate).map((c) => `"${c.databaseName}" = CURRENT_TIMESTAMP`),
  ];
  const names = ['id', ...columns.map((c) => c.databaseName)].map((name) => `"${name}"`);
  return {
    sql:
      `UPDATE ${tableName(metadata)} AS t SET ${sets.join(', ')} FROM (VALUES ${tuples.join(', ')}) AS v(${names.join(', ')}) ` +
      `CROSS JOIN LATERAL (SELECT ctid FROM ${tableName(metadata)} WHERE ${[...where, '"id" = v."id"'].join(' AND ')} OFFSET 0) AS k ` +
      `WHERE t.ctid = k.ctid${scoped.map(([column, placeholder]) => ` AND t."${column}" = ${placeholder}`).join('')} RETURNING t.*`,
    params,
  };
}

/**
 * `SELECT r.* FROM unnest($ids) AS k(id) CROSS JOIN LATERAL (SELECT * FROM <table> WHERE <scope> AND id = k.id
 * FOR UPDATE) AS r`: records by id, locked for a write in the order of `ids`, each found by its key alone (see
 * updateRowsSql). `scope` (column -> value) as there.
 */
export function lockRowsSql(dataSource: DataSource, entity: new () => unknown, scope: Record<string, unknown>, ids: string[]): Statement {
  const metadata = dataSource.getMetadata(entity);
  const params: unknown[] = [ids];
  const param = (value: unknown) => `$${params.push(value)}`;
  const where = Object.entries(scope).map(([property, value]) => `"${columnOf(metadata, property).databaseName}" = ${param(value)}`);
  return {
    sql:
      `SELECT r.* FROM unnest($1::${castType(dataSource, columnOf(metadata, 'id'))}[]) AS k(id) ` +
      `CROSS JOIN LATERAL (SELECT * FROM ${tableName(metadata)} WHERE ${[...where, '"id" = k.id'].join(' AND ')} FOR UPDATE) AS r`,
    params,
  };
}

/**
 * What a record's column must match in `selectRowsSql`: a value (`=`), a list (`= ANY`), null (`IS NULL`) or
 * `{ ignoringCase }` (`LOWER(column) = LOWER(text)`).
 */
export type RowMatch = string | number | boolean | Date | null | readonly (string | number)[] | { ignoringCase: string };
/** Conditions on an entity's columns by property name, all to hold. */
export type RowWhere<E> = { [K in keyof E]?: RowMatch };

export interface SelectRowsOptions {
  /** ORDER BY, by property name, in the order given. */
  order?: Record<string, 'ASC' | 'DESC'>;
  /** FOR UPDATE (`update`) or FOR SHARE (`share`). */
  lock?: 'update' | 'share';
  /** LIMIT. */
  limit?: number;
}

/** Statement texts by entity and by the shape of the condition (the columns, how each matches, order, lock, limit). */
const selectTexts = new WeakMap<EntityMetadata, Map<string, string>>();

/**
 * `SELECT * FROM <table> WHERE <conditions> [ORDER BY ...] [LIMIT n] [FOR UPDATE | FOR SHARE]`: the rows of an
 * entity matching `where` (see RowMatch), mapped to records by the caller (`recordFromRow`). The text is built once
 * per shape of the condition and kept; only the parameters are made per call. Used instead of TypeORM's
 * find for the reads of every request (its query builder and entity hydration cost more CPU than PostgreSQL
 * spends on a read by key).
 */
export function selectRowsSql(
  dataSource: DataSource,
  entity: new () => unknown,
  where: Record<string, RowMatch | undefined>,
  options: SelectRowsOptions = {},
): Statement {
  const metadata = dataSource.getMetadata(entity);
  const entries = Object.entries(where).filter((entry): entry is [string, RowMatch] => entry[1] !== undefined);
  const shape = `${entries.map(([property, value]) => `${property}:${matchKind(value)}`).join(',')}|${options.order ? Object.entries(options.order).join(',') : ''}|${options.lock ?? ''}|${options.limit ?? ''}`;
  let texts = selectTexts.get(metadata);
  if (!texts) selectTexts.set(metadata, (texts = new Map()));
  let sql = texts.get(shape);
  if (sql === undefined) {
    let n = 0;
    const conditions = entries.map(([property, value]) => {
      const column = `"${columnOf(metadata, property).databaseName}"`;
      switch (matchKind(value)) {
        case 'null':
          return `${column} IS NULL`;
        case 'any':
          return `${column} = ANY($${++n})`;
        case 'case':
          return `LOWER(${column}) = LOWER($${++n})`;
        default:
          return `${column} = $${++n}`;
      }
    });
    const order = options.order
      ? ` ORDER BY ${Object.entries(options.order)
          .map(([property, direction]) => `"${columnOf(metadata, property).databaseName}" ${direction}`)
          .join(', ')}`
      : '';
    sql =
      `SELECT * FROM ${tableName(metadata)}${conditions.length ? ` WHERE ${conditions.join(' AND ')}` : ''}${order}` +
      `${options.limit !== undefined ? ` LIMIT ${Number(options.limit)}` : ''}` +
      `${options.lock === 'update' ? ' FOR UPDATE' : options.lock === 'share' ? ' FOR SHARE' : ''}`;
    texts.set(shape, sql);
  }
  const params: unknown[] = [];
  for (const [property, value] of entries) {
    const kind = matchKind(value);
    if (kind === 'null') continue;
    if (kind === 'case') params.push((value as { ignoringCase: string }).ignoringCase);
    else if (kind === 'any') params.push(value);
    else params.push(dataSource.driver.preparePersistentValue(value, columnOf(metadata, property)));
  }
  return { sql, params };
}

function matchKind(value: RowMatch): 'null' | 'any' | 'case' | 'eq' {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'any';
  if (typeof value === 'object' && !(value instanceof Date)) return 'case';
  return 'eq';
}

/** Column lists of entities, by metadata and row key prefix (the keys with the prefix), for recordFromRow. */
const rowColumns = new WeakMap<EntityMetadata, Map<string, { key: string; property: string }[]>>();

/**
 * A record (an instance of the entity) from a raw row already typed by pg (src/database/data-source.ts sets the
 * parsers so that rows come back as TypeORM would hydrate them): of a `SELECT *` or `RETURNING *` (`prefix` ''),
 * or of a query builder's raw result, whose columns are `<alias>_<column>` (`prefix` `<alias>_`).
 */
export function recordFromRow<E>(dataSource: DataSource, entity: new () => E, raw: Record<string, unknown>, prefix = ''): E {
  const metadata = dataSource.getMetadata(entity);
  let byPrefix = rowColumns.get(metadata);
  if (!byPrefix) rowColumns.set(metadata, (byPrefix = new Map()));
  let columns = byPrefix.get(prefix);
  if (!columns) {
    columns = metadata.columns.map((column) => ({ key: prefix + column.databaseName, property: column.propertyName }));
    byPrefix.set(prefix, columns);
  }
  const record = new entity() as Record<string, unknown>;
  for (const { key, property } of columns) record[property] = raw[key];
  return record as E;
}

function columnOf(metadata: EntityMetadata, property: string): ColumnMetadata {
  const column = metadata.findColumnWithPropertyName(property);
  if (!column) throw new Error(`${metadata.name} has no column ${property}`);
  return column;
}

/** The column's type for a cast, without length or precision (bpchar for char(n), varchar for varchar(n)). */
function castType(dataSource: DataSource, column: ColumnMetadata): string {
  const type = dataSource.driver.normalizeType(column);
  const base = type === 'character' ? 'bpchar' : type === 'character varying' ? 'varchar' : type;
  return column.isArray ? `${base}[]` : base;
}

function tableName(metadata: EntityMetadata): string {
  return `"${metadata.tableName}"`;
}
