import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { API_PERMISSIONS } from '../access/permissions';
import { ApiKeysService } from '../access/api-keys.service';
import { APP_CONFIG, AppConfig } from '../config/app-config';
import { OrganizationsService } from './organizations.service';
import { UsersService } from './users.service';

export interface DemoSeed {
  organizationId: string;
  userId: string;
  apiKey: string;
}

/**
 * First start on an empty embedded database: a demo organization (functional groups on), a user with
 * `*` and a key with every permission, so that a newcomer can call the API at once.
 * Never with NODE_ENV=production; SEED_DEMO=false turns it off.
 */
@Injectable()
export class DemoSeedService {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly dataSource: DataSource,
    private readonly organizations: OrganizationsService,
    private readonly users: UsersService,
    private readonly keys: ApiKeysService,
  ) {}

  async seedIfEmpty(embedded: boolean): Promise<DemoSeed | null> {
    if (!embedded || !this.config.seedDemo || this.config.isProduction) return null;
    return this.dataSource.transaction(async (em) => {
      // Serialises two racing first starts on one database; the loser sees the organization.
      await em.query('LOCK TABLE organizations IN EXCLUSIVE MODE');
      const [{ count }] = await em.query('SELECT count(*)::int AS count FROM organizations');
      if (count > 0) return null;
      const org = await this.organizations.create({ name: 'Demo Organization', reportingCurrency: 'USD', functionalGroupsEnabled: true }, em);
      const user = await this.users.create(org.id, { email: 'demo@example.com', name: 'Demo Admin', permissions: ['*'], active: true }, em);
      const key = await this.keys.create(org.id, user.id, { name: 'Demo key', permissions: [...API_PERMISSIONS] }, em);
      return { organizationId: org.id, userId: user.id, apiKey: key.key };
    });
  }
}
