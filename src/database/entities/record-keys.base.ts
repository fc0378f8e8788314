import { CreateDateColumn, PrimaryColumn, UpdateDateColumn } from 'typeorm';

/**
 * The key and timestamps every planning record shares: it lives in a plan (live or scenario) under the key
 * (organization_id, plan_id, id), so that it keeps its id in every plan and its rows are distributed by organization.
 * A planning entity extends it and declares its own columns.
 */
export abstract class PlanningRecordEntity {
  @PrimaryColumn({ type: 'varchar', length: 25 })
  organizationId: string;

  @PrimaryColumn({ type: 'varchar', length: 25 })
  planId: string;

  @PrimaryColumn({ type: 'varchar', length: 25 })
  id: string;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt: Date;
}

/**
 * The key and timestamps of a record of the organization that no plan holds (reference data): the key
 * (organization_id, id), distributed by organization.
 */
export abstract class OrganizationRecordEntity {
  @PrimaryColumn({ type: 'varchar', length: 25 })
  organizationId: string;

  @PrimaryColumn({ type: 'varchar', length: 25 })
  id: string;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt: Date;
}
