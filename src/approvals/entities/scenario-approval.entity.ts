import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn, UpdateDateColumn } from 'typeorm';
import { OrganizationEntity } from '../../database/entities/organization.entity';
import { PlanEntity } from '../../organizations/entities/plan.entity';

export const APPROVAL_STATUSES = ['PENDING', 'APPROVED', 'REJECTED', 'WITHDRAWN'] as const;
export type ApprovalStatus = (typeof APPROVAL_STATUSES)[number];

export const APPROVAL_STEP_STATUSES = ['PENDING', 'APPROVED', 'REJECTED', 'SKIPPED'] as const;
export type ApprovalStepStatus = (typeof APPROVAL_STEP_STATUSES)[number];

/** The cost and headcount a scenario changes against live over 12 months, as recorded at submit (spec 07 §3.2). */
export interface ApprovalImpact {
  from: string;
  months: number;
  currency: string;
  costDelta: number;
  headcountDelta: number;
  fteDelta: number;
  byCostCentre: { key: string | null; name: string | null; costDelta: number; headcountDelta: number }[];
  budget: { budgetId: string; linesOver: number; overBy: number } | null;
}

/** One step of a round as stored: the policy's step at submit, with its outcome. */
export interface StoredApprovalStep {
  name: string;
  approverUserIds: string[];
  approverCapability: 'approve_scenarios' | null;
  status: ApprovalStepStatus;
  decidedBy: string | null;
  decidedAt: string | null;
  comment: string | null;
}

/**
 * One round of approval of a scenario (spec 07 §3): opened by a submit, closed by the last approval, a rejection or a
 * withdrawal. Organization-level (no plan); its steps are kept whole with it. It goes with its scenario (deleted with
 * it) and with its organization.
 */
@Entity({ name: 'scenario_approvals' })
@Index('uq_scenario_approvals_round', ['organizationId', 'scenarioId', 'round'], { unique: true })
export class ScenarioApprovalEntity {
  @PrimaryColumn({ type: 'varchar', length: 25, primaryKeyConstraintName: 'pk_scenario_approvals' })
  organizationId: string;

  @PrimaryColumn({ type: 'varchar', length: 25, primaryKeyConstraintName: 'pk_scenario_approvals' })
  id: string;

  @Column({ type: 'varchar', length: 25 })
  scenarioId: string;

  /** 1 for the first submit of the scenario, then one more for each. */
  @Column({ type: 'integer' })
  round: number;

  @Column({ type: 'varchar', length: 10 })
  status: ApprovalStatus;

  @Column({ type: 'varchar', length: 25 })
  submittedBy: string;

  @Column({ type: 'timestamptz' })
  submittedAt: Date;

  @Column({ type: 'jsonb' })
  impact: ApprovalImpact;

  @Column({ type: 'jsonb' })
  steps: StoredApprovalStep[];

  @ManyToOne(() => OrganizationEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'organization_id', foreignKeyConstraintName: 'fk_scenario_approvals_organization' })
  organization?: OrganizationEntity;

  @ManyToOne(() => PlanEntity, { onDelete: 'CASCADE' })
  @JoinColumn([
    { name: 'organization_id', referencedColumnName: 'organizationId', foreignKeyConstraintName: 'fk_scenario_approvals_scenario' },
    { name: 'scenario_id', referencedColumnName: 'id' },
  ])
  scenario?: PlanEntity;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt: Date;
}
