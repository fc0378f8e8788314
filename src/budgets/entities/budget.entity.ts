import { Column, CreateDateColumn, Entity, Index, PrimaryColumn, UpdateDateColumn } from 'typeorm';

/** A budget: a planning record, so it lives in a plan (live or scenario) under the key (organization_id, plan_id, id). */
@Entity({ name: 'budgets' })
@Index('uq_budgets_external_id', ['organizationId', 'planId', 'externalId'], { unique: true })
export class BudgetEntity {
  @PrimaryColumn({ type: 'varchar', length: 25, primaryKeyConstraintName: 'pk_budgets' })
  planId: string;

  @PrimaryColumn({ type: 'varchar', length: 25, primaryKeyConstraintName: 'pk_budgets' })
  id: string;

  @PrimaryColumn({ type: 'varchar', length: 25, primaryKeyConstraintName: 'pk_budgets' })
  organizationId: string;

  @Column({ type: 'varchar', length: 200 })
  name: string;

  @Column({ type: 'varchar', length: 255, nullable: true })
  externalId: string | null;

  @Column({ type: 'text', nullable: true })
  description: string | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt: Date;
}
