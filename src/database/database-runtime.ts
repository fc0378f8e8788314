import { AppConfig } from '../config/app-config';
import { migrateDatabase } from './data-source';
import { EmbeddedPostgres } from './embedded-postgres';

/**
 * Where the database lives for this process: the PostgreSQL server of DATABASE_URL, or an embedded
 * PGlite started here. Opened before the Nest app, closed after it.
 */
export class DatabaseRuntime {
  private constructor(
    readonly url: string,
    private readonly embedded: EmbeddedPostgres | null,
  ) {}

  get isEmbedded(): boolean {
    return this.embedded !== null;
  }

  static async open(config: AppConfig): Promise<DatabaseRuntime> {
    if (config.databaseUrl) return new DatabaseRuntime(config.databaseUrl, null);
    // The pool, the migration runner and the dispatcher's claims each need a connection.
    const embedded = await EmbeddedPostgres.start({ dataDir: config.dataDir, maxConnections: config.dbPoolSize + 8 });
    return new DatabaseRuntime(embedded.url, embedded);
  }

  migrate(): Promise<string[]> {
    return migrateDatabase(this.url, this.isEmbedded);
  }

  async close(): Promise<void> {
    await this.embedded?.stop();
  }
}
