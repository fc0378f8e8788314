import type { Pool, PoolClient, QueryConfig, QueryResult } from 'pg';
import { DataSource, EntityManager, QueryFailedError } from 'typeorm';
import { QueryRunnerAlreadyReleasedError } from 'typeorm/error/QueryRunnerAlreadyReleasedError';
import { PostgresQueryRunner } from 'typeorm/driver/postgres/PostgresQueryRunner';
import { pgPoolOf } from './pool-clients';

/**
 * Entity managers whose `query` sends the statement straight to `pg`: TypeORM's own `query` makes (outside a
 * transaction), connects, logs, broadcasts and releases a query runner for every statement (~10 us of CPU each,
 * measured: 51 against 41 us for a one-row statement), and a request sends three to eight. The answers and
 * errors stay TypeORM's: the rows (`[rows, rowCount]` for UPDATE and DELETE, as `PostgresQueryRunner` gives
 * them) and a `QueryFailedError` around the driver's error. Every other method is the wrapped manager's (its
 * repositories, query builders and `queryRunner`). The embedded database is reached through the same `pg` pool.
 */

/**
 * The entity manager of plain reads (`UnitOfWork.read`, no transaction): `query` on the pool behind the data
 * source. Without a `pg` pool (no PostgresDriver), the pool manager itself. Made once per data source (after it is
 * initialized: at its first read).
 */
export function poolReadManager(dataSource: DataSource): EntityManager {
  let manager = managers.get(dataSource);
  if (!manager) managers.set(dataSource, (manager = readManager(dataSource)));
  return manager;
}

const managers = new WeakMap<DataSource, EntityManager>();

function readManager(dataSource: DataSource): EntityManager {
  const pool = pgPoolOf<Pool>(dataSource);
  if (!pool || typeof pool.query !== 'function') return dataSource.manager;
  const names = statementNames(dataSource);
  return direct(dataSource.manager, async (sql, parameters) => {
    try {
      return await pool.query(names.statement(sql, parameters));
    } catch (error) {
      // Outside a transaction the statement is simply sent again, under a new name (re-planned).
      if (names.replanned(sql, error)) return pool.query(names.statement(sql, parameters));
      throw error;
    }
  });
}

/**
 * A transaction's entity manager (`dataSource.transaction`'s, `UnitOfWork`'s writes and read-only reads) whose
 * `query` goes straight to the transaction's connection; the manager itself when its runner is not PostgreSQL's.
 */
export function transactionManager(em: EntityManager): EntityManager {
  const runner = em.queryRunner;
  if (!(runner instanceof PostgresQueryRunner)) return em;
  return direct(em, async (sql, parameters) => {
    if (runner.isReleased) throw new QueryRunnerAlreadyReleasedError();
    const connection = (await runner.connect()) as PoolClient;
    return connection.query(sql, parameters);
  });
}

/** At most this many statement texts are named (prepared) per process; the rest are sent unnamed. */
export const MAX_NAMED_STATEMENTS = 500;

/**
 * Named statements (`pg`'s `name`) for the plain reads on a PostgreSQL server: each connection parses and plans a
 * statement text once and executes the prepared statement from then on, and a Citus coordinator caches the
 * distributed plan of a prepared router query (the read by id on the cluster: bench/RESULTS.md "Citus"). Only
 * statements with parameters (one command each, as the extended protocol requires; without parameters `pg` sends the
 * simple protocol, which takes several). Not in transactions: a prepared statement whose table another instance's
 * migration altered fails once, and only a plain read can simply be sent again. Not on the embedded database: its
 * connections share one session, where two of them preparing the same name collide.
 */
export class StatementNames {
  private readonly names = new Map<string, string>();
  private count = 0;

  /** `prepares`: false sends every statement unnamed. */
  constructor(private readonly prepares: boolean) {}

  statement(text: string, values?: unknown[]): QueryConfig {
    if (!this.prepares || !values?.length) return { text, values };
    let name = this.names.get(text);
    if (name === undefined) {
      if (this.names.size >= MAX_NAMED_STATEMENTS) return { text, values };
      this.names.set(text, (name = `wfp_${++this.count}`));
    }
    return { name, text, values };
  }

  /**
   * Whether the statement failed because its prepared plan no longer fits the table (SQLSTATE 0A000 "cached plan must
   * not change result type", after another instance's migration altered it): then its text gets a new name, so that
   * it is prepared again.
   */
  replanned(text: string, error: unknown): boolean {
    if ((error as { code?: unknown } | null)?.code !== '0A000' || !this.names.has(text)) return false;
    this.names.delete(text);
    return true;
  }
}

const statementNamesOf = new WeakMap<DataSource, StatementNames>();
const preparing = new WeakSet<DataSource>();

/** The data source is on a PostgreSQL server: its plain reads are sent named (StatementNames). */
export function prepareStatementsOn(dataSource: DataSource): void {
  preparing.add(dataSource);
}

function statementNames(dataSource: DataSource): StatementNames {
  let names = statementNamesOf.get(dataSource);
  if (!names) statementNamesOf.set(dataSource, (names = new StatementNames(preparing.has(dataSource))));
  return names;
}

function direct(em: EntityManager, send: (sql: string, parameters?: unknown[]) => Promise<QueryResult>): EntityManager {
  const manager = Object.create(em) as EntityManager;
  manager.query = async <T = unknown>(sql: string, parameters?: unknown[]): Promise<T> => {
    let result: QueryResult;
    try {
      result = await send(sql, parameters);
    } catch (error) {
      throw new QueryFailedError(sql, parameters, error as Error);
    }
    return (result.command === 'UPDATE' || result.command === 'DELETE' ? [result.rows, result.rowCount] : result.rows) as T;
  };
  return manager;
}
