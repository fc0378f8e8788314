import { QueryFailedError } from 'typeorm';
import { poolReadManager } from '../../src/database/pool-reads';
import { UnitOfWork } from '../../src/database/unit-of-work';
import { Tenant, TestApp } from '../support/test-app';

/**
 * `poolReadManager` (src/database/pool-reads.ts): the plain reads' entity manager sends `query` straight to the
 * pg pool and answers as TypeORM's own `query` does (rows; `[rows, rowCount]` for UPDATE and DELETE; a
 * `QueryFailedError` around the driver's error), on the embedded database and on PostgreSQL alike. The reads
 * of every request go through it (`UnitOfWork.read`), so the rest of the suite holds it to the API's answers.
 */
describe('pool reads: UnitOfWork.read answers as TypeORM does', () => {
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
});
