import { OrganizationEntity } from '../../organizations/entities/organization.entity';
import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn, UpdateDateColumn } from 'typeorm';

/** A business metric of an organization (spec 03 §3): what external systems push readings of. */
@Entity({ name: 'business_metrics' })
@Index('uq_business_metrics_org_key', ['organizationId', 'key'], { unique: true })
export class BusinessMetricEntity {
  @PrimaryColumn({ type: 'varchar', length: 25 })
  id: string;

  @Column({ type: 'varchar', length: 25 })
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

  @ManyToOne(() => OrganizationEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'organization_id', foreignKeyConstraintName: 'fk_business_metrics_organization' })
  organization?: OrganizationEntity;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt: Date;
}
