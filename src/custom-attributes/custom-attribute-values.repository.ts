import { Injectable } from '@nestjs/common';
import { EmScope, scopeParts } from '../crud/organization-rows.repository';
import type { ChangedRecordsRef } from '../crud/resources';
import { SqlParams } from '../database/sql-params';
import { CustomAttributeValueDto, CustomAttributeValueRow, toCustomAttributeValueDto } from './dto/custom-attribute-value.dto';
import type { TxScope } from '../database/unit-of-work';
import { GenerateSql } from '../common/generate-sql';

/** Whose values: the plan's of the organization. */
export interface ValueScope {
  planId: string;
  organizationId: string;
}

/**
 * The statement reading a record's values with their definitions (`definitionId`: that value only,
 * else every value by attribute key). The benchmarks' baselines send `.text`.
 */
export function valuesQuery(
  scope: ValueScope,
  entityType: string,
  entityId: string,
  definitionId?: string,
): { text: string; values: unknown[] } {
  const params = new SqlParams(scope.planId, entityType, entityId);
  const organization = ` AND v.organization_id = ${params.add(scope.organizationId)}`;
  const join = 'd.organization_id = v.organization_id AND d.id = v.definition_id';
  const tail = definitionId === undefined ? ' ORDER BY d.attribute_key' : ` AND v.definition_id = ${params.add(definitionId)}`;
  const text = `
  SELECT v.id, v.definition_id, v.entity_type, v.entity_id, v.string_value, v.number_value, v.date_value,
         v.date_range_start, v.date_range_end, d.name, d.attribute_key, d.field_type
    FROM custom_attribute_values v
    JOIN custom_attribute_definitions d ON ${join}
   WHERE v.plan_id = $1 AND v.entity_type = $2 AND v.entity_id = $3${organization}${tail}`;
  return { text, values: params.values };
}

/**
 * Custom attribute values (`custom_attribute_values`) with their definitions. Other modules read and
 * clear values through it. Reads take the scope first (`TxScope`: the
 * request's context with the pool's or a transaction's entity manager; `EmScope` for statements of the whole organization).
 */
@Injectable()
export class CustomAttributeValuesRepository {
  /** A record's values in document 01's shape, ordered by attribute key. */
  @GenerateSql({ params: (s) => [s.tx, 'TEAM', s.id] })
  async values({ ctx, em }: TxScope, entityType: string, entityId: string): Promise<CustomAttributeValueDto[]> {
    const query = valuesQuery(ctx, entityType, entityId);
    const rows: CustomAttributeValueRow[] = await em.query(query.text, query.values);
    return rows.map(toCustomAttributeValueDto);
  }

  /** A record's value of one definition, or null. */
  @GenerateSql({ params: (s) => [s.tx, 'TEAM', s.id, s.id] })
  async value({ ctx, em }: TxScope, entityType: string, entityId: string, definitionId: string): Promise<CustomAttributeValueDto | null> {
    const query = valuesQuery(ctx, entityType, entityId, definitionId);
    const rows: CustomAttributeValueRow[] = await em.query(query.text, query.values);
    return rows[0] ? toCustomAttributeValueDto(rows[0]) : null;
  }

  /** Deletes every value of the record in the transaction's plan. */
  @GenerateSql({ params: (s) => [s.tx, 'TEAM', s.id] })
  async removeAll(tx: TxScope, entityType: string, entityId: string): Promise<void> {
    await tx.em.query(
      `DELETE FROM custom_attribute_values WHERE organization_id = $1 AND plan_id = $2 AND entity_type = $3 AND entity_id = $4`,
      [tx.ctx.organizationId, tx.ctx.planId, entityType, entityId],
    );
  }

  /** The string values of every record holding the organization's attribute, in every plan. */
  @GenerateSql({ params: (s) => [s.tx, s.id] })
  async stringValuesOf(at: EmScope, definitionId: string): Promise<(string | null)[]> {
    const { organizationId, em } = scopeParts(at);
    const rows: { string_value: string | null }[] = await em.query(
      `SELECT string_value FROM custom_attribute_values WHERE organization_id = $1 AND definition_id = $2`,
      [organizationId, definitionId],
    );
    return rows.map((r) => r.string_value);
  }

  /** The organization's definitions for an entity type: id and whether their values are personal. */
  @GenerateSql({ params: (s) => [s.tx, 'EMPLOYEE'] })
  definitionsOf(at: EmScope, entityType: string): Promise<{ id: string; personal: boolean }[]> {
    const { organizationId, em } = scopeParts(at);
    return em.query(`SELECT id, personal FROM custom_attribute_definitions WHERE organization_id = $1 AND entity_type = $2`, [
      organizationId,
      entityType,
    ]);
  }

  /**
   * Deletes the record's values of the definitions `definitionIds` in every plan of the organization; returns
   * the deleted values with their plan, in document 01's shape (the definition as it is).
   */
  @GenerateSql({ params: (s) => [s.tx, 'EMPLOYEE', s.id, [s.id]] })
  async deleteInEveryPlan(
    at: EmScope,
    entityType: string,
    entityId: string,
    definitionIds: string[],
  ): Promise<{ planId: string; value: CustomAttributeValueDto }[]> {
    const { organizationId, em } = scopeParts(at);
    const rows: (CustomAttributeValueRow & { plan_id: string })[] = await em.query(
      `WITH gone AS (
         DELETE FROM custom_attribute_values
          WHERE organization_id = $1 AND entity_type = $2 AND entity_id = $3 AND definition_id = ANY($4)
         RETURNING plan_id, id, organization_id, definition_id, entity_type, entity_id, string_value, number_value, date_value,
                   date_range_start, date_range_end)
       SELECT v.*, d.name, d.attribute_key, d.field_type
         FROM gone v JOIN custom_attribute_definitions d ON d.organization_id = $1 AND d.id = v.definition_id`,
      [organizationId, entityType, entityId, definitionIds],
    );
    return rows.map((row) => ({ planId: row.plan_id, value: toCustomAttributeValueDto(row) }));
  }
}

/**
 * SQL: the ids of the values, in either plan (a scenario and live), of the functional groups and seats the scenario's
 * changed records name (a value of a group or seat is recorded as an update of its group or seat).
 */
export function functionalValueIdsSql(ref: ChangedRecordsRef): string {
  return `SELECT v.id FROM custom_attribute_values v
           WHERE v.organization_id = ${ref.organization} AND v.plan_id IN (${ref.scenario}, ${ref.live})
             AND v.entity_type IN ('FUNCTIONAL_GROUP', 'FUNCTIONAL_POSITION')
             AND v.entity_id IN (SELECT c.entity_id FROM ${ref.changed} c WHERE c.entity_type IN ('functional_group', 'functional_position'))`;
}
