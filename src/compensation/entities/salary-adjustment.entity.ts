import { Column, Entity, Index } from 'typeorm';
import { PlanningRecordEntity } from '../../database/entities/record-keys.base';

/** An employee's annual base salary (and bonus) from effectiveDate on. Planning data: (organization_id, plan_id, id). */
@Entity({ name: 'salary_adjustments' })
@Index('idx_salary_adjustments_employee', ['planId', 'employeeId', 'effectiveDate'])
@Index('idx_salary_adjustments_pay_window', { synchronize: false })
export class SalaryAdjustmentEntity extends PlanningRecordEntity {
  @Column({ type: 'varchar', length: 25 })
  employeeId: string;

  @Column({ type: 'date' })
  effectiveDate: string;

  @Column({ type: 'numeric', precision: 16, scale: 2 })
  salary: string;

  @Column({ type: 'numeric', precision: 16, scale: 2, nullable: true })
  bonus: string | null;

  @Column({ type: 'char', length: 3 })
  currencyCode: string;

  @Column({ type: 'text', nullable: true })
  reason: string | null;
}
