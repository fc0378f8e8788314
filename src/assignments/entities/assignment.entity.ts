import { Check, Column, Entity, Index } from 'typeorm';
import { PlanningRecordEntity } from '../../database/entities/record-keys.base';

export type AssignmentType = 'team' | 'project';
export type HolderKind = 'employee' | 'contractor' | 'vacancy' | 'team';

/**
 * A dated allocation (document 01 "Assignment"): a holder (employee, contractor, vacancy, or a team
 * for team-to-project) on a team or project, with an FTE share. Planning data: (organization_id, plan_id, id).
 */
@Entity({ name: 'assignments' })
@Check('ck_assignments_one_holder', 'num_nonnulls("employee_id", "contractor_id", "vacancy_id", "team_id") = 1')
@Check('ck_assignments_type', `"type" IN ('team', 'project') AND ("team_id" IS NULL OR "type" = 'project')`)
@Check('ck_assignments_dates', '"end_date" IS NULL OR "end_date" >= "start_date"')
@Index('idx_assignments_employee', ['planId', 'employeeId'])
@Index('idx_assignments_contractor', ['planId', 'contractorId'])
@Index('idx_assignments_vacancy', ['planId', 'vacancyId'])
@Index('idx_assignments_team_holder', ['planId', 'teamId'])
@Index('idx_assignments_target', ['planId', 'type', 'targetId'])
@Index('idx_assignments_org_plan', ['organizationId', 'planId', 'startDate'])
export class AssignmentEntity extends PlanningRecordEntity {
  @Column({ type: 'varchar', length: 10 })
  type: AssignmentType;

  /** The team or project id. */
  @Column({ type: 'varchar', length: 25 })
  targetId: string;

  @Column({ type: 'varchar', length: 25, nullable: true })
  employeeId: string | null;

  @Column({ type: 'varchar', length: 25, nullable: true })
  contractorId: string | null;

  @Column({ type: 'varchar', length: 25, nullable: true })
  vacancyId: string | null;

  /** Holder of a team-to-project allocation. */
  @Column({ type: 'varchar', length: 25, nullable: true })
  teamId: string | null;

  @Column({ type: 'numeric', precision: 8, scale: 4 })
  fte: string;

  @Column({ type: 'date' })
  startDate: string;

  @Column({ type: 'date', nullable: true })
  endDate: string | null;

  @Column({ type: 'varchar', length: 200, nullable: true })
  role: string | null;
}
