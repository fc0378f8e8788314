import { Check, Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn, PrimaryGeneratedColumn } from 'typeorm';
import { RecordChangeEntity } from '../../database/entities/record-change.entity';
import { WebhookEndpointEntity } from './webhook-endpoint.entity';

/**
 * SENDING: written (committed) before the POST leaves; SENT (2xx) or FAILED once the outcome is known;
 * INTERRUPTED when the sweep finds a SENDING attempt older than any attempt can last (its process
 * died): it is never sent again.
 */
export type WebhookDeliveryStatus = 'SENDING' | 'SENT' | 'FAILED' | 'INTERRUPTED';

/**
 * One attempt to deliver one change to one target, a webhook endpoint or an integration's push hook
 * (at most one per pair: there are no retries). Internal bookkeeping of the dispatcher; a finished one
 * is kept for its organization's `deliveryRetentionDays` (the retention purge), never shown through the API.
 */
@Entity({ name: 'webhook_deliveries' })
@Index('uq_webhook_deliveries_endpoint', ['organizationId', 'changeSeq', 'endpointId'], { unique: true })
@Index('uq_webhook_deliveries_integration', ['organizationId', 'changeSeq', 'integrationId'], { unique: true })
@Index('idx_webhook_deliveries_endpoint', ['endpointId'])
@Index('idx_webhook_deliveries_integration', ['integrationId'])
@Check('ck_webhook_deliveries_one_target', `num_nonnulls("endpoint_id", "integration_id") = 1`)
@Index('idx_webhook_deliveries_sending', ['startedAt'], { where: `"status" = 'SENDING'` })
@Index('idx_webhook_deliveries_started', ['startedAt'])
export class WebhookDeliveryEntity {
  /** The organization of the change (and of its target): the distribution column. */
  @PrimaryColumn({ type: 'varchar', length: 25 })
  organizationId: string;

  @PrimaryGeneratedColumn({ type: 'bigint' })
  id: string;

  /** `record_changes.seq` of the change delivered. */
  @Column({ type: 'bigint' })
  changeSeq: string;

  /** The target: a webhook endpoint or an integration (exactly one is set). */
  @Column({ type: 'varchar', length: 25, nullable: true })
  endpointId: string | null;

  @Column({ type: 'varchar', length: 25, nullable: true })
  integrationId: string | null;

  @Column({ type: 'varchar', length: 12 })
  status: WebhookDeliveryStatus;

  @Column({ type: 'timestamptz' })
  startedAt: Date;

  @Column({ type: 'timestamptz', nullable: true })
  finishedAt: Date | null;

  @Column({ type: 'int', nullable: true })
  responseStatus: number | null;

  @Column({ type: 'varchar', length: 500, nullable: true })
  error: string | null;

  @Column({ type: 'int', nullable: true })
  durationMs: number | null;

  @ManyToOne(() => RecordChangeEntity, { onDelete: 'CASCADE' })
  @JoinColumn([
    { name: 'organization_id', referencedColumnName: 'organizationId', foreignKeyConstraintName: 'fk_webhook_deliveries_change' },
    { name: 'change_seq', referencedColumnName: 'seq' },
  ])
  change?: RecordChangeEntity;

  @ManyToOne(() => WebhookEndpointEntity, { onDelete: 'CASCADE' })
  @JoinColumn([
    { name: 'organization_id', referencedColumnName: 'organizationId', foreignKeyConstraintName: 'fk_webhook_deliveries_endpoint' },
    { name: 'endpoint_id', referencedColumnName: 'id' },
  ])
  endpoint?: WebhookEndpointEntity;

  /** Named, not imported: the integrations module builds on this one (docs/architecture.md, "Layers"). */
  @ManyToOne('IntegrationEntity', { onDelete: 'CASCADE' })
  @JoinColumn([
    { name: 'organization_id', referencedColumnName: 'organizationId', foreignKeyConstraintName: 'fk_webhook_deliveries_integration' },
    { name: 'integration_id', referencedColumnName: 'id' },
  ])
  integration?: object;
}
