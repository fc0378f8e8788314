import { Column, Entity, Index } from 'typeorm';
import { PlanningRecordEntity } from '../../database/entities/record-keys.base';

export const RATE_TYPES = ['hourly', 'daily', 'monthly', 'annually'] as const;
export type RateType = (typeof RATE_TYPES)[number];

/** A contractor's rate per billing period from effectiveDate on. Planning data: (organization_id, plan_id, id). */
@Entity({ name: 'rate_adjustments' })
@Index('idx_rate_adjustments_contractor', ['planId', 'contractorId', 'effectiveDate'])
export class RateAdjustmentEntity extends PlanningRecordEntity {
  @Column({ type: 'varchar', length: 25 })
  contractorId: string;

  @Column({ type: 'date' })
  effectiveDate: string;

  @Column({ type: 'numeric', precision: 16, scale: 2 })
  rate: string;

  @Column({ type: 'varchar', length: 10 })
  rateType: RateType;

  @Column({ type: 'char', length: 3 })
  currencyCode: string;

  @Column({ type: 'text', nullable: true })
  reason: string | null;
}
