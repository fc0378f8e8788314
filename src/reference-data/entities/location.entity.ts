import { Column, Entity, Index } from 'typeorm';
import { OrganizationRecordEntity } from '../../database/entities/record-keys.base';

/** A location (document 02's `geography`): default currency and cost multiplier of the people there. */
@Entity({ name: 'locations' })
@Index('uq_locations_external_id', ['organizationId', 'externalId'], { unique: true })
@Index('idx_locations_name_trgm', { synchronize: false })
export class LocationEntity extends OrganizationRecordEntity {
  @Column({ type: 'varchar', length: 200 })
  name: string;

  @Column({ type: 'varchar', length: 255, nullable: true })
  externalId: string | null;

  @Column({ type: 'char', length: 2, nullable: true })
  countryCode: string | null;

  @Column({ type: 'char', length: 3, nullable: true })
  currencyCode: string | null;

  @Column({ type: 'numeric', precision: 12, scale: 4, default: 1 })
  costMultiplier: string;
}
