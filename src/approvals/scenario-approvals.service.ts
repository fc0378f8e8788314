import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { inScenario } from '../access/access.guard';
import { expandUserPermissions } from '../common/auth/permissions';
import type { RequestContext } from '../common/auth/request-context';
import { todayUtc } from '../common/dates';
import { DomainError } from '../common/errors/domain-error';
import { newId } from '../common/ids';
import { CostService } from '../cost/cost.service';
import { Resources, type ResourceDescriptor } from '../crud/resources';
import { NO_APPROVAL_POLICY } from '../database/entities/organization.entity';
import { Tx, UnitOfWork } from '../database/unit-of-work';
import { actingUserOf } from '../organizations/acting-user-rights';
import type { PlanEntity } from '../organizations/entities/plan.entity';
import { OrganizationsRepository } from '../organizations/organizations.repository';
import { UsersRepository } from '../organizations/users.repository';
import { ScenarioPlansRepository } from '../scenarios/scenarios.repository';
import { ScenariosService } from '../scenarios/scenarios.service';
import { ApprovalImpactService } from './approval-impact.service';
import { budgetsNamed, currentStep, isApprover, openSteps, statusOf } from './approval-steps';
import { ApprovalDto, DecideApprovalDto, ScenarioApprovalPayload } from './dto/scenario-approval.dto';
import type { ScenarioApprovalEntity } from './entities/scenario-approval.entity';
import { ScenarioApprovalsRepository } from './scenario-approvals.repository';

/** `GET /changes` shows rounds of approval to holders of forecasts_view (their impact is a forecast). */
const SCENARIO_APPROVALS: ResourceDescriptor = {
  table: 'scenario_approvals',
  changes: { entityTypes: ['scenario_approval'], permission: 'forecasts_view', payload: { dto: ScenarioApprovalPayload } },
};

/**
 * Approvals of scenarios (spec 07 §3): submit (the impact recorded, steps whose `when` does not hold skipped), decide
 * in order by the steps' approvers (never the submitter), withdraw by the submitter, read. Each write is one
 * transaction under the scenario's row lock, with one `scenario_approval` change in the live history (webhooks, the
 * changes feed), initiated by the acting user.
 */
