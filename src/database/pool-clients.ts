import { Socket } from 'node:net';
import type { DataSource } from 'typeorm';
import { PostgresDriver } from 'typeorm/driver/postgres/PostgresDriver';

/** The `pg` pool behind the data source, as far as this file needs it (pg-pool's `_clients` is private, read by name). */
interface PgPool {
  totalCount: number;
  idleCount: number;
  waitingCount: number;
  options?: { max?: number };
  _clients?: { connection?: { stream?: unknown } }[];
}

/**
 * The `pg` pool behind the data source (the embedded database is reached through one too); undefined for
 * another driver or before the data source is initialized.
 */
export function pgPoolOf<T = Partial<PgPool>>(dataSource: DataSource): T | undefined {
  return dataSource.driver instanceof PostgresDriver ? (dataSource.driver.master as T | undefined) : undefined;
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
  const pool = pgPoolOf(dataSource);
  if (typeof pool?.totalCount !== 'number') return null;
  return { total: pool.totalCount, idle: pool.idleCount ?? 0, waiting: pool.waitingCount ?? 0, max: pool.options?.max ?? pool.totalCount };
}

/**
 * The sockets of the pool's open clients (pg-pool's `_clients`, read by name), for a shutdown that ends when
 * they are closed: the pool's `end` calls back when it has asked its clients to end, before their sockets close.
 */
export function poolSockets(dataSource: DataSource): Socket[] {
  if (!dataSource.isInitialized) return [];
  return (pgPoolOf(dataSource)?._clients ?? [])
    .map((client) => client.connection?.stream)
    .filter((stream): stream is Socket => stream instanceof Socket);
}

/**
 * Resolves once every socket (ended by its owner) has closed, destroying those still open after `graceMs`:
 * a socket closes a moment after it is ended, and a process that exits when its work is done (a test
 * worker) would otherwise still hold it.
 */
export async function closeSockets(sockets: Iterable<Socket>, graceMs: number): Promise<void> {
  await Promise.all(
    [...sockets]
      .filter((socket) => !socket.closed)
      .map(
        (socket) =>
          new Promise<void>((resolve) => {
            const timer = setTimeout(() => socket.destroy(), graceMs);
            socket.once('close', () => {
              clearTimeout(timer);
              resolve();
            });
          }),
      ),
  );
}
