import 'reflect-metadata';
import { createApp } from '../src/app.factory';
import { loadConfig } from '../src/config/app-config';
import { DemoSeedService } from '../src/demo/demo-seed.service';

/**
 * `npm run demo`: writes the demo organization (README, "Demo data") to the PostgreSQL of DATABASE_URL,
 * once; prints its id and a new demo key. Refused under NODE_ENV=production.
 */
async function main(): Promise<void> {
  const config = loadConfig({ ...process.env, SEED_DEMO: 'false', LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn' });
  if (!config.databaseUrl)
    throw new Error('npm run demo writes to PostgreSQL: set DATABASE_URL (the embedded database gets the demo at `npm start`).');
  if (config.isProduction) throw new Error('npm run demo is refused under NODE_ENV=production.');
  const running = await createApp(config);
  try {
    const demo = await running.app.get(DemoSeedService).seed(false);
    if (!demo) {
      process.stdout.write('The demo organization is already in this database: nothing written.\n');
      return;
    }
    process.stdout.write(`Demo org:      ${demo.organizationId}\nDemo API key:  ${demo.apiKey}   (shown once)\n`);
  } finally {
    await running.close();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
