import 'reflect-metadata';
import { loadConfig } from '../src/config/app-config';
import { distributeDatabaseAt } from '../src/database/data-source';

/**
 * `npm run db:distribute`: on the Citus coordinator of DATABASE_URL, applies pending migrations and
 * distributes the tables (src/database/citus.ts, docs/scale-out.md). Run twice, the second run changes
 * nothing. Refuses the embedded database and a PostgreSQL server without Citus.
 */
async function main(): Promise<void> {
  const url = loadConfig().databaseUrl;
  if (!url) throw new Error('db:distribute needs DATABASE_URL: the URL of a Citus coordinator.');
  const { migrations, statements } = await distributeDatabaseAt(url);
  process.stdout.write(`Migrations applied: ${migrations.length ? migrations.join(', ') : 'none pending'}.\n`);
  process.stdout.write(
    statements.length ? `Distributed:\n${statements.map((s) => `  ${s}`).join('\n')}\n` : 'Already distributed: nothing to do.\n',
  );
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
