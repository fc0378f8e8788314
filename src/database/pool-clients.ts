import { Socket } from 'node:net';
import type { DataSource } from 'typeorm';
import { PostgresDriver } from 'typeorm/driver/postgres/PostgresDriver';

/** The `pg` pool behind the data source, as far as this needs it. */
interface PgPool {
  totalCount: number;
  idleCount: number;
  waitingCount: number;
  options?: { max?: number };
}

/**
 * Clients of the connection pool: open (`total`), open and unused (`idle`), callers waiting for one
 * (`waiting`), and how many it may open (`max`).
 */
export interface PoolClients {
  total: number;
  idle: number;
  waiting: number;
  max: number;
}

/**
 * The pool's clients right now (the embedded database is reached through the same `pg` pool); null
 * before the data source is initialized or after it is destroyed.
 */
export function poolClients(dataSource: DataSource): PoolClients | null {
  if (!dataSource.isInitialized) return null;
  const pool = dataSource.driver instanceof PostgresDriver ? (dataSource.driver.master as Partial<PgPool> | undefined) : undefined;
  if (typeof pool?.totalCount !== 'number') return null;
  return { total: pool.totalCount, idle: pool.idleCount ?? 0, waiting: pool.waitingCount ?? 0, max: pool.options?.max ?? pool.totalCount };
}

/**
 * The sockets of the pool's open clients (pg-pool's `_clients`, read by name), for a shutdown that ends when
 * they are closed: the pool's `end` calls back when it has asked its clients to end, before their sockets close.
 */
export function poolSockets(dataSource: DataSource): Socket[] {
  if (!dataSource.isInitialized || !(dataSource.driver instanceof PostgresDriver)) return [];
  const clients = (dataSource.driver.master as { _clients?: { connection?: { stream?: unknown } }[] } | undefined)?._clients ?? [];
  return clients.map((client) => client.connection?.stream).filter((stream): stream is Socket => stream instanceof Socket);
}
