import { types } from 'pg';
import { DataSource, DataSourceOptions, MigrationInterface, QueryRunner } from 'typeorm';
import { distributeDatabase, isCitus, isDistributed, onDistributedDatabase, requireCitus } from './citus';
import { parseTimestamptz } from './pg-timestamps';
import { schemaMigrations } from './schema-files';
import { SnakeNamingStrategy } from './snake-naming.strategy';

// Calendar days stay `YYYY-MM-DD` strings end to end (no Date, no time-zone shifts); counts are numbers.
types.setTypeParser(types.builtins.DATE, (value) => value);
types.setTypeParser(types.builtins.INT8, (value) => Number(value));
types.setTypeParser(types.builtins.TIMESTAMPTZ, parseTimestamptz);

/**
 * The one set of TypeORM options: the app, the TypeORM CLI (ormconfig.ts) and the tests share it. The
 * entities come from the caller (`schemaEntities()`, found by file name: the database layer imports no feature).
 */
export function dataSourceOptions(
  url: string,
  entities: NonNullable<DataSourceOptions['entities']>,
  poolSize: number,
  server = false,
): DataSourceOptions {
  return {
    type: 'postgres',
    url,
    entities,
    migrations: schemaMigrations(),
    migrationsTableName: 'migrations',
    migrationsTransactionMode: 'each',
    namingStrategy: new SnakeNamingStrategy(),
    synchronize: false,
    migrationsRun: false,
    installExtensions: false,
    logging: false,
    // On a PostgreSQL server, JIT compilation costs more than it saves on these short queries (measured:
    // ~19 ms of a 33 ms count over 20,000 vacancies). PGlite has no JIT and takes no startup options.
    extra: { max: poolSize, application_name: 'workforce-planning-api', ...(server ? { options: '-c jit=off' } : {}) },
  } as DataSourceOptions;
}

const MIGRATION_LOCK_KEY = 7_391_002_001;

/**
 * Applies pending migrations. On a PostgreSQL server several instances may start at once: a session
 * advisory lock, held on its own connection, lets one migrate while the others wait. On a distributed
 * Citus database each migration runs as `onDistributedDatabase` (src/database/citus.ts) has it: the
 * tables it creates come out distributed or reference.
 */
export async function migrateDatabase(
  url: string,
  embedded: boolean,
  migrations: NonNullable<DataSourceOptions['migrations']> = schemaMigrations(),
): Promise<string[]> {
  const dataSource = new DataSource({ ...dataSourceOptions(url, [], 2), migrations } as DataSourceOptions);
  await dataSource.initialize();
  const lockRunner = embedded ? null : dataSource.createQueryRunner();
  try {
    if (lockRunner) await lockRunner.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    if (!embedded && (await isDistributed(dataSource))) {
      const instances = dataSource.migrations as MigrationInterface[];
      instances.splice(0, instances.length, ...instances.map(onDistributedDatabase));
    }
    const applied = await dataSource.runMigrations({ transaction: 'each' });
    return applied.map((migration) => migration.name);
  } finally {
    if (lockRunner) {
      await lockRunner.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => undefined);
      await lockRunner.release();
    }
    await dataSource.destroy();
  }
}

async function withDataSource<T>(url: string, work: (runner: QueryRunner) => Promise<T>): Promise<T> {
  const dataSource = new DataSource(dataSourceOptions(url, [], 1));
  await dataSource.initialize();
  const runner = dataSource.createQueryRunner();
  try {
    return await work(runner);
  } finally {
    await runner.release();
    await dataSource.destroy();
  }
}

/** Whether the PostgreSQL server of `url` is a Citus one (the citus extension is in its database). */
export function citusAt(url: string): Promise<boolean> {
  return withDataSource(url, isCitus);
}

/**
 * `npm run db:distribute`: on the Citus coordinator of `url`, applies pending migrations and distributes
 * the tables (src/database/citus.ts); returns both. Refuses a database without Citus.
 */
export function distributeDatabaseAt(url: string): Promise<{ migrations: string[]; statements: string[] }> {
  return withDataSource(url, async (runner) => {
    await requireCitus(runner);
    const migrations = await migrateDatabase(url, false);
    return { migrations, statements: await distributeDatabase(runner) };
  });
}
