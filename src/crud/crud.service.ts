import type { RecordedEntityType } from '../common/entity-types';
import { DataSource, SelectQueryBuilder } from 'typeorm';
import type { RowWhere } from './row-sql';
import type { Type } from '@nestjs/common';
import type { RequestContext } from '../common/auth/request-context';
import type { SortedService } from '../common/http/api-docs';
import { Tx, UnitOfWork } from '../database/unit-of-work';
import { DomainError } from '../common/errors/domain-error';
import { etagMatches, weakETag } from '../common/http/etag';
import { list, ListEnvelope, pageOf } from '../common/http/envelopes';
import { likePattern, parseSort } from '../common/http/list-options';
import type { ListQueryDto } from '../common/http/pagination.dto';
import { isCuid } from '../common/ids';
import { CrudEntity, CrudSpec, RecordAttributes, referencesTo, WriteOptions } from './crud.types';
import { countReferences, RecordRows } from './record-rows.repository';
import type { TxScope } from '../database/unit-of-work';
import { KeyedChild, mergeKeyed } from './keyed-children';

/** A resource's service class as its controllers take it: its statics declare the sort allow-list and the `include` keys. */
export type CrudServiceClass = Type<CrudOperations> & Partial<SortedService> & { readonly includes?: readonly string[] };

/** Takes the ETag a write's record now has (the tag of its plain by-id read), for the write's answer. */
export type TagSink = (etag: string) => void;

/**
 * A resource's service as the generic controllers (CRUD, bulk, adjustments, scenario records) and bulk
 * writes call it, whatever its record and body types: every CrudService is one. Bodies arrive validated
 * by the route's DTO, so they are `unknown` here (method parameters compare both ways).
 */
export interface CrudOperations {
  readonly spec: { table: string; planScoped: boolean; label: string };
  /** The record's custom attribute values, when it carries them (their type names the records' custom attributes). */
  readonly attributes?: RecordAttributes;
  list(ctx: RequestContext, query: ListQueryDto & Record<string, unknown>): Promise<ListEnvelope<unknown>>;
  read(ctx: RequestContext, idOrExternalId: string, query: Record<string, unknown>): Promise<unknown>;
  find(at: TxScope | RequestContext, idOrExternalId: string): Promise<CrudEntity>;
  create(ctx: RequestContext, input: unknown, tag?: TagSink): Promise<unknown>;
  update(ctx: RequestContext, idOrExternalId: string, input: unknown, ifMatch?: string, tag?: TagSink): Promise<unknown>;
  remove(ctx: RequestContext, idOrExternalId: string, ifMatch?: string): Promise<void>;
  createIn(tx: Tx, input: unknown): Promise<CrudEntity>;
  updateIn(tx: Tx, idOrExternalId: string, input: unknown): Promise<unknown>;
  removeIn(tx: Tx, idOrExternalId: string): Promise<void>;
}

/**
 * List, read, create, update and delete for one resource described by a CrudSpec: tenancy and plan
 * scoping, id-or-externalId lookup, search, sort allow-lists, paging, in-use deletes and change
 * recording live here once. Resource services extend it and add what is theirs.
 */
export abstract class CrudService<E extends CrudEntity, R, C extends U, U> implements CrudOperations {
  /** The resource's rows: multi-row inserts and updates, locked reads, raw rows to records. */
  readonly rows: RecordRows<E>;
  /** The record's custom attribute values, when it carries them. */
  readonly attributes: RecordAttributes | undefined;

  constructor(
    protected readonly uow: UnitOfWork,
    protected readonly dataSource: DataSource,
    readonly spec: CrudSpec<E, R>,
  ) {
    this.rows = new RecordRows(dataSource, spec);
    this.attributes = spec.customAttributes?.(spec.entityType);
  }

  // -------------------------------------------------------------------------------------------------
  // The hooks: what a resource says about its writes. Every resource overrides `apply` and whichever of
  // the others it needs; the flows below (create, PATCH, delete, bulk) call them and nothing else.

