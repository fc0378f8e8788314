import type { RecordAttributes } from '../crud/crud.types';
import { CustomAttributeValuesRepository } from './custom-attribute-values.repository';

const repository = new CustomAttributeValuesRepository();

/** The custom attribute values of one record type, as its CrudSpec carries them (`customAttributes`). */
export function recordAttributes(type: string): RecordAttributes {
  return {
    type,
    load: (em, ctx, entityId) => repository.values(em, ctx, type, entityId),
    removeAll: (tx, entityId) => repository.removeAll(tx, type, entityId),
  };
}
