import {
  CUSTOM_ATTRIBUTE_RECORD_TYPES,
  customAttributeTypeOf,
  type CustomAttributeRecordType,
  type RecordedEntityType,
} from '../common/entity-types';
import type { RecordAttributes } from '../crud/crud.types';
import { CustomAttributeValuesRepository } from './custom-attribute-values.repository';

const repository = new CustomAttributeValuesRepository();

/**
 * The custom attribute values of one record type, as its CrudSpec carries them (`customAttributes: recordAttributes`,
 * called with the spec's entity type). A type that carries no custom attributes fails at start-up.
 */
export function recordAttributes(entityType: RecordedEntityType): RecordAttributes {
  if (!(CUSTOM_ATTRIBUTE_RECORD_TYPES as readonly string[]).includes(entityType)) {
    throw new Error(`${entityType} carries no custom attributes (CUSTOM_ATTRIBUTE_RECORD_TYPES)`);
  }
  const type = customAttributeTypeOf(entityType as CustomAttributeRecordType);
  return {
    type,
    load: (scope, entityId) => repository.values(scope, type, entityId),
    removeAll: (tx, entityId) => repository.removeAll(tx, type, entityId),
  };
}