  /** A new record before its create body is applied: every nullable field null, the defaults set. */
  protected blank(_input: C): E {
    return new this.spec.entity();
  }

  /**
   * Applies a validated body to the record: a create body to `blank()`, a PATCH body to the record as
   * stored (locked). Copies fields (`patchEntity`), resolves references, checks the record's own rules.
   */
  protected abstract apply(entity: E, input: U, tx: Tx, options: WriteOptions): Promise<void>;

  /** Spec 03 §2: the permissions a body's nested records need (403 when missing); none by default. */
  protected requireNestedPermissions(_ctx: RequestContext, _input: U): void {}

  /** Writes the nested records a body carries once its record is written (employees' salary); none by default. */
  protected async createNested(_tx: Tx, _id: string, _input: U, _options: WriteOptions): Promise<void> {}

  /**
   * The resource's own cascade before one of its records is deleted (its child records go with it);
   * none by default. Other modules that point at the record use registerDeleteHook.
   */
  protected async beforeRemove(_tx: Tx, _entity: E): Promise<void> {}

  /** Extra list filters of a resource (`parentTeamId=...`); none by default. */
  protected filter(_qb: SelectQueryBuilder<E>, _query: ListQueryDto & Record<string, unknown>): void {}

  /** Responses for records; resources with derived fields (vacancies' isFilled) compute them here in one query. */
  protected async respond(_scope: TxScope, rows: E[]): Promise<R[]> {
    return rows.map((row) => this.spec.toResponse(row));
  }

  // -------------------------------------------------------------------------------------------------

  /** A new record from a validated create body: `blank()` with the body applied. */
  protected async build(input: C, tx: Tx, options: WriteOptions = {}): Promise<E> {
    const entity = this.blank(input);
    await this.apply(entity, input, tx, options);
    return entity;
  }

  entityTypeOf(entity: E): RecordedEntityType {
    return this.spec.entityTypeOf ? this.spec.entityTypeOf(entity) : this.spec.entityType;
  }

  payload(entity: E): Record<string, unknown> {
    return this.spec.toPayload ? this.spec.toPayload(entity) : (this.spec.toResponse(entity) as Record<string, unknown>);
  }

  async list(ctx: RequestContext, query: ListQueryDto & Record<string, unknown>): Promise<ListEnvelope<R>> {
    const page = pageOf(query);
    // The sort allow-list is declared once, as the class's statics `sort` and `defaultSort` (the OpenAPI enum reads them too).
    const sorted: SortedService = {
      sort: Reflect.get(this.constructor, 'sort'),
      defaultSort: Reflect.get(this.constructor, 'defaultSort'),
    };
    const sort = parseSort(query.sortBy, query.sortDir, sorted.sort, sorted.defaultSort);
    const qb = this.rows.listQuery(ctx);
    if (query.search) {
      const condition = [
        ...(this.spec.searchSql ? [`${this.spec.searchSql} ILIKE :search`] : this.spec.search.map((column) => `r.${column} ILIKE :search`)),
        ...(this.spec.searchExact ?? []).map((column) => `r.${column} = :searchExact`),
      ].join(' OR ');
      // A record without text fields to search matches no search.
      qb.andWhere(`(${condition || 'FALSE'})`, { search: likePattern(query.search), searchExact: query.search });
    }
    // Spec 04 §4.3; only the incremental lists declare the parameter (others drop it in validation).
    if (typeof query.updatedSince === 'string')
      qb.andWhere('r.updatedAt >= CAST(:updatedSince AS timestamptz)', { updatedSince: query.updatedSince });
    this.filter(qb, query);
    // Text sorts ignore case (and so agree on every collation: PGlite sorts bytewise).
    const column = this.dataSource.getMetadata(this.spec.entity).findColumnWithPropertyName(sort.column);
    const isText = column && (['varchar', 'text', 'character varying', String] as unknown[]).includes(column.type);
    // With a search, `|| ''` keeps the planner off the sort index: walking it in order to find a few
    // rare matches is far slower than finding the matches by trigram and sorting them.
    qb.orderBy(isText ? (query.search ? `LOWER(r.${sort.column}) || ''` : `LOWER(r.${sort.column})`) : `r.${sort.column}`, sort.direction);
    if (isText) qb.addOrderBy(`r.${sort.column}`, sort.direction);
    qb.addOrderBy('r.id', 'ASC').offset(page.offset).limit(page.limit);
    // The list is the hot path: RecordRows.listPage keeps the statement texts and skips entity hydration.
    const { rows, total } = await this.rows.listPage(qb);
    return list(await this.respond(this.uow.read(ctx), rows), total, page);
  }

