import type { DataSource, EntityManager, EntityTarget, FindOptionsOrder, FindOptionsWhere, Repository } from 'typeorm';
import type { QueryDeepPartialEntity } from 'typeorm/query-builder/QueryPartialEntity';
import type { Page } from '../common/http/envelopes';
import type { RequestContext } from '../common/auth/request-context';
import type { TxScope } from '../database/unit-of-work';
import { withRetry } from '../database/db-retry';
import { GenerateSql } from '../common/generate-sql';

/**
 * Where a statement of an organization runs: a request's scope (its organization, in its transaction when it has
 * one: a `Tx` or `UnitOfWork.read(ctx)`), a request context (on the pool), or, for work outside a request (the
 * guard, background work), an organization: `{ organizationId }` (on the pool) or `{ organizationId, em }`.
 */
export type RowScope = TxScope | (Pick<RequestContext, 'organizationId'> & { em?: EntityManager });

/**
 * A RowScope that names its EntityManager (a `TxScope`, or `{ organizationId, em }`): what repositories without a
 * pool of their own take, so that their statements always run on the caller's entity manager.
 */
export type EmScope = RowScope & { em: EntityManager };

/** The organization and the entity manager (undefined: the pool) of a scope. */
export function scopeParts(at: EmScope): { organizationId: string; em: EntityManager };
export function scopeParts(at: RowScope): { organizationId: string; em?: EntityManager };
export function scopeParts(at: RowScope): { organizationId: string; em?: EntityManager } {
  return 'ctx' in at ? { organizationId: at.ctx.organizationId, em: at.em } : { organizationId: at.organizationId, em: at.em };
}

/** The columns of every organization-level back-office row (users, API keys, webhook endpoints, integrations, ...). */
export interface OrganizationRow {
  id: string;
  organizationId: string;
  createdAt: Date;
}

/**
 * The rows of an organization-level resource of the application API: insert, a page in creation order,
 * one by id, a patch, delete, always within the scope's organization, in its transaction when it has one
 * (RowScope). The back-office repositories are this for their tables, plus what is their own.
 */
export class OrganizationRows<E extends OrganizationRow> {
  constructor(
    protected readonly dataSource: DataSource,
    private readonly entity: EntityTarget<E>,
    /** The list order (property -> direction): oldest first unless a resource says otherwise. */
    private readonly order: Partial<Record<keyof E & string, 'ASC' | 'DESC'>> = { createdAt: 'ASC', id: 'ASC' } as Partial<
      Record<keyof E & string, 'ASC' | 'DESC'>
    >,
  ) {}

  /**
   * Runs a write: in the caller's transaction as it is, or, on the pool (its own statement), again on a deadlock
   * or serialization failure. On Citus, users, API keys and organizations are reference tables whose writes lock
   * every copy, and two such writes can meet in a distributed deadlock; the statement that lost had no effect.
   */
  protected write<T>(em: EntityManager | undefined, work: (em?: EntityManager) => Promise<T>): Promise<T> {
    return em ? work(em) : withRetry(() => work());
  }

  protected rows(em?: EntityManager): Repository<E> {
    return (em ?? this.dataSource.manager).getRepository(this.entity);
  }

  protected key(organizationId: string, id: string): FindOptionsWhere<E> {
    return { organizationId, id } as FindOptionsWhere<E>;
  }

  /** Inserts a row of the scope's organization (its `organizationId` is set here). */
  async insert(at: RowScope, row: QueryDeepPartialEntity<E>): Promise<void> {
    const { organizationId, em } = scopeParts(at);
    await this.write(em, (on) => this.rows(on).insert({ ...row, organizationId } as QueryDeepPartialEntity<E>));
  }

  /** A page of the organization's rows (`where` narrows them), in the resource's list order. */
  @GenerateSql({ params: (s) => [s.tx, { page: 1, limit: 20, offset: 0 }] })
  page(at: RowScope, page: Page, where: FindOptionsWhere<E> = {}): Promise<[E[], number]> {
    const { organizationId, em } = scopeParts(at);
    return this.rows(em).findAndCount({
      where: { ...where, organizationId } as FindOptionsWhere<E>,
      order: this.order as FindOptionsOrder<E>,
      skip: page.offset,
      take: page.limit,
    });
  }

  @GenerateSql({ params: (s) => [s.tx, s.id] })
  find(at: RowScope, id: string): Promise<E | null> {
    const { organizationId, em } = scopeParts(at);
    return this.rows(em).findOneBy(this.key(organizationId, id));
  }

  async update(at: RowScope, id: string, patch: QueryDeepPartialEntity<E>): Promise<void> {
    const { organizationId, em } = scopeParts(at);
    if (Object.keys(patch).length) await this.write(em, (on) => this.rows(on).update(this.key(organizationId, id), patch));
  }

  @GenerateSql({ params: (s) => [s.tx, s.id] })
  async remove(at: RowScope, id: string): Promise<void> {
    const { organizationId, em } = scopeParts(at);
    await this.write(em, (on) => this.rows(on).delete(this.key(organizationId, id)));
  }
}
