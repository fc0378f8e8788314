import { QueryFailedError } from 'typeorm';
import { PostgresQueryRunner } from 'typeorm/driver/postgres/PostgresQueryRunner';
import { MAX_NAMED_STATEMENTS, poolReadManager, StatementNames } from '../../src/database/pool-reads';
import { UnitOfWork } from '../../src/database/unit-of-work';
import { ownDatabase } from '../support/own-database';
import { onPostgresServer, Tenant, TestApp } from '../support/test-app';

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

describe('prepared plain reads on a PostgreSQL server (src/database/pool-reads.ts StatementNames)', () => {
  let database: Awaited<ReturnType<typeof ownDatabase>>;
  let t: TestApp;
  let org: Tenant;

  // A database of its own (this file alters a table) and one connection, so that every read below is on the one
  // connection that prepared the statement.
  beforeAll(async () => {
    database = await ownDatabase('prepared');
    t = await TestApp.start({ DB_POOL_SIZE: '1', ...database.env });
    org = await t.createTenant();
  });

  afterAll(async () => {
    await t.close();
    await database.drop();
  });

  it('a read is prepared on its connection (unnamed on the embedded database), and after a migration changed its table it is prepared again and answers the new columns', async () => {
    const em = poolReadManager(t.dataSource);
    const sql = 'SELECT p.* FROM plans p WHERE p.organization_id = $1';
    const before = (await em.query(sql, [org.orgId])) as Record<string, unknown>[];
    const prepared = 'SELECT count(*)::int AS n FROM pg_prepared_statements WHERE statement = $1';
    expect(await em.query(prepared, [sql])).toEqual([{ n: onPostgresServer ? 1 : 0 }]);
    // Another instance's migration adds a column: the prepared plan's result type no longer fits (SQLSTATE 0A000).
    await t.dataSource.query('ALTER TABLE plans ADD COLUMN probe_note text');
    const after = (await em.query(sql, [org.orgId])) as Record<string, unknown>[];
    expect(after.map((row) => row.id)).toEqual(before.map((row) => row.id));
    expect(after.every((row) => 'probe_note' in row && row.probe_note === null)).toBe(true);
  });

  it('one name per statement text with parameters, at most MAX_NAMED_STATEMENTS of them; without parameters, or when not preparing, unnamed', () => {
    const names = new StatementNames(true);
    const first = names.statement('SELECT $1::int AS a', [1]);
    expect(first.name).toMatch(/^wfp_\d+$/);
    expect(names.statement('SELECT $1::int AS a', [2]).name).toBe(first.name);
    expect(names.statement('SELECT $1::int AS b', [1]).name).not.toBe(first.name);
    expect(names.statement('SELECT 1; SELECT 2').name).toBeUndefined();
    expect(new StatementNames(false).statement('SELECT $1::int AS a', [1]).name).toBeUndefined();
    for (let i = 0; i < MAX_NAMED_STATEMENTS; i++) names.statement(`SELECT $1::int AS c${i}`, [i]);
    expect(names.statement('SELECT $1::int AS one_too_many', [1])).toEqual({ text: 'SELECT $1::int AS one_too_many', values: [1] });
    expect(
      names.replanned('SELECT $1::int AS a', Object.assign(new Error('cached plan must not change result type'), { code: '0A000' })),
    ).toBe(true);
    expect(names.replanned('SELECT $1::int AS a', Object.assign(new Error('syntax'), { code: '42601' }))).toBe(false);
  });
});
