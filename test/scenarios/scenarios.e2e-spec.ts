import { changesOf, lastSeq } from '../support/changes';
import { TestApp, Tenant } from '../support/test-app';

describe('scenarios (spec 03 §3 Scenarios; 01 rule 8)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await TestApp.start();
  });
  afterAll(() => t.close());

  interface World {
    org: Tenant;
    team: string;
    employee: string;
    vacancy: string;
    project: string;
  }

  async function world(): Promise<World> {
    const org = await t.createTenant();
    const team = (await org.create.team({ name: 'Platform' })).id;
    const project = (await org.api('post', '/projects').send({ name: 'Apollo', startDate: '2026-01-01' }).expect(201)).body.data.id;
    const employee = (
      await org.create.employee({
        lastName: 'Person',
        salary: { effectiveDate: '2026-01-01', salary: 100000, currencyCode: 'USD' },
        teamAssignment: { teamId: team, fte: 1, startDate: '2026-01-01' },
      })
    ).id;
    const vacancy = (await org.api('post', '/vacancies').send({ role: 'Engineer' }).expect(201)).body.data.id;
    return { org, team, employee, vacancy, project };
  }

  const scenarioPath = (w: World, s: string, rest = '') => `/organizations/${w.org.orgId}/scenarios/${s}${rest}`;

  it('03 §3: create starts as a copy of every live planning record; live and scenario reads are separate', async () => {
    const w = await world();
    const res = await t
      .admin('post', `/organizations/${w.org.orgId}/scenarios`)
      .send({ name: 'Hiring plan', description: 'what if' })
      .expect(201);
    expect(res.body.data).toEqual({
      id: expect.any(String),
      name: 'Hiring plan',
      description: 'what if',
      status: 'OPEN',
      visibility: 'ORGANIZATION',
      ownerUserId: null,
      assumptions: null,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    const s = res.body.data.id;
    for (const path of ['/teams', '/employees', '/vacancies', '/projects', '/assignments']) {
      const live = (await w.org.api('get', path).expect(200)).body.data;
      const copy = (await w.org.api('get', `${path}?scenarioId=${s}`).expect(200)).body.data;
      expect(copy).toEqual(live);
      expect(copy.length).toBeGreaterThan(0);
    }
    const counts = await t.dataSource.query(`SELECT count(*)::int AS n FROM salary_adjustments WHERE plan_id = $1`, [s]);
    expect(counts[0].n).toBe(1);
    const list = await t.admin('get', `/organizations/${w.org.orgId}/scenarios`).expect(200);
    expect(list.body.data.map((x: { id: string }) => x.id)).toEqual([s]);
    await t.admin('get', scenarioPath(w, s)).expect(200);
    const other = await t.createTenant();
    await t.admin('get', `/organizations/${other.orgId}/scenarios/${s}`).expect(404);
    await other.api('get', `/employees?scenarioId=${s}`).expect(404);
  });

  it('decisions/scenarios: application writes inside an open scenario reuse the public services; live never sees them; nothing is emitted', async () => {
    const w = await world();
    const s = (await t.admin('post', `/organizations/${w.org.orgId}/scenarios`).send({ name: 'S' }).expect(201)).body.data.id;
    const hire = await t
      .admin('post', scenarioPath(w, s, '/employees'))
      .send({ firstName: 'What', lastName: 'If', email: 'whatif@example.com', startDate: '2026-05-01' })
      .expect(201);
    await t
      .admin('patch', scenarioPath(w, s, `/teams/${w.team}`))
      .send({ name: 'Platform 2' })
      .expect(200);
    await t.admin('delete', scenarioPath(w, s, `/vacancies/${w.vacancy}`)).expect(204);
    await t
      .admin('post', scenarioPath(w, s, '/employees'))
      .send({ firstName: 'Bad' })
      .expect(400);
    expect((await w.org.api('get', `/employees/${hire.body.data.id}`).expect(404)).body.error.code).toBe('NOT_FOUND');
    expect((await w.org.api('get', `/teams/${w.team}`).expect(200)).body.data.name).toBe('Platform');
    await w.org.api('get', `/vacancies/${w.vacancy}`).expect(200);
    const inScenario = (await w.org.api('get', `/employees?scenarioId=${s}`).expect(200)).body.data.map(
      (e: { lastName: string }) => e.lastName,
    );
    expect(inScenario.sort()).toEqual(['If', 'Person']);
    const rows = await changesOf(t, w.org.orgId, { planId: s });
    expect(rows.length).toBe(3);
    expect(rows.every((r) => r.dispatchStatus === null)).toBe(true);
    // 01 rule 8: the public API's writes with scenarioId stay 501.
    await w.org.api('post', `/employees?scenarioId=${s}`).send({}).expect(501);
  });

  it('03 §3: only an OPEN scenario accepts writes (403 PLAN_NOT_EDITABLE); status moves between OPEN and LOCKED', async () => {
    const w = await world();
    const s = (await t.admin('post', `/organizations/${w.org.orgId}/scenarios`).send({ name: 'S' }).expect(201)).body.data.id;
    expect(
      (await t.admin('patch', scenarioPath(w, s)).send({ status: 'LOCKED', name: 'Locked plan' }).expect(200)).body.data,
    ).toMatchObject({ status: 'LOCKED', name: 'Locked plan' });
    const refused = await t
      .admin('post', scenarioPath(w, s, '/teams'))
      .send({ name: 'X' })
      .expect(403);
    expect(refused.body.error).toMatchObject({ code: 'PLAN_NOT_EDITABLE' });
    await t.admin('patch', scenarioPath(w, s)).send({ status: 'MERGED' }).expect(400);
    await t.admin('patch', scenarioPath(w, s)).send({ status: 'OPEN' }).expect(200);
    await t
      .admin('post', scenarioPath(w, s, '/teams'))
      .send({ name: 'X' })
      .expect(201);
  });

  it('decisions/scenarios: merge applies creates, updates and deletes in one transaction with merge events; the scenario becomes MERGED and read-only', async () => {
    const w = await world();
    const merger = (
      await t
        .admin('post', `/organizations/${w.org.orgId}/users`)
        .send({
          email: 'merger@example.com',
          name: 'Merger',
          // 03 §1.17: the merger writes what the merge changes, with their own permissions.
          permissions: ['manage_scenarios', 'employees_edit', 'teams_edit', 'assignments_edit', 'compensation_edit'],
        })
        .expect(201)
    ).body.data;
    const s = (await t.admin('post', `/organizations/${w.org.orgId}/scenarios`).send({ name: 'S' }).expect(201)).body.data.id;
    const hire = (
      await t
        .admin('post', scenarioPath(w, s, '/employees'))
        .send({
          firstName: 'New',
          lastName: 'Hire',
          email: 'new@example.com',
          startDate: '2026-05-01',
          teamAssignment: { teamId: w.team, fte: 0.5, startDate: '2026-05-01' },
        })
        .expect(201)
    ).body.data.id;
    await t
      .admin('patch', scenarioPath(w, s, `/teams/${w.team}`))
      .send({ name: 'Platform 2' })
      .expect(200);
    await t.admin('delete', scenarioPath(w, s, `/employees/${w.employee}`)).expect(204);
    const before = await lastSeq(t, w.org.orgId);

    expect((await t.admin('post', scenarioPath(w, s, '/merge')).expect(400)).body.error.code).toBe('VALIDATION_ERROR');
    const plain = (
      await t
        .admin('post', `/organizations/${w.org.orgId}/users`)
        .send({ email: 'plain@example.com', name: 'Plain', permissions: ['employees_view'] })
        .expect(201)
    ).body.data;
    await t.admin('post', scenarioPath(w, s, '/merge'), plain.id).expect(403);

    const merged = await t.admin('post', scenarioPath(w, s, '/merge'), merger.id).expect(200);
    expect(merged.body).toEqual({
      data: {
        status: 'MERGED',
        changes: { employee: 2, team: 1, employee_team_allocation: 2, salary_adjustment: 1 },
      },
    });
    // Live now holds the scenario's version.
    expect((await w.org.api('get', `/teams/${w.team}`).expect(200)).body.data.name).toBe('Platform 2');
    expect((await w.org.api('get', `/employees/${hire}`).expect(200)).body.data.lastName).toBe('Hire');
    await w.org.api('get', `/employees/${w.employee}`).expect(404);
    const salaries = await t.dataSource.query(
      `SELECT count(*)::int AS n FROM salary_adjustments s JOIN plans p ON p.organization_id = s.organization_id AND p.id = s.plan_id AND p.kind = 'LIVE' WHERE s.organization_id = $1 AND p.organization_id = $1`,
      [w.org.orgId],
    );
    expect(salaries[0].n).toBe(0);
    // One merge event per live record changed, initiated by the merging user, all sent (dispatch_status set).
    const events = await changesOf(t, w.org.orgId, { afterSeq: before });
    expect(events.every((e) => e.actorType === 'merge' && e.actorId === merger.id && e.dispatchStatus !== null)).toBe(true);
    expect(events.map((e) => `${e.entityType}:${e.changeType}`).sort()).toEqual([
      'employee:create',
      'employee:delete',
      'employee_team_allocation:create',
      'employee_team_allocation:delete',
      'salary_adjustment:delete',
      'team:update',
    ]);
    // MERGED: read-only.
    expect((await t.admin('get', scenarioPath(w, s)).expect(200)).body.data.status).toBe('MERGED');
    expect(
      (
        await t
          .admin('post', scenarioPath(w, s, '/teams'))
          .send({ name: 'late' })
          .expect(403)
      ).body.error.code,
    ).toBe('PLAN_NOT_EDITABLE');
    await t.admin('post', scenarioPath(w, s, '/merge'), merger.id).expect(409);
    await t.admin('patch', scenarioPath(w, s)).send({ name: 'x' }).expect(409);
  });

  it('decisions/scenarios: a live record changed after the fork and also in the scenario refuses the merge with 409 naming it; other live changes survive', async () => {
    const w = await world();
    const s = (await t.admin('post', `/organizations/${w.org.orgId}/scenarios`).send({ name: 'S' }).expect(201)).body.data.id;
    await t
      .admin('patch', scenarioPath(w, s, `/teams/${w.team}`))
      .send({ name: 'Scenario name' })
      .expect(200);
    await t
      .admin('patch', scenarioPath(w, s, `/vacancies/${w.vacancy}`))
      .send({ role: 'Scenario role' })
      .expect(200);
    await w.org.api('patch', `/teams/${w.team}`).send({ name: 'Live name' }).expect(200);
    await w.org.api('patch', `/projects/${w.project}`).send({ name: 'Live project' }).expect(200);
    const refused = await t.admin('post', scenarioPath(w, s, '/merge'), w.org.userId).expect(409);
    expect(refused.body.error.message).toContain(`team ${w.team}`);
    expect((await w.org.api('get', `/vacancies/${w.vacancy}`).expect(200)).body.data.role).toBe('Engineer');
    // Undo the clash in the scenario's favour by re-forking is the remedy; here, a fresh scenario without it merges and keeps live's project change.
    const s2 = (await t.admin('post', `/organizations/${w.org.orgId}/scenarios`).send({ name: 'S2' }).expect(201)).body.data.id;
    await t
      .admin('patch', scenarioPath(w, s2, `/vacancies/${w.vacancy}`))
      .send({ role: 'Scenario role' })
      .expect(200);
    await w.org.api('patch', `/projects/${w.project}`).send({ name: 'Live project 2' }).expect(200);
    const merged = await t.admin('post', scenarioPath(w, s2, '/merge'), w.org.userId).expect(200);
    expect(merged.body.data.changes).toEqual({ vacancy: 1 });
    expect((await w.org.api('get', `/vacancies/${w.vacancy}`).expect(200)).body.data.role).toBe('Scenario role');
    expect((await w.org.api('get', `/projects/${w.project}`).expect(200)).body.data.name).toBe('Live project 2');
  });
});
