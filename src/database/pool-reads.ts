import type { Pool, PoolClient, QueryResult } from 'pg';
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
  return direct(dataSource.manager, (sql, parameters) => pool.query(sql, parameters));
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
