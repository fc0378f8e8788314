/**
 * The rules of a round of approval (spec 07 §3), pure: which steps apply to an impact, which step is current, and the
 * round's status after its steps.
 */
import type { ApprovalStep, ScenarioApprovalPolicy } from '../database/entities/organization.entity';
import type { ApprovalImpact, ApprovalStatus, StoredApprovalStep } from './entities/scenario-approval.entity';

/** Whether the scenario is over each budget a step's `when` names (by budget id). */
export type OverBudgets = ReadonlyMap<string, boolean>;

/** Whether a step's `when` holds on the impact: every condition it gives (none: it always applies). */
export function stepApplies(step: ApprovalStep, impact: Pick<ApprovalImpact, 'costDelta'>, over: OverBudgets): boolean {
  const when = step.when;
  if (!when) return true;
  if (when.costDeltaAbove !== undefined && !(impact.costDelta > when.costDeltaAbove)) return false;
  if (when.overBudgetId !== undefined && over.get(when.overBudgetId) !== true) return false;
  return true;
}

/** The steps of a new round: the policy's, PENDING, or SKIPPED where their `when` does not hold. */
export function openSteps(
  policy: ScenarioApprovalPolicy,
  impact: Pick<ApprovalImpact, 'costDelta'>,
  over: OverBudgets,
): StoredApprovalStep[] {
  return policy.steps.map((step) => ({
    name: step.name,
    approverUserIds: step.approverUserIds ?? [],
    approverCapability: step.approverCapability ?? null,
    status: stepApplies(step, impact, over) ? 'PENDING' : 'SKIPPED',
    decidedBy: null,
    decidedAt: null,
    comment: null,
  }));
}

/** The budgets the policy's steps name in `when`, the first step's first (its budget is the impact's budget part). */
export function budgetsNamed(policy: ScenarioApprovalPolicy): string[] {
  return [...new Set(policy.steps.flatMap((step) => (step.when?.overBudgetId ? [step.when.overBudgetId] : [])))];
}

/** The index of the step to decide now (the first PENDING one), or -1. */
export function currentStep(steps: readonly StoredApprovalStep[]): number {
  return steps.findIndex((step) => step.status === 'PENDING');
}

/** The round's status from its steps: REJECTED once one is, APPROVED when none is pending, else PENDING. */
export function statusOf(steps: readonly StoredApprovalStep[]): ApprovalStatus {
  if (steps.some((step) => step.status === 'REJECTED')) return 'REJECTED';
  return currentStep(steps) < 0 ? 'APPROVED' : 'PENDING';
}

/** Whether a user (its id and rights, `*` expanded) may decide the step. */
export function isApprover(step: StoredApprovalStep, userId: string, rights: ReadonlySet<string>): boolean {
  return step.approverUserIds.includes(userId) || (step.approverCapability !== null && rights.has(step.approverCapability));
}
