import type { Tx } from '../database/unit-of-work';
import { CrudService } from './crud.service';
import type { CrudEntity } from './crud.types';

/**
 * A CrudService whose bulk upserts (spec 04 §4.1) write a chunk of records with multi-row statements:
 * the same hooks (blank, apply, createNested, ...) and outcomes as createIn and updateIn one by one.
 * Resources whose bodies carry nested records (employees: salary; contractors: rate) say here how those
 * are written together; a resource that does not extend it is bulk-written record by record.
 */
export abstract class BatchedCrudService<E extends CrudEntity, R, C extends U, U> extends CrudService<E, R, C, U> {
  /**
   * The nested records of records written together (bulk creates and updates), or null when this body's
   * nested records cannot be (then createManyIn takes createIn's path). Returns, per record, a function
   * that records the creates or updates of its nested records.
   */
  protected async insertNestedMany(_tx: Tx, _written: { id: string; input: U }[]): Promise<(() => void)[] | null> {
    return null;
  }

  /**
   * insertNestedMany for a body's one nested record kept by another resource (employees' salary, contractors'
   * rate): `bodyOf` gives it for the parent's id, or undefined when the body has none; `merge` writes them keyed
   * (src/crud/keyed-children.ts) and returns the function recording each.
   */
  protected async nestedChildren<B>(
    written: { id: string; input: U }[],
    bodyOf: (input: U, parentId: string) => B | undefined,
    merge: (bodies: B[]) => Promise<(() => void)[]>,
  ): Promise<(() => void)[]> {
    const bodies = written.map(({ id, input }) => bodyOf(input, id));
    const records = await merge(bodies.filter((body): body is B => body !== undefined));
    let next = 0;
    return bodies.map((body) => (body === undefined ? () => undefined : records[next++]));
  }

  /** Whether a body's nested records can be written by insertNestedMany; none by default. */
  protected nestedBatchable(_input: U): boolean {
    return false;
  }

  /**
   * Spec 04 §4.1 (bulk creates): the same outcome as createIn for each input in turn (same checks,
   * rows and recorded changes, in the same order) with one multi-row INSERT per table. The records are
   * prepared one by one before any is written, so a body that refers to an earlier one of the same
   * call fails here: callers run this under a savepoint and fall back to createIn per input.
   */
  async createManyIn(tx: Tx, inputs: C[]): Promise<E[]> {
    if (!inputs.every((input) => this.nestedBatchable(input))) {
      const created: E[] = [];
      for (const input of inputs) created.push(await this.createIn(tx, input));
      return created;
    }
    const entities: E[] = [];
    for (const input of inputs) {
      this.requireNestedPermissions(tx.ctx, input);
      entities.push(await this.build(input, tx));
    }
    const created = await this.rows.insert(tx, entities);
    const recordNested = await this.insertNestedMany(
      tx,
      created.map((record, i) => ({ id: record.id, input: inputs[i] })),
    );
    if (!recordNested) throw new Error(`${this.spec.label}: nested records not batchable`);
    created.forEach((record, i) => {
      this.recordCreate(tx, record);
      recordNested[i]();
    });
    return created;
  }

  /**
   * Spec 04 §4.1 (bulk updates): the same outcome as updateIn for each item in turn (same checks, rows
   * and recorded changes, in the same order) with one locked read, one multi-row UPDATE and one INSERT
   * per nested table. Returns, per item, whether it changed anything. Like createManyIn, a body that
   * depends on an earlier item of the same call may fail here (callers fall back to updateIn per item);
   * checkWrittenMany catches what only shows once all are written.
   */
  async updateManyIn(tx: Tx, items: { id: string; input: U }[]): Promise<boolean[]> {
    if (!items.every(({ input }) => this.nestedBatchable(input))) {
      const changed: boolean[] = [];
      for (const { id, input } of items) {
        const mark = tx.recorded.length;
        await this.updateIn(tx, id, input);
        changed.push(tx.recorded.length > mark);
      }
      return changed;
    }
    const entities = await this.rows.findForWrite(
      tx,
      items.map(({ id }) => id),
    );
    if (entities.length !== items.length) throw new Error(`${this.spec.label}: a record of the batch is gone`);
    const befores: Record<string, unknown>[] = [];
    for (const [i, entity] of entities.entries()) {
      this.requireNestedPermissions(tx.ctx, items[i].input);
      befores.push(this.payload(entity));
      await this.apply(entity, items[i].input, tx, {});
    }
    const updated = await this.rows.writeChanges(tx, entities);
    await this.checkWrittenMany(
      tx,
      items.map(({ input }) => input),
      updated,
    );
    const recordNested = await this.insertNestedMany(tx, items);
    if (!recordNested) throw new Error(`${this.spec.label}: nested records not batchable`);
    return updated.map((record, i) => {
      const mark = tx.recorded.length;
      this.recordUpdate(tx, befores[i], record);
      recordNested[i]();
      return tx.recorded.length > mark;
    });
  }

  /** After a multi-row write: throws when the records written together break a rule checked one by one (none by default). */
  protected async checkWrittenMany(_tx: Tx, _inputs: U[], _records: E[]): Promise<void> {}
}