  /**
   * The record by id or (where the resource has one) externalId, or 404. `lock`: `true` takes a row
   * lock for a write of the record (FOR UPDATE); `'share'` keeps it from being deleted meanwhile (FOR SHARE).
   */
  async find(at: TxScope | RequestContext, idOrExternalId: string, lock: boolean | 'share' = false): Promise<E> {
    const { ctx, em } = 'em' in at ? at : this.uow.read(at);
    const key = isCuid(idOrExternalId) || !this.spec.externalId ? { id: idOrExternalId } : { externalId: idOrExternalId };
    const entity = await this.rows.findOne({ ctx, em }, key as RowWhere<E>, lock);
    if (!entity) throw DomainError.notFound(this.spec.label, idOrExternalId);
    // A row read for a write is kept as read: saveAndRecord writes only what changed since.
    if (lock === true) this.rows.keepAsRead(entity);
    return entity;
  }

  /** The by-id read of the public API; resources with includes override it. */
  read(ctx: RequestContext, idOrExternalId: string, _query: Record<string, unknown>): Promise<R> {
    return this.get(ctx, idOrExternalId);
  }

  /** One record; records that carry custom attributes include `customAttributes` (document 01 rule 9). */
  async get(ctx: RequestContext, idOrExternalId: string): Promise<R> {
    return this.shown(this.uow.read(ctx), await this.find(ctx, idOrExternalId));
  }

  /** The plain by-id read of a loaded record, read through `em`. */
  protected async shown({ ctx, em }: TxScope, entity: E): Promise<R> {
    const [response] = await this.respond({ ctx, em }, [entity]);
    if (!this.attributes) return response;
    const customAttributes = await this.attributes.load({ ctx, em }, entity.id);
    return { ...response, customAttributes };
  }

  /**
   * Spec 04 §4.5 `If-Match`: compared, inside the write's transaction, with the tag of the record as
   * locked for the write (FOR UPDATE), so that nothing can change it in between; stale is 412 and the
   * write does nothing. No header: no check.
   */
  protected async checkVersion(tx: Tx, idOrExternalId: string, ifMatch: string | undefined): Promise<void> {
    if (ifMatch === undefined) return;
    const entity = await this.find(tx, idOrExternalId, true);
    if (!etagMatches(ifMatch, weakETag(await this.shown(tx, entity)))) {
      throw new DomainError(
        'PRECONDITION_FAILED',
        `${this.spec.label} ${idOrExternalId} has changed since the version named by If-Match; read it again`,
      );
    }
  }

  /**
   * Resolves a reference field of another record (`costCentreId: "<id or externalId>"`) to an id of
   * this resource; a value that matches nothing is a 400 on that field.
   */
  async resolveId(
    scope: TxScope,
    value: string | null | undefined,
    field: string,
    lock: false | 'share' = false,
  ): Promise<string | null | undefined> {
    if (value === null || value === undefined) return value;
    try {
      return (await this.find(scope, value, lock)).id;
    } catch (error) {
      if (error instanceof DomainError && error.code === 'NOT_FOUND') {
        throw DomainError.validation(field, `${field} does not match any ${this.spec.label.toLowerCase()} of the organization`);
      }
      throw error;
    }
  }

