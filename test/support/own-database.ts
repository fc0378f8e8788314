import { Client } from 'pg';
import { distributeDatabaseAt, migrateDatabase } from '../../src/database/data-source';
import { dropCitusDatabase, freshCitusDatabase, ON_CITUS } from './citus';

/**
 * A database of the test file's own on the suite's server (DATABASE_URL; a fresh distributed one on Citus), migrated:
 * for a file whose app acts on every organization of its database (the PULL scheduler claims any due hook), so that it
 * never takes another file's records. `env` is the TestApp setting; on the embedded database every file has its own
 * already, and `env` is empty.
 */
export async function ownDatabase(label: string): Promise<{ env: Record<string, string>; drop(): Promise<void> }> {
  const shared = process.env.DATABASE_URL;
  if (!shared) return { env: {}, drop: async () => undefined };
  const name = `wfp_own_${label}_${process.pid}_${Date.now()}`;
  if (ON_CITUS) {
    const url = freshCitusDatabase(name);
    await distributeDatabaseAt(url);
    return { env: { DATABASE_URL: url }, drop: async () => dropCitusDatabase(name) };
  }
  const server = new URL(shared);
  server.pathname = '/postgres';
  await onServer(server.toString(), `CREATE DATABASE "${name}"`);
  const url = new URL(shared);
  url.pathname = `/${name}`;
  await migrateDatabase(url.toString(), false);
  return {
    env: { DATABASE_URL: url.toString() },
    drop: () => onServer(server.toString(), `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`),
  };
}

async function onServer(url: string, sql: string): Promise<void> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}
