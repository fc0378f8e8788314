import { Column, Entity, Index, JoinColumn, ManyToOne } from 'typeorm';
import { PlanningRecordEntity } from '../../database/entities/record-keys.base';
import { CustomAttributeDefinitionEntity } from './custom-attribute-definition.entity';

/** One record's value of one attribute; planning data, so it lives in a plan. */
@Entity({ name: 'custom_attribute_values' })
@Index('uq_custom_attribute_values_entity', ['organizationId', 'planId', 'definitionId', 'entityId'], { unique: true })
@Index('idx_custom_attribute_values_record', ['planId', 'entityType', 'entityId'])
@Index('idx_custom_attribute_values_definition', ['definitionId'])
export class CustomAttributeValueEntity extends PlanningRecordEntity {
  @Column({ type: 'varchar', length: 25 })
  definitionId: string;

  @Column({ type: 'varchar', length: 30 })
  entityType: string;

  @Column({ type: 'varchar', length: 25 })
  entityId: string;

  @Column({ type: 'text', nullable: true })
  stringValue: string | null;

  @Column({ type: 'numeric', nullable: true })
  numberValue: string | null;

  @Column({ type: 'date', nullable: true })
  dateValue: string | null;

  @Column({ type: 'date', nullable: true })
  dateRangeStart: string | null;

  @Column({ type: 'date', nullable: true })
  dateRangeEnd: string | null;

  @ManyToOne(() => CustomAttributeDefinitionEntity, { onDelete: 'CASCADE' })
  @JoinColumn([
    { name: 'organization_id', referencedColumnName: 'organizationId', foreignKeyConstraintName: 'fk_custom_attribute_values_definition' },
    { name: 'definition_id', referencedColumnName: 'id' },
  ])
  definition?: CustomAttributeDefinitionEntity;
}
