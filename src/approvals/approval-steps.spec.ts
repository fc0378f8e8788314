import { currentStep, isApprover, openSteps, statusOf, stepApplies } from './approval-steps';
import type { StoredApprovalStep } from './entities/scenario-approval.entity';

const step = (status: StoredApprovalStep['status'], extra: Partial<StoredApprovalStep> = {}): StoredApprovalStep => ({
  name: 'Step',
  approverUserIds: [],
  approverCapability: 'approve_scenarios',
  status,
  decidedBy: null,
  decidedAt: null,
  comment: null,
  ...extra,
});

describe('approval steps', () => {
  it('07/§3.2: a step without when always applies; costDeltaAbove holds only above the amount', () => {
    expect(stepApplies({ name: 'A' }, { costDelta: 0 }, new Map())).toBe(true);
    expect(stepApplies({ name: 'A', when: { costDeltaAbove: 100 } }, { costDelta: 100 }, new Map())).toBe(false);
    expect(stepApplies({ name: 'A', when: { costDeltaAbove: 100 } }, { costDelta: 100.01 }, new Map())).toBe(true);
  });

  it('07/§3.2: overBudgetId holds only when the scenario is over that budget; both conditions must hold', () => {
    const over = new Map([
      ['b1', true],
      ['b2', false],
    ]);
    expect(stepApplies({ name: 'A', when: { overBudgetId: 'b1' } }, { costDelta: 0 }, over)).toBe(true);
    expect(stepApplies({ name: 'A', when: { overBudgetId: 'b2' } }, { costDelta: 0 }, over)).toBe(false);
    expect(stepApplies({ name: 'A', when: { overBudgetId: 'b3' } }, { costDelta: 0 }, over)).toBe(false);
    expect(stepApplies({ name: 'A', when: { overBudgetId: 'b1', costDeltaAbove: 10 } }, { costDelta: 5 }, over)).toBe(false);
  });

  it('07/§3.2: a new round skips the steps whose when does not hold', () => {
    const steps = openSteps(
      {
        required: true,
        steps: [
          { name: 'A', approverUserIds: ['u1'] },
          { name: 'B', approverCapability: 'approve_scenarios', when: { costDeltaAbove: 1e6 } },
        ],
      },
      { costDelta: 10 },
      new Map(),
    );
    expect(steps.map((s) => [s.name, s.status, s.approverUserIds, s.approverCapability])).toEqual([
      ['A', 'PENDING', ['u1'], null],
      ['B', 'SKIPPED', [], 'approve_scenarios'],
    ]);
  });

  it('07/§3.3: steps are decided in order; the round is approved when none is pending, rejected once one is', () => {
    expect(currentStep([step('SKIPPED'), step('APPROVED'), step('PENDING'), step('PENDING')])).toBe(2);
    expect(statusOf([step('SKIPPED'), step('APPROVED')])).toBe('APPROVED');
    expect(statusOf([])).toBe('APPROVED');
    expect(statusOf([step('APPROVED'), step('PENDING')])).toBe('PENDING');
    expect(statusOf([step('REJECTED'), step('PENDING')])).toBe('REJECTED');
  });

  it('07/§3.3: an approver is listed or holds the step capability', () => {
    const listed = step('PENDING', { approverUserIds: ['u1'], approverCapability: null });
    expect(isApprover(listed, 'u1', new Set())).toBe(true);
    expect(isApprover(listed, 'u2', new Set(['approve_scenarios']))).toBe(false);
    expect(isApprover(step('PENDING'), 'u2', new Set(['approve_scenarios']))).toBe(true);
  });
});
