import { Check, Column, Entity, Index, JoinColumn, ManyToOne } from 'typeorm';
import { PlanningRecordEntity } from '../../database/entities/record-keys.base';
import { UserEntity } from '../../organizations/entities/user.entity';
import { CostCentreEntity } from '../../reference-data/entities/cost-centre.entity';
import { ValueStreamEntity } from '../../reference-data/entities/value-stream.entity';
import type { DeliveryStatus } from '../delivery-status';

/** A project (document 01 "Project"): a planning record, keyed (organization_id, plan_id, id) in every plan. */
@Entity({ name: 'projects' })
@Index('uq_projects_external_id', ['organizationId', 'planId', 'externalId'], { unique: true })
@Index('idx_projects_sort_name', { synchronize: false })
@Index('idx_projects_cost_centre', ['costCentreId'])
@Index('idx_projects_value_stream', ['valueStreamId'])
@Index('idx_projects_post_completion_cost_centre', ['postCompletionCostCentreId'])
@Index('idx_projects_name_trgm', { synchronize: false })
@Index('idx_projects_description_trgm', { synchronize: false })
@Check('ck_projects_dates', '"end_date" IS NULL OR "end_date" >= "start_date"')
@Check('ck_projects_estimated_cost', '"estimated_cost" IS NULL OR "estimated_cost" >= 0')
@Check('ck_projects_delivery_status', `"delivery_status" IN ('BACKLOG', 'TODO', 'IN_PROGRESS', 'IN_REVIEW', 'DONE', 'CANCELLED')`)
export class ProjectEntity extends PlanningRecordEntity {
  @Column({ type: 'varchar', length: 255, nullable: true })
  externalId: string | null;

  @Column({ type: 'varchar', length: 200 })
  name: string;

  @Column({ type: 'varchar', length: 50, nullable: true })
  projectCode: string | null;

  @Column({ type: 'text', nullable: true })
  description: string | null;

  @Column({ type: 'date' })
  startDate: string;

  @Column({ type: 'date', nullable: true })
  endDate: string | null;

  @Column({ type: 'varchar', length: 25, nullable: true })
  ownerUserId: string | null;

  /** Set by create/PATCH while the project has no links; derived from the links' tickets otherwise. */
  @Column({ type: 'varchar', length: 20, default: 'BACKLOG' })
  deliveryStatus: DeliveryStatus;

  /** Lower = higher priority. */
  @Column({ type: 'integer', default: 0 })
  priority: number;

  @Column({ type: 'numeric', precision: 14, scale: 2, nullable: true })
  estimatedCost: string | null;

  @Column({ type: 'varchar', length: 25, nullable: true })
  valueStreamId: string | null;

  @Column({ type: 'varchar', length: 25, nullable: true })
  costCentreId: string | null;

  /** The cost centre a project's allocations are booked to after its endDate (spec 04 §2 projectCostCentre). */
  @Column({ type: 'varchar', length: 25, nullable: true })
  postCompletionCostCentreId: string | null;

  @Column({ type: 'varchar', length: 100, nullable: true })
  icon: string | null;

  @Column({ type: 'varchar', length: 7, default: '#6B7280' })
  iconColor: string;

  @ManyToOne(() => UserEntity, { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'owner_user_id', foreignKeyConstraintName: 'fk_projects_owner_user' })
  ownerUser?: UserEntity;

  @ManyToOne(() => CostCentreEntity, { onDelete: 'RESTRICT' })
  @JoinColumn([
    { name: 'organization_id', referencedColumnName: 'organizationId', foreignKeyConstraintName: 'fk_projects_cost_centre' },
    { name: 'cost_centre_id', referencedColumnName: 'id' },
  ])
  costCentre?: CostCentreEntity;

  @ManyToOne(() => CostCentreEntity, { onDelete: 'RESTRICT' })
  @JoinColumn([
    {
      name: 'organization_id',
      referencedColumnName: 'organizationId',
      foreignKeyConstraintName: 'fk_projects_post_completion_cost_centre',
    },
    { name: 'post_completion_cost_centre_id', referencedColumnName: 'id' },
  ])
  postCompletionCostCentre?: CostCentreEntity;

  @ManyToOne(() => ValueStreamEntity, { onDelete: 'RESTRICT' })
  @JoinColumn([
    { name: 'organization_id', referencedColumnName: 'organizationId', foreignKeyConstraintName: 'fk_projects_value_stream' },
    { name: 'value_stream_id', referencedColumnName: 'id' },
  ])
  valueStream?: ValueStreamEntity;
}
