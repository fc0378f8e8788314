import type { Type } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import request from 'supertest';
import type { App } from 'supertest/types';
import { createApp, RunningApp } from '../../src/app.factory';
import { loadConfig, MEMORY_DATA_DIR } from '../../src/config/app-config';
import { API_PERMISSIONS } from '../../src/common/auth/permissions';
import type { RequestContext } from '../../src/common/auth/request-context';
import { DataSource } from 'typeorm';
import { embeddedImage } from './embedded-image';
import { Fixtures, fixtures } from './fixtures';
import { ResponseContract, watchResponses } from './openapi-contract';

export type Method = 'get' | 'post' | 'patch' | 'put' | 'delete';

/** One tenant made through the application API: an organization, a user and an API key. */
export interface Tenant {
  orgId: string;
  userId: string;
  userEmail: string;
  key: string;
  keyId: string;
  /** A request to `/api/v1/org/<orgId><path>` with the tenant's key. */
  api(method: Method, path: string): request.Test;
  /** Typed records with complete valid bodies: `tenant.create.employee({ ... })` (fixtures.ts). */
  create: Fixtures;
}

export interface TenantOptions {
  keyPermissions?: string[];
  userPermissions?: string[];
  functionalGroupsEnabled?: boolean;
  reportingCurrency?: string;
}

let tenantCounter = 0;

/**
 * The real app on a real database: an in-memory embedded PostgreSQL by default (a copy of the run's migrated one:
 * embedded-image.ts), the PostgreSQL of DATABASE_URL when set. Each test file starts one; each test makes its own
 * organizations.
 */
export class TestApp {
  private constructor(readonly running: RunningApp) {}

  /** `contract`: the document answers are checked against (openapi-contract.ts); the committed openapi.json by default. */
  static async start(env: Record<string, string> = {}, contract?: ResponseContract): Promise<TestApp> {
    const config = loadConfig({
      ...process.env,
      NODE_ENV: 'test',
      DATA_DIR: 'memory://',
      SEED_DEMO: 'false',
      LOG_LEVEL: process.env.LOG_LEVEL ?? 'silent',
      // A token of its own per app: production refuses the tokens this repository publishes (spec 03 §1.19).
      ADMIN_TOKEN: randomBytes(32).toString('hex'),
      // Every test app of every test process talks from 127.0.0.1, and with REDIS_URL they share its counters: one
      // file's 401s must not become another's 429s. The files that test the limit set their own.
      AUTH_FAILURE_LIMIT_PER_MINUTE: '10000000',
      // On a shared database a scheduler claims every file's due PULL hooks: the files that test the schedule tick.
      INTEGRATION_PULL_TICK_MS: '3600000',
      ...env,
    });
    const inMemory = !config.databaseUrl && config.dataDir === MEMORY_DATA_DIR;
    // Runs on a configured database skip `*.embedded.e2e-spec.ts` (jest.config.js): each app of such a file names its
    // database (DATABASE_URL: '' for the embedded one), so that none silently takes the run's and loses its other runs.
    if (!('DATABASE_URL' in env) && /\.embedded\.e2e-spec\.ts$/.test(expect.getState().testPath ?? '')) {
      throw new Error(
        `${expect.getState().testPath} is skipped on configured databases: pass DATABASE_URL: '' (or another) to TestApp.start`,
      );
    }
    const running = await createApp(config, { embeddedImage: inMemory ? embeddedImage() : undefined });
    watchResponses(running.app.getHttpServer(), contract);
    return new TestApp(running);
  }

  get server(): App {
    return this.running.app.getHttpServer();
  }

  get dataSource(): DataSource {
    return this.running.app.get(DataSource);
  }

  get<T>(token: Type<T> | string | symbol): T {
    return this.running.app.get<T>(token);
  }

  http(): ReturnType<typeof request> {
    return request(this.server);
  }

  /** A request to `/admin/v1<path>` with the admin token. */
  admin(method: Method, path: string, actingUser?: string): request.Test {
    const req = request(this.server)[method](`/admin/v1${path}`).set('Authorization', `Bearer ${this.running.adminToken}`);
    return actingUser ? req.set('X-Acting-User', actingUser) : req;
  }

  async createTenant(options: TenantOptions = {}): Promise<Tenant> {
    const n = ++tenantCounter;
    const org = await this.admin('post', '/organizations')
      .send({
        name: `Test org ${n} ${process.pid}`,
        functionalGroupsEnabled: options.functionalGroupsEnabled ?? true,
        reportingCurrency: options.reportingCurrency ?? 'USD',
      })
      .expect(201);
    const orgId: string = org.body.data.id;
    const userEmail = `user${n}.${process.pid}@example.com`;
    const user = await this.admin('post', `/organizations/${orgId}/users`)
      .send({ email: userEmail, name: `User ${n}`, permissions: options.userPermissions ?? ['*'] })
      .expect(201);
    const key = await this.admin('post', `/organizations/${orgId}/users/${user.body.data.id}/api-keys`)
      .send({ name: 'test key', permissions: options.keyPermissions ?? [...API_PERMISSIONS] })
      .expect(201);
    const server = this.server;
    const secret: string = key.body.data.key;
    const api = (method: Method, path: string) =>
      request(server)[method](`/api/v1/org/${orgId}${path}`).set('Authorization', `Bearer ${secret}`);
    return { orgId, userId: user.body.data.id, userEmail, key: secret, keyId: key.body.data.id, api, create: fixtures(api) };
  }

  /** The tenant as seen through another of its keys (requests and fixtures carry `key`); `who` names that key's user. */
  asKey(tenant: Tenant, key: string, who: Partial<Pick<Tenant, 'userId' | 'userEmail' | 'keyId'>> = {}): Tenant {
    const server = this.server;
    const api = (method: Method, path: string) =>
      request(server)[method](`/api/v1/org/${tenant.orgId}${path}`).set('Authorization', `Bearer ${key}`);
    return { ...tenant, ...who, key, api, create: fixtures(api) };
  }

  /** Another key for an existing tenant user. */
  async createKey(tenant: Tenant, permissions: string[], extra: Record<string, unknown> = {}): Promise<{ key: string; id: string }> {
    const res = await this.admin('post', `/organizations/${tenant.orgId}/users/${tenant.userId}/api-keys`)
      .send({ name: 'extra key', permissions, ...extra })
      .expect(201);
    return { key: res.body.data.key, id: res.body.data.id };
  }

  /**
   * The request context of the tenant's key on its live plan, every API permission and `view_costs`: for
   * tests that call a service or repository directly (as a request by that key would).
   */
  async liveContext(tenant: Tenant): Promise<RequestContext> {
    const [plan] = (await this.dataSource.query(`SELECT id FROM plans WHERE organization_id = $1 AND kind = 'LIVE'`, [tenant.orgId])) as {
      id: string;
    }[];
    return {
      organizationId: tenant.orgId,
      planId: plan.id,
      livePlanId: plan.id,
      scenarioId: null,
      actor: { type: 'api_key', id: tenant.keyId },
      permissions: new Set(API_PERMISSIONS),
      capabilities: new Set(['view_costs']),
      userId: tenant.userId,
    };
  }

  async close(): Promise<void> {
    await this.running.close();
  }
}

/** Whether the suite runs on a PostgreSQL server (DATABASE_URL) rather than the embedded database. */
export const onPostgresServer = Boolean(process.env.DATABASE_URL);
