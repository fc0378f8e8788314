import { Client } from 'pg';
import { distributeDatabaseAt } from '../../src/database/data-source';
import { describeOnCitus, dropCitusDatabase, freshCitusDatabase } from '../support/citus';
import { TestApp, Tenant } from '../support/test-app';

/** Where the organization's shards are: the shard of `teams` that holds it and its worker's port. */
async function placement(client: Client, orgId: string): Promise<{ shard: number; port: number }> {
  const { rows } = await client.query<{ shard: string; port: number }>(
    `SELECT s.shardid AS shard, s.nodeport AS port FROM citus_shards s
      WHERE s.shardid = get_shard_id_for_distribution_column('teams', $1::varchar)`,
    [orgId],
  );
  return { shard: Number(rows[0].shard), port: rows[0].port };
}

describeOnCitus('05/§1.5 moving shards while serving (on the Citus cluster)', () => {
  const name = `wfp_shard_move_${process.pid}`;
  let url: string;
  let t: TestApp;
  let org: Tenant;
  let client: Client;

  beforeAll(async () => {
    url = freshCitusDatabase(name);
    await distributeDatabaseAt(url);
    t = await TestApp.start({ DATABASE_URL: url });
    org = await t.createTenant();
    client = new Client({ connectionString: url });
    await client.connect();
  });
  afterAll(async () => {
    await client?.end();
    await t?.close();
    dropCitusDatabase(name);
  });

  it('05/§1.5: writers keep writing while the organization’s shards move to the other worker: no request fails, every write is there', async () => {
    const before = await placement(client, org.orgId);
    const ports: { nodeport: number }[] = (await client.query(`SELECT nodeport FROM pg_dist_node WHERE groupid <> 0 ORDER BY nodeport`))
      .rows;
    const target = ports.map((p) => p.nodeport).find((port) => port !== before.port)!;
    let moving = true;
    const statuses: number[] = [];
    const created: string[] = [];
    const writer = async (w: number) => {
      for (let i = 0; moving || i < 3; i++) {
        const res = await org.api('post', '/teams').send({ name: `Team ${w}-${i}` });
        statuses.push(res.status);
        if (res.status === 201) created.push(res.body.data.id);
      }
    };
    const writers = Promise.all([0, 1, 2, 3].map(writer));
    await new Promise((resolve) => setTimeout(resolve, 500));
    // The whole colocation group moves with the shard: every table of the organization, while the writers write.
    await client.query(`SELECT citus_move_shard_placement($1, '127.0.0.1', $2, '127.0.0.1', $3)`, [before.shard, before.port, target]);
    moving = false;
    await writers;
    expect((await placement(client, org.orgId)).port).toBe(target);
    expect(statuses.filter((s) => s !== 201)).toEqual([]);
    expect(statuses.length).toBeGreaterThan(12);
    const stored = await client.query<{ id: string }>(`SELECT id FROM teams WHERE organization_id = $1`, [org.orgId]);
    expect(stored.rows.map((r) => r.id).sort()).toEqual([...created].sort());
    // And reads and writes go on where the shards are now.
    const last = (await org.api('post', '/teams').send({ name: 'After the move' }).expect(201)).body.data.id;
    await org.api('get', `/teams/${last}`).expect(200);
  });
});
