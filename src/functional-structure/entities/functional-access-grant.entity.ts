import { Check, Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn, UpdateDateColumn } from 'typeorm';
import { OrganizationEntity } from '../../database/entities/organization.entity';
import { UserEntity } from '../../organizations/entities/user.entity';

export type FunctionalAccess = 'EDITOR' | 'READER';
export type GrantResourceType = 'USER' | 'EMPLOYEE' | 'CONTRACTOR';

/**
 * A login's access to a functional group and everything beneath it (document 02 "Access grant").
 * Organization-level data, not planning data: there is no plan_id, a grant applies to the group id in
 * the live plan and in every scenario. One grant per group and login (a second grant replaces the access).
 */
@Entity({ name: 'functional_access_grants' })
@Index('uq_functional_access_grants_group_user', ['organizationId', 'functionalGroupId', 'userId'], { unique: true })
@Index('idx_functional_access_grants_user', ['organizationId', 'userId'])
@Check('ck_functional_access_grants_access', `"access" IN ('EDITOR', 'READER')`)
@Check('ck_functional_access_grants_resource_type', `"resource_type" IN ('USER', 'EMPLOYEE', 'CONTRACTOR')`)
export class FunctionalAccessGrantEntity {
  @PrimaryColumn({ type: 'varchar', length: 25 })
  id: string;

  @PrimaryColumn({ type: 'varchar', length: 25 })
  organizationId: string;

  @Column({ type: 'varchar', length: 25 })
  functionalGroupId: string;

  /** The login the grant was resolved to (for EMPLOYEE and CONTRACTOR: by e-mail). */
  @Column({ type: 'varchar', length: 25 })
  userId: string;

  /** What the caller named: a USER, or the EMPLOYEE or CONTRACTOR whose login it is. */
  @Column({ type: 'varchar', length: 10 })
  resourceType: GrantResourceType;

  @Column({ type: 'varchar', length: 25 })
  resourceId: string;

  @Column({ type: 'varchar', length: 6 })
  access: FunctionalAccess;

  @ManyToOne(() => OrganizationEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'organization_id', foreignKeyConstraintName: 'fk_functional_access_grants_organization' })
  organization?: OrganizationEntity;

  @ManyToOne(() => UserEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id', foreignKeyConstraintName: 'fk_functional_access_grants_user' })
  user?: UserEntity;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt: Date;
}
