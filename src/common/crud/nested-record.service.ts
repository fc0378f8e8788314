import type { RequestContext } from '../../access/request-context';
import type { Tx } from '../../database/unit-of-work';
import { CrudService } from './crud.service';
import type { CrudEntity } from './crud.types';

/**
 * A record whose bodies also create nested records (employees: salary and assignments; contractors:
 * rate and assignments). Create and PATCH share one flow: check the nested permissions, apply the
 * fields (in the transaction: a nested jobRole may create a role), write and record the record, then
 * create the nested records. Subclasses say only what is theirs.
 */
export abstract class NestedRecordService<E extends CrudEntity, R, C extends U, U> extends CrudService<E, R, C, U> {
  /** A new record with every nullable field null and the defaults set. */
  protected abstract blank(): E;
  /** Spec 03 §2: the permissions the nested records of this body need (403 when missing). */
  protected abstract requireNestedPermissions(ctx: RequestContext, input: U): void;
  protected abstract applyFields(tx: Tx, entity: E, input: U, viaFill: boolean): Promise<void>;
  protected abstract createNested(tx: Tx, id: string, input: U, viaFill: boolean): Promise<void>;

  /** Creates the record and its nested records in the caller's transaction. A vacancy fill is one write under vacancies_edit (spec 03 §2): its nested records need no more. */
  override async createIn(tx: Tx, input: C, options: { viaFill?: boolean } = {}): Promise<E> {
    const viaFill = options.viaFill ?? false;
    if (!viaFill) this.requireNestedPermissions(tx.ctx, input);
    const entity = this.blank();
    await this.applyFields(tx, entity, input, viaFill);
    const created = await this.insertAndRecord(tx, entity);
    await this.createNested(tx, created.id, input, viaFill);
    return created;
  }

  /** PATCH: fields change, nested objects only add records. */
  override async updateIn(tx: Tx, idOrExternalId: string, input: U): Promise<E> {
    this.requireNestedPermissions(tx.ctx, input);
    const entity = await this.find(tx.ctx, idOrExternalId, tx.em, true);
    const before = this.payload(entity);
    await this.applyFields(tx, entity, input, false);
    const updated = await this.saveAndRecord(tx, entity, before);
    await this.createNested(tx, updated.id, input, false);
    return updated;
  }
}