  async create(ctx: RequestContext, input: C, tag?: TagSink): Promise<R> {
    return this.uow.run(ctx, async (tx) => this.answer(tx, await this.createIn(tx, input), tag, true));
  }

  /**
   * A write's answer; with `tag`, also the ETag its by-id read now has (so the next write needs no GET first).
   * A record just created holds no custom attribute values yet (a create body carries none), so its tag needs no read.
   */
  private async answer(tx: Tx, entity: E, tag?: TagSink, created = false): Promise<R> {
    const [response] = await this.respond(tx, [entity]);
    if (!tag) return response;
    if (!this.attributes) tag(weakETag(response));
    else tag(weakETag({ ...response, customAttributes: created ? [] : await this.attributes.load(tx, entity.id) }));
    return response;
  }

  /**
   * Creates the record and its nested records in the caller's transaction. A vacancy fill is one write
   * under vacancies_edit (spec 03 §2): its nested records need no more permissions (`viaFill`).
   */
  async createIn(tx: Tx, input: C, options: WriteOptions = {}): Promise<E> {
    if (!options.viaFill) this.requireNestedPermissions(tx.ctx, input);
    const created = await this.insertAndRecord(tx, await this.build(input, tx, options), options.notify);
    await this.createNested(tx, created.id, input, options);
    return created;
  }

  /** Inserts prepared fields as a new record of the request's organization (and plan) and records the create. */
  protected async insertAndRecord(tx: Tx, fields: Partial<E>, notify = true): Promise<E> {
    const [created] = await this.rows.insert(tx, [fields]);
    this.recordCreate(tx, created, notify);
    return created;
  }

  /**
   * Nested dated records of other records' bodies, keyed (src/crud/keyed-children.ts): stored ones updated, others
   * added. `how` replaces the body's create and PATCH (build, apply) where the nested body differs from this resource's.
   */
  mergeKeyedIn(
    tx: Tx,
    children: readonly KeyedChild<E, C>[],
    how: { build?(input: C): Promise<E>; patch?(entity: E, input: C): Promise<void>; notify?: boolean } = {},
  ): Promise<(() => void)[]> {
    return mergeKeyed(tx, this.rows, children, {
      build: how.build ?? ((input) => this.build(input, tx)),
      patch: how.patch ?? ((entity, input) => this.apply(entity, input, tx, {})),
      recordCreate: (row) => this.recordCreate(tx, row, how.notify ?? true),
      recordUpdate: (before, row) => this.recordUpdate(tx, before, row),
      payload: (entity) => this.payload(entity),
    });
  }

  /** Records the create of a record just inserted (webhook event and history entry). */
  recordCreate(tx: Tx, created: E, notify = true): void {
    tx.record({
      entityType: this.entityTypeOf(created),
      entityId: created.id,
      changeType: 'create',
      before: null,
      after: this.payload(created),
      notify,
    });
  }

  async update(ctx: RequestContext, idOrExternalId: string, input: U, ifMatch?: string, tag?: TagSink): Promise<R> {
    return this.uow.run(ctx, async (tx) => {
      await this.checkVersion(tx, idOrExternalId, ifMatch);
      return this.answer(tx, await this.updateIn(tx, idOrExternalId, input), tag);
    });
  }

  /** PATCH in the caller's transaction: fields change, nested dated records are keyed (createNested). */
  async updateIn(tx: Tx, idOrExternalId: string, input: U, options: WriteOptions = {}): Promise<E> {
    if (!options.viaFill) this.requireNestedPermissions(tx.ctx, input);
    const entity = await this.find(tx, idOrExternalId, true);
    const before = this.payload(entity);
    await this.apply(entity, input, tx, options);
    const updated = await this.saveAndRecord(tx, entity, before);
    await this.createNested(tx, updated.id, input, options);
    return updated;
  }

