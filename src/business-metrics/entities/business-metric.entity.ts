import { OrganizationEntity } from '../../database/entities/organization.entity';
import { Check, Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn, UpdateDateColumn } from 'typeorm';

export const COST_SCOPE_TYPES = ['ORGANIZATION', 'COST_CENTRE', 'TEAM'] as const;
export type CostScopeType = (typeof COST_SCOPE_TYPES)[number];

/** A business metric of an organization (spec 03 §3): what external systems push readings of. */
@Entity({ name: 'business_metrics' })
@Index('uq_business_metrics_org_key', ['organizationId', 'key'], { unique: true })
@Check('ck_business_metrics_cost_scope', `("cost_scope_type" = 'ORGANIZATION') = ("cost_scope_id" IS NULL)`)
export class BusinessMetricEntity {
  @PrimaryColumn({ type: 'varchar', length: 25 })
  id: string;

  @PrimaryColumn({ type: 'varchar', length: 25 })
  organizationId: string;

  /** The metric's key (`slug` in reading responses): 1-80 of a-z 0-9 - _, unique in the organization. */
  @Column({ type: 'varchar', length: 80 })
  key: string;

  @Column({ type: 'varchar', length: 200 })
  name: string;

  /** The unit readings are expressed in. */
  @Column({ type: 'varchar', length: 50 })
  unit: string;

  @Column({ type: 'text', nullable: true })
  description: string | null;

  @Column({ type: 'boolean', default: true })
  active: boolean;

  /** Whose people cost the summary's cost per unit uses (spec 04 §3): the organization, a cost centre or a team. */
  @Column({ type: 'varchar', length: 20, default: 'ORGANIZATION' })
  costScopeType: CostScopeType;

  /** The cost centre or team of a COST_CENTRE or TEAM scope; null for ORGANIZATION. */
  @Column({ type: 'varchar', length: 25, nullable: true })
  costScopeId: string | null;

  @ManyToOne(() => OrganizationEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'organization_id', foreignKeyConstraintName: 'fk_business_metrics_organization' })
  organization?: OrganizationEntity;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt: Date;
}
