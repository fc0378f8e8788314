import { Column, CreateDateColumn, Entity, Index, PrimaryColumn, UpdateDateColumn } from 'typeorm';

@Entity({ name: 'value_streams' })
@Index('uq_value_streams_external_id', ['organizationId', 'externalId'], { unique: true })
@Index('uq_value_streams_code', ['organizationId', 'code'], { unique: true })
@Index('idx_value_streams_name_trgm', { synchronize: false })
@Index('idx_value_streams_code_trgm', { synchronize: false })
export class ValueStreamEntity {
  @PrimaryColumn({ type: 'varchar', length: 25 })
  id: string;

  @PrimaryColumn({ type: 'varchar', length: 25 })
  organizationId: string;

  @Column({ type: 'varchar', length: 200 })
  name: string;

  @Column({ type: 'varchar', length: 50, nullable: true })
  code: string | null;

  @Column({ type: 'varchar', length: 255, nullable: true })
  externalId: string | null;

  @Column({ type: 'text', nullable: true })
  description: string | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt: Date;
}
