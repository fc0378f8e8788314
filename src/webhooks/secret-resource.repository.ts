import type { DataSource, EntityTarget, FindOptionsOrder, FindOptionsWhere, Repository } from 'typeorm';
import type { QueryDeepPartialEntity } from 'typeorm/query-builder/QueryPartialEntity';
import type { Page } from '../common/http/envelopes';

/** The columns every resource with a signing secret has (webhook endpoints, integrations). */
export interface SecretResourceRow {
  id: string;
  organizationId: string;
  secret: string;
  createdAt: Date;
}

/**
 * The rows of an organization-level resource that carries a signing secret: insert, a page in creation
 * order, one by id, a patch, delete, all within the organization. `WebhookEndpointsRepository` and
 * `IntegrationsRepository` are this for their tables.
 */
export class SecretResourceRepository<E extends SecretResourceRow> {
  constructor(
    protected readonly dataSource: DataSource,
    private readonly entity: EntityTarget<E>,
  ) {}

  private get rows(): Repository<E> {
    return this.dataSource.getRepository(this.entity);
  }

  private key(organizationId: string, id: string): FindOptionsWhere<E> {
    return { organizationId, id } as FindOptionsWhere<E>;
  }

  async insert(row: QueryDeepPartialEntity<E>): Promise<void> {
    await this.rows.insert(row);
  }

  page(organizationId: string, page: Page): Promise<[E[], number]> {
    return this.rows.findAndCount({
      where: { organizationId } as FindOptionsWhere<E>,
      order: { createdAt: 'ASC', id: 'ASC' } as FindOptionsOrder<E>,
      skip: page.offset,
      take: page.limit,
    });
  }

  find(organizationId: string, id: string): Promise<E | null> {
    return this.rows.findOneBy(this.key(organizationId, id));
  }

  async update(organizationId: string, id: string, patch: QueryDeepPartialEntity<E>): Promise<void> {
    if (Object.keys(patch).length) await this.rows.update(this.key(organizationId, id), patch);
  }

  async setSecret(organizationId: string, id: string, secret: string): Promise<void> {
    const patch: Partial<SecretResourceRow> = { secret };
    await this.rows.update(this.key(organizationId, id), patch as QueryDeepPartialEntity<E>);
  }

  async remove(organizationId: string, id: string): Promise<void> {
    await this.rows.delete(this.key(organizationId, id));
  }
}
