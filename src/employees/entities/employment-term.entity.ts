import { Column, Entity, Index } from 'typeorm';
import { PlanningRecordEntity } from '../../database/entities/record-keys.base';

/**
 * A dated change of an employee's working time, cost centre, job role or location from `effectiveDate` on (one per
 * employee and day). `fields` names what the term changes (the API fields it was given); the other columns are null.
 */
@Entity({ name: 'employment_terms' })
@Index('uq_employment_terms_day', ['organizationId', 'planId', 'employeeId', 'effectiveDate'], { unique: true })
export class EmploymentTermEntity extends PlanningRecordEntity {
  @Column({ type: 'varchar', length: 25 })
  employeeId: string;

  @Column({ type: 'date' })
  effectiveDate: string;

  /** The API fields the term changes: `fte`, `costCentreId`, `jobRoleId`, `locationId`. */
  @Column({ type: 'text', array: true })
  fields: string[];

  @Column({ type: 'numeric', precision: 5, scale: 4, nullable: true })
  fte: string | null;

  @Column({ type: 'varchar', length: 25, nullable: true })
  costCentreId: string | null;

  @Column({ type: 'varchar', length: 25, nullable: true })
  jobRoleId: string | null;

  @Column({ type: 'varchar', length: 25, nullable: true })
  geographyId: string | null;
}
