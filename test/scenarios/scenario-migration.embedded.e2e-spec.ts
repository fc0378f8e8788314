import { Client } from 'pg';
import { schemaMigrations } from '../../src/database/schema-files';
import { ScenarioAccess1795470000000 } from '../../migrations/1795470000000-ScenarioAccess';
import { MEMORY_DATA_DIR } from '../../src/config/app-config';
import { migrateDatabase } from '../../src/database/data-source';
import { EmbeddedPostgres } from '../../src/database/embedded-postgres';
import { TestApp } from '../support/test-app';

describe('03 §3 Scenarios, Access: the migration that adds visibility, owners and members', () => {
  it('03 §3 Access: a scenario made before the migration is ORGANIZATION without an owner afterwards, and every user still reads and writes it', async () => {
    const db = await EmbeddedPostgres.start({ dataDir: MEMORY_DATA_DIR, maxConnections: 12 });
    let app: TestApp | undefined;
    try {
      // A database as deployments have it: every earlier migration applied, this one not yet.
      await migrateDatabase(
        db.url,
        true,
        schemaMigrations().filter((m) => m !== ScenarioAccess1795470000000),
      );
      const ids = { org: 'cmigrationorg000000000000', live: 'cmigrationlive00000000000', scenario: 'cmigrationplan00000000000' };
      const user = 'cmigrationuser00000000000';
      const client = new Client({ connectionString: db.url });
      await client.connect();
      try {
        await client.query(`INSERT INTO organizations (id, name) VALUES ($1, 'Before')`, [ids.org]);
        await client.query(
          `INSERT INTO plans (id, organization_id, kind, name, status, forked_at) VALUES ($1, $3, 'LIVE', 'Live', 'OPEN', NULL), ($2, $3, 'SCENARIO', 'Old plan', 'OPEN', now())`,
          [ids.live, ids.scenario, ids.org],
        );
        await client.query(
          `INSERT INTO users (id, organization_id, email, name, permissions) VALUES ($1, $2, 'old@example.com', 'Old', '{teams_view,teams_edit}')`,
          [user, ids.org],
        );
      } finally {
        await client.end();
      }
      expect(await migrateDatabase(db.url, true)).toEqual(['ScenarioAccess1795470000000']);

      app = await TestApp.start({ DATABASE_URL: db.url });
      const path = `/organizations/${ids.org}/scenarios/${ids.scenario}`;
      expect((await app.admin('get', path, user).expect(200)).body.data).toMatchObject({
        id: ids.scenario,
        name: 'Old plan',
        visibility: 'ORGANIZATION',
        ownerUserId: null,
      });
      expect((await app.admin('get', `/organizations/${ids.org}/scenarios`, user).expect(200)).body.data).toHaveLength(1);
      await app.admin('post', `${path}/teams`, user).send({ name: 'Written after the migration' }).expect(201);
      expect((await app.admin('get', `${path}/members`, user).expect(200)).body.data).toEqual([]);
    } finally {
      await app?.close();
      await db.stop();
    }
  });
});
