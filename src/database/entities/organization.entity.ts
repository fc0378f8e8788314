import { Column, CreateDateColumn, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';

/** A yearly raise of salaries: from `month` of each year, by `percent`. */
export interface MeritIncrease {
  month: number;
  percent: number;
}

/** What a forecast assumes beyond the records (spec 07 §4): every field present. */
export interface ForecastAssumptions {
  attritionRatePerYear: number;
  meritIncrease: MeritIncrease | null;
  timeToFillDays: number;
  onCostPercent: number;
}

/** The defaults, which change no figure: a forecast with them is the forecast of the records alone. */
export const NO_ASSUMPTIONS: Readonly<ForecastAssumptions> = Object.freeze({
  attritionRatePerYear: 0,
  meritIncrease: null,
  timeToFillDays: 0,
  onCostPercent: 0,
});

/** One step of the approval of a scenario (spec 07 §3.1): who approves it, and when it applies. */
export interface ApprovalStep {
  name: string;
  approverUserIds?: string[];
  approverCapability?: 'approve_scenarios';
  when?: { costDeltaAbove?: number; overBudgetId?: string };
}

/** Whether merging a scenario needs its approval, and the steps of an approval. */
export interface ScenarioApprovalPolicy {
  required: boolean;
  steps: ApprovalStep[];
}

/** The default: no approval needed, no steps. */
export const NO_APPROVAL_POLICY: Readonly<ScenarioApprovalPolicy> = Object.freeze({ required: false, steps: [] });

@Entity({ name: 'organizations' })
export class OrganizationEntity {
  @PrimaryColumn({ type: 'varchar', length: 25 })
  id: string;

  @Column({ type: 'varchar', length: 200 })
  name: string;

  @Column({ type: 'char', length: 3, default: 'USD' })
  reportingCurrency: string;

  @Column({ type: 'boolean', default: false })
  functionalGroupsEnabled: boolean;

  @Column({ type: 'boolean', default: false })
  functionalGroupsRestrictedVisibility: boolean;

  @Column({ type: 'integer', default: 30 })
  noticePeriodDays: number;

  /** Days the change history keeps a change (null: keep every change); the retention purge removes older ones. */
  @Column({ type: 'integer', nullable: true })
  changeRetentionDays: number | null;

  /** Days a finished webhook delivery row is kept; the retention purge removes older ones. */
  @Column({ type: 'integer', default: 30 })
  deliveryRetentionDays: number;

  /** The assumptions of live forecasts, and of a scenario's that has none of its own (spec 07 §4). */
  @Column({ type: 'jsonb', default: NO_ASSUMPTIONS })
  forecastAssumptions: ForecastAssumptions;

  /** Who approves a scenario before it is merged (spec 07 §3.1). */
  @Column({ type: 'jsonb', default: NO_APPROVAL_POLICY })
  scenarioApproval: ScenarioApprovalPolicy;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt: Date;
}
