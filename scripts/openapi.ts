import 'reflect-metadata';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { NestFactory } from '@nestjs/core';
import { NestExpressApplication } from '@nestjs/platform-express';
import { AppModule } from '../src/app.module';
import { buildOpenApiDocument } from '../src/app.setup';
import { loadConfig } from '../src/config/app-config';
import { DatabaseRuntime } from '../src/database/database-runtime';

/**
 * Writes openapi.json from the built app (run from dist/, where the Swagger CLI plugin has annotated
 * the DTOs). Preview mode builds the route table without a database. CI regenerates and compares it.
 */
async function main(): Promise<void> {
  const config = loadConfig({ ...process.env, DATABASE_URL: 'postgresql://unused@127.0.0.1/unused', LOG_LEVEL: 'silent' });
  const runtime = { url: config.databaseUrl } as unknown as DatabaseRuntime;
  const app = await NestFactory.create<NestExpressApplication>(AppModule.forRoot(config, runtime), { preview: true, logger: false });
  const document = buildOpenApiDocument(app, true);
  const target = process.argv[2] ?? join(__dirname, '..', '..', 'openapi.json');
  writeFileSync(target, JSON.stringify(document, null, 2) + '\n');
  await app.close();
  process.stdout.write(`Wrote ${target} (${Object.keys(document.paths).length} paths)\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
