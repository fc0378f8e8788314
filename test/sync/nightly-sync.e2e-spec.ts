import { CHANGES_TABLE, changesOf, lastSeq } from '../support/changes';
import { bodies, Schemas } from '../support/fixtures';
import { TestApp, Tenant } from '../support/test-app';

/** A sync that can run every night: upsert everything, delete what the source lost (07 §1.1-1.2, §1.4). */
describe('the nightly sync (07 §1)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await TestApp.start();
  });
  afterAll(async () => {
    await t.close();
  });

  const upsert = async (tenant: Tenant, path: string, records: unknown[]) =>
    (await tenant.api('post', `/${path}/bulk`).send({ records }).expect(200)).body.data;
  const bulkDelete = async (tenant: Tenant, path: string, externalIds: string[]) =>
    (await tenant.api('post', `/${path}/bulk-delete`).send({ externalIds }).expect(200)).body.data;

  /** Rows of the organization in every table that has them (the recorded changes apart: they are counted through changesOf). */
  async function rowCounts(tenant: Tenant): Promise<Record<string, number>> {
    const tables: { table_name: string }[] = await t.dataSource.query(
      `SELECT table_name FROM information_schema.columns
        WHERE table_schema = current_schema() AND column_name = 'organization_id' AND table_name <> $1 ORDER BY table_name`,
      [CHANGES_TABLE],
    );
    const counts: Record<string, number> = {};
    for (const { table_name: table } of tables) {
      const [{ n }] = await t.dataSource.query(`SELECT count(*)::int AS n FROM "${table}" WHERE organization_id = $1`, [tenant.orgId]);
      counts[table] = n;
    }
    return counts;
  }

  it('07/§1.2: a realistic night: 1,000 people with salaries and allocations sent twice (all unchanged, nothing written), then 20 changed and 5 deleted at the source', async () => {
    const tenant = await t.createTenant();
    await upsert(
      tenant,
      'teams',
      Array.from({ length: 10 }, (_v, i) => ({ externalId: `TEAM-${i}`, name: `Team ${i}` })),
    );
    const people: Schemas['CreateEmployeeDto'][] = Array.from({ length: 1000 }, (_v, i) =>
      bodies.employee({
        externalId: `HR-${i}`,
        startDate: '2025-03-01',
        salary: { effectiveDate: '2025-03-01', salary: 50000 + i, currencyCode: 'EUR' },
        teamAssignment: { teamId: `TEAM-${i % 10}`, fte: i % 4 === 0 ? 0.5 : 1, startDate: '2025-03-01' },
      }),
    );
    const first = await upsert(tenant, 'employees', people);
    expect(first).toMatchObject({ created: 1000, updated: 0, unchanged: 0, failed: 0 });

    const counts = await rowCounts(tenant);
    expect(counts).toMatchObject({ employees: 1000, salary_adjustments: 1000, assignments: 1000 });
    const mark = await lastSeq(t, tenant.orgId);
    const hr7 = await tenant.api('get', '/employees/HR-7').expect(200);
    const second = await upsert(tenant, 'employees', people);
    expect(second).toMatchObject({ created: 0, updated: 0, unchanged: 1000, failed: 0 });
    expect(await rowCounts(tenant)).toEqual(counts);
    expect(await changesOf(t, tenant.orgId, { afterSeq: mark })).toEqual([]);
    const hr7Again = await tenant.api('get', '/employees/HR-7').expect(200);
    expect([hr7Again.headers.etag, hr7Again.body.data.updatedAt]).toEqual([hr7.headers.etag, hr7.body.data.updatedAt]);

    // The source the next night: 20 people changed (10 raises on the same day, 10 new names), 5 gone.
    const changed = people.map((person, i): Schemas['CreateEmployeeDto'] => {
      if (i < 10) return { ...person, salary: { ...person.salary!, salary: 70000 } };
      if (i < 20) return { ...person, lastName: `Renamed ${i}` };
      return person;
    });
    const gone = [995, 996, 997, 998, 999].map((i) => `HR-${i}`);
    const deleted = await bulkDelete(tenant, 'employees', gone);
    expect(deleted).toMatchObject({ deleted: 5, notFound: 0, failed: 0 });
    const third = await upsert(tenant, 'employees', changed.slice(0, 995));
    expect(third).toMatchObject({ created: 0, updated: 20, unchanged: 975, failed: 0 });
    expect(await rowCounts(tenant)).toEqual({ ...counts, employees: 995, salary_adjustments: 995, assignments: 995 });
    const night = await changesOf(t, tenant.orgId, { afterSeq: mark });
    const tally: Record<string, number> = {};
    for (const c of night) tally[`${c.changeType} ${c.entityType}`] = (tally[`${c.changeType} ${c.entityType}`] ?? 0) + 1;
    expect(tally).toEqual({
      'delete employee': 5,
      'delete salary_adjustment': 5,
      'delete employee_team_allocation': 5,
      'update salary_adjustment': 10,
      'update employee': 10,
    });
  }, 600_000);

  it('07/§1.3: a partial item is typed as such (externalId plus optional create fields); one creating a record without a required field fails alone, naming it', async () => {
    const tenant = await t.createTenant();
    await upsert(tenant, 'employees', [bodies.employee({ externalId: 'HR-1' })]);
    const items: Schemas['EmployeeBulkItemDto'][] = [
      { externalId: 'HR-1', lastName: 'Byron' },
      { externalId: 'HR-2', firstName: 'Ada', lastName: 'New', startDate: '2026-01-01' },
    ];
    const res = await upsert(tenant, 'employees', items);
    type Result = { result: string; error: { code: string; details: { field: string }[] | null } | null };
    expect(res.results.map((r: Result) => [r.result, r.error?.code ?? null, r.error?.details?.map((d) => d.field) ?? null])).toEqual([
      ['updated', null, null],
      ['failed', 'VALIDATION_ERROR', ['email']],
    ]);
  });

  it('07/§1.4: bulk-delete deletes by externalId as the single DELETE does (same recorded changes); unknown externalIds are not_found', async () => {
    const tenant = await t.createTenant();
    const person = (externalId: string) =>
      bodies.employee({ externalId, salary: { effectiveDate: '2026-01-05', salary: 1, currencyCode: 'EUR' } });
    await upsert(tenant, 'employees', [person('A'), person('B'), person('C')]);
    const ids = Object.fromEntries(
      await Promise.all(['A', 'B', 'C'].map(async (x) => [x, (await tenant.api('get', `/employees/${x}`).expect(200)).body.data.id])),
    );
    let mark = await lastSeq(t, tenant.orgId);
    await tenant.api('delete', '/employees/A').expect(204);
    const single = (await changesOf(t, tenant.orgId, { afterSeq: mark })).map((c) => [c.entityType, c.changeType, c.dispatchStatus]);
    mark = await lastSeq(t, tenant.orgId);
    const res = await bulkDelete(tenant, 'employees', ['B', 'NOBODY', 'B']);
    expect(res).toEqual({
      deleted: 1,
      notFound: 1,
      failed: 1,
      results: [
        { index: 0, externalId: 'B', id: ids.B, result: 'deleted', error: null },
        { index: 1, externalId: 'NOBODY', id: null, result: 'not_found', error: null },
        {
          index: 2,
          externalId: 'B',
          id: null,
          result: 'failed',
          error: { code: 'VALIDATION_ERROR', message: expect.any(String), details: [{ field: 'externalId', message: expect.any(String) }] },
        },
      ],
    });
    const bulk = (await changesOf(t, tenant.orgId, { afterSeq: mark })).map((c) => [c.entityType, c.changeType, c.dispatchStatus]);
    expect(bulk).toEqual(single);
    await tenant.api('get', '/employees/B').expect(404);
    await tenant.api('get', '/employees/C').expect(200);
  });

  it('07/§1.4: the rules of the single DELETE hold per item: a project still in use fails alone with its 409 code, the others go', async () => {
    const tenant = await t.createTenant();
    const busy = await tenant.create.project({ externalId: 'PR-BUSY' });
    await tenant.create.project({ externalId: 'PR-FREE' });
    await tenant.create.employee({ externalId: 'E-1', projectAssignment: { projectId: busy.id, fte: 1, startDate: '2026-01-01' } });
    const res = await bulkDelete(tenant, 'projects', ['PR-BUSY', 'PR-FREE']);
    expect(res).toMatchObject({ deleted: 1, notFound: 0, failed: 1 });
    expect(res.results[0]).toMatchObject({ result: 'failed', id: busy.id, error: { code: 'CONFLICT' } });
    await tenant.api('get', '/projects/PR-BUSY').expect(200);
    await tenant.api('get', '/projects/PR-FREE').expect(404);
  });

  it('07/§1.4: contractors, vacancies, teams and projects take bulk-delete too; 1 to 1,000 externalIds; permissions of the single DELETE', async () => {
    const tenant = await t.createTenant();
    await upsert(tenant, 'contractors', [bodies.contractor({ externalId: 'C-1' })]);
    await upsert(tenant, 'vacancies', [bodies.vacancy({ externalId: 'V-1' })]);
    await upsert(tenant, 'teams', [bodies.team({ externalId: 'T-1' })]);
    for (const [path, externalId] of [
      ['contractors', 'C-1'],
      ['vacancies', 'V-1'],
      ['teams', 'T-1'],
      ['projects', 'PR-NONE'],
    ]) {
      const res = await bulkDelete(tenant, path, [externalId]);
      expect({ path, ...res, results: undefined }).toEqual({
        path,
        deleted: path === 'projects' ? 0 : 1,
        notFound: path === 'projects' ? 1 : 0,
        failed: 0,
        results: undefined,
      });
    }
    await tenant.api('post', '/teams/bulk-delete').send({ externalIds: [] }).expect(400);
    await tenant.api('post', '/teams/bulk-delete').send({}).expect(400);
    const tooMany = Array.from({ length: 1001 }, (_v, i) => `T-${i}`);
    const res = await tenant.api('post', '/teams/bulk-delete').send({ externalIds: tooMany }).expect(400);
    expect(res.body.error.details[0].field).toBe('externalIds');
    const viewOnly = await t.createKey(tenant, ['teams_view']);
    await t
      .http()
      .post(`/api/v1/org/${tenant.orgId}/teams/bulk-delete`)
      .set('Authorization', `Bearer ${viewOnly.key}`)
      .send({ externalIds: ['T-1'] })
      .expect(403);
  });

  it('07/§1.4: Idempotency-Key as for bulk upserts: the replay answers what the first request answered and deletes nothing more', async () => {
    const tenant = await t.createTenant();
    await upsert(tenant, 'teams', [bodies.team({ externalId: 'T-1' }), bodies.team({ externalId: 'T-2' })]);
    const send = () =>
      tenant
        .api('post', '/teams/bulk-delete')
        .set('Idempotency-Key', 'night-1')
        .send({ externalIds: ['T-1'] });
    const first = await send().expect(200);
    const mark = await lastSeq(t, tenant.orgId);
    const again = await send().expect(200);
    expect(again.body).toEqual(first.body);
    expect(first.body.data.deleted).toBe(1);
    expect(await changesOf(t, tenant.orgId, { afterSeq: mark })).toEqual([]);
    const other = await tenant
      .api('post', '/teams/bulk-delete')
      .set('Idempotency-Key', 'night-1')
      .send({ externalIds: ['T-2'] });
    expect([other.status, other.body.error.details[0].field]).toEqual([400, 'Idempotency-Key']);
  });
});
