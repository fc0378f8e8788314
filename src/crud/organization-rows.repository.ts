import type { DataSource, EntityManager, EntityTarget, FindOptionsOrder, FindOptionsWhere, Repository } from 'typeorm';
import type { QueryDeepPartialEntity } from 'typeorm/query-builder/QueryPartialEntity';
import type { Page } from '../common/http/envelopes';

/** The columns of every organization-level back-office row (users, API keys, webhook endpoints, integrations, ...). */
export interface OrganizationRow {
  id: string;
  organizationId: string;
  createdAt: Date;
}

/**
 * The rows of an organization-level resource of the application API: insert, a page in creation order,
 * one by id, a patch, delete, always within the organization. Each statement runs on `em` when given (a
 * caller's transaction), else on the pool. The back-office repositories are this for their tables, plus
 * what is their own.
 */
export class OrganizationRows<E extends OrganizationRow> {
  constructor(
    protected readonly dataSource: DataSource,
    private readonly entity: EntityTarget<E>,
    /** The list order: oldest first unless a resource says otherwise. */
    private readonly order: 'ASC' | 'DESC' = 'ASC',
  ) {}

  protected rows(em?: EntityManager): Repository<E> {
    return (em ?? this.dataSource.manager).getRepository(this.entity);
  }

  protected key(organizationId: string, id: string): FindOptionsWhere<E> {
    return { organizationId, id } as FindOptionsWhere<E>;
  }

  async insert(row: QueryDeepPartialEntity<E>, em?: EntityManager): Promise<void> {
    await this.rows(em).insert(row);
  }

  /** A page of the organization's rows (`where` narrows them), in creation order then id. */
  page(organizationId: string, page: Page, where: FindOptionsWhere<E> = {}): Promise<[E[], number]> {
    return this.rows().findAndCount({
      where: { ...where, organizationId } as FindOptionsWhere<E>,
      order: { createdAt: this.order, id: 'ASC' } as FindOptionsOrder<E>,
      skip: page.offset,
      take: page.limit,
    });
  }

  find(organizationId: string, id: string, em?: EntityManager): Promise<E | null> {
    return this.rows(em).findOneBy(this.key(organizationId, id));
  }

  async update(organizationId: string, id: string, patch: QueryDeepPartialEntity<E>, em?: EntityManager): Promise<void> {
    if (Object.keys(patch).length) await this.rows(em).update(this.key(organizationId, id), patch);
  }

  async remove(organizationId: string, id: string, em?: EntityManager): Promise<void> {
    await this.rows(em).delete(this.key(organizationId, id));
  }
}
