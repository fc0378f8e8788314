import { OrganizationEntity } from '../../database/entities/organization.entity';
import { Column, JoinColumn, ManyToOne, CreateDateColumn, Entity, Index, PrimaryColumn, UpdateDateColumn } from 'typeorm';

/** A person with a login in the application. */
@Entity({ name: 'users' })
@Index('uq_users_org_email', ['organizationId', 'email'], { unique: true })
export class UserEntity {
  @PrimaryColumn({ type: 'varchar', length: 25 })
  id: string;

  @Column({ type: 'varchar', length: 25 })
  organizationId: string;

  /** Stored lower-cased: e-mail addresses are matched case-insensitively. */
  @Column({ type: 'varchar', length: 320 })
  email: string;

  @Column({ type: 'varchar', length: 200 })
  name: string;

  @Column({ type: 'text', array: true, default: () => "'{}'" })
  permissions: string[];

  @Column({ type: 'boolean', default: true })
  active: boolean;

  @ManyToOne(() => OrganizationEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'organization_id', foreignKeyConstraintName: 'fk_users_organization' })
  organization?: OrganizationEntity;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt: Date;
}
