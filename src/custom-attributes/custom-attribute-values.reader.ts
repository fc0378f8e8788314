import type { EntityManager } from 'typeorm';
import type { RecordAttributes } from '../crud/crud.types';
import { CustomAttributeValueDto, CustomAttributeValueRow, toCustomAttributeValueDto } from './dto/custom-attribute-value.dto';

const SELECT_VALUES = `
  SELECT v.id, v.definition_id, v.entity_type, v.entity_id, v.string_value, v.number_value, v.date_value,
         v.date_range_start, v.date_range_end, d.name, d.attribute_key, d.field_type
    FROM custom_attribute_values v
    JOIN custom_attribute_definitions d ON d.id = v.definition_id
   WHERE v.plan_id = $1 AND v.entity_type = $2 AND v.entity_id = $3`;

/** A record's custom attribute values in document 01's shape, ordered by attribute key. */
export async function loadCustomAttributeValues(
  em: EntityManager,
  planId: string,
  entityType: string,
  entityId: string,
): Promise<CustomAttributeValueDto[]> {
  const rows: CustomAttributeValueRow[] = await em.query(`${SELECT_VALUES} ORDER BY d.attribute_key`, [planId, entityType, entityId]);
  return rows.map(toCustomAttributeValueDto);
}

/** One value by definition, or null. */
export async function loadCustomAttributeValue(
  em: EntityManager,
  planId: string,
  entityType: string,
  entityId: string,
  definitionId: string,
): Promise<CustomAttributeValueDto | null> {
  const rows: CustomAttributeValueRow[] = await em.query(`${SELECT_VALUES} AND v.definition_id = $4`, [
    planId,
    entityType,
    entityId,
    definitionId,
  ]);
  return rows[0] ? toCustomAttributeValueDto(rows[0]) : null;
}

/** The custom attribute values of one record type, as its CrudSpec carries them (`customAttributes`). */
export function recordAttributes(type: string): RecordAttributes {
  return {
    type,
    load: (em, ctx, entityId) => loadCustomAttributeValues(em, ctx.planId, type, entityId),
    async removeAll(tx, entityId) {
      await tx.em.query(
        `DELETE FROM custom_attribute_values WHERE organization_id = $1 AND plan_id = $2 AND entity_type = $3 AND entity_id = $4`,
        [tx.ctx.organizationId, tx.ctx.planId, type, entityId],
      );
    },
  };
}
