import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { OrganizationEntity } from './organization.entity';

/**
 * Spec 04 §4.4: one row per `Idempotency-Key` of an API key (keys of different API keys never meet). While the first request runs,
 * `statusCode` is null (a duplicate meanwhile is 409); a 2xx answer is kept until `expiresAt` and
 * replayed; a non-2xx answer deletes the row.
 */
@Entity({ name: 'idempotency_keys' })
@Index('idx_idempotency_keys_expires', ['expiresAt'])
export class IdempotencyKeyEntity {
  @PrimaryColumn({ type: 'varchar', length: 25 })
  organizationId: string;

  /** The API key that sent the first request: only it can replay or collide with the answer. */
  @PrimaryColumn({ type: 'varchar', length: 25 })
  apiKeyId: string;

  @PrimaryColumn({ type: 'varchar', length: 255 })
  key: string;

  /** SHA-256 (hex) of method, path and body: the same key with another request is refused. */
  @Column({ type: 'char', length: 64 })
  requestHash: string;

  /** null while the first request is still running. */
  @Column({ type: 'smallint', nullable: true })
  statusCode: number | null;

  /** The exact JSON body sent (null for 204). */
  @Column({ type: 'text', nullable: true })
  responseBody: string | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  @Column({ type: 'timestamptz' })
  expiresAt: Date;

  @ManyToOne(() => OrganizationEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'organization_id', foreignKeyConstraintName: 'fk_idempotency_keys_organization' })
  organization?: OrganizationEntity;
}
