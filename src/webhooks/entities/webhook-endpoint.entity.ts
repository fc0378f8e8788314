import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn, UpdateDateColumn } from 'typeorm';
import { OrganizationEntity } from '../../database/entities/organization.entity';

export type DeliveryStatus = 'NO_DELIVERIES' | 'HEALTHY' | 'FAILING';

/** A receiver of an organization's webhook events (spec 03 §3 "Webhook endpoints"); organization-level, no plan. */
@Entity({ name: 'webhook_endpoints' })
@Index('idx_webhook_endpoints_org', ['organizationId', 'createdAt'])
export class WebhookEndpointEntity {
  @PrimaryColumn({ type: 'varchar', length: 25 })
  id: string;

  @PrimaryColumn({ type: 'varchar', length: 25 })
  organizationId: string;

  @Column({ type: 'varchar', length: 100 })
  name: string;

  @Column({ type: 'varchar', length: 2048 })
  url: string;

  /** Document 02 entity types the endpoint receives. */
  @Column({ type: 'text', array: true })
  entityTypes: string[];

  /** `create`, `update`, `delete`: the change types the endpoint receives. */
  @Column({ type: 'text', array: true })
  eventTypes: string[];

  @Column({ type: 'boolean', default: true })
  enabled: boolean;

  /**
   * The user who created or last changed it (X-Acting-User; null: the application itself): the endpoint receives only
   * the entity types that user may view, checked at each delivery (spec 03 §1.18).
   */
  @Column({ type: 'varchar', length: 25, nullable: true })
  configuredByUserId: string | null;

  /** The signing secret (64 lower-case hex characters); needed to sign, so kept as is; never returned after create or rotate. */
  @Column({ type: 'char', length: 64 })
  secret: string;

  @Column({ type: 'varchar', length: 14, default: 'NO_DELIVERIES' })
  deliveryStatus: DeliveryStatus;

  /** When the last delivery or test finished. */
  @Column({ type: 'timestamptz', nullable: true })
  lastDeliveryAt: Date | null;

  @Column({ type: 'int', nullable: true })
  lastResponseStatus: number | null;

  @Column({ type: 'varchar', length: 500, nullable: true })
  lastError: string | null;

  @ManyToOne(() => OrganizationEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'organization_id', foreignKeyConstraintName: 'fk_webhook_endpoints_organization' })
  organization?: OrganizationEntity;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt: Date;
}
