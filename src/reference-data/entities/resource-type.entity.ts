import { Column, Entity, Index } from 'typeorm';
import { OrganizationRecordEntity } from '../../database/entities/record-keys.base';

/** A resource type (formerly "work type": `workTypeId` on people and vacancies points here). */
@Entity({ name: 'resource_types' })
@Index('uq_resource_types_external_id', ['organizationId', 'externalId'], { unique: true })
@Index('idx_resource_types_name_trgm', { synchronize: false })
@Index('idx_resource_types_description_trgm', { synchronize: false })
export class ResourceTypeEntity extends OrganizationRecordEntity {
  @Column({ type: 'varchar', length: 200 })
  name: string;

  @Column({ type: 'varchar', length: 255, nullable: true })
  externalId: string | null;

  @Column({ type: 'text', nullable: true })
  description: string | null;
}
