import { OrganizationEntity } from '../../database/entities/organization.entity';
import { UserEntity } from '../../organizations/entities/user.entity';
import { Column, JoinColumn, ManyToOne, CreateDateColumn, Entity, Index, PrimaryColumn } from 'typeorm';

/** An API key: only its SHA-256 hash is kept; `prefix` is the visible start used to find it. */
@Entity({ name: 'api_keys' })
@Index('uq_api_keys_prefix', ['prefix'], { unique: true })
@Index('idx_api_keys_org', ['organizationId', 'createdAt'])
@Index('idx_api_keys_user', ['userId'])
export class ApiKeyEntity {
  @PrimaryColumn({ type: 'varchar', length: 25 })
  id: string;

  @Column({ type: 'varchar', length: 25 })
  organizationId: string;

  /** The user who created the key; the key acts with that user's access. */
  @Column({ type: 'varchar', length: 25 })
  userId: string;

  @Column({ type: 'varchar', length: 200 })
  name: string;

  @Column({ type: 'varchar', length: 16 })
  prefix: string;

  @Column({ type: 'char', length: 64 })
  keyHash: string;

  @Column({ type: 'text', array: true })
  permissions: string[];

  @Column({ type: 'timestamptz', nullable: true })
  expiresAt: Date | null;

  @Column({ type: 'timestamptz', nullable: true })
  revokedAt: Date | null;

  @ManyToOne(() => OrganizationEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'organization_id', foreignKeyConstraintName: 'fk_api_keys_organization' })
  organization?: OrganizationEntity;

  @ManyToOne(() => UserEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id', foreignKeyConstraintName: 'fk_api_keys_user' })
  user?: UserEntity;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;
}
