import type { ActorType } from '../../common/auth/request-context';
import { OrganizationEntity } from './organization.entity';
import { Column, JoinColumn, ManyToOne, CreateDateColumn, Entity, Index, PrimaryColumn, PrimaryGeneratedColumn } from 'typeorm';

export type { ActorType };
export type ChangeType = 'create' | 'update' | 'delete';
/**
 * PENDING: a live change waiting for the webhook dispatcher; null for scenario changes (never sent).
 * DISPATCHING: claimed by a dispatcher pass, nothing sent yet (a stale claim goes back to PENDING).
 * DONE: fanned out; one `webhook_deliveries` row per matching endpoint records each attempt.
 * (INTERRUPTED is not used: interrupted attempts are marked per delivery.)
 */
export type DispatchStatus = 'PENDING' | 'DISPATCHING' | 'DONE' | 'INTERRUPTED';

/**
 * One row per change to a record: the audit history and, for the live plan, the webhook outbox.
 */
@Entity({ name: 'record_changes' })
@Index('idx_record_changes_entity', ['organizationId', 'entityType', 'entityId', 'seq'])
@Index('idx_record_changes_plan', ['planId', 'seq'])
@Index('idx_record_changes_pending', ['seq'], { where: `"dispatch_status" = 'PENDING'` })
@Index('idx_record_changes_dispatching', ['dispatchClaimedAt'], { where: `"dispatch_status" = 'DISPATCHING'` })
@Index('uq_record_changes_commit_seq', ['organizationId', 'commitSeq'], { unique: true, where: `"commit_seq" IS NOT NULL` })
@Index('uq_record_changes_event_id', ['organizationId', 'eventId'], { unique: true })
export class RecordChangeEntity {
  @PrimaryGeneratedColumn({ type: 'bigint' })
  seq: string;

  /** The webhook event id (UUID), the same at every endpoint. */
  @Column({ type: 'uuid' })
  eventId: string;

  @PrimaryColumn({ type: 'varchar', length: 25 })
  organizationId: string;

  /**
   * Live changes only: the position in the organization's commit order (change_clocks), which is what
   * `GET /changes` pages by; null for scenario changes. `seq` is insertion order, not commit order.
   */
  @Column({ type: 'bigint', nullable: true })
  commitSeq: string | null;

  @Column({ type: 'varchar', length: 25 })
  planId: string;

  @Column({ type: 'varchar', length: 60 })
  entityType: string;

  @Column({ type: 'varchar', length: 255 })
  entityId: string;

  @Column({ type: 'varchar', length: 10 })
  changeType: ChangeType;

  @Column({ type: 'jsonb', nullable: true })
  before: Record<string, unknown> | null;

  @Column({ type: 'jsonb', nullable: true })
  after: Record<string, unknown> | null;

  @Column({ type: 'varchar', length: 10 })
  actorType: ActorType;

  @Column({ type: 'varchar', length: 255 })
  actorId: string;

  @Column({ type: 'varchar', length: 320, nullable: true })
  actorEmail: string | null;

  @Column({ type: 'varchar', length: 12, nullable: true })
  dispatchStatus: DispatchStatus | null;

  @Column({ type: 'timestamptz', nullable: true })
  dispatchClaimedAt: Date | null;

  /** Which dispatcher pass holds the claim (webhooks): only that pass may start sending the change. */
  @Column({ type: 'uuid', nullable: true })
  dispatchClaimId: string | null;

  /**
   * true: a change of organization-level data about a plan record (an access grant on a functional
   * group). It is history and a webhook like any change, but a scenario merge does not count it as a
   * live change of the record (sharing a group does not conflict with a scenario's edit of it).
   */
  @Column({ type: 'boolean', default: false })
  organizationLevel: boolean;

  @ManyToOne(() => OrganizationEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'organization_id', foreignKeyConstraintName: 'fk_record_changes_organization' })
  organization?: OrganizationEntity;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;
}
