import { Column, Entity, Index, JoinColumn, ManyToOne } from 'typeorm';
import { PlanningRecordEntity } from '../../database/entities/record-keys.base';
import { CostCentreEntity } from '../../reference-data/entities/cost-centre.entity';
import { ValueStreamEntity } from '../../reference-data/entities/value-stream.entity';

/** A team: a planning record, so it lives in a plan (live or scenario) under the key (organization_id, plan_id, id). */
@Entity({ name: 'teams' })
@Index('uq_teams_external_id', ['organizationId', 'planId', 'externalId'], { unique: true })
@Index('idx_teams_sort_name', { synchronize: false })
@Index('idx_teams_parent', ['planId', 'parentTeamId'])
@Index('idx_teams_search_trgm', { synchronize: false })
export class TeamEntity extends PlanningRecordEntity {
  @Column({ type: 'varchar', length: 200 })
  name: string;

  @Column({ type: 'varchar', length: 255, nullable: true })
  externalId: string | null;

  @Column({ type: 'text', nullable: true })
  description: string | null;

  @Column({ type: 'varchar', length: 25, nullable: true })
  costCentreId: string | null;

  @Column({ type: 'varchar', length: 25, nullable: true })
  valueStreamId: string | null;

  @Column({ type: 'varchar', length: 25, nullable: true })
  parentTeamId: string | null;

  @ManyToOne(() => CostCentreEntity, { onDelete: 'RESTRICT' })
  @JoinColumn([
    { name: 'organization_id', referencedColumnName: 'organizationId', foreignKeyConstraintName: 'fk_teams_cost_centre' },
    { name: 'cost_centre_id', referencedColumnName: 'id' },
  ])
  costCentre?: CostCentreEntity;

  @ManyToOne(() => ValueStreamEntity, { onDelete: 'RESTRICT' })
  @JoinColumn([
    { name: 'organization_id', referencedColumnName: 'organizationId', foreignKeyConstraintName: 'fk_teams_value_stream' },
    { name: 'value_stream_id', referencedColumnName: 'id' },
  ])
  valueStream?: ValueStreamEntity;
}
