import type { RecordAttributes } from '../crud/crud.types';
import { CustomAttributeValuesRepository } from './custom-attribute-values.repository';

const repository = new CustomAttributeValuesRepository();

/** The custom attribute values of one record type, as its CrudSpec carries them (`customAttributes`). */
export function recordAttributes(type: string): RecordAttributes {
  return {
    type,
    load: (scope, entityId) => repository.values(scope, type, entityId),
    removeAll: (tx, entityId) => repository.removeAll(tx, type, entityId),
  };
}
