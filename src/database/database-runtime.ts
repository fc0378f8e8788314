import { AppConfig } from '../config/app-config';
import { citusAt, migrateDatabase } from './data-source';
import { EmbeddedPostgres } from './embedded-postgres';

/** The Nest token of the process's `DatabaseRuntime`. */
export const DATABASE_RUNTIME = Symbol('DATABASE_RUNTIME');

/**
 * Where the database lives for this process: the PostgreSQL server of DATABASE_URL, or an embedded
 * PGlite started here. Opened before the Nest app, closed after it.
 */
export class DatabaseRuntime {
  private constructor(
    readonly url: string,
    private readonly embedded: EmbeddedPostgres | null,
    private readonly citus: boolean,
  ) {}

  get isEmbedded(): boolean {
    return this.embedded !== null;
  }

  /** Where EMBEDDED_DB_PORT lets tools reach the embedded database (its port and password file); null when closed. */
  get embeddedTcp(): { port: number; passwordFile: string } | null {
    const tcp = this.embedded?.tcp;
    return tcp ? { port: tcp.port, passwordFile: tcp.passwordFile } : null;
  }

  /**
   * Whether one read may be split across several connections sharing a snapshot (`UnitOfWork.readOnlyParts`):
   * on a PostgreSQL server, not on the embedded database (one backend: its connections take turns) nor on a
   * Citus coordinator (the workers run each statement's shards in parallel already, and an exported
   * snapshot does not reach them).
   */
  get splitsReads(): boolean {
    return !this.embedded && !this.citus;
  }

  /** `embeddedImage`: the embedded in-memory database starts as this copy (`EmbeddedPostgres.image`), not empty. */
  static async open(config: AppConfig, embeddedImage?: Blob): Promise<DatabaseRuntime> {
    if (config.databaseUrl) return new DatabaseRuntime(config.databaseUrl, null, await citusAt(config.databaseUrl));
    // The pool, the migration runner and the dispatcher's claims each need a connection.
    const embedded = await EmbeddedPostgres.start({
      dataDir: config.dataDir,
      maxConnections: config.dbPoolSize + 8,
      port: config.embeddedDbPort,
      image: embeddedImage,
    });
    return new DatabaseRuntime(embedded.url, embedded, false);
  }

  migrate(): Promise<string[]> {
    return migrateDatabase(this.url, this.isEmbedded);
  }

  async close(): Promise<void> {
    await this.embedded?.stop();
  }
}
