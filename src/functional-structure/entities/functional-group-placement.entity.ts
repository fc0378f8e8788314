import { Check, Column, Entity, Exclusion, Index } from 'typeorm';
import { PlanningRecordEntity } from '../../database/entities/record-keys.base';

/**
 * Where a group sits from startDate to endDate (inclusive): its parent, or null at the top level.
 * The placements of one group never overlap (a deferrable btree_gist exclusion, made by the migration).
 */
@Entity({ name: 'functional_group_placements' })
@Exclusion(
  'ex_functional_group_placements_overlap',
  `USING gist ("organization_id" WITH =, "plan_id" WITH =, "group_id" WITH =, daterange("start_date", "end_date", '[]') WITH &&)`,
)
@Check('ck_functional_group_placements_dates', '"end_date" IS NULL OR "end_date" >= "start_date"')
@Index('idx_functional_group_placements_group', ['planId', 'groupId', 'startDate'])
@Index('idx_functional_group_placements_parent', ['planId', 'parentGroupId', 'startDate'])
export class FunctionalGroupPlacementEntity extends PlanningRecordEntity {
  @Column({ type: 'varchar', length: 25 })
  groupId: string;

  @Column({ type: 'varchar', length: 25, nullable: true })
  parentGroupId: string | null;

  @Column({ type: 'date' })
  startDate: string;

  @Column({ type: 'date', nullable: true })
  endDate: string | null;
}
