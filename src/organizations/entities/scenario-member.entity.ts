import { Check, Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn, UpdateDateColumn } from 'typeorm';
import { OrganizationEntity } from '../../database/entities/organization.entity';
import { UserEntity } from './user.entity';

/** What a member may do in a scenario: EDITOR reads and writes, VIEWER only reads. */
export type ScenarioRole = 'EDITOR' | 'VIEWER';
export const SCENARIO_ROLES: readonly ScenarioRole[] = ['EDITOR', 'VIEWER'];

/**
 * A user a scenario is shared with (its owner and users with manage_scenarios need no membership). One
 * row per scenario and user; it goes with the scenario, and with the user.
 */
@Entity({ name: 'scenario_members' })
@Index('uq_scenario_members_scenario_user', ['organizationId', 'scenarioId', 'userId'], { unique: true })
@Index('idx_scenario_members_user', ['organizationId', 'userId'])
@Check('ck_scenario_members_role', `"role" IN ('EDITOR', 'VIEWER')`)
export class ScenarioMemberEntity {
  @PrimaryColumn({ type: 'varchar', length: 25 })
  id: string;

  @PrimaryColumn({ type: 'varchar', length: 25 })
  organizationId: string;

  /**
   * The scenario (the id of its plan; not named plan_id: this is no planning row of that plan). No foreign key: a
   * scenario is never deleted alone, and its organization's deletion removes its members (the migration that adds
   * this table runs, on a new database, before plans' key gains organization_id, which such a key needs on Citus).
   */
  @Column({ type: 'varchar', length: 25 })
  scenarioId: string;

  @Column({ type: 'varchar', length: 25 })
  userId: string;

  @Column({ type: 'varchar', length: 6 })
  role: ScenarioRole;

  @ManyToOne(() => OrganizationEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'organization_id', foreignKeyConstraintName: 'fk_scenario_members_organization' })
  organization?: OrganizationEntity;

  @ManyToOne(() => UserEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id', foreignKeyConstraintName: 'fk_scenario_members_user' })
  user?: UserEntity;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt: Date;
}
