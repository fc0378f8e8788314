import { Inject, Injectable } from '@nestjs/common';
import { UnitOfWork } from '../database/unit-of-work';
import { API_PERMISSIONS } from '../common/auth/permissions';
import { applicationContext } from '../common/auth/request-context';
import { ApiKeysService } from '../access/api-keys.service';
import { APP_CONFIG, AppConfig } from '../config/app-config';
import { OrganizationsRepository } from '../organizations/organizations.repository';
import { OrganizationsService } from '../organizations/organizations.service';
import { UsersService } from '../organizations/users.service';

const DEMO_ORGANIZATION = 'Demo Organization';
const DEMO_USER_EMAIL = 'demo@example.com';

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
    private readonly uow: UnitOfWork,
    private readonly repository: OrganizationsRepository,
    private readonly organizations: OrganizationsService,
    private readonly users: UsersService,
    private readonly keys: ApiKeysService,
  ) {}

  async seedIfEmpty(embedded: boolean): Promise<DemoSeed | null> {
    if (!embedded || !this.config.seedDemo || this.config.isProduction) return null;
    return this.uow.runUnscoped(async (em) => {
      // Serialises two racing first starts on one database; the loser sees the organization.
      if ((await this.repository.lockAndCount(em)) > 0) return null;
      const org = await this.organizations.create({ name: DEMO_ORGANIZATION, reportingCurrency: 'USD', functionalGroupsEnabled: true }, em);
      const scope = { ctx: applicationContext(org.id, (await this.repository.livePlanId({ organizationId: org.id, em }))!), em };
      const user = await this.users.create(scope, { email: DEMO_USER_EMAIL, name: 'Demo Admin', permissions: ['*'], active: true });
      const key = await this.keys.create(scope, user.id, { name: 'Demo key', permissions: [...API_PERMISSIONS] });
      return { organizationId: org.id, userId: user.id, apiKey: key.key };
    });
  }

  /**
   * The demo organization's id when this database holds the seeded demo (its name and its demo user),
   * else null. The served OpenAPI document offers it as the `orgId` example, so "Try it out" works as is.
   */
  async demoOrganizationId(): Promise<string | null> {
    if (!this.config.seedDemo || this.config.isProduction) return null;
    return this.repository.organizationWithUser(this.uow.manager, DEMO_ORGANIZATION, DEMO_USER_EMAIL);
  }
}
