import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { citusDistributionSql, DISTRIBUTION_COLUMN, LOCAL_TABLES, REFERENCE_TABLES } from '../../src/database/distribution';
import { TestApp } from '../support/test-app';

// Walks every resource of the app: CI runs it against a generated one too (.ci/run, "resource generator").

interface Key {
  table: string;
  name: string;
  /** p (primary key), u (unique constraint), x (exclusion), i (unique index that is no constraint) */
  kind: string;
  columns: (string | null)[];
  /** Exclusion constraints: the operator of each column. */
  operators: (string | null)[];
}

interface ForeignKey {
  table: string;
  name: string;
  target: string;
  columns: string[];
  targetColumns: string[];
}

/**
 * Citus readiness: the schema after every migration, read from the catalog, is ready for Citus to
 * distribute every tenant table by organization_id (docs/scale-out.md).
 */
describe('scale-out/Citus keys: every tenant table, key and foreign key carries organization_id', () => {
  let t: TestApp;
  let tables: string[];
  let distributed: string[];
  beforeAll(async () => {
    t = await TestApp.start();
    const rows: { table: string }[] = await t.dataSource.query(
      `SELECT c.relname AS table FROM pg_class c WHERE c.relnamespace = 'public'::regnamespace AND c.relkind IN ('r', 'p') ORDER BY 1`,
    );
    tables = rows.map((r) => r.table);
    distributed = tables.filter((x) => !REFERENCE_TABLES.includes(x) && !LOCAL_TABLES.includes(x));
  });
  afterAll(() => t.close());

  async function keys(): Promise<Key[]> {
    return t.dataSource.query(
      `SELECT c.relname AS table, i.relname AS name, coalesce(con.contype::text, 'i') AS kind,
              (SELECT array_agg(a.attname::text ORDER BY k.n) FROM unnest(x.indkey::int2[]) WITH ORDINALITY AS k(attnum, n)
                 LEFT JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum = k.attnum AND k.attnum > 0) AS columns,
              (SELECT array_agg(o.oprname::text ORDER BY k.n) FROM unnest(con.conexclop) WITH ORDINALITY AS k(op, n)
                 LEFT JOIN pg_operator o ON o.oid = k.op) AS operators
         FROM pg_index x
         JOIN pg_class c ON c.oid = x.indrelid
         JOIN pg_class i ON i.oid = x.indexrelid
         LEFT JOIN pg_constraint con ON con.conindid = x.indexrelid AND con.contype IN ('p', 'u', 'x')
        WHERE c.relnamespace = 'public'::regnamespace AND (x.indisunique OR con.contype = 'x')
        ORDER BY 1, 2`,
    );
  }

  async function foreignKeys(): Promise<ForeignKey[]> {
    return t.dataSource.query(
      `SELECT con.conrelid::regclass::text AS table, con.conname AS name, con.confrelid::regclass::text AS target,
              (SELECT array_agg(a.attname::text ORDER BY k.n) FROM unnest(con.conkey) WITH ORDINALITY AS k(attnum, n)
                 JOIN pg_attribute a ON a.attrelid = con.conrelid AND a.attnum = k.attnum) AS columns,
              (SELECT array_agg(a.attname::text ORDER BY k.n) FROM unnest(con.confkey) WITH ORDINALITY AS k(attnum, n)
                 JOIN pg_attribute a ON a.attrelid = con.confrelid AND a.attnum = k.attnum) AS "targetColumns"
         FROM pg_constraint con
        WHERE con.connamespace = 'public'::regnamespace AND con.contype = 'f'
        ORDER BY 1, 2`,
    );
  }

  it('every tenant table has organization_id NOT NULL', async () => {
    const rows: { table: string }[] = await t.dataSource.query(
      `SELECT c.relname AS table FROM pg_class c
         JOIN pg_attribute a ON a.attrelid = c.oid AND a.attname = $1 AND a.attnotnull AND NOT a.attisdropped
        WHERE c.relnamespace = 'public'::regnamespace`,
      [DISTRIBUTION_COLUMN],
    );
    const having = new Set(rows.map((r) => r.table));
    expect(distributed.length).toBeGreaterThan(30);
    expect(distributed.filter((x) => !having.has(x))).toEqual([]);
  });

  it('every tenant table has a primary key that leads with organization_id', async () => {
    const primary = new Map((await keys()).filter((k) => k.kind === 'p').map((k) => [k.table, k.columns]));
    const wrong = distributed.filter((x) => primary.get(x)?.[0] !== DISTRIBUTION_COLUMN).map((x) => `${x} (${primary.get(x)?.join(', ')})`);
    expect(wrong).toEqual([]);
  });

  it('every unique constraint, unique index and exclusion constraint of a tenant table includes organization_id', async () => {
    const all = await keys();
    const wrong = all
      .filter((k) => distributed.includes(k.table))
      .filter((k) => {
        const at = k.columns.indexOf(DISTRIBUTION_COLUMN);
        // An exclusion constraint needs organization_id compared with =.
        return at < 0 || (k.kind === 'x' && k.operators[at] !== '=');
      })
      .map((k) => `${k.table}.${k.name} (${k.columns.join(', ')})`);
    expect(all.filter((k) => k.kind === 'x').length).toBeGreaterThanOrEqual(2);
    expect(wrong).toEqual([]);
  });

  it('every foreign key between tenant tables matches organization_id to organization_id; reference tables point at no tenant table', async () => {
    const all = await foreignKeys();
    const between = all.filter((f) => distributed.includes(f.table) && distributed.includes(f.target));
    const wrong = between
      .filter((f) => {
        const at = f.columns.indexOf(DISTRIBUTION_COLUMN);
        return at < 0 || f.targetColumns[at] !== DISTRIBUTION_COLUMN;
      })
      .map((f) => `${f.table}.${f.name} (${f.columns.join(', ')}) -> ${f.target} (${f.targetColumns.join(', ')})`);
    expect(between.length).toBeGreaterThanOrEqual(11);
    expect(wrong).toEqual([]);
    const backwards = all.filter((f) => !distributed.includes(f.table) && distributed.includes(f.target)).map((f) => f.name);
    expect(backwards).toEqual([]);
  });

  it('docs/scale-out.md: the statements begin as documented, then distribute every other tenant table colocated with plans, each after the tables it references', async () => {
    const pairs = (await foreignKeys()).map((f): [string, string] => [f.table, f.target]);
    const expected = citusDistributionSql(tables, pairs);
    const documented = readFileSync(join(__dirname, '../../docs/scale-out.md'), 'utf8')
      .split('\n')
      .filter((line) => /^SELECT create_(reference|distributed)_table/.test(line));
    expect(documented.length).toBeGreaterThanOrEqual(4);
    expect(expected.slice(0, documented.length)).toEqual(documented);
    const rest = expected.slice(documented.length);
    expect(
      rest.filter((sql) => !/^SELECT create_distributed_table\('\w+', 'organization_id', colocate_with => 'plans'\);$/.test(sql)),
    ).toEqual([]);
    expect(expected).toHaveLength(tables.length - LOCAL_TABLES.length);
  });
});
