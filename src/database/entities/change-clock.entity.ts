import { Column, Entity, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { OrganizationEntity } from './organization.entity';

/**
 * The commit clock of one organization's live changes (`GET /changes`, spec 04 §4.2). A transaction
 * that recorded live changes advances it by their number as its last statement, so the row lock orders
 * committing writers: sequence order is commit order, and seq k is visible before k + 1 can be.
 */
@Entity({ name: 'change_clocks' })
export class ChangeClockEntity {
  @PrimaryColumn({ type: 'varchar', length: 25 })
  organizationId: string;

  /** The last sequence number handed out (0 before the first live change). */
  @Column({ type: 'bigint' })
  seq: string;

  @ManyToOne(() => OrganizationEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'organization_id', foreignKeyConstraintName: 'fk_change_clocks_organization' })
  organization?: OrganizationEntity;
}
