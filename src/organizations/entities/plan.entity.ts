import { OrganizationEntity } from '../../database/entities/organization.entity';
import { Column, JoinColumn, ManyToOne, CreateDateColumn, Entity, Index, PrimaryColumn, UpdateDateColumn } from 'typeorm';

export type PlanKind = 'LIVE' | 'SCENARIO';
export type PlanStatus = 'OPEN' | 'LOCKED' | 'MERGED';

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

  @Column({ type: 'varchar', length: 25, nullable: true })
  mergedByUserId: string | null;

  @ManyToOne(() => OrganizationEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'organization_id', foreignKeyConstraintName: 'fk_plans_organization' })
  organization?: OrganizationEntity;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt: Date;
}
