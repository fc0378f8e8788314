import { CUSTOM_ATTRIBUTE_ENTITY_TYPES, CustomAttributeRecordType } from '../../common/entity-types';
import { Column, CreateDateColumn, Entity, Index, PrimaryColumn, UpdateDateColumn } from 'typeorm';

export { CUSTOM_ATTRIBUTE_ENTITY_TYPES };
export type CustomAttributeEntityType = Uppercase<CustomAttributeRecordType>;
export const CUSTOM_ATTRIBUTE_FIELD_TYPES = ['STRING', 'NUMBER', 'DATE', 'DATE_RANGE', 'SELECT'] as const;
export type CustomAttributeFieldType = (typeof CUSTOM_ATTRIBUTE_FIELD_TYPES)[number];

/** What an organization may record about one entity type. Organization-level: no plan. */
@Entity({ name: 'custom_attribute_definitions' })
@Index('uq_custom_attribute_definitions_key', ['organizationId', 'entityType', 'attributeKey'], { unique: true })
export class CustomAttributeDefinitionEntity {
  @PrimaryColumn({ type: 'varchar', length: 25 })
  id: string;

  @PrimaryColumn({ type: 'varchar', length: 25 })
  organizationId: string;

  @Column({ type: 'varchar', length: 200 })
  name: string;

  @Column({ type: 'varchar', length: 80 })
  attributeKey: string;

  @Column({ type: 'varchar', length: 30 })
  entityType: CustomAttributeEntityType;

  @Column({ type: 'varchar', length: 20 })
  fieldType: CustomAttributeFieldType;

  /** The allowed values of a SELECT attribute. */
  @Column({ type: 'text', array: true, nullable: true })
  options: string[] | null;

  @Column({ type: 'boolean', default: false })
  required: boolean;

  /** Values identify a person (on employees and contractors): erasing the person deletes them. */
  @Column({ type: 'boolean', default: false })
  personal: boolean;

  @Column({ type: 'text', nullable: true })
  description: string | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt: Date;
}
