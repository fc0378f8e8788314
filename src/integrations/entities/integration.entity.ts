import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn, UpdateDateColumn } from 'typeorm';
import { OrganizationEntity } from '../../database/entities/organization.entity';
import { UserEntity } from '../../organizations/entities/user.entity';

export type PullStatus = 'NEVER' | 'OK' | 'PARTIAL' | 'FAILED';
export type PushStatus = 'NEVER' | 'OK' | 'FAILED';

export interface PullCounts {
  created: number;
  updated: number;
  unchanged: number;
  failed: number;
}

/**
 * A custom integration (spec 04 §5): a push hook (a webhook target delivered by the dispatcher) and/or
 * a PULL hook (fetched on a schedule and applied as `actAsUserId`). Organization-level, no plan. Push is
 * configured when `pushUrl` is set, pull when `pullUrl` is set.
 */
@Entity({ name: 'integrations' })
@Index('idx_integrations_org', ['organizationId', 'createdAt'])
@Index('idx_integrations_pull_due', ['pullNextAt'], { where: `"pull_enabled" AND "pull_url" IS NOT NULL` })
export class IntegrationEntity {
  @PrimaryColumn({ type: 'varchar', length: 25 })
  id: string;

  @PrimaryColumn({ type: 'varchar', length: 25 })
  organizationId: string;

  @Column({ type: 'varchar', length: 100 })
  name: string;

  @Column({ type: 'varchar', length: 25 })
  actAsUserId: string;

  /**
   * The user who created or last changed it (X-Acting-User; null: the application itself): its push hook receives only
   * the entity types that user may view, checked at each delivery (spec 03 §1.18).
   */
  @Column({ type: 'varchar', length: 25, nullable: true })
  configuredByUserId: string | null;

  /** Signs push deliveries and is the pull's bearer token: 64 lower-case hex characters, shown at create and rotate only. */
  @Column({ type: 'char', length: 64 })
  secret: string;

  @Column({ type: 'varchar', length: 2048, nullable: true })
  pushUrl: string | null;

  @Column({ type: 'text', array: true, default: () => "'{}'" })
  pushEntityTypes: string[];

  @Column({ type: 'text', array: true, default: () => "'{}'" })
  pushEventTypes: string[];

  @Column({ type: 'boolean', default: false })
  pushEnabled: boolean;

  @Column({ type: 'varchar', length: 2048, nullable: true })
  pullUrl: string | null;

  @Column({ type: 'varchar', length: 30, nullable: true })
  pullEntityType: string | null;

  @Column({ type: 'int', nullable: true })
  pullIntervalMinutes: number | null;

  @Column({ type: 'boolean', default: false })
  pullEnabled: boolean;

  /** When the next scheduled run is due. */
  @Column({ type: 'timestamptz', nullable: true })
  pullNextAt: Date | null;

  /** The lease of the running pull: while in the future, no other run of this integration starts (any instance). */
  @Column({ type: 'timestamptz', nullable: true })
  pullRunningUntil: Date | null;

  /** Which run holds the lease: only it may record its result. */
  @Column({ type: 'uuid', nullable: true })
  pullRunId: string | null;

  @Column({ type: 'timestamptz', nullable: true })
  lastPushAt: Date | null;

  @Column({ type: 'varchar', length: 10, default: 'NEVER' })
  lastPushStatus: PushStatus;

  @Column({ type: 'timestamptz', nullable: true })
  lastPullAt: Date | null;

  @Column({ type: 'varchar', length: 10, default: 'NEVER' })
  lastPullStatus: PullStatus;

  @Column({ type: 'jsonb', nullable: true })
  lastPullResult: PullCounts | null;

  @Column({ type: 'varchar', length: 1000, nullable: true })
  lastError: string | null;

  @ManyToOne(() => OrganizationEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'organization_id', foreignKeyConstraintName: 'fk_integrations_organization' })
  organization?: OrganizationEntity;

  @ManyToOne(() => UserEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'act_as_user_id', foreignKeyConstraintName: 'fk_integrations_act_as_user' })
  actAsUser?: UserEntity;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt: Date;
}
