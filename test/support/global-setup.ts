import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { citusAt, distributeDatabaseAt, migrateDatabase } from '../../src/database/data-source';

/**
 * On PostgreSQL (DATABASE_URL set) the test files share one database: migrate it once before the
 * workers start, and distribute it when it is a Citus coordinator (spec 05 §1.4). On the embedded
 * database each test file starts its own in memory.
 */
export default async function globalSetup(): Promise<void> {
  // Each test file adds its count of answers checked against openapi.json here; global-teardown.ts sums them.
  process.env.WFP_OPENAPI_TALLY = join(tmpdir(), `wfp-openapi-tally-${process.pid}-${Date.now()}.jsonl`);
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
