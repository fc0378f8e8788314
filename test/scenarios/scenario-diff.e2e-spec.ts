import { ResourceCatalog } from '../../src/crud/resources';
import { committedDocument, requestSchemaOf, sampleOf } from '../support/openapi-sample';
import { type ExampleKind, makeExampleRecord, replaceExampleIds } from '../support/record-bodies';
import { changesOf, insertChanges } from '../support/changes';
import { fs } from '../functional-structure/support';
import { TestApp, Tenant } from '../support/test-app';

// Walks every resource of the app: CI runs it against a generated one too (.ci/run, "resource generator").

interface Entry {
  entityType: string;
  entityId: string;
  change: 'create' | 'update' | 'delete';
  fields?: string[];
  live: Record<string, unknown> | null;
  scenario: Record<string, unknown> | null;
  conflict: boolean;
}

describe('03 §3 Scenarios, Diff: what a scenario changes against live, in merge order', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await TestApp.start();
  });
  afterAll(() => t.close());

  const scenarios = (org: Tenant, rest = '') => `/organizations/${org.orgId}/scenarios${rest}`;
  const fork = async (org: Tenant, name = 'What if'): Promise<string> =>
    (await t.admin('post', scenarios(org)).send({ name }).expect(201)).body.data.id;
  const diff = async (org: Tenant, scenario: string, query = 'limit=100'): Promise<{ data: Entry[]; meta: Record<string, unknown> }> =>
    (await t.admin('get', scenarios(org, `/${scenario}/diff?${query}`)).expect(200)).body;
  const key = (e: { entityType: string; change: string; entityId: string }) => `${e.entityType}:${e.change}:${e.entityId}`;

  /** Where a merge applies an entity type: its planning table's place (parents first). */
  function tableIndex(entityType: string): number {
    const index = t
      .get(ResourceCatalog)
      .planningTables()
      .findIndex((table) => (table.entityTypes as readonly string[]).includes(entityType));
    expect(index).toBeGreaterThanOrEqual(0);
    return index;
  }

  it('03 §3 Diff: every entity type a scenario changes, created, updated or deleted, with the changed fields, both records and merge order; the merge applies exactly these, in this order', async () => {
    const org = await t.createTenant({ functionalGroupsEnabled: true });
    const f = fs(t, org);
    const platform = (await org.create.team({ name: 'Platform' })).id;
    const doomed = (await org.create.team({ name: 'Doomed' })).id;
    const apollo = (await org.create.project({ name: 'Apollo' })).id;
    const link = (
      await t
        .admin('post', `/organizations/${org.orgId}/projects/${apollo}/links`, org.userId)
        .send({ provider: 'jira', key: 'AP-1', url: 'https://jira.example.com/browse/AP-1', status: 'To Do' })
        .expect(201)
    ).body.data.id;
    const ada = await f.employee({
      lastName: 'Lovelace',
      salary: { effectiveDate: '2025-01-01', salary: 100000, currencyCode: 'USD' },
      teamAssignment: { teamId: platform, fte: 1, startDate: '2025-01-01' },
    });
    const carl = await f.contractor({ name: 'Carl' });
    const opening = (await org.create.vacancy({ role: 'Opening' })).id;
    const vacancy = (await org.create.vacancy({ role: 'Kept' })).id;
    const area = await f.group({ name: 'Area' });
    const seat = await f.position(area, { name: 'Lead' });
    await f.assign(seat, { employeeId: ada, fte: 1 });
    const definition = (
      await org
        .api('post', '/custom-attributes')
        .send({ entityType: 'FUNCTIONAL_GROUP', name: 'Budget owner', attributeKey: 'owner', fieldType: 'STRING' })
        .expect(201)
    ).body.data.id;

    const s = await fork(org);
    const inScenario = (path: string) => scenarios(org, `/${s}${path}`);
    const plan = fs(t, org, s);
    await t
      .admin('patch', inScenario(`/teams/${platform}`))
      .send({ name: 'Platform 2', description: 'Renamed' })
      .expect(200);
    const newTeam = (await t.admin('post', inScenario('/teams')).send({ name: 'New team' }).expect(201)).body.data.id;
    await t.admin('delete', inScenario(`/teams/${doomed}`)).expect(204);
    await t
      .admin('patch', inScenario(`/projects/${apollo}`))
      .send({ name: 'Apollo 2' })
      .expect(200);
    await t
      .admin('patch', inScenario(`/employees/${ada}`))
      // Working time is a dated term: the PATCH records one effective today.
      .send({ lastName: 'King', fte: 0.8 })
      .expect(200);
    const hire = (
      await t
        .admin('post', inScenario('/employees'))
        .send({
          firstName: 'New',
          lastName: 'Hire',
          email: `hire.${process.pid}@example.com`,
          startDate: '2026-05-01',
          salary: { effectiveDate: '2026-05-01', salary: 90000, currencyCode: 'USD' },
          teamAssignment: { teamId: newTeam, fte: 1, startDate: '2026-05-01' },
        })
        .expect(201)
    ).body.data.id;
    const contractor = (
      await t
        .admin('post', inScenario('/contractors'))
        .send({
          name: 'Dana',
          startDate: '2026-02-01',
          rateAdjustment: { effectiveDate: '2026-02-01', rate: 500, rateType: 'daily', currencyCode: 'USD' },
        })
        .expect(201)
    ).body.data.id;
    await t
      .admin('post', inScenario('/assignments'))
      .send({ type: 'project', targetId: apollo, contractorId: carl, fte: 0.5, startDate: '2026-03-01' })
      .expect(201);
    for (const allocation of [
      { type: 'team', targetId: platform, vacancyId: vacancy },
      { type: 'project', targetId: apollo, teamId: platform },
      { type: 'project', targetId: apollo, employeeId: ada },
    ]) {
      await t
        .admin('post', inScenario('/assignments'))
        .send({ ...allocation, fte: 0.5, startDate: '2026-03-01' })
        .expect(201);
    }
    await t.admin('delete', inScenario(`/vacancies/${opening}`)).expect(204);
    const division = await plan.group({ name: 'Division' });
    await plan.post(`/${area}/move`, { parentFunctionalGroupId: division, effectiveDate: '2026-07-01' }).expect(200);
    const deputy = await plan.position(area, { name: 'Deputy' });
    await plan.post('/structure/move', { kind: 'POSITION', id: deputy, targetPositionId: seat, effectiveDate: '2026-03-01' }).expect(200);
    await plan.assign(deputy, { contractorId: carl, fte: 0.5 });
    await org
      .api('put', `/functional-groups/groups/${division}/custom-attributes/${definition}?scenarioId=${s}`)
      .send({ stringValue: 'Ada' })
      .expect(200);
    // A project-management link only live data has (links are not written inside scenarios): deleted by hand in the
    // scenario's plan, with the change the history would hold.
    await t.dataSource.query(`DELETE FROM project_links WHERE organization_id = $1 AND plan_id = $2 AND id = $3`, [org.orgId, s, link]);
    await insertChanges(t, org.orgId, [
      {
        planId: s,
        entityType: 'project_link',
        entityId: link,
        changeType: 'delete',
        after: null,
        actorType: 'user',
        actorId: org.userId,
        dispatchStatus: null,
      },
    ]);

    // A record of each module's planning resource (its descriptor's `scenario` and `demo`), made in the scenario from the
    // create's required fields; its references are the records above.
    const planned: Partial<Record<ExampleKind, string>> = { team: platform, parentTeam: platform, project: apollo, employee: ada };
    Object.assign(planned, { manager: ada, contractor: carl, vacancy });
    const doc = committedDocument();
    for (const { demo } of t
      .get(ResourceCatalog)
      .declarations()
      .filter((d) => d.demo && d.scenario)) {
      const sample = sampleOf(doc, requestSchemaOf(doc, `/api/v1/org/{orgId}/${demo!.collection}`, 'post'));
      const body = await replaceExampleIds(sample, async (kind) => planned[kind] ?? makeExampleRecord(org, kind));
      await t
        .admin('post', inScenario(`/${demo!.collection}`))
        .send(body as object)
        .expect(201);
    }

    const { data, meta } = await diff(org, s);
    expect(meta).toEqual({ page: 1, limit: 100, total: data.length, hasNextPage: false });
    const types = new Set(data.map((e) => `${e.entityType}:${e.change}`));
    for (const kind of [
      'team:create',
      'team:update',
      'team:delete',
      'project:update',
      'project_link:delete',
      'employee:create',
      'employee:update',
      'salary_adjustment:create',
      'employment_term:create',
      'employee_team_allocation:create',
      'contractor:create',
      'contractor_rate:create',
      'contractor_project_allocation:create',
      'vacancy:delete',
      'custom_attribute_value:create',
      'functional_group:create',
      'functional_group:update',
      'functional_group_placement:create',
      'functional_position:create',
      'functional_position_report:create',
      'functional_assignment:create',
    ]) {
      expect(types).toContain(kind);
    }
    // Every planning table is covered; each entry's type is the one the scenario's own writes recorded for the record
    // (the SQL twin of entityTypeOf: allocations are typed by holder and target).
    for (const table of t.get(ResourceCatalog).planningTables()) {
      expect([table.table, data.some((e) => (table.entityTypes as readonly string[]).includes(e.entityType))]).toEqual([table.table, true]);
    }
    const history = await changesOf(t, org.orgId, { planId: s });
    for (const e of data.filter((x) => x.change !== 'delete' && x.entityType !== 'custom_attribute_value')) {
      expect([e.entityId, history.filter((c) => c.entityId === e.entityId).at(-1)?.entityType]).toEqual([e.entityId, e.entityType]);
    }
    for (const kind of ['vacancy_team_allocation', 'team_project_allocation', 'employee_project_allocation']) {
      expect(types).toContain(`${kind}:create`);
    }
    const byId = (id: string) => data.filter((e) => e.entityId === id);
    expect(byId(platform)).toEqual([
      {
        entityType: 'team',
        entityId: platform,
        change: 'update',
        fields: ['name', 'description'],
        live: expect.objectContaining({ id: platform, name: 'Platform', description: null }),
        scenario: expect.objectContaining({ id: platform, name: 'Platform 2', description: 'Renamed' }),
        conflict: false,
      },
    ]);
    expect(byId(ada)).toEqual([
      expect.objectContaining({ change: 'update', fields: ['lastName'], live: expect.objectContaining({ lastName: 'Lovelace' }) }),
    ]);
    expect(byId(hire)).toEqual([
      {
        entityType: 'employee',
        entityId: hire,
        change: 'create',
        live: null,
        scenario: expect.objectContaining({ lastName: 'Hire' }),
        conflict: false,
      },
    ]);
    expect(byId(doomed)).toEqual([
      {
        entityType: 'team',
        entityId: doomed,
        change: 'delete',
        live: expect.objectContaining({ name: 'Doomed' }),
        scenario: null,
        conflict: false,
      },
    ]);
    expect(byId(contractor)[0]).toMatchObject({ entityType: 'contractor', change: 'create' });
    // The moved group: only its placements and its updatedAt changed.
    expect(byId(area)).toEqual([expect.objectContaining({ entityType: 'functional_group', change: 'update', fields: ['updatedAt'] })]);
    expect(data.every((e) => e.conflict === false)).toBe(true);

    // Merge order: deletes first, children first; then creates and updates, parents first.
    const firstUpsert = data.findIndex((e) => e.change !== 'delete');
    expect(data.slice(0, firstUpsert).every((e) => e.change === 'delete')).toBe(true);
    expect(data.slice(firstUpsert).every((e) => e.change !== 'delete')).toBe(true);
    const deletes = data.slice(0, firstUpsert).map((e) => tableIndex(e.entityType));
    const upserts = data.slice(firstUpsert).map((e) => tableIndex(e.entityType));
    expect(deletes).toEqual([...deletes].sort((a, b) => b - a));
    expect(upserts).toEqual([...upserts].sort((a, b) => a - b));

    // entityType narrows it; pages follow the same order.
    const teams = await diff(org, s, 'entityType=team');
    expect(teams.data.map(key)).toEqual(data.filter((e) => e.entityType === 'team').map(key));
    const second = await diff(org, s, 'limit=3&page=2');
    expect(second.meta).toEqual({ page: 2, limit: 3, total: data.length, hasNextPage: data.length > 6 });
    expect(second.data.map(key)).toEqual(data.slice(3, 6).map(key));

    // The merge applies exactly the diff, in its order, and counts it per entity type.
    const merger = (
      await t
        .admin('post', `/organizations/${org.orgId}/users`)
        .send({ email: `merger.${process.pid}@example.com`, name: 'Merger', permissions: ['*'] })
        .expect(201)
    ).body.data.id;
    const merged = (await t.admin('post', scenarios(org, `/${s}/merge`), merger).expect(200)).body.data;
    const counts: Record<string, number> = {};
    for (const e of data) counts[e.entityType] = (counts[e.entityType] ?? 0) + 1;
    expect(merged).toEqual({ status: 'MERGED', changes: counts });
    const events = await changesOf(t, org.orgId, { actorType: 'merge' });
    expect(events.map((e) => `${e.entityType}:${e.changeType}:${e.entityId}`)).toEqual(data.map(key));
    expect(events.find((e) => e.entityId === platform)).toMatchObject({
      before: data[data.findIndex((e) => e.entityId === platform)].live,
    });
    // Merged: live equals the scenario, nothing is left to list.
    expect((await diff(org, s)).data).toEqual([]);
  });

  it('03 §3 Diff: a record changed and changed back is not listed, nor one created and deleted; a record live changed after the fork is a conflict', async () => {
    const org = await t.createTenant();
    const platform = (await org.create.team({ name: 'Platform' })).id;
    const payments = (await org.create.team({ name: 'Payments' })).id;
    const s = await fork(org);
    const inScenario = (path: string) => scenarios(org, `/${s}${path}`);
    await t
      .admin('patch', inScenario(`/teams/${platform}`))
      .send({ name: 'Renamed' })
      .expect(200);
    await t
      .admin('patch', inScenario(`/teams/${platform}`))
      .send({ name: 'Platform' })
      .expect(200);
    const brief = (await t.admin('post', inScenario('/teams')).send({ name: 'Brief' }).expect(201)).body.data.id;
    await t.admin('delete', inScenario(`/teams/${brief}`)).expect(204);
    // The history names all three; the scenario's rows equal live's (the changed-back team differs in updatedAt only).
    const named = (await changesOf(t, org.orgId, { planId: s })).map((c) => c.entityId);
    expect(new Set(named)).toEqual(new Set([platform, brief]));
    expect((await diff(org, s)).data).toEqual([]);
    expect((await diff(org, s)).meta).toEqual({ page: 1, limit: 100, total: 0, hasNextPage: false });

    await t
      .admin('patch', inScenario(`/teams/${payments}`))
      .send({ name: 'Payments (scenario)' })
      .expect(200);
    await org.api('patch', `/teams/${payments}`).send({ name: 'Payments (live)' }).expect(200);
    expect((await diff(org, s)).data).toEqual([
      {
        entityType: 'team',
        entityId: payments,
        change: 'update',
        fields: ['name'],
        live: expect.objectContaining({ name: 'Payments (live)' }),
        scenario: expect.objectContaining({ name: 'Payments (scenario)' }),
        conflict: true,
      },
    ]);
  });

  it('03 §3 Diff: access and bad input: an unknown entityType or page is 400, an unknown scenario 404; nothing is written', async () => {
    const org = await t.createTenant();
    const s = await fork(org);
    const bad = await t.admin('get', scenarios(org, `/${s}/diff?entityType=unicorn`)).expect(400);
    expect(bad.body.error).toMatchObject({ code: 'VALIDATION_ERROR', details: [{ field: 'entityType' }] });
    expect((await t.admin('get', scenarios(org, `/${s}/diff?limit=101`)).expect(400)).body.error.details[0].field).toBe('limit');
    expect((await t.admin('get', scenarios(org, `/${s}/diff?sortBy=id`)).expect(400)).body.error.code).toBe('VALIDATION_ERROR');
    await t.admin('get', scenarios(org, '/cnosuchscenario0000000000/diff')).expect(404);
    const other = await t.createTenant();
    await t.admin('get', `/organizations/${other.orgId}/scenarios/${s}/diff`).expect(404);
    expect(await changesOf(t, org.orgId, { planId: s })).toEqual([]);
  });
});
