import { OrganizationEntity, type ForecastAssumptions } from '../../database/entities/organization.entity';
import { Column, JoinColumn, ManyToOne, CreateDateColumn, Entity, Index, PrimaryColumn, UpdateDateColumn } from 'typeorm';

export type PlanKind = 'LIVE' | 'SCENARIO';
/** SUBMITTED and APPROVED: under or through approval (spec 07 §3); neither takes writes. */
export type PlanStatus = 'OPEN' | 'LOCKED' | 'SUBMITTED' | 'APPROVED' | 'MERGED';
/** Who may read a scenario: every user of the organization, or only its owner, its members and users with manage_scenarios. */
export type ScenarioVisibility = 'ORGANIZATION' | 'PRIVATE';
export const SCENARIO_VISIBILITIES: readonly ScenarioVisibility[] = ['ORGANIZATION', 'PRIVATE'];

/**
 * A plan holds a copy of an organization's planning records: each organization has exactly one live
 * plan; every scenario (what-if) is another plan. Planning tables are keyed by (organization_id, plan_id, id).
 */
@Entity({ name: 'plans' })
@Index('uq_plans_one_live_per_org', ['organizationId'], { unique: true, where: `"kind" = 'LIVE'` })
@Index('idx_plans_org', ['organizationId', 'createdAt'])
export class PlanEntity {
  @PrimaryColumn({ type: 'varchar', length: 25 })
  id: string;

  @PrimaryColumn({ type: 'varchar', length: 25 })
  organizationId: string;

  @Column({ type: 'varchar', length: 10 })
  kind: PlanKind;

  @Column({ type: 'varchar', length: 200 })
  name: string;

  @Column({ type: 'text', nullable: true })
  description: string | null;

  @Column({ type: 'varchar', length: 10, default: 'OPEN' })
  status: PlanStatus;

  /** When a scenario was forked from the live plan. */
  @Column({ type: 'timestamptz', nullable: true })
  forkedAt: Date | null;

  @Column({ type: 'timestamptz', nullable: true })
  mergedAt: Date | null;

  /** Scenarios: ORGANIZATION (every user may read it and, with the usual permissions, write to it) or PRIVATE. */
  @Column({ type: 'varchar', length: 12, default: 'ORGANIZATION' })
  visibility: ScenarioVisibility;

  /** Scenarios: the user who created it (X-Acting-User of the create), null when the application did. */
  @Column({ type: 'varchar', length: 25, nullable: true })
  ownerUserId: string | null;

  @Column({ type: 'varchar', length: 25, nullable: true })
  mergedByUserId: string | null;

  /** Scenarios: the forecast assumptions of the scenario's forecasts; null uses the organization's (spec 07 §4). */
  @Column({ type: 'jsonb', nullable: true })
  assumptions: ForecastAssumptions | null;

  @ManyToOne(() => OrganizationEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'organization_id', foreignKeyConstraintName: 'fk_plans_organization' })
  organization?: OrganizationEntity;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt: Date;
}
