import 'reflect-metadata';
import { execFileSync } from 'node:child_process';
import { readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { DataSource } from 'typeorm';
import { loadConfig, MEMORY_DATA_DIR } from '../src/config/app-config';
import { dataSourceOptions, migrateDatabase } from '../src/database/data-source';
import { EmbeddedPostgres } from '../src/database/embedded-postgres';
import { schemaEntities, schemaMigrations } from '../src/database/schema-files';

/**
 * `check`: on a fresh database (DATABASE_URL, or an in-memory embedded one), applies every migration
 * and fails when the entities need more SQL: the drift check of CI.
 * `generate <Name>`: writes migrations/<timestamp>-<Name>.ts with that SQL, formatted (Prettier); the app finds it by
 * its name (src/database/schema-files.ts). When a migration of that name exists and git does not hold it yet (a
 * resource's first migration, written by `npm run generate:resource`), it is written again in place with the SQL of
 * the entities as they are now: a new resource keeps one migration. `--replace` does so for a committed one too.
 */
async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const replace = args.includes('--replace');
  const [command, name] = args.filter((arg) => arg !== '--replace');
  if (command === 'check') return check();
  if (command === 'generate' && name && /^[A-Za-z][A-Za-z0-9]*$/.test(name)) return generate(name, replace);
  process.stderr.write('usage: migrations check | migrations generate <Name> [--replace]\n');
  process.exitCode = 2;
}

/** The SQL the entities need on a database migrated with `migrations` (up and down). */
async function pendingSql(migrations = schemaMigrations()): Promise<{ up: string[]; down: string[] }> {
  const config = loadConfig();
  const embedded = config.databaseUrl ? null : await EmbeddedPostgres.start({ dataDir: MEMORY_DATA_DIR, maxConnections: 8 });
  const url = config.databaseUrl ?? embedded!.url;
  try {
    await migrateDatabase(url, embedded !== null, migrations);
    const dataSource = new DataSource(dataSourceOptions(url, schemaEntities(), 2));
    await dataSource.initialize();
    const sql = await dataSource.driver.createSchemaBuilder().log();
    await dataSource.destroy();
    return { up: sql.upQueries.map((q) => q.query), down: sql.downQueries.reverse().map((q) => q.query) };
  } finally {
    await embedded?.stop();
  }
}

async function check(): Promise<void> {
  const { up } = await pendingSql();
  if (up.length) {
    process.stderr.write(`Entities and migrations disagree; a migration would run:\n${up.map((q) => `  ${q};`).join('\n')}\n`);
    process.exitCode = 1;
  } else {
    process.stdout.write('Entities and migrations agree.\n');
  }
}

async function generate(name: string, replace: boolean): Promise<void> {
  const existing = readdirSync('migrations').find((file) => new RegExp(`^\\d{13}-${name}\\.ts$`).test(file));
  if (existing && !replace && isCommitted(join('migrations', existing))) {
    process.stderr.write(`migrations/${existing} is committed: give the new migration another name (or --replace to rewrite it).\n`);
    process.exitCode = 1;
    return;
  }
  const timestamp = existing ? existing.slice(0, 13) : String(Date.now());
  const className = `${name}${timestamp}`;
  const others = schemaMigrations().filter((migration) => migration.name !== className);
  const { up, down } = await pendingSql(others);
  if (!up.length) {
    process.stdout.write('No changes: nothing to generate.\n');
    return;
  }
  const file = join('migrations', `${timestamp}-${name}.ts`);
  writeFileSync(file, migrationText(className, up, down));
  execFileSync(join('node_modules', '.bin', 'prettier'), ['--write', '--log-level', 'warn', file], { stdio: 'inherit' });
  process.stdout.write(`${existing ? 'Wrote again' : 'Wrote'} ${file}.\n`);
}

/** Whether git's HEAD holds the file (outside a git checkout: never). */
function isCommitted(file: string): boolean {
  try {
    execFileSync('git', ['cat-file', '-e', `HEAD:${file}`], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/** A migration class running these statements, as TypeORM's CLI writes one. */
export function migrationText(className: string, up: readonly string[], down: readonly string[]): string {
  const esc = (q: string) => q.replace(/\\/g, '\\\\').replace(/`/g, '\\`').replace(/\$\{/g, '\\${');
  const calls = (queries: readonly string[]) => queries.map((q) => `    await queryRunner.query(\`${esc(q)}\`);`).join('\n');
  return `import { MigrationInterface, QueryRunner } from 'typeorm';

export class ${className} implements MigrationInterface {
  name = '${className}';

  public async up(queryRunner: QueryRunner): Promise<void> {
${calls(up)}
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
${calls(down)}
  }
}
`;
}

if (require.main === module) {
  main().catch((error: unknown) => {
    process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
    process.exit(1);
  });
}
