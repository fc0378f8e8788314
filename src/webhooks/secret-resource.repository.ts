import type { QueryDeepPartialEntity } from 'typeorm/query-builder/QueryPartialEntity';
import { OrganizationRow, OrganizationRows } from '../crud/organization-rows.repository';

/** The columns every resource with a signing secret has (webhook endpoints, integrations). */
export interface SecretResourceRow extends OrganizationRow {
  secret: string;
}

/** The rows of a resource that carries a signing secret: organization rows whose secret can be replaced. */
export class SecretResourceRepository<E extends SecretResourceRow> extends OrganizationRows<E> {
  async setSecret(organizationId: string, id: string, secret: string): Promise<void> {
    const patch: Partial<SecretResourceRow> = { secret };
    await this.rows().update(this.key(organizationId, id), patch as QueryDeepPartialEntity<E>);
  }
}
