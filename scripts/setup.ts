import 'reflect-metadata';
import { createApp } from '../src/app.factory';
import { loadConfig } from '../src/config/app-config';
import { FirstOrganizationService, parseSetupArgs } from '../src/demo/first-organization.service';

/**
 * `npm run setup -- --org "<name>" --user <email>`: on the PostgreSQL of DATABASE_URL (migrated first),
 * an organization, its first user and an API key; prints the key once (only its hash is kept).
 */
async function main(): Promise<void> {
  const input = parseSetupArgs(process.argv.slice(2));
  const config = loadConfig({ ...process.env, SEED_DEMO: 'false', LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn' });
  if (!config.databaseUrl)
    throw new Error('npm run setup writes to PostgreSQL: set DATABASE_URL (postgresql://user:password@host:5432/db).');
  const running = await createApp(config);
  try {
    const made = await running.app.get(FirstOrganizationService).create(input);
    process.stdout.write(
      [
        `Organization: ${made.organizationId}  (${input.org})`,
        `Admin user:   ${made.userId}  (${input.user}, every permission)`,
        `API key:      ${made.apiKey}`,
        '              Shown once: only its hash is stored. Keep it in your secret store.',
        `Try:          curl -H "Authorization: Bearer <key>" <base URL>/api/v1/org/${made.organizationId}/me`,
        '',
      ].join('\n'),
    );
  } finally {
    await running.close();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
