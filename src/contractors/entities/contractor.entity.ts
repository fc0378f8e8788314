import { Column, Entity, Index } from 'typeorm';
import { PlanningRecordEntity } from '../../database/entities/record-keys.base';

/** A contractor: shaped like an employee where it makes sense. Planning data: (organization_id, plan_id, id). */
@Entity({ name: 'contractors' })
@Index('uq_contractors_external_id', ['organizationId', 'planId', 'externalId'], { unique: true })
@Index('uq_contractors_email', { synchronize: false })
@Index('idx_contractors_sort_name', { synchronize: false })
@Index('idx_contractors_cost_centre', ['planId', 'costCentreId'])
@Index('idx_contractors_search_trgm', { synchronize: false })
export class ContractorEntity extends PlanningRecordEntity {
  @Column({ type: 'varchar', length: 255, nullable: true })
  externalId: string | null;

  @Column({ type: 'varchar', length: 400 })
  name: string;

  @Column({ type: 'varchar', length: 320, nullable: true })
  email: string | null;

  @Column({ type: 'varchar', length: 50, default: 'individual' })
  contractorType: string;

  @Column({ type: 'date' })
  startDate: string;

  @Column({ type: 'date', nullable: true })
  endDate: string | null;

  @Column({ type: 'varchar', length: 25, nullable: true })
  managerId: string | null;

  @Column({ type: 'varchar', length: 25, nullable: true })
  jobRoleId: string | null;

  @Column({ type: 'varchar', length: 25, nullable: true })
  workTypeId: string | null;

  @Column({ type: 'varchar', length: 25, nullable: true })
  geographyId: string | null;

  @Column({ type: 'char', length: 3, nullable: true })
  defaultCurrencyCode: string | null;

  @Column({ type: 'varchar', length: 25, nullable: true })
  costCentreId: string | null;
}
