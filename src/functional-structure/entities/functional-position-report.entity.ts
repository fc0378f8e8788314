import { Check, Column, Entity, Exclusion, Index } from 'typeorm';
import { PlanningRecordEntity } from '../../database/entities/record-keys.base';

/**
 * A seat's reporting line from startDate to endDate (inclusive): the seat it reports to, or null.
 * The lines of one seat never overlap (a deferrable btree_gist exclusion, made by the migration).
 */
@Entity({ name: 'functional_position_reports' })
@Exclusion(
  'ex_functional_position_reports_overlap',
  `USING gist ("organization_id" WITH =, "plan_id" WITH =, "position_id" WITH =, daterange("start_date", "end_date", '[]') WITH &&)`,
)
@Check('ck_functional_position_reports_dates', '"end_date" IS NULL OR "end_date" >= "start_date"')
@Index('idx_functional_position_reports_position', ['planId', 'positionId', 'startDate'])
@Index('idx_functional_position_reports_target', ['planId', 'reportsToPositionId', 'startDate'])
export class FunctionalPositionReportEntity extends PlanningRecordEntity {
  @Column({ type: 'varchar', length: 25 })
  positionId: string;

  @Column({ type: 'varchar', length: 25, nullable: true })
  reportsToPositionId: string | null;

  @Column({ type: 'date' })
  startDate: string;

  @Column({ type: 'date', nullable: true })
  endDate: string | null;
}
