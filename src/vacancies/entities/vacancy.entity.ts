import { Column, Entity, Index } from 'typeorm';
import { PlanningRecordEntity } from '../../database/entities/record-keys.base';

export const VACANCY_STATUSES = ['open', 'committed', 'filled', 'cancelled', 'on_hold'] as const;
export type VacancyStatus = (typeof VACANCY_STATUSES)[number];

/** A role still to be filled. Planning data: (organization_id, plan_id, id). */
@Entity({ name: 'vacancies' })
@Index('uq_vacancies_external_id', ['organizationId', 'planId', 'externalId'], { unique: true })
@Index('idx_vacancies_sort_role', { synchronize: false })
@Index('idx_vacancies_cost_centre', ['planId', 'costCentreId'])
@Index('idx_vacancies_filled_employee', ['planId', 'filledByLiveEmployeeId'])
@Index('idx_vacancies_filled_contractor', ['planId', 'filledByLiveContractorId'])
@Index('idx_vacancies_search_trgm', { synchronize: false })
export class VacancyEntity extends PlanningRecordEntity {
  @Column({ type: 'varchar', length: 255, nullable: true })
  externalId: string | null;

  @Column({ type: 'varchar', length: 200 })
  role: string;

  @Column({ type: 'text', nullable: true })
  description: string | null;

  @Column({ type: 'varchar', length: 20, default: 'open' })
  status: VacancyStatus;

  @Column({ type: 'numeric', precision: 5, scale: 4, default: 1 })
  fte: string;

  @Column({ type: 'date', nullable: true })
  targetStartDate: string | null;

  @Column({ type: 'date', nullable: true })
  targetFillDate: string | null;

  @Column({ type: 'varchar', length: 25, nullable: true })
  jobRoleId: string | null;

  @Column({ type: 'varchar', length: 25, nullable: true })
  workTypeId: string | null;

  @Column({ type: 'varchar', length: 25, nullable: true })
  geographyId: string | null;

  @Column({ type: 'varchar', length: 25, nullable: true })
  costCentreId: string | null;

  /** Annual salary: the source of truth (spec 03 §1.5). */
  @Column({ type: 'numeric', precision: 16, scale: 2, nullable: true })
  salary: string | null;

  /** As last sent, echoed back; writing them sets `salary`. */
  @Column({ type: 'numeric', precision: 16, scale: 2, nullable: true })
  salaryMin: string | null;

  @Column({ type: 'numeric', precision: 16, scale: 2, nullable: true })
  salaryMax: string | null;

  @Column({ type: 'char', length: 3, nullable: true })
  currencyCode: string | null;

  @Column({ type: 'varchar', length: 25, nullable: true })
  filledByLiveEmployeeId: string | null;

  @Column({ type: 'varchar', length: 25, nullable: true })
  filledByLiveContractorId: string | null;

  @Column({ type: 'varchar', length: 25, nullable: true })
  hiringManagerId: string | null;
}
