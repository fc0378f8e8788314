import { Receiver, verifySignature, waitFor } from '../webhooks/receiver';
import { createEndpoint, settled } from '../webhooks/support';
import { TestApp } from '../support/test-app';
import { onScenario, PLANNER_RIGHTS, scenarioWithHire, setPolicy, user } from './support';

describe('07 §3.6 scenario approvals end to end through a webhook receiver', () => {
  let t: TestApp;
  let receiver: Receiver;
  beforeAll(async () => {
    t = await TestApp.start({ WEBHOOK_SWEEP_INTERVAL_MS: '200' });
    receiver = await Receiver.start();
  });
  afterAll(async () => {
    await t.close();
    await receiver.close();
  });

  it('07/§3.6: submit, reject, submit again, approve twice, merge: every round change is a signed scenario_approval event by the acting user', async () => {
    const org = await t.createTenant();
    const path = `/approvals-${org.orgId}`;
    const { secret } = await createEndpoint(t, org, {
      url: receiver.url(path),
      entityTypes: ['scenario_approval'],
      eventTypes: ['create', 'update'],
    });
    const planner = await user(t, org, PLANNER_RIGHTS);
    const lead = await user(t, org, PLANNER_RIGHTS);
    const finance = await user(t, org, [...PLANNER_RIGHTS, 'approve_scenarios']);
    await setPolicy(t, org, {
      required: true,
      steps: [
        { name: 'Lead', approverUserIds: [lead] },
        { name: 'Finance', approverCapability: 'approve_scenarios' },
      ],
    });
    const scenario = await scenarioWithHire(t, org, planner);
    const act = (what: string, who: string, body?: object) =>
      onScenario(t, org, scenario, 'post', what, who)
        .send(body ?? {})
        .expect(200);
    await act('/submit', planner);
    await act('/approvals', lead, { decision: 'REJECT', comment: 'Later' });
    await act('/submit', planner);
    await act('/approvals', lead, { decision: 'APPROVE' });
    await act('/approvals', finance, { decision: 'APPROVE' });
    await onScenario(t, org, scenario, 'post', '/merge', org.userId).expect(200);
    await waitFor('the approval events', () => receiver.on(path).length >= 5);
    await settled(t, org.orgId);
    // In the order of the changes (round, then steps decided): deliveries may arrive in another order (several dispatchers).
    type Delivered = ReturnType<typeof receiver.on>[number];
    const decided = (r: Delivered) => (r.body.after.steps as { status: string }[]).filter((step) => step.status !== 'PENDING').length;
    const got = [...receiver.on(path)].sort((a, b) => a.body.after.round - b.body.after.round || decided(a) - decided(b));
    for (const r of got) expect(verifySignature(r.raw, r.headers['x-service-signature'], secret)).toBe(true);
    const seen = got.map((r) => [
      r.body.entity_type,
      r.body.change_type,
      r.body.initiator.id,
      r.body.after.round,
      r.body.after.status,
      r.body.after.scenarioId,
    ]);
    expect(seen).toEqual([
      ['scenario_approval', 'create', planner, 1, 'PENDING', scenario],
      ['scenario_approval', 'update', lead, 1, 'REJECTED', scenario],
      ['scenario_approval', 'create', planner, 2, 'PENDING', scenario],
      ['scenario_approval', 'update', lead, 2, 'PENDING', scenario],
      ['scenario_approval', 'update', finance, 2, 'APPROVED', scenario],
    ]);
    expect(got[0].body.after.impact).toMatchObject({ costDelta: 120_000, headcountDelta: 1 });
    expect(got[1].body.before.status).toBe('PENDING');
    expect(got[4].body.after.steps.map((s: { status: string }) => s.status)).toEqual(['APPROVED', 'APPROVED']);
  });
});