  /**
   * Saves a changed record and records an update when its payload changed. A record read under a
   * write lock (find with lock) is written as one `UPDATE ... RETURNING *` of the columns that changed
   * since that read, or not at all; others go through TypeORM's save and are read back.
   */
  protected async saveAndRecord(tx: Tx, entity: E, before: Record<string, unknown>): Promise<E> {
    const updated = await this.writeChanges(tx, entity);
    this.recordUpdate(tx, before, updated);
    return updated;
  }

  /** Records the update of a record written back, when its payload differs from `before`. */
  protected recordUpdate(tx: Tx, before: Record<string, unknown>, updated: E): void {
    tx.recordUpdate({ entityType: this.entityTypeOf(updated), entityId: updated.id, before, after: this.payload(updated) });
  }

  private async writeChanges(tx: Tx, entity: E): Promise<E> {
    if (!this.rows.isKeptAsRead(entity)) {
      await tx.em.getRepository<CrudEntity>(this.spec.entity).save(entity);
      return this.find(tx, entity.id);
    }
    return (await this.rows.writeChanges(tx, [entity]))[0];
  }

  async remove(ctx: RequestContext, idOrExternalId: string, ifMatch?: string): Promise<void> {
    await this.uow.run(ctx, async (tx) => {
      await this.checkVersion(tx, idOrExternalId, ifMatch);
      await this.removeIn(tx, idOrExternalId);
    });
  }

  /**
   * Runs before a record of this resource is deleted, in the delete's transaction: a module that keeps
   * records pointing at this one refuses the delete (a DomainError) or clears its own records. Modules
   * that depend on this one register here, so that this module need not import them.
   */
  registerDeleteHook(hook: (tx: Tx, id: string) => Promise<void>): void {
    this.deleteHooks.push(hook);
  }

  private readonly deleteHooks: ((tx: Tx, id: string) => Promise<void>)[] = [];

  async removeIn(tx: Tx, idOrExternalId: string): Promise<void> {
    const entity = await this.find(tx, idOrExternalId, true);
    await this.beforeRemove(tx, entity);
    for (const hook of this.deleteHooks) await hook(tx, entity.id);
    await this.assertUnreferenced(tx, entity);
    await this.attributes?.removeAll(tx, entity.id);
    await this.rows.deleteIds(tx, [entity.id]);
    tx.record({
      entityType: this.entityTypeOf(entity),
      entityId: entity.id,
      changeType: 'delete',
      before: this.payload(entity),
      after: null,
    });
  }

  /**
   * Deletes every record of the request's plan matching `where` (a cascade of another delete) and
   * records each delete; `notify: false` keeps them out of webhooks when the request's own event
   * stands for them (document 02), while scenario merges still see them.
   */
  async removeAllIn(tx: Tx, where: RowWhere<E>, notify = false): Promise<number> {
    const rows = await this.rows.findWhere(tx, where);
    if (!rows.length) return 0;
    await this.rows.deleteIds(
      tx,
      rows.map((r) => r.id),
    );
    for (const row of rows) {
      tx.record({
        entityType: this.entityTypeOf(row),
        entityId: row.id,
        changeType: 'delete',
        before: this.payload(row),
        after: null,
        notify,
      });
    }
    return rows.length;
  }

  /** 409 naming every kind of record that still points at this one. */
  protected async assertUnreferenced(tx: Tx, entity: E): Promise<void> {
    const uses: string[] = [];
    for (const ref of referencesTo(this.spec.table)) {
      const n = await countReferences(tx, ref, entity.id, this.spec.planScoped);
      if (n > 0) uses.push(`${n} ${ref.label}`);
    }
    if (uses.length) {
      throw DomainError.conflict(
        `${this.spec.label} ${entity.id} is still referenced by ${uses.join(', ')}; remove those references first`,
      );
    }
  }
}
