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
