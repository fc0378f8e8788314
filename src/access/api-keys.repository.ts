import { Injectable } from '@nestjs/common';
import { DataSource, IsNull } from 'typeorm';
import { OrganizationRows, RowScope, scopeParts } from '../crud/organization-rows.repository';
import { ApiKeyEntity } from './entities/api-key.entity';
import { GenerateSql } from '../common/generate-sql';

/** API keys' rows (organization-level rows of the application API). */
@Injectable()
export class ApiKeysRepository extends OrganizationRows<ApiKeyEntity> {
  constructor(dataSource: DataSource) {
    super(dataSource, ApiKeyEntity);
  }

  /** Marks the key revoked now, unless it already is. */
  @GenerateSql({ params: (s) => [s.tx, s.id] })
  async revoke(at: RowScope, id: string): Promise<void> {
    const { organizationId, em } = scopeParts(at);
    await this.write(em, (on) => this.rows(on).update({ id, organizationId, revokedAt: IsNull() }, { revokedAt: new Date() }));
  }
}
