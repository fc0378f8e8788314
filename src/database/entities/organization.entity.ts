import { Column, CreateDateColumn, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';

@Entity({ name: 'organizations' })
export class OrganizationEntity {
  @PrimaryColumn({ type: 'varchar', length: 25 })
  id: string;

  @Column({ type: 'varchar', length: 200 })
  name: string;

  @Column({ type: 'char', length: 3, default: 'USD' })
  reportingCurrency: string;

  @Column({ type: 'boolean', default: false })
  functionalGroupsEnabled: boolean;

  @Column({ type: 'boolean', default: false })
  functionalGroupsRestrictedVisibility: boolean;

  @Column({ type: 'integer', default: 30 })
  noticePeriodDays: number;

  /** Days the change history keeps a change (null: keep every change); the retention purge removes older ones. */
  @Column({ type: 'integer', nullable: true })
  changeRetentionDays: number | null;

  /** Days a finished webhook delivery row is kept; the retention purge removes older ones. */
  @Column({ type: 'integer', default: 30 })
  deliveryRetentionDays: number;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt: Date;
}
