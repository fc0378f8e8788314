import { QueryFailedError } from 'typeorm';
import { PostgresQueryRunner } from 'typeorm/driver/postgres/PostgresQueryRunner';
import { poolReadManager } from '../../src/database/pool-reads';
import { UnitOfWork } from '../../src/database/unit-of-work';
import { Tenant, TestApp } from '../support/test-app';

/**
 * src/database/pool-reads.ts: the plain reads' entity manager (`poolReadManager`) sends `query` straight to the pg
 * pool, a transaction's (`transactionManager`) to the transaction's connection, and both answer as TypeORM's own
 * `query` does (rows; `[rows, rowCount]` for UPDATE and DELETE; a `QueryFailedError` around the driver's error), on
 * the embedded database and on PostgreSQL alike. Every request's reads and writes go through them (`UnitOfWork`),
 * so the rest of the suite holds them to the API's answers.
 */
describe("direct queries: UnitOfWork's managers answer as TypeORM does", () => {
  let t: TestApp;
  let org: Tenant;
  let uow: UnitOfWork;

  beforeAll(async () => {
    t = await TestApp.start();
    uow = t.get(UnitOfWork);
    org = await t.createTenant();
  });

  afterAll(() => t.close());

  it('a plain read goes to the pool without a TypeORM query runner, and its rows are those of the pool manager', async () => {
    const ctx = await t.liveContext(org);
    const { em } = uow.read(ctx);
    expect(em).toBe(poolReadManager(t.dataSource));
    expect(em).not.toBe(t.dataSource.manager);
    const made = jest.spyOn(t.dataSource, 'createQueryRunner');
    try {
      const sql = 'SELECT id, kind FROM plans WHERE organization_id = $1 ORDER BY id';
      const direct = await em.query(sql, [org.orgId]);
      expect(made).not.toHaveBeenCalled();
      expect(direct).toEqual(await t.dataSource.manager.query(sql, [org.orgId]));
      expect(direct).toEqual([{ id: ctx.livePlanId, kind: 'LIVE' }]);
    } finally {
      made.mockRestore();
    }
  });

  it('UPDATE and DELETE answer [rows, rowCount] as PostgresQueryRunner does; other statements their rows', async () => {
    const { em } = uow.read(await t.liveContext(org));
    const update = `UPDATE organizations SET name = name WHERE id = $1 RETURNING id`;
    expect(await em.query(update, [org.orgId])).toEqual([[{ id: org.orgId }], 1]);
    expect(await em.query(update, [org.orgId])).toEqual(await t.dataSource.manager.query(update, [org.orgId]));
    expect(await em.query(`DELETE FROM organizations WHERE id = $1`, ['no-such-organization'])).toEqual([[], 0]);
    expect(await em.query(`SELECT 1 AS one WHERE false`)).toEqual([]);
  });

  it("a failing statement throws TypeORM's QueryFailedError with the driver's error (the error filter maps it as before)", async () => {
    const { em } = uow.read(await t.liveContext(org));
    const failure = await em.query('SELECT * FROM no_such_table WHERE id = $1', ['x']).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(QueryFailedError);
    expect((failure as QueryFailedError & { driverError: { code: string } }).driverError.code).toBe('42P01');
    expect((failure as QueryFailedError).query).toBe('SELECT * FROM no_such_table WHERE id = $1');
    expect((failure as QueryFailedError).parameters).toEqual(['x']);
  });

  it("a write's statements go to its transaction's connection: they see its own changes, a failure rolls them back", async () => {
    const ctx = await t.liveContext(org);
    const runnerQuery = jest.spyOn(PostgresQueryRunner.prototype, 'query');
    const rename = `UPDATE organizations SET name = $2 WHERE id = $1 RETURNING name`;
    const nameOf = async () =>
      ((await t.dataSource.query(`SELECT name FROM organizations WHERE id = $1`, [org.orgId])) as { name: string }[])[0].name;
    const before = await nameOf();
    try {
      await uow.run(ctx, async (tx) => {
        expect(await tx.em.query(rename, [org.orgId, 'Renamed in the transaction'])).toEqual([[{ name: 'Renamed in the transaction' }], 1]);
        expect(await tx.em.query(`SELECT name FROM organizations WHERE id = $1`, [org.orgId])).toEqual([
          { name: 'Renamed in the transaction' },
        ]);
      });
      expect(await nameOf()).toBe('Renamed in the transaction');
      // Only the transaction's own BEGIN and COMMIT go through TypeORM's runner, not the work's statements.
      expect(runnerQuery.mock.calls.map(([sql]) => sql).filter((sql) => /RETURNING name|AS seen/.test(String(sql)))).toEqual([]);
      const failed = await uow
        .run(ctx, async (tx) => {
          await tx.em.query(rename, [org.orgId, 'Never kept']);
          await tx.em.query('SELECT * FROM no_such_table');
        })
        .catch((error: unknown) => error);
      expect(failed).toBeInstanceOf(QueryFailedError);
      expect(await nameOf()).toBe('Renamed in the transaction');
    } finally {
      runnerQuery.mockRestore();
      await t.dataSource.query(`UPDATE organizations SET name = $2 WHERE id = $1`, [org.orgId, before]);
    }
  });
});
