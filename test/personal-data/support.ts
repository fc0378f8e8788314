import type { TestApp, Tenant } from '../support/test-app';

/** Column types that can hold a copy of a name, an e-mail or an id as text. */
const TEXT_TYPES = ['text', 'varchar', 'bpchar', 'json', 'jsonb', '_text', '_varchar', 'citext'];

/** One place a needle was found: the table, the column and how many rows hold it. */
export interface Found {
  needle: string;
  table: string;
  column: string;
  rows: number;
}

/**
 * Searches every text, character, JSON and text-array column of every table of the database (read from the
 * catalog, `information_schema.columns`, so a table added later is searched too) for each needle, case
 * insensitively, in every organization: where a copy of it is left.
 */
export async function findEverywhere(t: TestApp, needles: string[]): Promise<Found[]> {
  const columns: { table_name: string; column_name: string }[] = await t.dataSource.query(
    `SELECT c.table_name, c.column_name FROM information_schema.columns c
       JOIN information_schema.tables tb ON tb.table_schema = c.table_schema AND tb.table_name = c.table_name AND tb.table_type = 'BASE TABLE'
      WHERE c.table_schema = current_schema() AND c.udt_name = ANY($1)
      ORDER BY 1, 2`,
    [TEXT_TYPES],
  );
  const tables = new Map<string, string[]>();
  for (const { table_name: table, column_name: column } of columns) tables.set(table, [...(tables.get(table) ?? []), column]);
  const patterns = needles.map((needle) => `%${needle.replace(/[\\%_]/g, '\\$&')}%`);
  const found: Found[] = [];
  // One statement per table: every needle against every text column of it.
  for (const [table, names] of tables) {
    const text = (column: string) => `"${column}"::text ILIKE p.pattern`;
    const rows: Record<string, unknown>[] = await t.dataSource.query(
      `SELECT p.needle, ${names.map((column, i) => `count(*) FILTER (WHERE ${text(column)})::int AS c${i}`).join(', ')}
         FROM "${table}" CROSS JOIN unnest($1::text[], $2::text[]) AS p(needle, pattern)
        WHERE ${names.map(text).join(' OR ')}
        GROUP BY p.needle`,
      [needles, patterns],
    );
    for (const row of rows) {
      names.forEach((column, i) => {
        const n = row[`c${i}`] as number;
        if (n > 0) found.push({ needle: row.needle as string, table, column, rows: n });
      });
    }
  }
  return found.sort((a, b) => `${a.needle} ${a.table} ${a.column}`.localeCompare(`${b.needle} ${b.table} ${b.column}`));
}

/** The count of text columns the walk searches (a guard that the catalog read is not empty). */
export async function searchedColumns(t: TestApp): Promise<number> {
  const [row]: { n: number }[] = await t.dataSource.query(
    `SELECT count(*)::int AS n FROM information_schema.columns WHERE table_schema = current_schema() AND udt_name = ANY($1)`,
    [TEXT_TYPES],
  );
  return row.n;
}

/** Erases a person as `actingUser` (the tenant's user unless told; null: without X-Acting-User) through the application API. */
export function erase(t: TestApp, tenant: Tenant, body: Record<string, unknown>, actingUser: string | null = tenant.userId) {
  return t.admin('post', `/organizations/${tenant.orgId}/people/erase`, actingUser ?? undefined).send(body);
}

/** Zero counts of every place (what erasing again answers). */
export const NOTHING_ERASED = {
  liveRecords: 0,
  scenarioRecords: 0,
  customAttributeValues: 0,
  changes: 0,
  pendingDeliveries: 0,
  idempotentAnswers: 0,
  integrationErrors: 0,
};
