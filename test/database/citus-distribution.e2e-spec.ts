import { MigrationInterface, QueryRunner } from 'typeorm';
import { Client } from 'pg';
import { schemaMigrations } from '../../src/database/schema-files';
import { COLOCATE_WITH, LOCAL_TABLES, REFERENCE_TABLES } from '../../src/database/distribution';
import { distributeDatabaseAt, migrateDatabase } from '../../src/database/data-source';
import { EmbeddedPostgres } from '../../src/database/embedded-postgres';
import { describeOnCitus, dropCitusDatabase, freshCitusDatabase, ON_CITUS } from '../support/citus';

/** A later migration as TypeORM writes one: the table, then its foreign key and index in statements of their own. */
class ThrowawayNotes9999999999999 implements MigrationInterface {
  name = 'ThrowawayNotes9999999999999';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "throwaway_notes" ("organization_id" character varying(25) NOT NULL, "plan_id" character varying(25) NOT NULL,
        "id" character varying(25) NOT NULL, "body" text NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        CONSTRAINT "pk_throwaway_notes" PRIMARY KEY ("organization_id", "plan_id", "id"))`,
    );
    await queryRunner.query(
      `ALTER TABLE "throwaway_notes" ADD CONSTRAINT "fk_throwaway_notes_plan" FOREIGN KEY ("organization_id", "plan_id") REFERENCES "plans"("organization_id", "id") ON DELETE CASCADE`,
    );
    await queryRunner.query(`CREATE INDEX "idx_throwaway_notes_created" ON "throwaway_notes" ("organization_id", "created_at")`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "throwaway_notes"`);
  }
}

async function withClient<T>(url: string, work: (client: Client) => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** Each public table with how Citus holds it ('h' distributed, 'n' reference or Citus-local) and its colocation group. */
interface Placement {
  table: string;
  method: string | null;
  model: string | null;
  colocation: number | null;
}

async function distribution(url: string): Promise<Map<string, Placement>> {
  const { rows } = await withClient(url, (c) =>
    c.query<Placement>(
      `SELECT c.relname AS table, p.partmethod::text AS method, p.repmodel::text AS model, p.colocationid AS colocation
         FROM pg_class c LEFT JOIN pg_dist_partition p ON p.logicalrelid = c.oid
        WHERE c.relnamespace = 'public'::regnamespace AND c.relkind = 'r'`,
    ),
  );
  return new Map(rows.map((r) => [r.table, r]));
}

async function foreignKeyNames(url: string): Promise<string[]> {
  const { rows } = await withClient(url, (c) =>
    // Joined with pg_class, which Citus shows without the shards of reference tables placed on the coordinator.
    c.query<{ name: string }>(
      `SELECT con.conname AS name FROM pg_constraint con JOIN pg_class c ON c.oid = con.conrelid
        WHERE con.contype = 'f' AND con.connamespace = 'public'::regnamespace ORDER BY 1`,
    ),
  );
  return rows.map((r) => r.name);
}

describe('05/§1.2 db:distribute refuses a database without Citus', () => {
  it('05/§1.2: on plain PostgreSQL the command refuses with a clear message and changes nothing', async () => {
    // The embedded PostgreSQL, the PostgreSQL of DATABASE_URL, or the coordinator's own `postgres` database (no extension there).
    const embedded = process.env.DATABASE_URL ? null : await EmbeddedPostgres.start({ dataDir: 'memory://', maxConnections: 4 });
    const url = embedded
      ? embedded.url
      : ON_CITUS
        ? process.env.DATABASE_URL!.replace(/\/[^/?]+(\?|$)/, '/postgres$1')
        : process.env.DATABASE_URL!;
    // What the command would change: the tables (a migration), the applied migrations, the extensions.
    const state = () =>
      withClient(url, async (c) => ({
        tables: (
          await c.query<{ name: string }>(
            `SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public' ORDER BY 1`,
          )
        ).rows.map((r) => r.name),
        migrations: (await c.query<{ found: boolean }>(`SELECT to_regclass('public.migrations') IS NOT NULL AS found`)).rows[0].found
          ? (await c.query<{ n: number }>(`SELECT count(*)::int AS n FROM migrations`)).rows[0].n
          : null,
        extensions: (await c.query<{ name: string }>(`SELECT extname AS name FROM pg_extension ORDER BY 1`)).rows.map((r) => r.name),
      }));
    try {
      const before = await state();
      await expect(distributeDatabaseAt(url)).rejects.toThrow(/needs a Citus coordinator: .*no citus extension/);
      expect(await state()).toEqual(before);
    } finally {
      await embedded?.stop();
    }
  });
});

describeOnCitus('05/§1.2 distribution is a command (on the Citus cluster)', () => {
  const name = `wfp_distribute_${process.pid}`;
  let url: string;
  beforeAll(() => {
    url = freshCitusDatabase(name);
  });
  afterAll(() => dropCitusDatabase(name));

  it('05/§1.2: db:distribute distributes a migrated coordinator database as distribution.ts says, foreign keys included', async () => {
    expect(await migrateDatabase(url, false)).toHaveLength(schemaMigrations().length);
    const migrated = await foreignKeyNames(url);
    expect([...(await distribution(url)).values()].filter((t) => t.method !== null)).toEqual([]);
    const { migrations, statements } = await distributeDatabaseAt(url);
    expect(migrations).toEqual([]);
    expect(statements.length).toBeGreaterThan(30);
    const tables = await distribution(url);
    const anchor = tables.get(COLOCATE_WITH)!;
    const wrong = [...tables.values()]
      .filter((t) => {
        if (LOCAL_TABLES.includes(t.table)) return t.method !== null;
        if (REFERENCE_TABLES.includes(t.table)) return t.method !== 'n' || t.model !== 't';
        return t.method !== 'h' || t.colocation !== anchor.colocation;
      })
      .map((t) => `${t.table} (${t.method}/${t.model}/${t.colocation})`);
    expect(wrong).toEqual([]);
    // Every foreign key the migrations made is back after distribution.
    expect(migrated.length).toBeGreaterThanOrEqual(25);
    expect(await foreignKeyNames(url)).toEqual(migrated);
  });

  it('05/§1.2: db:distribute is idempotent: the second run changes nothing', async () => {
    const before = await distribution(url);
    const { migrations, statements } = await distributeDatabaseAt(url);
    expect(migrations).toEqual([]);
    expect(statements).toEqual([]);
    expect(await distribution(url)).toEqual(before);
  });

  it('05/§1.2: a migration added later runs unchanged on the distributed database; its new table comes out distributed and colocated', async () => {
    const applied = await migrateDatabase(url, false, [...schemaMigrations(), ThrowawayNotes9999999999999]);
    expect(applied).toEqual(['ThrowawayNotes9999999999999']);
    const tables = await distribution(url);
    expect(tables.get('throwaway_notes')).toEqual(
      expect.objectContaining({ method: 'h', colocation: tables.get(COLOCATE_WITH)!.colocation }),
    );
    expect(await foreignKeyNames(url)).toContain('fk_throwaway_notes_plan');
    // The foreign key holds on the shards: a note needs its plan.
    await withClient(url, async (c) => {
      await expect(
        c.query(`INSERT INTO throwaway_notes (organization_id, plan_id, id, body) VALUES ('org-throwaway', 'no-plan', 'n1', 'x')`),
      ).rejects.toThrow(/foreign key/);
    });
    expect((await distributeDatabaseAt(url)).statements).toEqual([]);
  });
});
