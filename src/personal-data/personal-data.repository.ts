import { Injectable } from '@nestjs/common';
import type { ObjectLiteral } from 'typeorm';
import { type PersonalTable, ResourceCatalog } from '../crud/resources';
import type { DispatchStatus } from '../database/entities/record-change.entity';
import type { TxScope } from '../database/unit-of-work';
import { GenerateSql, type SqlSample } from '../common/generate-sql';

/** The `sql/` samples' table: the first one with personal fields (the people's own). */
const personalTable = (s: SqlSample): PersonalTable => s.get(ResourceCatalog).personalTables()[0];

/** One change of the history as the erase reads and rewrites it. */
export interface StoredChange {
  seq: string;
  dispatch_status: DispatchStatus | null;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}

/**
 * The erase's statements over the planning tables that declare personal fields (built from the entity
 * metadata, as the scenario copies are) and over the change history. Every statement runs in the erase's
 * transaction and names its organization.
 */
@Injectable()
export class PersonalDataRepository {
  /** The rows naming the person (the table's `via` property), in every plan of the organization, locked. */
  @GenerateSql({ params: (s) => [s.tx, personalTable(s), s.id] })
  rowsOf(tx: TxScope, table: PersonalTable, personId: string): Promise<ObjectLiteral[]> {
    return tx.em.getRepository(table.entity).find({
      where: { organizationId: tx.ctx.organizationId, [table.via]: personId },
      lock: { mode: 'pessimistic_write' },
    });
  }

  /**
   * Writes `values` (property -> value) and `updatedAt` on the rows naming the person, in every plan, where a
   * value differs; returns how many rows changed.
   */
  @GenerateSql({ params: (s) => [s.tx, personalTable(s), s.id, { firstName: 'erased' }, s.now] })
  async eraseRows(tx: TxScope, table: PersonalTable, personId: string, values: Record<string, unknown>, updatedAt: Date): Promise<number> {
    const metadata = tx.em.connection.getMetadata(table.entity);
    const column = (property: string) => `"${metadata.findColumnWithPropertyName(property)!.databaseName}"`;
    const fields = Object.keys(values);
    const params: unknown[] = [tx.ctx.organizationId, personId, updatedAt, ...fields.map((field) => values[field])];
    const sets = fields.map((field, i) => `${column(field)} = $${i + 4}`);
    const differs = fields.map((field, i) => `${column(field)} IS DISTINCT FROM $${i + 4}`);
    const [, count]: [unknown[], number] = await tx.em.query(
      `UPDATE "${table.table}" SET ${sets.join(', ')}, ${column('updatedAt')} = $3
        WHERE organization_id = $1 AND ${column(table.via)} = $2 AND (${differs.join(' OR ')})`,
      params,
    );
    return count;
  }

  /** Whether the organization's history holds a change of the record (of one of `entityTypes`). */
  @GenerateSql({ params: (s) => [s.tx, ['employee'], s.id] })
  async hasHistory(tx: TxScope, entityTypes: readonly string[], id: string): Promise<boolean> {
    const rows: unknown[] = await tx.em.query(
      `SELECT 1 FROM record_changes WHERE organization_id = $1 AND entity_type = ANY($2) AND entity_id = $3 LIMIT 1`,
      [tx.ctx.organizationId, entityTypes, id],
    );
    return rows.length > 0;
  }

  /**
   * The organization's changes, in every plan, whose `before` or `after` holds `needle` (the person's id)
   * anywhere: one pass over the organization's history, on its shard.
   */
  @GenerateSql({ params: (s) => [s.tx, s.id] })
  changesHolding(tx: TxScope, needle: string): Promise<StoredChange[]> {
    return tx.em.query(
      `SELECT seq, dispatch_status, before, after FROM record_changes
        WHERE organization_id = $1 AND (strpos(before::text, $2) > 0 OR strpos(after::text, $2) > 0)
        ORDER BY seq`,
      [tx.ctx.organizationId, needle],
    );
  }

  /** Writes the changes' `before` and `after`. */
  @GenerateSql({ params: (s) => [s.tx, [{ seq: '1', dispatch_status: null, before: null, after: { id: s.id } }]] })
  async rewriteChanges(tx: TxScope, changes: readonly StoredChange[]): Promise<void> {
    if (!changes.length) return;
    const json = (value: Record<string, unknown> | null) => (value === null ? null : JSON.stringify(value));
    await tx.em.query(
      `UPDATE record_changes c SET before = u.before::jsonb, after = u.after::jsonb
         FROM unnest($2::bigint[], $3::text[], $4::text[]) AS u(seq, before, after)
        WHERE c.organization_id = $1 AND c.seq = u.seq`,
      [tx.ctx.organizationId, changes.map((c) => c.seq), changes.map((c) => json(c.before)), changes.map((c) => json(c.after))],
    );
  }
}
