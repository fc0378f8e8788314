import type { Tx } from '../database/unit-of-work';
import type { CrudEntity } from './crud.types';
import type { RecordRows } from './record-rows.repository';
import type { RowWhere } from './row-sql';

/**
 * A nested dated record of a body (an employee's `salary`, a contractor's `rateAdjustment`, a person's
 * `teamAssignment`) with its key: the parent's id and the fields that name the record among the parent's
 * (effective date; target and start date). The key's properties are the same for every child of one merge.
 */
export interface KeyedChild<E, C> {
  key: { [K in keyof E]?: E[K] & (string | number) };
  input: C;
}

/** How a merge builds a new child, applies a body to a stored one and records what it did (the CrudService's hooks). */
export interface KeyedChildHooks<E, C> {
  build(input: C): Promise<E>;
  patch(entity: E, input: C): Promise<void>;
  recordCreate(row: E): void;
  /** Records an update when the payload differs from `before` (no change, no record). */
  recordUpdate(before: Record<string, unknown>, row: E): void;
  payload(entity: E): Record<string, unknown>;
}

/**
 * Nested dated records are keyed, not appended: a child whose key exists updates that record (only the fields
 * sent; nothing is written when they all equal the stored ones), any other is added. One read finds the stored
 * records of every key, one multi-row INSERT adds the new ones, one multi-row UPDATE writes those that changed.
 * Records nothing itself: returns, per child in order, the function that records its create or update, so that
 * callers record them after their parent's change (the order single requests record them in).
 */
export async function mergeKeyed<E extends CrudEntity, C>(
  tx: Tx,
  rows: RecordRows<E>,
  children: readonly KeyedChild<E, C>[],
  hooks: KeyedChildHooks<E, C>,
): Promise<(() => void)[]> {
  if (!children.length) return [];
  const properties = Object.keys(children[0].key) as (keyof E & string)[];
  const where: Record<string, unknown[]> = {};
  for (const property of properties) where[property] = [...new Set(children.map((child) => child.key[property]))];
  const keyOf = (values: Partial<Record<keyof E, unknown>>) => JSON.stringify(properties.map((p) => String(values[p])));
  const stored = new Map<string, E>();
  for (const row of await rows.findWhere(tx, where as RowWhere<E>, { createdAt: 'ASC' } as { [K in keyof E]?: 'ASC' | 'DESC' })) {
    // Records appended before keys held (several on one key): the first one is the keyed record.
    if (!stored.has(keyOf(row))) stored.set(keyOf(row), row);
  }
  const fresh: E[] = [];
  const matched: { entity: E; before: Record<string, unknown> }[] = [];
  const plan: ({ created: number } | { updated: number })[] = [];
  for (const child of children) {
    const entity = stored.get(keyOf(child.key));
    if (!entity) {
      plan.push({ created: fresh.push(await hooks.build(child.input)) - 1 });
      continue;
    }
    stored.delete(keyOf(child.key));
    rows.keepAsRead(entity);
    const before = hooks.payload(entity);
    await hooks.patch(entity, child.input);
    plan.push({ updated: matched.push({ entity, before }) - 1 });
  }
  const created = fresh.length ? await rows.insert(tx, fresh) : [];
  const updated = matched.length
    ? await rows.writeChanges(
        tx,
        matched.map((m) => m.entity),
      )
    : [];
  return plan.map((step) =>
    'created' in step
      ? () => hooks.recordCreate(created[step.created])
      : () => hooks.recordUpdate(matched[step.updated].before, updated[step.updated]),
  );
}
