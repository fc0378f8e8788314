import { changesOf, lastSeq } from '../support/changes';
import { bodies } from '../support/fixtures';
import { TestApp, Tenant } from '../support/test-app';

/** Nested dated records are keyed, not appended; `unchanged` is exact (07 §1.1-1.2). */
describe('keyed nested records and an exact unchanged (07 §1.1-1.2)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await TestApp.start();
  });
  afterAll(async () => {
    await t.close();
  });

  const salary = { effectiveDate: '2026-01-05', salary: 90000, currencyCode: 'EUR' };
  const bulk = async (tenant: Tenant, path: string, records: unknown[]) =>
    (await tenant.api('post', `/${path}/bulk`).send({ records }).expect(200)).body.data;
  const count = async (tenant: Tenant, table: string) =>
    (await t.dataSource.query(`SELECT count(*)::int AS n FROM ${table} WHERE organization_id = $1`, [tenant.orgId]))[0].n as number;

  it('07/§1.1: the same item sent three times leaves what the first send left: one salary, one allocation; then unchanged twice', async () => {
    const tenant = await t.createTenant();
    const team = await tenant.create.team({ externalId: 'TEAM-1' });
    const item = bodies.employee({
      externalId: 'HR-1',
      salary,
      teamAssignment: { teamId: 'TEAM-1', fte: 0.5, startDate: '2026-01-05' },
      projectAssignment: undefined,
    });
    const outcomes: string[] = [];
    for (let i = 0; i < 3; i++) outcomes.push((await bulk(tenant, 'employees', [item])).results[0].result);
    expect(outcomes).toEqual(['created', 'unchanged', 'unchanged']);
    expect(await count(tenant, 'salary_adjustments')).toBe(1);
    const allocations = await t.dataSource.query(`SELECT target_id, fte FROM assignments WHERE organization_id = $1`, [tenant.orgId]);
    expect(allocations).toEqual([{ target_id: team.id, fte: '0.5000' }]);
    expect((await changesOf(t, tenant.orgId, { entityType: ['salary_adjustment', 'employee_team_allocation'] })).length).toBe(2);
  });

  it('07/§1.1: a nested salary with a stored effectiveDate updates that salary (recorded as its update); another date adds one', async () => {
    const tenant = await t.createTenant();
    await bulk(tenant, 'employees', [bodies.employee({ externalId: 'HR-1', salary })]);
    const mark = await lastSeq(t, tenant.orgId);
    const raised = await bulk(tenant, 'employees', [{ externalId: 'HR-1', salary: { ...salary, salary: 95000 } }]);
    expect(raised.results[0].result).toBe('updated');
    const history = async () =>
      (await tenant.api('get', '/employees/HR-1?include=salaryHistory').expect(200)).body.data.salaryHistory.map(
        (s: { effectiveDate: string; salary: number }) => [s.effectiveDate, s.salary],
      );
    expect(await history()).toEqual([['2026-01-05', 95000]]);
    const changes = await changesOf(t, tenant.orgId, { afterSeq: mark });
    expect(changes.map((c) => [c.entityType, c.changeType, c.before?.salary, c.after?.salary])).toEqual([
      ['salary_adjustment', 'update', '90000', '95000'],
    ]);
    await bulk(tenant, 'employees', [{ externalId: 'HR-1', salary: { ...salary, effectiveDate: '2026-07-01', salary: 99000 } }]);
    expect(await history()).toEqual([
      ['2026-07-01', 99000],
      ['2026-01-05', 95000],
    ]);
  });

  it('07/§1.1: an assignment is keyed by target and startDate: same key updates its fte, another start adds one', async () => {
    const tenant = await t.createTenant();
    await tenant.create.team({ externalId: 'TEAM-1' });
    const alloc = { teamId: 'TEAM-1', fte: 0.5, startDate: '2026-01-05' };
    await bulk(tenant, 'employees', [bodies.employee({ externalId: 'HR-1', teamAssignment: alloc })]);
    expect((await bulk(tenant, 'employees', [{ externalId: 'HR-1', teamAssignment: { ...alloc, fte: 0.8 } }])).results[0].result).toBe(
      'updated',
    );
    await bulk(tenant, 'employees', [{ externalId: 'HR-1', teamAssignment: { ...alloc, startDate: '2026-09-01', fte: 1 } }]);
    const rows = await t.dataSource.query(`SELECT start_date, fte FROM assignments WHERE organization_id = $1 ORDER BY start_date`, [
      tenant.orgId,
    ]);
    expect(rows).toEqual([
      { start_date: '2026-01-05', fte: '0.8000' },
      { start_date: '2026-09-01', fte: '1.0000' },
    ]);
  });

  it('07/§1.1: contractors: a nested rate keyed by effectiveDate; resent, unchanged', async () => {
    const tenant = await t.createTenant();
    const rate = { effectiveDate: '2026-02-01', rate: 650, rateType: 'daily' as const, currencyCode: 'EUR' };
    const item = bodies.contractor({ externalId: 'C-1', rateAdjustment: rate });
    expect((await bulk(tenant, 'contractors', [item])).results[0].result).toBe('created');
    expect((await bulk(tenant, 'contractors', [item])).results[0].result).toBe('unchanged');
    expect((await bulk(tenant, 'contractors', [{ externalId: 'C-1', rateAdjustment: { ...rate, rate: 700 } }])).updated).toBe(1);
    expect(await t.dataSource.query(`SELECT rate FROM rate_adjustments WHERE organization_id = $1`, [tenant.orgId])).toEqual([
      { rate: '700.00' },
    ]);
  });

  it('07/§1.2: a PATCH equal to what is stored writes nothing: no change recorded, ETag and updatedAt as they were', async () => {
    const tenant = await t.createTenant();
    await tenant.create.team({ externalId: 'TEAM-1' });
    const body = {
      lastName: 'Lovelace',
      salary,
      teamAssignment: { teamId: 'TEAM-1', fte: 0.5, startDate: '2026-01-05' },
    };
    await tenant.create.employee({ externalId: 'HR-1', ...body });
    const before = await tenant.api('get', '/employees/HR-1').expect(200);
    const mark = await lastSeq(t, tenant.orgId);
    const patched = await tenant.api('patch', '/employees/HR-1').send(body).expect(200);
    expect(patched.headers.etag).toBe(before.headers.etag);
    expect(patched.body.data.updatedAt).toBe(before.body.data.updatedAt);
    expect(await changesOf(t, tenant.orgId, { afterSeq: mark })).toEqual([]);
    expect(await count(tenant, 'salary_adjustments')).toBe(1);
    expect(await count(tenant, 'assignments')).toBe(1);
  });
});
