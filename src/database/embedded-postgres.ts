import { closeSync, existsSync, mkdirSync, mkdtempSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';
import { MEMORY_DATA_DIR, randomToken } from '../config/app-config';
import { PasswordGate, secureDataDirectory } from './embedded-access';

export class DataDirectoryLockedError extends Error {}

/**
 * A lock file in the data directory: PGlite does not lock its directory itself, and two processes
 * writing one PGlite directory corrupt it. A lock left by a process that no longer runs is taken over.
 */
export class DataDirectoryLock {
  private constructor(private readonly path: string) {}

  static acquire(dataDir: string): DataDirectoryLock {
    mkdirSync(dataDir, { recursive: true, mode: 0o700 });
    const path = join(dataDir, 'wfp.lock');
    for (let attempt = 0; attempt < 2; attempt++) {
      try {
        const fd = openSync(path, 'wx', 0o600);
        writeSync(fd, String(process.pid));
        closeSync(fd);
        const lock = new DataDirectoryLock(path);
        // The TypeORM CLI ends with process.exit: the lock must still go.
        process.once('exit', () => lock.release());
        return lock;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
        const holder = Number(readFileSync(path, 'utf8').trim());
        if (Number.isInteger(holder) && holder > 0 && holder !== process.pid && isRunning(holder)) {
          throw new DataDirectoryLockedError(
            `The data directory ${resolve(dataDir)} is in use by another process (pid ${holder}). ` +
              'Stop that process, or give this one another DATA_DIR (or set DATABASE_URL).',
          );
        }
        rmSync(path, { force: true });
      }
    }
    throw new DataDirectoryLockedError(`Could not lock the data directory ${resolve(dataDir)}`);
  }

  release(): void {
    try {
      if (existsSync(this.path) && readFileSync(this.path, 'utf8').trim() === String(process.pid)) rmSync(this.path);
    } catch {
      // best effort: a stale lock is taken over by the next start
    }
  }
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export interface EmbeddedPostgresOptions {
  dataDir: string;
  /** At least the pool size: pglite-socket drops connections above it. */
  maxConnections: number;
  /** EMBEDDED_DB_PORT: also listen on 127.0.0.1 at this port, behind a generated password; null: no TCP port at all. */
  port?: number | null;
  /** In memory only: a data directory image (`image()` of another instance) to start from instead of an empty database. */
  image?: Blob;
}

/** The port number in the socket's name (`.s.PGSQL.5432`): `pg` finds a Unix socket as `<host>/.s.PGSQL.<port>`. */
const SOCKET_PORT = 5432;

/**
 * PostgreSQL compiled to WebAssembly (PGlite), served over the wire protocol on a Unix socket in a private directory
 * (0700, made for this process), so the app, the TypeORM CLI and the tests all use the ordinary `pg` driver and no other
 * user's process can reach it (spec 03 §1.19): no TCP port unless `port` asks for one, and that one needs the password
 * generated at this start. The data directory is 0700 and its files 0600.
 */
export class EmbeddedPostgres {
  private constructor(
    private readonly db: PGlite,
    private readonly server: PGLiteSocketServer,
    private readonly lock: DataDirectoryLock | null,
    private readonly runDir: string,
    readonly url: string,
    /** The TCP listener of EMBEDDED_DB_PORT, with where its password is written; null when none was asked for. */
    readonly tcp: PasswordGate | null,
  ) {}

  static async start(options: EmbeddedPostgresOptions): Promise<EmbeddedPostgres> {
    const inMemory = options.dataDir === MEMORY_DATA_DIR || options.dataDir.startsWith('memory://');
    const lock = inMemory ? null : DataDirectoryLock.acquire(options.dataDir);
    // mkdtemp makes the directory 0700: only this user reaches the socket inside it.
    const runDir = mkdtempSync(join(tmpdir(), 'wfp-db-'));
    try {
      if (!inMemory) {
        secureDataDirectory(options.dataDir);
        // PGlite writes its files through Node's fs for as long as it runs: none of them readable by others.
        process.umask(0o077);
      }
      if (options.image && !inMemory) throw new Error('An embedded database image starts only an in-memory database');
      const db = await PGlite.create(inMemory ? 'memory://' : join(resolve(options.dataDir), 'pgdata'), {
        extensions: { btree_gist, pg_trgm },
        loadDataDir: options.image,
      });
      await db.exec('CREATE EXTENSION IF NOT EXISTS btree_gist; CREATE EXTENSION IF NOT EXISTS pg_trgm;');
      const socket = join(runDir, `.s.PGSQL.${SOCKET_PORT}`);
      const server = new PGLiteSocketServer({ db, path: socket, maxConnections: options.maxConnections });
      keepProtocolSequencesTogether(server);
      await server.start();
      const tcp = options.port ? await PasswordGate.start(options.port, socket, randomToken(24), runDir) : null;
      const url = `postgresql://postgres@${encodeURIComponent(runDir)}:${SOCKET_PORT}/postgres`;
      return new EmbeddedPostgres(db, server, lock, runDir, url, tcp);
    } catch (error) {
      rmSync(runDir, { recursive: true, force: true });
      lock?.release();
      throw error;
    }
  }

  /** The data directory as it is now (uncompressed tar), for `start({ image })`: a copy that starts in a second, not a new database. */
  image(): Promise<Blob> {
    return this.db.dumpDataDir('none');
  }

  async stop(): Promise<void> {
    try {
      await this.tcp?.stop();
      await this.server.stop();
      await this.db.close();
    } finally {
      rmSync(this.runDir, { recursive: true, force: true });
      this.lock?.release();
    }
  }
}

interface QueuedMessage {
  handlerId: number;
  message: Uint8Array;
  onData(data: Uint8Array): void;
  resolve(bytes: number): void;
  reject(error: unknown): void;
}

interface SocketQueryQueue {
  queue: QueuedMessage[];
  processing: boolean;
  lastHandlerId: number | null;
  db: PGlite;
  processQueue(): Promise<void>;
  clearQueueForHandler(handlerId: number): void;
}

/** Parse, Bind, Describe, Execute, Close, Flush: messages inside an extended-protocol sequence. */
const SEQUENCE_MESSAGES = new Set([0x50, 0x42, 0x44, 0x45, 0x43, 0x48]);
const SYNC = 0x53;
const QUERY = 0x51;

/**
 * pglite-socket runs the protocol messages of all connections one at a time in arrival order, keeping
 * one connection's messages together only inside a transaction. Outside one, another connection's
 * message can land between a Parse and its Bind/Execute in the single backend session: the statement
 * is lost ("unnamed prepared statement does not exist", "portal does not exist") or, worse, bound to
 * the other connection's statement. This keeps each connection's Parse..Sync sequence together as
 * well (and does not stall the queue after a failed message).
 */
function keepProtocolSequencesTogether(server: PGLiteSocketServer): void {
  // The server's own queue (a private field of pglite-socket, read by name).
  const q = Reflect.get(server, 'queryQueue') as SocketQueryQueue;
  let owner: number | null = null;
  const clear = q.clearQueueForHandler.bind(q);
  q.clearQueueForHandler = (handlerId: number) => {
    if (owner === handlerId) owner = null;
    clear(handlerId);
  };
  q.processQueue = async () => {
    if (q.processing) return;
    q.processing = true;
    try {
      while (q.queue.length) {
        const sticky = owner ?? (q.db.isInTransaction() ? q.lastHandlerId : null);
        const index = sticky === null ? 0 : q.queue.findIndex((m) => m.handlerId === sticky);
        if (index === -1) break; // wait for that connection's next message
        const [item] = q.queue.splice(index, 1);
        const type = item.message[0];
        let bytes = 0;
        try {
          await q.db.runExclusive(() =>
            q.db.execProtocolRawStream(item.message, {
              onRawData: (data: Uint8Array) => {
                bytes += data.length;
                item.onData(data);
              },
            }),
          );
        } catch (error) {
          item.reject(error);
          continue;
        }
        if (type === SYNC || type === QUERY) owner = null;
        else if (SEQUENCE_MESSAGES.has(type)) owner = item.handlerId;
        q.lastHandlerId = item.handlerId;
        item.resolve(bytes);
      }
    } finally {
      q.processing = false;
    }
  };
}
