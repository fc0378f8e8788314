import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { OrganizationRows, RowScope, scopeParts } from '../crud/organization-rows.repository';
import { UserEntity } from './entities/user.entity';
import { GenerateSql } from '../common/generate-sql';

/** Users' rows (organization-level rows of the application API). */
@Injectable()
export class UsersRepository extends OrganizationRows<UserEntity> {
  constructor(dataSource: DataSource) {
    super(dataSource, UserEntity);
  }

  /** Whether the user exists in the scope's organization (in its transaction when it has one). */
  @GenerateSql({ params: (s) => [s.tx, s.userId] })
  exists(at: RowScope, userId: string): Promise<boolean> {
    const { organizationId, em } = scopeParts(at);
    return this.rows(em).existsBy({ id: userId, organizationId });
  }

  /** Which of `ids` are users of the scope's organization. */
  @GenerateSql({ params: (s) => [s.tx, [s.userId]] })
  async existing(at: RowScope, ids: readonly string[]): Promise<Set<string>> {
    if (!ids.length) return new Set();
    const { organizationId, em } = scopeParts(at);
    const rows: { id: string }[] = await (em ?? this.dataSource.manager).query(
      'SELECT id FROM users WHERE organization_id = $1 AND id = ANY($2)',
      [organizationId, ids],
    );
    return new Set(rows.map((row) => row.id));
  }
}
