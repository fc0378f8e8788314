import { Column, CreateDateColumn, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';

export const BUDGET_DIMENSIONS = ['none', 'costCentre', 'team'] as const;
export type BudgetDimension = (typeof BUDGET_DIMENSIONS)[number];

export const BUDGET_STATUSES = ['DRAFT', 'APPROVED', 'ARCHIVED'] as const;
export type BudgetStatus = (typeof BUDGET_STATUSES)[number];

/**
 * One budget line as stored: `[key, month, cost, headcount, fte]`, the figures as decimal strings without
 * trailing zeros (null when not budgeted). A tuple, not an object, so that the stored jsonb keeps the order it was
 * written in (jsonb reorders an object's keys) and a line sent again compares equal to the stored one.
 */
export type StoredBudgetLine = [key: string | null, month: string, cost: string, headcount: string | null, fte: string | null];

/**
 * A budget (spec 07 §2): a live-only record of the organization (no plan: scenarios neither copy nor write it), its
 * lines kept whole with it (docs/decisions.md, "Budgets").
 */
@Entity({ name: 'budgets' })
export class BudgetEntity {
  @PrimaryColumn({ type: 'varchar', length: 25, primaryKeyConstraintName: 'pk_budgets' })
  organizationId: string;

  @PrimaryColumn({ type: 'varchar', length: 25, primaryKeyConstraintName: 'pk_budgets' })
  id: string;

  @Column({ type: 'varchar', length: 200 })
  name: string;

  @Column({ type: 'varchar', length: 20 })
  dimension: BudgetDimension;

  /** First month, `YYYY-MM`. */
  @Column({ type: 'varchar', length: 7 })
  fromMonth: string;

  /** Last month, `YYYY-MM`. */
  @Column({ type: 'varchar', length: 7 })
  toMonth: string;

  @Column({ type: 'varchar', length: 3 })
  currencyCode: string;

  @Column({ type: 'varchar', length: 20, default: 'DRAFT' })
  status: BudgetStatus;

  @Column({ type: 'jsonb' })
  lines: StoredBudgetLine[];

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt: Date;
}
