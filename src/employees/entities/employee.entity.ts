import { Column, Entity, Index } from 'typeorm';
import { PlanningRecordEntity } from '../../database/entities/record-keys.base';

/**
 * An employee: a planning record, so it lives in a plan under the key (organization_id, plan_id, id). Its `fte`,
 * `costCentreId`, `jobRoleId` and `geographyId` are those in force before its first employment term.
 */
@Entity({ name: 'employees' })
@Index('uq_employees_external_id', ['organizationId', 'planId', 'externalId'], { unique: true })
@Index('uq_employees_email', { synchronize: false })
@Index('idx_employees_sort_last_name', { synchronize: false })
@Index('idx_employees_manager', ['planId', 'managerId'])
@Index('idx_employees_cost_centre', ['planId', 'costCentreId'])
@Index('idx_employees_search_trgm', { synchronize: false })
@Index('idx_employees_internal_employee_id', { synchronize: false })
export class EmployeeEntity extends PlanningRecordEntity {
  @Column({ type: 'varchar', length: 255, nullable: true })
  externalId: string | null;

  @Column({ type: 'varchar', length: 200 })
  firstName: string;

  @Column({ type: 'varchar', length: 200 })
  lastName: string;

  /** The nullable canonical name of document 01's changelog. */
  @Column({ type: 'varchar', length: 400, nullable: true })
  name: string | null;

  @Column({ type: 'varchar', length: 320 })
  email: string;

  @Column({ type: 'varchar', length: 100, nullable: true })
  internalEmployeeId: string | null;

  @Column({ type: 'date' })
  startDate: string;

  @Column({ type: 'date', nullable: true })
  endDate: string | null;

  @Column({ type: 'date', nullable: true })
  noticeDate: string | null;

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

  /** Working time before the first employment term (0 < fte <= 1). */
  @Column({ type: 'numeric', precision: 5, scale: 4, default: 1 })
  fte: string;
}
