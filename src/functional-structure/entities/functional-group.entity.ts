import { Check, Column, Entity, Index } from 'typeorm';
import { PlanningRecordEntity } from '../../database/entities/record-keys.base';

/** A functional group (area, stream, domain, team): planning data (organization_id, plan_id, id); never deleted, retired by endDate. */
@Entity({ name: 'functional_groups' })
@Index('uq_functional_groups_external_id', ['organizationId', 'planId', 'externalId'], { unique: true })
@Index('idx_functional_groups_org_plan_start', ['organizationId', 'planId', 'startDate'])
@Check('ck_functional_groups_dates', '"end_date" IS NULL OR "end_date" >= "start_date"')
export class FunctionalGroupEntity extends PlanningRecordEntity {
  @Column({ type: 'varchar', length: 200 })
  name: string;

  @Column({ type: 'varchar', length: 100, nullable: true })
  groupType: string | null;

  @Column({ type: 'text', nullable: true })
  description: string | null;

  @Column({ type: 'varchar', length: 255, nullable: true })
  externalId: string | null;

  @Column({ type: 'date' })
  startDate: string;

  @Column({ type: 'date', nullable: true })
  endDate: string | null;
}
