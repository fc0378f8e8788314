import { TestApp } from '../support/test-app';

describe('concurrent requests on one database (maxConnections >= pool size)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await TestApp.start();
  });
  afterAll(() => t.close());

  it('50 parallel writes and reads all succeed with the right answers', async () => {
    const tenant = await t.createTenant();
    const writes = await Promise.all(
      Array.from({ length: 50 }, (_, i) => tenant.api('post', '/teams').send({ name: `Parallel ${i}`, externalId: `P-${i}` })),
    );
    expect(writes.map((r) => r.status)).toEqual(Array(50).fill(201));
    const reads = await Promise.all(Array.from({ length: 50 }, (_, i) => tenant.api('get', `/teams/P-${i}`)));
    expect(reads.map((r) => r.status)).toEqual(Array(50).fill(200));
    expect(reads.map((r) => r.body.data.name)).toEqual(Array.from({ length: 50 }, (_, i) => `Parallel ${i}`));
    const [{ n }] = await t.dataSource.query(`SELECT count(*)::int AS n FROM teams WHERE organization_id = $1`, [tenant.orgId]);
    expect(n).toBe(50);
  });
});
