import { Check, Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn, UpdateDateColumn } from 'typeorm';
import { MetricSourceEntity } from './metric-source.entity';

/**
 * One reading: identified by metric + source + periodStart (a source belongs to one metric, so the key
 * is `(source_id, period_start)`). Written only by the set-based upsert of the reading intake.
 */
@Entity({ name: 'business_metric_readings' })
@Index('idx_business_metric_readings_metric', ['metricId', 'periodStart'])
@Check('chk_business_metric_readings_period', `"period_end" >= "period_start"`)
@Check('chk_business_metric_readings_value', `"value" >= 0 AND ("ai_value" IS NULL OR ("ai_value" >= 0 AND "ai_value" <= "value"))`)
export class MetricReadingEntity {
  @PrimaryColumn({ type: 'varchar', length: 25 })
  sourceId: string;

  /** First day, inclusive (`YYYY-MM-DD`). */
  @PrimaryColumn({ type: 'date' })
  periodStart: string;

  /** Last day, inclusive. */
  @Column({ type: 'date' })
  periodEnd: string;

  @PrimaryColumn({ type: 'varchar', length: 25 })
  organizationId: string;

  @Column({ type: 'varchar', length: 25 })
  metricId: string;

  /** Output in the metric's unit. */
  @Column({ type: 'numeric' })
  value: string;

  /** The part of `value` produced with AI; null = not measured. */
  @Column({ type: 'numeric', nullable: true })
  aiValue: string | null;

  @Column({ type: 'text', nullable: true })
  externalRef: string | null;

  @Column({ type: 'text', nullable: true })
  note: string | null;

  @ManyToOne(() => MetricSourceEntity, { onDelete: 'CASCADE' })
  @JoinColumn([
    { name: 'organization_id', referencedColumnName: 'organizationId', foreignKeyConstraintName: 'fk_business_metric_readings_source' },
    { name: 'source_id', referencedColumnName: 'id' },
  ])
  source?: MetricSourceEntity;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt: Date;
}
