import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { inScenario } from '../access/access.guard';
import { managesScenarios } from '../access/scenario-access';
import type { RequestContext } from '../common/auth/request-context';
import { DomainError } from '../common/errors/domain-error';
import { Tx, UnitOfWork, type TxScope } from '../database/unit-of-work';
import { UsersRepository } from '../organizations/users.repository';
import { OrganizationsRepository } from '../organizations/organizations.repository';
import type { PlanEntity } from '../organizations/entities/plan.entity';
import type { PlanningTable } from '../crud/resources';
import { DryRunResultDto, MergeResultDto } from './dto/scenario.dto';
import { ChangedRows, countsOf, ScenarioChange, ScenarioChanges } from './scenario-changes';
import { ScenarioPlansRepository, ScenariosRepository } from './scenarios.repository';
import { ScenariosService } from './scenarios.service';

/**
 * Merges a scenario into the live plan (`POST .../scenarios/{id}/merge`): applies, in one transaction, what the
 * scenario changed against live (`ScenarioChanges`: the records its history names whose rows differ), with one
 * `merge` event per live record changed. Refused with 409 naming the records when live records the scenario
 * changes were also changed in live after the fork (nothing is overwritten silently). The scenario becomes MERGED
 * and read-only. With `dryRun` it answers what the merge would do, from the same computation, writing nothing.
 */
@Injectable()
export class MergeScenarioUseCase {
  constructor(
    private readonly dataSource: DataSource,
    private readonly uow: UnitOfWork,
    private readonly users: UsersRepository,
    private readonly scenarios: ScenariosService,
    private readonly changes: ScenarioChanges,
    private readonly repository: ScenariosRepository,
    private readonly plans: ScenarioPlansRepository,
    private readonly organizations: OrganizationsRepository,
  ) {}

  async execute(
    ctx: RequestContext,
    scenarioId: string,
    actingUserId: string | null,
    dryRun = false,
  ): Promise<MergeResultDto | DryRunResultDto> {
    const mergeCtx = await this.mergeContext(ctx, scenarioId, actingUserId);
    if (dryRun) return this.preview(this.uow.read(mergeCtx), scenarioId);
    return this.uow.run(mergeCtx, async (tx) => {
      const plan = await this.mergeable(tx, scenarioId, true);
      const { changes } = await this.changes.list(tx, plan, 'edit');
      refuseConflicts(changes);
      const rows = await this.changes.rows(tx, plan.id, changes);
      await this.apply(tx, plan.id, changes, rows);
      await this.plans.update(tx, plan.id, { status: 'MERGED', mergedAt: new Date(), mergedByUserId: mergeCtx.userId });
      return { status: 'MERGED' as const, changes: countsOf(changes) };
    });
  }

  /** The dry run: the merge's checks and its computation of what changes, nothing written and no event sent. */
  private async preview(scope: TxScope, scenarioId: string): Promise<DryRunResultDto> {
    const plan = await this.mergeable(scope, scenarioId, false);
    const { changes } = await this.changes.list(scope, plan, 'edit');
    return {
      status: 'DRY_RUN',
      changes: countsOf(changes),
      conflicts: changes.filter((c) => c.conflict).map((c) => ({ entityType: c.entityType, entityId: c.entityId })),
    };
  }

  /**
   * The live plan's context acting as the merging user: the header is needed (400), the user must be allowed to
   * read the scenario (404 as for an unknown one) and hold manage_scenarios (403).
   */
  private async mergeContext(ctx: RequestContext, scenarioId: string, actingUserId: string | null): Promise<RequestContext> {
    if (!actingUserId) throw DomainError.validation('X-Acting-User', 'merging needs the X-Acting-User header naming the user who merges');
    await inScenario(this.dataSource, ctx, scenarioId, 'read');
    const user = await this.users.find(ctx, actingUserId);
    if (!user || !managesScenarios(user)) throw DomainError.forbidden('The acting user needs the manage_scenarios capability to merge');
    return {
      ...ctx,
      planId: ctx.livePlanId,
      scenarioId: null,
      actor: { type: 'merge', id: user.id },
      userId: user.id,
    };
  }

