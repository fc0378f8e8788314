import type { EntityManager } from 'typeorm';
import { CustomAttributeValuesRepository } from './custom-attribute-values.repository';
import type { CustomAttributeValueDto } from './dto/custom-attribute-value.dto';

const repository = new CustomAttributeValuesRepository();

/**
 * A record's custom attribute values by plan alone, for `CrudService` (src/common/crud), which passes no
 * organization yet. New code uses `CustomAttributeValuesRepository.values` with the organization.
 */
export function loadCustomAttributeValues(
  em: EntityManager,
  planId: string,
  entityType: string,
  entityId: string,
): Promise<CustomAttributeValueDto[]> {
  return repository.values(em, { planId }, entityType, entityId);
}
