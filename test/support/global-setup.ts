import { migrateDatabase } from '../../src/database/data-source';

/**
 * On PostgreSQL (DATABASE_URL set) the test files share one database: migrate it once before the
 * workers start. On the embedded database each test file starts its own in memory.
 */
export default async function globalSetup(): Promise<void> {
  const url = process.env.DATABASE_URL;
  if (url) await migrateDatabase(url, false);
}
