import type { RecordedEntityType } from '../common/entity-types';
import type { Tx, TxScope } from '../database/unit-of-work';

/** The columns every CRUD resource has. Planning records add `planId`. */
export interface CrudEntity {
  id: string;
  organizationId: string;
  planId?: string;
  externalId?: string | null;
  createdAt: Date;
  updatedAt: Date;
}

/** A table that points at another: deleting the target while rows point at it is a 409 naming them. */
export interface Reference {
  /** SQL table holding the pointer. */
  table: string;
  /** SQL column holding the target's id. */
  column: string;
  /** Plural words for the message: "3 employees". */
  label: string;
  /** Planning tables: the pointer counts only within the same plan. */
  planScoped: boolean;
}

const references = new Map<string, Reference[]>();

/**
 * Records that `reference.table.reference.column` holds ids of `targetTable` rows: the delete of a target
 * checks them all and names what still points at it. Resources declare their pointers
 * (`ResourceDescriptor.references`, src/crud/resources.ts); the resource catalog registers them at start-up.
 */
export function registerReference(targetTable: string, reference: Reference): void {
  const list = references.get(targetTable) ?? [];
  if (!list.some((r) => r.table === reference.table && r.column === reference.column)) list.push(reference);
  references.set(targetTable, list);
}

export function referencesTo(targetTable: string): readonly Reference[] {
  return references.get(targetTable) ?? [];
}

/** How a create or PATCH of a resource runs, besides its body (the hooks of CrudService receive it). */
export interface WriteOptions {
  /** Part of a vacancy fill (spec 03 §2): nested records need no more permissions; audit-only side records. */
  viaFill?: boolean;
  /** false: the create is kept in the history but sends no webhook (a side record the request's event stands for). */
  notify?: boolean;
}

/** What a resource tells the generic CRUD service about itself (its writes are CrudService's hooks). */
export interface CrudSpec<E extends CrudEntity, R> {
  entity: new () => E;
  /** SQL table name. */
  table: string;
  /** For messages: "Job role". */
  label: string;
  /** Change-recorder entity type (document 02's where one exists). */
  entityType: RecordedEntityType;
  /** When the entity type depends on the record (allocations: `employee_team_allocation`, ...). */
  entityTypeOf?(entity: E): RecordedEntityType;
  /** Planning records live in a plan (live or scenario); reference data belongs to the organization. */
  planScoped: boolean;
  /** Whether `:id` may be an externalId (document 01 rule 5). */
  externalId: boolean;
  /** Entity properties searched case-insensitively by `search`. */
  search: (keyof E & string)[];
  /**
   * Instead of one ILIKE per property: one ILIKE over this SQL expression of the row (alias `r`, column
   * names), matching a trigram index on the same expression. Planning tables use it: one index instead
   * of several makes forking a scenario cheaper.
   */
  searchSql?: string;
  /** Entity properties `search` also matches exactly (ids integrators hold: externalId, internalEmployeeId). */
  searchExact?: (keyof E & string)[];
  /**
   * The custom attribute values this record carries: `recordAttributes` of the custom-attributes module, given the
   * spec's `entityType` by CrudService.
   */
  customAttributes?: (entityType: RecordedEntityType) => RecordAttributes;
  toResponse(entity: E): R;
  /** The record as webhook payloads carry it (decimals as strings); defaults to the response. */
  toPayload?(entity: E): Record<string, unknown>;
}

/**
 * A record type's custom attribute values (document 01 rule 9): read with the record, removed with it.
 * The custom-attributes module provides it (`recordAttributes`), so that crud need not import it.
 */
export interface RecordAttributes {
  /** The custom attribute entity type (`TEAM`, ...). */
  readonly type: string;
  load(scope: TxScope, entityId: string): Promise<unknown[]>;
  removeAll(tx: Tx, entityId: string): Promise<void>;
}
