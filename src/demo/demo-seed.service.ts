import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { API_PERMISSIONS } from '../common/auth/permissions';
import { ApiKeysService } from '../access/api-keys.service';
import { APP_CONFIG, AppConfig } from '../config/app-config';
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
      const org = await this.organizations.create({ name: DEMO_ORGANIZATION, reportingCurrency: 'USD', functionalGroupsEnabled: true }, em);
      const user = await this.users.create(org.id, { email: DEMO_USER_EMAIL, name: 'Demo Admin', permissions: ['*'], active: true }, em);
      const key = await this.keys.create(org.id, user.id, { name: 'Demo key', permissions: [...API_PERMISSIONS] }, em);
      return { organizationId: org.id, userId: user.id, apiKey: key.key };
    });
  }

  /**
   * The demo organization's id when this database holds the seeded demo (its name and its demo user),
   * else null. The served OpenAPI document offers it as the `orgId` example, so "Try it out" works as is.
   */
  async demoOrganizationId(): Promise<string | null> {
    if (!this.config.seedDemo || this.config.isProduction) return null;
    const rows: { id: string }[] = await this.dataSource.query(
      `SELECT o.id FROM organizations o JOIN users u ON u.organization_id = o.id
        WHERE o.name = $1 AND u.email = $2 ORDER BY o.created_at LIMIT 1`,
      [DEMO_ORGANIZATION, DEMO_USER_EMAIL],
    );
    return rows[0]?.id ?? null;
  }
}
