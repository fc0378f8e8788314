import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import { OrganizationRows } from '../crud/organization-rows.repository';
import { UserEntity } from './entities/user.entity';

/** Users' rows (organization-level rows of the application API). */
@Injectable()
export class UsersRepository extends OrganizationRows<UserEntity> {
  constructor(dataSource: DataSource) {
    super(dataSource, UserEntity);
  }

  /** Whether the user exists in the organization (read through `em`, e.g. a caller's transaction). */
  exists(organizationId: string, userId: string, em?: EntityManager): Promise<boolean> {
    return this.rows(em).existsBy({ id: userId, organizationId });
  }
}
