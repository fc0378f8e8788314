import { Column, CreateDateColumn, Entity, Index, PrimaryColumn, UpdateDateColumn } from 'typeorm';

@Entity({ name: 'job_roles' })
@Index('uq_job_roles_external_id', ['organizationId', 'externalId'], { unique: true })
@Index('uq_job_roles_title', { synchronize: false })
@Index('idx_job_roles_title_trgm', { synchronize: false })
@Index('idx_job_roles_family_trgm', { synchronize: false })
export class JobRoleEntity {
  @PrimaryColumn({ type: 'varchar', length: 25 })
  id: string;

  @PrimaryColumn({ type: 'varchar', length: 25 })
  organizationId: string;

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

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt: Date;
}
