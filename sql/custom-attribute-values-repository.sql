-- Written by `npm run sql` (scripts/sql-queries.ts) from the @GenerateSql samples of the repository; do not edit.

-- CustomAttributeValuesRepository.definitionsOf
SELECT id, personal FROM custom_attribute_definitions WHERE organization_id = $1 AND entity_type = $2;

-- CustomAttributeValuesRepository.deleteInEveryPlan
WITH gone AS (
  DELETE FROM custom_attribute_values
   WHERE organization_id = $1 AND entity_type = $2 AND entity_id = $3 AND definition_id = ANY($4)
  RETURNING plan_id, id, organization_id, definition_id, entity_type, entity_id, string_value, number_value, date_value,
            date_range_start, date_range_end)
SELECT v.*, d.name, d.attribute_key, d.field_type
  FROM gone v JOIN custom_attribute_definitions d ON d.organization_id = $1 AND d.id = v.definition_id;

-- CustomAttributeValuesRepository.removeAll
DELETE FROM custom_attribute_values WHERE organization_id = $1 AND plan_id = $2 AND entity_type = $3 AND entity_id = $4;

-- CustomAttributeValuesRepository.stringValuesOf
SELECT string_value FROM custom_attribute_values WHERE organization_id = $1 AND definition_id = $2;

-- CustomAttributeValuesRepository.value
SELECT v.id, v.definition_id, v.entity_type, v.entity_id, v.string_value, v.number_value, v.date_value,
      v.date_range_start, v.date_range_end, d.name, d.attribute_key, d.field_type
 FROM custom_attribute_values v
 JOIN custom_attribute_definitions d ON d.organization_id = v.organization_id AND d.id = v.definition_id
WHERE v.plan_id = $1 AND v.entity_type = $2 AND v.entity_id = $3 AND v.organization_id = $4 AND v.definition_id = $5;

-- CustomAttributeValuesRepository.values
SELECT v.id, v.definition_id, v.entity_type, v.entity_id, v.string_value, v.number_value, v.date_value,
      v.date_range_start, v.date_range_end, d.name, d.attribute_key, d.field_type
 FROM custom_attribute_values v
 JOIN custom_attribute_definitions d ON d.organization_id = v.organization_id AND d.id = v.definition_id
WHERE v.plan_id = $1 AND v.entity_type = $2 AND v.entity_id = $3 AND v.organization_id = $4 ORDER BY d.attribute_key;
