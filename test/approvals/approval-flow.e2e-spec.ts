import { changesOf } from '../support/changes';
import { Tenant, TestApp } from '../support/test-app';
import { onScenario, PLANNER_RIGHTS, scenarioWithHire, setPolicy, user } from './support';

const MONTH = new Date().toISOString().slice(0, 7);

describe('07 §3.2, §3.3, §3.5 and §3.6 submit, decide, withdraw, read', () => {
  let t: TestApp;
  let org: Tenant;
  let lead: string;
  let finance: string;
  let planner: string;
  let engineering: string;
  beforeAll(async () => {
    t = await TestApp.start();
    org = await t.createTenant();
    lead = await user(t, org, PLANNER_RIGHTS);
    finance = await user(t, org, [...PLANNER_RIGHTS, 'approve_scenarios']);
    planner = await user(t, org, PLANNER_RIGHTS);
    engineering = (await org.create.costCentre({ name: 'Engineering' })).id;
    await setPolicy(t, org, {
      required: true,
      steps: [
        { name: 'Lead', approverUserIds: [lead] },
        { name: 'Finance', approverCapability: 'approve_scenarios' },
      ],
    });
  });
  afterAll(() => t.close());

  it('07/§3.2: submit records the impact against live over 12 months from this month; the scenario is SUBMITTED and takes no writes', async () => {
    const scenario = await scenarioWithHire(t, org, planner, engineering);
    const res = await onScenario(t, org, scenario, 'post', '/submit', planner).expect(200);
    expect(res.body.data).toMatchObject({
      scenarioId: scenario,
      round: 1,
      status: 'PENDING',
      submittedBy: planner,
      impact: {
        from: MONTH,
        months: 12,
        currency: 'USD',
        costDelta: 120_000,
        headcountDelta: 1,
        fteDelta: 1,
        byCostCentre: [{ key: engineering, name: 'Engineering', costDelta: 120_000, headcountDelta: 1 }],
        budget: null,
      },
      steps: [
        { name: 'Lead', status: 'PENDING', decidedBy: null, decidedAt: null, comment: null },
        { name: 'Finance', status: 'PENDING', decidedBy: null, decidedAt: null, comment: null },
      ],
    });
    expect((await t.admin('get', `/organizations/${org.orgId}/scenarios/${scenario}`).expect(200)).body.data.status).toBe('SUBMITTED');
    const write = await t.admin('post', `/organizations/${org.orgId}/scenarios/${scenario}/teams`, planner).send({ name: 'T' }).expect(403);
    expect(write.body.error.code).toBe('PLAN_NOT_EDITABLE');
    const lock = await t.admin('patch', `/organizations/${org.orgId}/scenarios/${scenario}`, planner).send({ status: 'OPEN' }).expect(403);
    expect(lock.body.error.code).toBe('PLAN_NOT_EDITABLE');
    expect((await onScenario(t, org, scenario, 'post', '/submit', planner).expect(409)).body.error.code).toBe('CONFLICT');
  });

  it('07/§3.2: submit needs X-Acting-User with forecasts_view and write access to the scenario; a private one unreadable is 404', async () => {
    const scenario = await scenarioWithHire(t, org, planner);
    const none = await onScenario(t, org, scenario, 'post', '/submit').expect(400);
    expect(none.body.error.details[0].field).toBe('X-Acting-User');
    await t.admin('patch', `/organizations/${org.orgId}/scenarios/${scenario}`, planner).send({ visibility: 'PRIVATE' }).expect(200);
    await onScenario(t, org, scenario, 'post', '/submit', lead).expect(404);
    await t
      .admin('post', `/organizations/${org.orgId}/scenarios/${scenario}/members`, planner)
      .send({ userId: lead, role: 'VIEWER' })
      .expect(201);
    expect((await onScenario(t, org, scenario, 'post', '/submit', lead).expect(403)).body.error.code).toBe('PLAN_NOT_EDITABLE');
    await onScenario(t, org, scenario, 'get', '/approval', lead).expect(404);
    const noForecasts = await user(t, org, ['employees_edit']);
    const refused = await onScenario(t, org, scenario, 'post', '/submit', noForecasts).expect(403);
    expect(refused.body.error).toMatchObject({ code: 'FORBIDDEN', message: expect.stringContaining('forecasts_view') });
  });

  it('07/§3.3: steps are decided in order by their approvers, never the submitter; all approved: the scenario is APPROVED', async () => {
    const scenario = await scenarioWithHire(t, org, planner);
    await onScenario(t, org, scenario, 'post', '/submit', planner).expect(200);
    const decide = (who: string, decision = 'APPROVE', comment?: string) =>
      onScenario(t, org, scenario, 'post', '/approvals', who).send({ decision, ...(comment ? { comment } : {}) });
    expect((await decide(planner).expect(403)).body.error.code).toBe('FORBIDDEN');
    expect((await decide(finance).expect(403)).body.error.message).toContain('Lead');
    const first = (await decide(lead, 'APPROVE', 'Fine').expect(200)).body.data;
    expect(first.status).toBe('PENDING');
    expect(first.steps[0]).toMatchObject({ status: 'APPROVED', decidedBy: lead, comment: 'Fine' });
    expect(typeof first.steps[0].decidedAt).toBe('string');
    expect((await decide(lead).expect(403)).body.error.code).toBe('FORBIDDEN');
    const done = (await decide(finance).expect(200)).body.data;
    expect(done).toMatchObject({ status: 'APPROVED', steps: [{ status: 'APPROVED' }, { status: 'APPROVED', decidedBy: finance }] });
    expect((await t.admin('get', `/organizations/${org.orgId}/scenarios/${scenario}`).expect(200)).body.data.status).toBe('APPROVED');
    const write = await t.admin('post', `/organizations/${org.orgId}/scenarios/${scenario}/teams`, planner).send({ name: 'T' }).expect(403);
    expect(write.body.error.code).toBe('PLAN_NOT_EDITABLE');
    expect((await decide(finance).expect(409)).body.error.code).toBe('CONFLICT');
  });

  it('07/§3.3: the submitter may not decide even as a listed approver; a rejection returns the scenario to OPEN, round REJECTED', async () => {
    const scenario = await scenarioWithHire(t, org, lead);
    await onScenario(t, org, scenario, 'post', '/submit', lead).expect(200);
    const self = await onScenario(t, org, scenario, 'post', '/approvals', lead).send({ decision: 'APPROVE' }).expect(403);
    expect(self.body.error.code).toBe('FORBIDDEN');
    const res = await onScenario(t, org, scenario, 'post', '/approvals', org.userId)
      .send({ decision: 'REJECT', comment: 'Too dear' })
      .expect(403);
    expect(res.body.error.code).toBe('FORBIDDEN');
    await setPolicy(t, org, {
      required: true,
      steps: [
        { name: 'Lead', approverUserIds: [lead, finance] },
        { name: 'Finance', approverCapability: 'approve_scenarios' },
      ],
    });
    await onScenario(t, org, scenario, 'post', '/approvals', finance).send({ decision: 'APPROVE' }).expect(403);
    await setPolicy(t, org, {
      required: true,
      steps: [
        { name: 'Lead', approverUserIds: [lead] },
        { name: 'Finance', approverCapability: 'approve_scenarios' },
      ],
    });
    const other = await scenarioWithHire(t, org, planner);
    await onScenario(t, org, other, 'post', '/submit', planner).expect(200);
    const rejected = (
      await onScenario(t, org, other, 'post', '/approvals', lead).send({ decision: 'REJECT', comment: 'Too dear' }).expect(200)
    ).body.data;
    expect(rejected).toMatchObject({ status: 'REJECTED', steps: [{ status: 'REJECTED', comment: 'Too dear' }, { status: 'PENDING' }] });
    expect((await t.admin('get', `/organizations/${org.orgId}/scenarios/${other}`).expect(200)).body.data.status).toBe('OPEN');
    await t.admin('post', `/organizations/${org.orgId}/scenarios/${other}/teams`, planner).send({ name: 'After' }).expect(201);
  });

  it('07/§3.3: withdraw by the submitter returns a SUBMITTED scenario to OPEN (round WITHDRAWN); anyone else: 403', async () => {
    const scenario = await scenarioWithHire(t, org, planner);
    await onScenario(t, org, scenario, 'post', '/submit', planner).expect(200);
    expect((await onScenario(t, org, scenario, 'post', '/withdraw', lead).expect(403)).body.error.code).toBe('FORBIDDEN');
    const res = (await onScenario(t, org, scenario, 'post', '/withdraw', planner).expect(200)).body.data;
    expect(res).toMatchObject({ round: 1, status: 'WITHDRAWN' });
    expect((await t.admin('get', `/organizations/${org.orgId}/scenarios/${scenario}`).expect(200)).body.data.status).toBe('OPEN');
    expect((await onScenario(t, org, scenario, 'post', '/withdraw', planner).expect(409)).body.error.code).toBe('CONFLICT');
    await onScenario(t, org, scenario, 'post', '/approvals', lead).send({ decision: 'APPROVE' }).expect(409);
  });

  it('07/§3.5: GET approval reads the current round, ?all=true every round; 404 before the first submit', async () => {
    const scenario = await scenarioWithHire(t, org, planner);
    await onScenario(t, org, scenario, 'get', '/approval', planner).expect(404);
    await onScenario(t, org, scenario, 'post', '/submit', planner).expect(200);
    await onScenario(t, org, scenario, 'post', '/withdraw', planner).expect(200);
    await onScenario(t, org, scenario, 'post', '/submit', planner).expect(200);
    const current = (await onScenario(t, org, scenario, 'get', '/approval', lead).expect(200)).body.data;
    expect(current).toMatchObject({ round: 2, status: 'PENDING', submittedBy: planner });
    const all = (await onScenario(t, org, scenario, 'get', '/approval?all=true', lead).expect(200)).body.data;
    expect(all.map((r: { round: number; status: string }) => [r.round, r.status])).toEqual([
      [1, 'WITHDRAWN'],
      [2, 'PENDING'],
    ]);
    const blind = await user(t, org, ['forecasts_view']);
    const hidden = (await onScenario(t, org, scenario, 'get', '/approval', blind).expect(200)).body.data.impact;
    expect(hidden).toMatchObject({ costDelta: null, headcountDelta: 1, byCostCentre: [{ costDelta: null, headcountDelta: 1 }] });
    const noForecasts = await user(t, org, ['employees_view']);
    expect((await onScenario(t, org, scenario, 'get', '/approval', noForecasts).expect(403)).body.error.code).toBe('FORBIDDEN');
  });

  it('07/§3.6: the changes feed carries scenario_approval: create on submit, update on each decision, initiator the acting user', async () => {
    const scenario = await scenarioWithHire(t, org, planner);
    const id = (await onScenario(t, org, scenario, 'post', '/submit', planner).expect(200)).body.data;
    await onScenario(t, org, scenario, 'post', '/approvals', lead).send({ decision: 'APPROVE' }).expect(200);
    await onScenario(t, org, scenario, 'post', '/approvals', finance).send({ decision: 'APPROVE' }).expect(200);
    const changes = await changesOf(t, org.orgId, { entityType: 'scenario_approval' });
    const mine = changes.filter((c) => (c.after as { scenarioId?: string } | null)?.scenarioId === scenario);
    expect(mine.map((c) => [c.changeType, c.actorId, (c.after as { status: string }).status])).toEqual([
      ['create', planner, 'PENDING'],
      ['update', lead, 'PENDING'],
      ['update', finance, 'APPROVED'],
    ]);
    expect(id.round).toBe(1);
    const feed = (await org.api('get', '/changes?entityTypes=scenario_approval&limit=100').expect(200)).body.data;
    const ours = feed.filter((c: { after: { scenarioId: string } }) => c.after.scenarioId === scenario);
    expect(ours.map((c: { change_type: string; initiator: { type: string; id: string } }) => [c.change_type, c.initiator])).toEqual([
      ['create', expect.objectContaining({ type: 'user', id: planner })],
      ['update', expect.objectContaining({ type: 'user', id: lead })],
      ['update', expect.objectContaining({ type: 'user', id: finance })],
    ]);
  });
});
