import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { BusinessMetricEntity } from './business-metric.entity';

export type FeedStatus = 'NO_DATA' | 'HEALTHY' | 'FAILING';

/**
 * A system that pushes readings of one metric. Created by its first push; matched case-insensitively
 * by name within the metric (unique index on `(metric_id, lower(name))`, made by the migration).
 */
@Entity({ name: 'business_metric_sources' })
@Index('uq_business_metric_sources_metric_name', { synchronize: false })
export class MetricSourceEntity {
  @PrimaryColumn({ type: 'varchar', length: 25 })
  id: string;

  @PrimaryColumn({ type: 'varchar', length: 25 })
  organizationId: string;

  @Column({ type: 'varchar', length: 25 })
  metricId: string;

  /** As first pushed (trimmed); later pushes match it in any case. */
  @Column({ type: 'varchar', length: 120 })
  name: string;

  /** Paused in the application; a paused source still accepts readings and stays paused. */
  @Column({ type: 'boolean', default: false })
  paused: boolean;

  @Column({ type: 'varchar', length: 10, default: 'NO_DATA' })
  feedStatus: FeedStatus;

  /** The last accepted push. */
  @Column({ type: 'timestamptz', nullable: true })
  lastPushAt: Date | null;

  /** The message of the last refused push that marked the feed failing (kept after recovery). */
  @Column({ type: 'text', nullable: true })
  lastErrorMessage: string | null;

  @Column({ type: 'timestamptz', nullable: true })
  lastErrorAt: Date | null;

  @ManyToOne(() => BusinessMetricEntity, { onDelete: 'CASCADE' })
  @JoinColumn([
    { name: 'organization_id', referencedColumnName: 'organizationId', foreignKeyConstraintName: 'fk_business_metric_sources_metric' },
    { name: 'metric_id', referencedColumnName: 'id' },
  ])
  metric?: BusinessMetricEntity;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;
}
