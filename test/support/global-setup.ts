import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MEMORY_DATA_DIR } from '../../src/config/app-config';
import { citusAt, distributeDatabaseAt, migrateDatabase } from '../../src/database/data-source';
import { EmbeddedPostgres } from '../../src/database/embedded-postgres';
import { EMBEDDED_IMAGE_ENV } from './embedded-image';

/**
 * On PostgreSQL (DATABASE_URL set) the test files share one database: migrate it once before the
 * workers start, and distribute it when it is a Citus coordinator (spec 05 §1.4). A test app on the embedded
 * database starts its own in memory, as a copy of one migrated here (embedded-image.ts).
 */
export default async function globalSetup(): Promise<void> {
  // Each test file adds its count of answers checked against openapi.json here; global-teardown.ts sums them.
  process.env.WFP_OPENAPI_TALLY = join(tmpdir(), `wfp-openapi-tally-${process.pid}-${Date.now()}.jsonl`);
  // Every run: the embedded database is the default, and server runs start a few apps on it too (`DATABASE_URL: ''`).
  await migratedEmbeddedImage();
  const url = process.env.DATABASE_URL;
  if (!url) return;
  if (await citusAt(url)) {
    await distributeDatabaseAt(url);
    // The test workers start after the global setup and inherit its environment (test/support/citus.ts).
    process.env.WFP_TEST_CITUS = '1';
  } else {
    await migrateDatabase(url, false);
  }
}

/** A new embedded database, migrated, saved as an image that every test app of the run starts from. */
async function migratedEmbeddedImage(): Promise<void> {
  const db = await EmbeddedPostgres.start({ dataDir: MEMORY_DATA_DIR, maxConnections: 4 });
  try {
    await migrateDatabase(db.url, true);
    const file = join(tmpdir(), `wfp-embedded-${process.pid}-${Date.now()}.tar`);
    writeFileSync(file, Buffer.from(await (await db.image()).arrayBuffer()));
    // The test workers start after the global setup and inherit its environment.
    process.env[EMBEDDED_IMAGE_ENV] = file;
  } finally {
    await db.stop();
  }
}
