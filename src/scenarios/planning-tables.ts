import type { EntityManager, EntityTarget, ObjectLiteral } from 'typeorm';

/**
 * One planning table (primary key (plan_id, id)) as scenarios need it: forked by copying its rows,
 * merged by applying the rows the scenario changed. Listed parents first.
 */
export interface PlanningTable {
  table: string;
  entity: EntityTarget<ObjectLiteral>;
  /** The change-recorder entity types whose entity_id is a row id of this table. */
  entityTypes: readonly string[];
  /** The row as webhook payloads carry it. */
  payload(row: ObjectLiteral): Record<string, unknown>;
  /** The entity type of one row (allocations depend on holder and target). */
  entityTypeOf(row: ObjectLiteral): string;
  /**
   * Row ids a merge must also apply although their changes were recorded under another record's entity
   * type (functional custom attribute values are recorded as updates of their group or seat).
   */
  relatedIds?(
    em: EntityManager,
    plans: { organization: string; scenario: string; live: string },
    changed: readonly { entity_type: string; entity_id: string }[],
  ): Promise<string[]>;
}

/** A plain payload for tables without a service of their own: the row's fields, plan left out. */
export function rowPayload(row: ObjectLiteral): Record<string, unknown> {
  const { planId: _plan, ...rest } = row as Record<string, unknown>;
  return JSON.parse(JSON.stringify(rest)) as Record<string, unknown>;
}
