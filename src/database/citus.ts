import type { MigrationInterface, QueryRunner } from 'typeorm';
import { distributionPlan, LOCAL_TABLES, TableKind } from './distribution';

/** What the Citus helpers need of a connection: a DataSource or a QueryRunner. */
export interface Queryable {
  query(sql: string, parameters?: unknown[]): Promise<unknown>;
}

async function rows<T>(q: Queryable, sql: string, parameters?: unknown[]): Promise<T[]> {
  return (await q.query(sql, parameters)) as T[];
}

/** Whether the database is a Citus one: the citus extension is installed in it. */
export async function isCitus(q: Queryable): Promise<boolean> {
  const [row] = await rows<{ citus: boolean }>(q, `SELECT EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'citus') AS citus`);
  return row.citus;
}

/** Refuses, with the reason, a database without Citus. */
export async function requireCitus(q: Queryable): Promise<void> {
  if (await isCitus(q)) return;
  throw new Error(
    'db:distribute needs a Citus coordinator: the database of DATABASE_URL has no citus extension. Plain PostgreSQL needs no distribution; for Citus see docs/scale-out.md.',
  );
}

/** How Citus holds each public table today: 'reference', 'distributed' or 'citus-local'; plain tables are absent. */
async function citusKinds(q: Queryable): Promise<Map<string, TableKind | 'citus-local'>> {
  const found = await rows<{ table: string; method: string; model: string }>(
    q,
    `SELECT c.relname AS table, p.partmethod::text AS method, p.repmodel::text AS model
       FROM pg_dist_partition p JOIN pg_class c ON c.oid = p.logicalrelid
      WHERE c.relnamespace = 'public'::regnamespace`,
  );
  return new Map(found.map((r) => [r.table, r.method === 'h' ? 'distributed' : r.model === 't' ? 'reference' : ('citus-local' as const)]));
}

async function publicTables(q: Queryable): Promise<string[]> {
  const found = await rows<{ table: string }>(
    q,
    `SELECT relname AS table FROM pg_class WHERE relnamespace = 'public'::regnamespace AND relkind IN ('r', 'p') ORDER BY 1`,
  );
  return found.map((r) => r.table);
}

interface ForeignKey {
  table: string;
  target: string;
  name: string;
  definition: string;
}

async function foreignKeys(q: Queryable): Promise<ForeignKey[]> {
  return rows<ForeignKey>(
    q,
    `SELECT c.relname AS table, t.relname AS target, con.conname AS name, pg_get_constraintdef(con.oid) AS definition
       FROM pg_constraint con JOIN pg_class c ON c.oid = con.conrelid JOIN pg_class t ON t.oid = con.confrelid
      WHERE con.contype = 'f' AND con.connamespace = 'public'::regnamespace
      ORDER BY 1, 3`,
  );
}

const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;

/**
 * The statements that bring a migrated database on a Citus coordinator to the distribution of
 * src/database/distribution.ts, in an order Citus accepts: the foreign keys touching a table still to
 * distribute are dropped first (Citus turns a plain table that references a reference table into a
 * Citus-local one, which then cannot reference or be referenced by a distributed table), the reference
 * tables and the distributed ones are created, and the foreign keys are added back. Empty when the
 * database is distributed already.
 */
export async function distributionStatements(q: Queryable): Promise<string[]> {
  const kinds = await citusKinds(q);
  const tables = (await publicTables(q)).filter((t) => !LOCAL_TABLES.includes(t));
  const keys = await foreignKeys(q);
  const plan = distributionPlan(
    tables,
    keys.map((k): [string, string] => [k.table, k.target]),
  ).filter((step) => kinds.get(step.table) !== step.kind);
  if (!plan.length) return [];
  const todo = new Set(plan.map((step) => step.table));
  const touched = keys.filter((k) => todo.has(k.table) || todo.has(k.target));
  return [
    ...touched.map((k) => `ALTER TABLE ${ident(k.table)} DROP CONSTRAINT ${ident(k.name)}`),
    // A table Citus made Citus-local goes back to a plain one once its foreign keys are gone.
    ...plan.filter((step) => kinds.get(step.table) === 'citus-local').map((step) => `SELECT undistribute_table('${step.table}')`),
    ...plan.map((step) => step.sql),
    ...touched.map((k) => `ALTER TABLE ${ident(k.table)} ADD CONSTRAINT ${ident(k.name)} ${k.definition}`),
  ];
}

/**
 * Distributes the database (docs/scale-out.md) in one transaction and returns what it ran: nothing
 * when it is distributed already. Refuses a database without Citus.
 */
export async function distributeDatabase(runner: QueryRunner): Promise<string[]> {
  await requireCitus(runner);
  await runner.startTransaction();
  try {
    // Reference tables and foreign keys to them, created in the same transaction as shards: one connection per worker.
    await runner.query(`SET LOCAL citus.multi_shard_modify_mode TO 'sequential'`);
    const statements = await distributionStatements(runner);
    for (const sql of statements) await runner.query(sql);
    await runner.commitTransaction();
    return statements;
  } catch (error) {
    await runner.rollbackTransaction();
    throw error;
  }
}

/** Whether the database is distributed already: `plans`, the colocation anchor, is a distributed table. */
export async function isDistributed(q: Queryable): Promise<boolean> {
  if (!(await isCitus(q))) return false;
  return (await citusKinds(q)).get('plans') === 'distributed';
}

const CREATE_TABLE = /^\s*CREATE\s+(?:UNLOGGED\s+)?TABLE\s+(?:IF\s+NOT\s+EXISTS\s+)?(?:"?public"?\.)?"?([A-Za-z_][A-Za-z0-9_]*)"?/i;

/**
 * A migration as it runs on a distributed database: every table it creates is made a reference or a
 * distributed table right after its CREATE TABLE (distribution.ts says which), so the migration's next
 * statements (foreign keys, indexes, data) meet the table Citus will keep. Foreign keys go in statements
 * of their own after the CREATE TABLE (as TypeORM writes them): Citus refuses a plain table that
 * references a distributed one.
 */
export function onDistributedDatabase(migration: MigrationInterface): MigrationInterface {
  const run = (direction: 'up' | 'down') => async (runner: QueryRunner) => {
    await runner.query(`SET LOCAL citus.multi_shard_modify_mode TO 'sequential'`);
    const citusRunner = new Proxy(runner, {
      get(target, property, receiver) {
        if (property !== 'query') return Reflect.get(target, property, receiver) as unknown;
        return async (...args: Parameters<QueryRunner['query']>) => {
          const result: unknown = await target.query(...args);
          const created = CREATE_TABLE.exec(args[0])?.[1];
          if (created && !LOCAL_TABLES.includes(created)) {
            for (const step of distributionPlan([created], [])) await target.query(step.sql);
          }
          return result;
        };
      },
    });
    await migration[direction](citusRunner);
  };
  return Object.assign(Object.create(migration) as MigrationInterface, { up: run('up'), down: run('down') });
}