  /**
   * The scenario, unless already merged (409) or forked before live changes the retention purge removed (409: its
   * conflicts cannot be checked; only an OPEN scenario holds them, spec 03 §1.22); `lock` takes its row lock for the merge.
   */
  private async mergeable(scope: TxScope, scenarioId: string, lock: boolean): Promise<PlanEntity> {
    const plan = await this.scenarios.find(scope, scenarioId, lock);
    if (plan.status === 'MERGED') throw DomainError.conflict(`Scenario ${scenarioId} is already merged`);
    await this.assertApproved(scope, plan);
    const purgedBefore = await this.plans.livePurgedBefore(scope);
    if (purgedBefore && plan.forkedAt && plan.forkedAt < purgedBefore) {
      throw DomainError.conflict(
        `Scenario ${scenarioId} was forked before live changes the organization's retention has removed, so its conflicts cannot be checked; fork a new scenario`,
      );
    }
    return plan;
  }

  /**
   * A scenario under approval (SUBMITTED) is not merged; with a required approval policy, only an APPROVED one is
   * (409 APPROVAL_REQUIRED). Without the policy, OPEN, LOCKED and APPROVED scenarios merge.
   */
  private async assertApproved(scope: TxScope, plan: PlanEntity): Promise<void> {
    if (plan.status === 'APPROVED') return;
    if (plan.status === 'SUBMITTED') {
      throw new DomainError('APPROVAL_REQUIRED', `Scenario ${plan.id} is submitted for approval: it merges once approved`);
    }
    const org = await this.organizations.find(scope.em, scope.ctx.organizationId);
    if (org?.scenarioApproval?.required) {
      throw new DomainError(
        'APPROVAL_REQUIRED',
        `Scenario ${plan.id} needs an approval before it is merged (it is ${plan.status.toLowerCase()})`,
      );
    }
  }

  /**
   * Applies the changes in their (merge) order: deletes, children first, then creates and updates, parents first;
   * one DELETE or one upsert per table and kind, one `merge` event per record.
   */
  private async apply(
    tx: Tx,
    scenarioPlanId: string,
    changes: readonly ScenarioChange[],
    rows: Map<PlanningTable, ChangedRows>,
  ): Promise<void> {
    for (const batch of batches(changes)) {
      const { rows: table, scenario, live } = rows.get(batch.table)!;
      const ids = batch.changes.map((c) => c.entityId);
      if (batch.deletes) await this.repository.deleteRows(tx, table, tx.ctx.livePlanId, ids);
      else await this.repository.upsertRows(tx, table, scenarioPlanId, tx.ctx.livePlanId, ids);
      for (const change of batch.changes) {
        const before = live.get(change.entityId);
        const after = scenario.get(change.entityId);
        tx.record({
          entityType: change.entityType,
          entityId: change.entityId,
          changeType: change.change,
          before: before && change.change !== 'create' ? batch.table.payload(before) : null,
          after: after && change.change !== 'delete' ? batch.table.payload(after) : null,
        });
      }
    }
  }
}

/** 409 naming (up to 20) records the scenario changes that live changed too after the fork. */
function refuseConflicts(changes: readonly ScenarioChange[]): void {
  const conflicts = changes.filter((c) => c.conflict);
  if (!conflicts.length) return;
  const names = conflicts.slice(0, 20).map((c) => `${c.entityType} ${c.entityId}`);
  throw DomainError.conflict(
    `Live records changed since the fork were also changed in the scenario: ${names.join(', ')}${conflicts.length > 20 ? ', ...' : ''}`,
  );
}

interface Batch {
  table: PlanningTable;
  deletes: boolean;
  changes: ScenarioChange[];
}

/** Consecutive changes of one table and kind (deletes, or creates and updates): one statement each. */
function batches(changes: readonly ScenarioChange[]): Batch[] {
  const out: Batch[] = [];
  for (const change of changes) {
    const deletes = change.change === 'delete';
    const last = out.at(-1);
    if (last && last.table === change.table && last.deletes === deletes) last.changes.push(change);
    else out.push({ table: change.table, deletes, changes: [change] });
  }
  return out;
}
