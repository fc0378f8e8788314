import { Check, Column, Entity, Index } from 'typeorm';
import { PlanningRecordEntity } from '../../database/entities/record-keys.base';

/** An occupancy of a seat by an employee, a contractor or a vacancy: planning data (organization_id, plan_id, id). */
@Entity({ name: 'functional_assignments' })
@Check('ck_functional_assignments_one_resource', 'num_nonnulls("employee_id", "contractor_id", "vacancy_id") = 1')
@Check('ck_functional_assignments_dates', '"end_date" IS NULL OR "end_date" >= "start_date"')
@Check('ck_functional_assignments_fte', '"fte" > 0 AND "fte" <= 1')
@Index('idx_functional_assignments_position', ['planId', 'functionalPositionId', 'startDate'])
@Index('idx_functional_assignments_employee', ['planId', 'employeeId', 'startDate'])
@Index('idx_functional_assignments_contractor', ['planId', 'contractorId', 'startDate'])
@Index('idx_functional_assignments_vacancy', ['planId', 'vacancyId', 'startDate'])
export class FunctionalAssignmentEntity extends PlanningRecordEntity {
  @Column({ type: 'varchar', length: 25 })
  functionalPositionId: string;

  @Column({ type: 'varchar', length: 25, nullable: true })
  employeeId: string | null;

  @Column({ type: 'varchar', length: 25, nullable: true })
  contractorId: string | null;

  @Column({ type: 'varchar', length: 25, nullable: true })
  vacancyId: string | null;

  @Column({ type: 'numeric', precision: 5, scale: 4 })
  fte: string;

  @Column({ type: 'date' })
  startDate: string;

  @Column({ type: 'date', nullable: true })
  endDate: string | null;
}