@Resources(SCENARIO_APPROVALS)
@Injectable()
export class ScenarioApprovalsService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly uow: UnitOfWork,
    private readonly approvals: ScenarioApprovalsRepository,
    private readonly impacts: ApprovalImpactService,
    private readonly organizations: OrganizationsRepository,
    private readonly users: UsersRepository,
    private readonly scenarios: ScenariosService,
    private readonly plans: ScenarioPlansRepository,
  ) {}

  /** Submits an OPEN scenario: a new round with its impact; SUBMITTED, or APPROVED at once when no step applies. */
  async submit(ctx: RequestContext, scenarioId: string): Promise<ApprovalDto> {
    const userId = requireActingUser(ctx, 'submitting');
    await inScenario(this.dataSource, ctx, scenarioId, 'edit');
    const org = await this.organizations.find(this.dataSource.manager, ctx.organizationId);
    const policy = org?.scenarioApproval ?? NO_APPROVAL_POLICY;
    await this.open(this.uow.read(ctx).em, ctx, scenarioId);
    const budgets = budgetsNamed(policy);
    const firstBudget = policy.steps.find((step) => step.when?.overBudgetId)?.when?.overBudgetId ?? null;
    const [impact, over] = await Promise.all([
      this.impacts.impact(ctx, scenarioId, todayUtc().slice(0, 7), firstBudget),
      this.impacts.overBudgets(
        ctx,
        scenarioId,
        budgets.filter((id) => id !== firstBudget),
      ),
    ]);
    if (impact.budget) over.set(impact.budget.budgetId, impact.budget.linesOver > 0);
    const saved = await this.uow.run(ctx, async (tx) => {
      const plan = await this.open(tx.em, ctx, scenarioId, true);
      const previous = await this.approvals.latest(tx, plan.id);
      const steps = openSteps(policy, impact, over);
      const status = statusOf(steps);
      const row = {
        id: newId(),
        scenarioId: plan.id,
        round: (previous?.round ?? 0) + 1,
        status,
        submittedBy: userId,
        submittedAt: new Date(),
        impact,
        steps,
      };
      await this.approvals.insert(tx, row);
      await this.plans.update(tx, plan.id, { status: status === 'APPROVED' ? 'APPROVED' : 'SUBMITTED' });
      const stored = (await this.approvals.find(tx, row.id))!;
      tx.record({
        entityType: 'scenario_approval',
        entityId: row.id,
        changeType: 'create',
        before: null,
        after: { ...ApprovalDto.payload(stored) },
      });
      return stored;
    });
    return shown(ctx, saved);
  }

  /** Decides the current step as one of its approvers (never the submitter): approve passes it, reject closes the round. */
  async decide(ctx: RequestContext, scenarioId: string, input: DecideApprovalDto): Promise<ApprovalDto> {
    const userId = requireActingUser(ctx, 'deciding');
    await inScenario(this.dataSource, ctx, scenarioId, 'read');
    return this.change(ctx, scenarioId, async (tx, plan, round) => {
      if (round.status !== 'PENDING') throw DomainError.conflict(`Scenario ${scenarioId} has no round of approval pending`);
      if (round.submittedBy === userId) throw DomainError.forbidden('The submitter of a scenario may not decide its approval');
      const index = currentStep(round.steps);
      const user = await this.users.find(tx, userId);
      if (!user?.active || !isApprover(round.steps[index], userId, expandUserPermissions(user.permissions))) {
        throw DomainError.forbidden(`The acting user is no approver of the current step (${round.steps[index].name})`);
      }
      const steps = round.steps.map((step, i) =>
        i === index
          ? {
              ...step,
              status: input.decision === 'APPROVE' ? ('APPROVED' as const) : ('REJECTED' as const),
              decidedBy: userId,
              decidedAt: new Date().toISOString(),
              comment: input.comment ?? null,
            }
          : step,
      );
      const status = statusOf(steps);
      const planStatus = status === 'APPROVED' ? 'APPROVED' : status === 'REJECTED' ? 'OPEN' : plan.status;
      return { round: { steps, status }, planStatus };
    });
  }

  /** Withdraws a SUBMITTED (or APPROVED) scenario by its submitter: the round is WITHDRAWN, the scenario OPEN again. */
  async withdraw(ctx: RequestContext, scenarioId: string): Promise<ApprovalDto> {
    const userId = requireActingUser(ctx, 'withdrawing');
    await inScenario(this.dataSource, ctx, scenarioId, 'read');
    return this.change(ctx, scenarioId, (_tx, plan, round) => {
      if (plan.status !== 'SUBMITTED' && plan.status !== 'APPROVED') {
        throw DomainError.conflict(`Scenario ${scenarioId} is not submitted for approval`);
      }
      if (round.submittedBy !== userId) throw DomainError.forbidden('Only the submitter may withdraw a scenario from approval');
      return Promise.resolve({ round: { status: 'WITHDRAWN' as const }, planStatus: 'OPEN' as const });
    });
  }

  /** The scenario's current round (404 when it was never submitted), or with `all` every round, oldest first. */
  async read(ctx: RequestContext, scenarioId: string, all: boolean): Promise<ApprovalDto | ApprovalDto[]> {
    await inScenario(this.dataSource, ctx, scenarioId, 'read');
    const scope = this.uow.read(ctx);
    if (all) return (await this.approvals.ofScenario(scope, scenarioId)).map((row) => shown(ctx, row));
    const latest = await this.approvals.latest(scope, scenarioId);
    if (!latest) throw DomainError.notFound('Approval of scenario', scenarioId);
    return shown(ctx, latest);
  }

  /**
   * A change of the latest round and the scenario's status, under the scenario's row lock, recorded as a
   * `scenario_approval` update.
   */
  private async change(
    ctx: RequestContext,
    scenarioId: string,
    decide: (
      tx: Tx,
      plan: PlanEntity,
      round: ScenarioApprovalEntity,
    ) => Promise<{ round: Partial<Pick<ScenarioApprovalEntity, 'status' | 'steps'>>; planStatus: PlanEntity['status'] }>,
  ): Promise<ApprovalDto> {
    const saved = await this.uow.run(ctx, async (tx) => {
      const plan = await this.scenarios.find(tx, scenarioId, true);
      const round = await this.approvals.latest(tx, plan.id, true);
      if (!round) throw DomainError.conflict(`Scenario ${scenarioId} was never submitted for approval`);
      const outcome = await decide(tx, plan, round);
      await this.approvals.update(tx, round.id, outcome.round);
      if (outcome.planStatus !== plan.status) await this.plans.update(tx, plan.id, { status: outcome.planStatus });
      const after = (await this.approvals.find(tx, round.id))!;
      tx.record({
        entityType: 'scenario_approval',
        entityId: round.id,
        changeType: 'update',
        before: { ...ApprovalDto.payload(round) },
        after: { ...ApprovalDto.payload(after) },
      });
      return after;
    });
    return shown(ctx, saved);
  }

  /** The scenario, refused unless OPEN (409); `lock` takes its row lock. */
  private async open(em: Tx['em'], ctx: RequestContext, scenarioId: string, lock = false): Promise<PlanEntity> {
    const plan = await this.scenarios.find({ ctx, em }, scenarioId, lock);
    if (plan.status !== 'OPEN') {
      throw DomainError.conflict(`Scenario ${scenarioId} is ${plan.status.toLowerCase()}: only an open scenario is submitted`);
    }
    return plan;
  }
}

/** The acting user (X-Acting-User), or 400: approvals are decisions of people. */
function requireActingUser(ctx: RequestContext, what: string): string {
  const userId = actingUserOf(ctx);
  if (!userId) throw DomainError.validation('X-Acting-User', `${what} needs the X-Acting-User header naming the user`);
  return userId;
}

/** The round as the caller may see it: costs null without cost visibility. */
function shown(ctx: RequestContext, row: ScenarioApprovalEntity): ApprovalDto {
  const dto = ApprovalDto.from(row);
  if (CostService.canSeeCost(ctx)) return dto;
  const impact = dto.impact;
  return {
    ...dto,
    impact: {
      ...impact,
      costDelta: null,
      byCostCentre: impact.byCostCentre.map((c) => ({ ...c, costDelta: null })),
      budget: impact.budget && { ...impact.budget, overBy: null },
    },
  };
}
