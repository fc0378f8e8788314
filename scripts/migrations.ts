import 'reflect-metadata';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { DataSource } from 'typeorm';
import { loadConfig, MEMORY_DATA_DIR } from '../src/config/app-config';
import { dataSourceOptions, migrateDatabase } from '../src/database/data-source';
import { EmbeddedPostgres } from '../src/database/embedded-postgres';
import { ENTITIES } from '../src/entities';
import { addImport, insertInArray } from './generate-resource';

/**
 * `check`: on a fresh database (DATABASE_URL, or an in-memory embedded one), applies every migration
 * and fails when the entities need more SQL: the drift check of CI.
 * `generate <Name>`: writes migrations/<timestamp>-<Name>.ts with that SQL and lists it in migrations/index.ts.
 */
async function main(): Promise<void> {
  const [command, name] = process.argv.slice(2);
  const config = loadConfig();
  const embedded = config.databaseUrl ? null : await EmbeddedPostgres.start({ dataDir: MEMORY_DATA_DIR, maxConnections: 8 });
  const url = config.databaseUrl ?? embedded!.url;
  try {
    await migrateDatabase(url, embedded !== null);
    const dataSource = new DataSource(dataSourceOptions(url, ENTITIES, 2));
    await dataSource.initialize();
    const sql = await dataSource.driver.createSchemaBuilder().log();
    await dataSource.destroy();
    if (command === 'check') {
      if (sql.upQueries.length) {
        process.stderr.write(
          `Entities and migrations disagree; a migration would run:\n${sql.upQueries.map((q) => `  ${q.query};`).join('\n')}\n`,
        );
        process.exitCode = 1;
      } else {
        process.stdout.write('Entities and migrations agree.\n');
      }
      return;
    }
    if (command === 'generate' && name && /^[A-Za-z][A-Za-z0-9]*$/.test(name)) {
      if (!sql.upQueries.length) {
        process.stdout.write('No changes: nothing to generate.\n');
        return;
      }
      const timestamp = Date.now();
      const className = `${name}${timestamp}`;
      const esc = (q: string) => q.replace(/\\/g, '\\\\').replace(/`/g, '\\`').replace(/\$\{/g, '\\${');
      const up = sql.upQueries.map((q) => `    await queryRunner.query(\`${esc(q.query)}\`);`).join('\n');
      const down = sql.downQueries
        .reverse()
        .map((q) => `    await queryRunner.query(\`${esc(q.query)}\`);`)
        .join('\n');
      const file = join('migrations', `${timestamp}-${name}.ts`);
      writeFileSync(
        file,
        `import { MigrationInterface, QueryRunner } from 'typeorm';\n\nexport class ${className} implements MigrationInterface {\n  name = '${className}';\n\n  public async up(queryRunner: QueryRunner): Promise<void> {\n${up}\n  }\n\n  public async down(queryRunner: QueryRunner): Promise<void> {\n${down}\n  }\n}\n`,
      );
      const index = join('migrations', 'index.ts');
      const listed = addImport(readFileSync(index, 'utf8'), `import { ${className} } from './${timestamp}-${name}';`);
      writeFileSync(index, insertInArray(listed, 'export const MIGRATIONS', [`${className},`], index));
      process.stdout.write(`Wrote ${file} and listed ${className} in ${index}.\n`);
      return;
    }
    process.stderr.write('usage: migrations check | migrations generate <Name>\n');
    process.exitCode = 2;
  } finally {
    await embedded?.stop();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
