import { TestApp } from '../support/test-app';
import { onScenario, PLANNER_RIGHTS, scenarioWithHire, setPolicy, user } from './support';

describe('07 §3.1 and §3.4 the approval policy and merging', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await TestApp.start();
  });
  afterAll(() => t.close());

  it('07/§3.1: an organization starts without a policy ({ required: false, steps: [] }); PATCH replaces it whole', async () => {
    const org = await t.createTenant();
    const read = async () => (await t.admin('get', `/organizations/${org.orgId}`).expect(200)).body.data.scenarioApproval;
    expect(await read()).toEqual({ required: false, steps: [] });
    const policy = {
      required: true,
      steps: [
        { name: 'Lead', approverUserIds: [org.userId] },
        { name: 'Finance', approverCapability: 'approve_scenarios', when: { costDeltaAbove: 50_000 } },
      ],
    };
    const res = await t.admin('patch', `/organizations/${org.orgId}`, org.userId).send({ scenarioApproval: policy }).expect(200);
    expect(res.body.data.scenarioApproval).toEqual(policy);
    expect(await read()).toEqual(policy);
    await setPolicy(t, org, { required: false, steps: [] });
    expect(await read()).toEqual({ required: false, steps: [] });
  });

  it('07/§3.1: 1 to 5 steps when required, each naming approvers (known users), refused with dot paths otherwise', async () => {
    const org = await t.createTenant();
    const refused = async (scenarioApproval: unknown) =>
      (await t.admin('patch', `/organizations/${org.orgId}`).send({ scenarioApproval }).expect(400)).body.error.details.map(
        (d: { field: string }) => d.field,
      );
    const step = { name: 'S', approverCapability: 'approve_scenarios' };
    expect(await refused({ required: true, steps: [] })).toEqual(['scenarioApproval.steps']);
    expect(await refused({ required: true, steps: Array(6).fill(step) })).toEqual(['scenarioApproval.steps']);
    expect(await refused({ required: true, steps: [step, { name: 'No one' }] })).toEqual(['scenarioApproval.steps.1']);
    expect(await refused({ required: true, steps: [{ name: 'X', approverUserIds: ['cnobodyatall0000000000000'] }] })).toEqual([
      'scenarioApproval.steps.0.approverUserIds.0',
    ]);
    expect(await refused({ required: true, steps: [{ name: 'X', approverCapability: 'manage_scenarios' }] })).toEqual([
      'scenarioApproval.steps.0.approverCapability',
    ]);
    expect(await refused({ required: true, steps: [{ ...step, when: { costDeltaAbove: -1 } }] })).toEqual([
      'scenarioApproval.steps.0.when.costDeltaAbove',
    ]);
    const stored = (await t.admin('get', `/organizations/${org.orgId}`).expect(200)).body.data.scenarioApproval;
    expect(stored).toEqual({ required: false, steps: [] });
  });

  it('07/§3.1: approve_scenarios is a user capability; changing the policy needs manage_scenarios of the acting user', async () => {
    const org = await t.createTenant();
    const approver = await user(t, org, [...PLANNER_RIGHTS, 'approve_scenarios']);
    const got = (await t.admin('get', `/organizations/${org.orgId}/users/${approver}`).expect(200)).body.data.permissions;
    expect(got).toContain('approve_scenarios');
    const policy = { required: true, steps: [{ name: 'S', approverUserIds: [approver] }] };
    const res = await t.admin('patch', `/organizations/${org.orgId}`, approver).send({ scenarioApproval: policy }).expect(403);
    expect(res.body.error.code).toBe('FORBIDDEN');
    expect(res.body.error.message).toContain('manage_scenarios');
    await t.admin('patch', `/organizations/${org.orgId}`, org.userId).send({ scenarioApproval: policy }).expect(200);
  });

  it('07/§3.4: with a required policy, merging (and a dry run) of a scenario that is not APPROVED is 409 APPROVAL_REQUIRED', async () => {
    const org = await t.createTenant();
    const approver = await user(t, org, [...PLANNER_RIGHTS, 'approve_scenarios']);
    await setPolicy(t, org, { required: true, steps: [{ name: 'Finance', approverCapability: 'approve_scenarios' }] });
    const scenario = await scenarioWithHire(t, org, org.userId);
    const merge = (query = '') => onScenario(t, org, scenario, 'post', `/merge${query}`, org.userId);
    expect((await merge().expect(409)).body.error.code).toBe('APPROVAL_REQUIRED');
    expect((await merge('?dryRun=true').expect(409)).body.error.code).toBe('APPROVAL_REQUIRED');
    await onScenario(t, org, scenario, 'post', '/submit', org.userId).expect(200);
    expect((await merge().expect(409)).body.error.code).toBe('APPROVAL_REQUIRED');
    await onScenario(t, org, scenario, 'post', '/approvals', approver).send({ decision: 'APPROVE' }).expect(200);
    expect((await merge('?dryRun=true').expect(200)).body.data).toMatchObject({ status: 'DRY_RUN', changes: { employee: 1 } });
    expect((await merge().expect(200)).body.data).toMatchObject({ status: 'MERGED', changes: { employee: 1 } });
  });

  it('07/§3.4: without the policy a scenario merges from OPEN or APPROVED, not while SUBMITTED', async () => {
    const org = await t.createTenant();
    const approver = await user(t, org, [...PLANNER_RIGHTS, 'approve_scenarios']);
    const open = await scenarioWithHire(t, org, org.userId);
    await onScenario(t, org, open, 'post', '/merge', org.userId).expect(200);
    await setPolicy(t, org, { required: false, steps: [{ name: 'Finance', approverUserIds: [approver] }] });
    const submitted = await scenarioWithHire(t, org, org.userId);
    await onScenario(t, org, submitted, 'post', '/submit', org.userId).expect(200);
    expect((await onScenario(t, org, submitted, 'post', '/merge', org.userId).expect(409)).body.error.code).toBe('APPROVAL_REQUIRED');
    await onScenario(t, org, submitted, 'post', '/approvals', approver).send({ decision: 'APPROVE' }).expect(200);
    await onScenario(t, org, submitted, 'post', '/merge', org.userId).expect(200);
  });
});
