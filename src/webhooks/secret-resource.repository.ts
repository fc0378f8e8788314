import type { QueryDeepPartialEntity } from 'typeorm/query-builder/QueryPartialEntity';
import { OrganizationRow, OrganizationRows, RowScope, scopeParts } from '../crud/organization-rows.repository';
import { GenerateSql } from '../common/generate-sql';

/** The columns every resource with a signing secret has (webhook endpoints, integrations). */
export interface SecretResourceRow extends OrganizationRow {
  secret: string;
}

/** The rows of a resource that carries a signing secret: organization rows whose secret can be replaced. */
export class SecretResourceRepository<E extends SecretResourceRow> extends OrganizationRows<E> {
  @GenerateSql({ params: (s) => [s.tx, s.id, 'whsec_sample'] })
  async setSecret(at: RowScope, id: string, secret: string): Promise<void> {
    const { organizationId, em } = scopeParts(at);
    const patch: Partial<SecretResourceRow> = { secret };
    await this.write(em, (on) => this.rows(on).update(this.key(organizationId, id), patch as QueryDeepPartialEntity<E>));
  }
}
