import { Column, Entity, Index } from 'typeorm';
import { OrganizationRecordEntity } from '../../database/entities/record-keys.base';

@Entity({ name: 'job_roles' })
@Index('uq_job_roles_external_id', ['organizationId', 'externalId'], { unique: true })
@Index('uq_job_roles_title', { synchronize: false })
@Index('idx_job_roles_title_trgm', { synchronize: false })
@Index('idx_job_roles_family_trgm', { synchronize: false })
export class JobRoleEntity extends OrganizationRecordEntity {
  @Column({ type: 'varchar', length: 200 })
  title: string;

  @Column({ type: 'varchar', length: 255, nullable: true })
  externalId: string | null;

  @Column({ type: 'varchar', length: 200, nullable: true })
  family: string | null;

  @Column({ type: 'varchar', length: 100, nullable: true })
  level: string | null;

  @Column({ type: 'text', nullable: true })
  description: string | null;
}
