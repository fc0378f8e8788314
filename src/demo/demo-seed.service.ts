import { createServer, IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Inject, Injectable } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import { UnitOfWork } from '../database/unit-of-work';
import { logger } from '../common/logging/json-logger';
import { markQuiet } from '../common/logging/request-log';
import { API_PERMISSIONS } from '../common/auth/permissions';
import { applicationContext } from '../common/auth/request-context';
import { EXAMPLE_ID, demoId } from '../common/http/examples';
import { withFixedIds } from '../common/ids';
import { ApiKeysService } from '../access/api-keys.service';
import { AdminTokenService } from '../access/admin-token.service';
import { APP_CONFIG, AppConfig } from '../config/app-config';
import { OrganizationsRepository } from '../organizations/organizations.repository';
import { OrganizationsService } from '../organizations/organizations.service';
import { UsersService } from '../organizations/users.service';
import { ResourceCatalog, type ResourceDemo } from '../crud/resources';
import { DemoStep } from './demo-data';
import { demoSteps } from './demo-steps';

const DEMO_ORGANIZATION = 'Demo Organization';
const DEMO_USER_EMAIL = 'demo@example.com';

export interface DemoSeed {
  organizationId: string;
  userId: string;
  apiKey: string;
}

/**
 * The demo organization (README, "Demo data"): a company of about 70 people with its teams, projects,
 * vacancies, pay, exchange rates, functional structure, a scenario and a business metric, every record
 * with a fixed id. Written through the app's own API, so it holds to every rule a client meets.
 * On the embedded database it is made at the first start (DEMO=off or SEED_DEMO=false: never);
 * on PostgreSQL only by `npm run demo`. Never with NODE_ENV=production.
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
    private readonly adminToken: AdminTokenService,
    private readonly http: HttpAdapterHost,
    private readonly catalog: ResourceCatalog,
  ) {}

  /** At start: the demo on an empty embedded database, unless turned off. */
  async seedIfEmpty(embedded: boolean): Promise<DemoSeed | null> {
    if (!embedded || !this.config.seedDemo || this.config.isProduction) return null;
    return this.seed(true);
  }

  /**
   * Writes the demo organization and returns its key; null when it cannot be made: `onlyIfEmpty` and the
   * database holds an organization, or the demo organization exists already.
   */
  async seed(onlyIfEmpty: boolean): Promise<DemoSeed | null> {
    if (this.config.isProduction) return null;
    return withFixedIds('cdemoz', async (next) => {
      const created = await this.createOrganization(onlyIfEmpty, next);
      if (!created) return null;
      await this.writeRecords(created, next);
      return created;
    });
  }

  private createOrganization(onlyIfEmpty: boolean, next: (...ids: string[]) => void): Promise<DemoSeed | null> {
    return this.uow.runUnscoped(async (em) => {
      // Serialises two racing first starts on one database; the loser sees the organization.
      const count = await this.repository.lockAndCount(em);
      if (onlyIfEmpty ? count > 0 : await this.repository.exists(em, EXAMPLE_ID.organization)) return null;
      next(EXAMPLE_ID.organization);
      const org = await this.organizations.create({ name: DEMO_ORGANIZATION, reportingCurrency: 'USD', functionalGroupsEnabled: true }, em);
      const scope = { ctx: applicationContext(org.id, (await this.repository.livePlanId({ organizationId: org.id, em }))!), em };
      next(EXAMPLE_ID.user);
      const user = await this.users.create(scope, { email: DEMO_USER_EMAIL, name: 'Demo Admin', permissions: ['*'], active: true });
      next(demoId('key', 1));
      const key = await this.keys.create(scope, user.id, { name: 'Demo key', permissions: [...API_PERMISSIONS] });
      next(demoId('user', 2));
      await this.users.create(scope, { email: 'planner@example.com', name: 'Demo Planner', permissions: ['*'], active: true });
      // A key made for the DELETE example of API keys to revoke.
      next(demoId('key', 99));
      await this.keys.create(scope, user.id, { name: 'Old integration key', permissions: ['employees_view'] });
      // The approver of the demo's approval policy (the example of a decision acts as this user).
      next(demoId('user', 3));
      await this.users.create(scope, {
        email: 'approver@example.com',
        name: 'Demo Approver',
        permissions: ['forecasts_view', 'financials_view_summary', 'view_costs', 'approve_scenarios'],
        active: true,
      });
      return { organizationId: org.id, userId: user.id, apiKey: key.key };
    });
  }

  /**
   * Sends the demo's writes to the app on a private loopback port, one at a time, each with its fixed ids; quietly
   * (no request log line each), then one summary line.
   */
  private async writeRecords(demo: DemoSeed, next: (...ids: string[]) => void): Promise<void> {
    const app = this.http.httpAdapter.getInstance<(req: IncomingMessage, res: ServerResponse) => void>();
    const server: Server = createServer((req, res) => {
      markQuiet(req);
      app(req, res);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const started = Date.now();
    try {
      const steps = demoSteps(this.moduleResources());
      for (const step of steps) {
        next(...step.ids);
        await this.send(base, demo, step);
      }
      logger.write('info', 'demo organization written', {
        organizationId: demo.organizationId,
        writes: steps.length,
        durationMs: Date.now() - started,
      });
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  }

  /** The modules' resources with demo records, and the record types of each that carry custom attributes. */
  private moduleResources(): { demo: ResourceDemo; customAttributeTypes: readonly string[] }[] {
    return this.catalog
      .declarations()
      .flatMap(({ demo, vocabulary }) => (demo ? [{ demo, customAttributeTypes: vocabulary?.customAttributeRecordTypes ?? [] }] : []));
  }

  private async send(base: string, demo: DemoSeed, step: DemoStep): Promise<void> {
    const prefix = step.admin ? `/admin/v1/organizations/${demo.organizationId}` : `/api/v1/org/${demo.organizationId}`;
    const token = step.admin ? this.adminToken.token : demo.apiKey;
    const res = await fetch(`${base}${prefix}${step.path}`, {
      method: step.method,
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': 'application/json',
        ...(step.admin ? { 'x-acting-user': demo.userId } : {}),
      },
      body: JSON.stringify(step.body),
    });
    const text = await res.text();
    if (!res.ok) throw new Error(`demo seed: ${step.method} ${step.path} answered ${res.status}: ${text.slice(0, 500)}`);
  }

  /**
   * The demo organization's id when this database holds the seeded demo (its name and its demo user),
   * else null. The served OpenAPI document offers it as the `orgId` example, so "Try it out" works as is.
   */
  async demoOrganizationId(): Promise<string | null> {
    if (this.config.isProduction) return null;
    return this.repository.organizationWithUser(this.uow.manager, DEMO_ORGANIZATION, DEMO_USER_EMAIL);
  }
}
