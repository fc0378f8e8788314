import { Check, Column, Entity, Index } from 'typeorm';
import { PlanningRecordEntity } from '../../database/entities/record-keys.base';

/** A seat in a functional group: planning data (organization_id, plan_id, id); never deleted, retired by endDate. */
@Entity({ name: 'functional_positions' })
@Index('uq_functional_positions_external_id', ['organizationId', 'planId', 'externalId'], { unique: true })
@Index('idx_functional_positions_group', ['planId', 'functionalGroupId', 'startDate'])
@Check('ck_functional_positions_dates', '"end_date" IS NULL OR "end_date" >= "start_date"')
@Check('ck_functional_positions_fte', '"required_fte" > 0 AND "required_fte" <= 1')
export class FunctionalPositionEntity extends PlanningRecordEntity {
  @Column({ type: 'varchar', length: 25 })
  functionalGroupId: string;

  @Column({ type: 'varchar', length: 200 })
  name: string;

  @Column({ type: 'text', nullable: true })
  description: string | null;

  @Column({ type: 'varchar', length: 255, nullable: true })
  externalId: string | null;

  @Column({ type: 'varchar', length: 25, nullable: true })
  jobRoleId: string | null;

  @Column({ type: 'numeric', precision: 5, scale: 4 })
  requiredFte: string;

  @Column({ type: 'date' })
  startDate: string;

  @Column({ type: 'date', nullable: true })
  endDate: string | null;
}
