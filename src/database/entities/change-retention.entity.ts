import { Column, Entity, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { OrganizationEntity } from './organization.entity';

/**
 * Where the retention purge stands in one organization's change history (docs/architecture.md, "Personal
 * data"): how far its live changes were purged, and which purge holds the organization now.
 */
@Entity({ name: 'change_retention' })
export class ChangeRetentionEntity {
  @PrimaryColumn({ type: 'varchar', length: 25 })
  organizationId: string;

  /**
   * The last commit position the purge removed (0: none): the live changes up to it are gone, so the
   * changes feed answers a cursor before it with 410 and starts after it when no cursor is given.
   */
  @Column({ type: 'bigint', default: 0 })
  purgedThrough: string;

  /**
   * The horizon of the last purge that removed live changes: live changes made before it may be gone, so a scenario
   * forked before it can no longer be checked for conflicts (its merge is refused); null while nothing was purged.
   */
  @Column({ type: 'timestamptz', nullable: true })
  purgedBefore: Date | null;

  /** Until when a purge holds the organization (one instance at a time); null when none does. */
  @Column({ type: 'timestamptz', nullable: true })
  leaseUntil: Date | null;

  @ManyToOne(() => OrganizationEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'organization_id', foreignKeyConstraintName: 'fk_change_retention_organization' })
  organization?: OrganizationEntity;
}
