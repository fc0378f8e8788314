import { Column, Entity, Index } from 'typeorm';
import { OrganizationRecordEntity } from '../../database/entities/record-keys.base';

/** A business driver for planning (customers, transactions, ...): its `key` is how outside systems name it. */
@Entity({ name: 'drivers' })
@Index('uq_drivers_key', ['organizationId', 'key'], { unique: true })
@Index('idx_drivers_name_trgm', { synchronize: false })
@Index('idx_drivers_key_trgm', { synchronize: false })
export class DriverEntity extends OrganizationRecordEntity {
  @Column({ type: 'varchar', length: 200 })
  name: string;

  @Column({ type: 'varchar', length: 80 })
  key: string;

  @Column({ type: 'varchar', length: 50, nullable: true })
  unit: string | null;

  @Column({ type: 'text', nullable: true })
  description: string | null;
}
