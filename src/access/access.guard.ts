import { CanActivate, ExecutionContext, Inject, Injectable } from '@nestjs/common';
import { createHash, timingSafeEqual } from 'node:crypto';
import { Reflector } from '@nestjs/core';
import type { Response } from 'express';
import { DataSource } from 'typeorm';
import { APP_CONFIG, AppConfig } from '../config/app-config';
import { DomainError, RateLimitedError } from '../common/errors/domain-error';
import { OrganizationsRepository } from '../organizations/organizations.repository';
import { VerifiedKeys } from './verified-keys';
import {
  ACCESS_KEY,
  ACTING_USER_NEEDS_KEY,
  AccessRule,
  RATE_GROUP_KEY,
  SCENARIO_MODE_KEY,
  SCENARIO_PATH_KEY,
  ScenarioMode,
} from '../common/auth/access.decorators';
import { AdminTokenService } from './admin-token.service';
import { RateLimiter } from './rate-limiter';
import { AuthFailures, clientOf } from './auth-failures';
import { Actor, ActingUser, applicationContext, ContextRequest, RequestContext } from '../common/auth/request-context';
import { API_KEY_PATTERN } from './secrets';
import { requirePermissions, type ApiPermission } from '../common/auth/permissions';
import { scenarioFor, type ScenarioNeed } from './scenario-access';

/**
 * The one guard, deny by default: every route declares @Public, @AdminApi or @RequirePermissions.
 * For API keys it authenticates, checks the organization and the permissions (key ∩ creator),
 * applies the rate limit and resolves `scenarioId`, leaving a RequestContext on the request. For the admin token
 * it leaves the application's context (every permission) or, with X-Acting-User, that user's (their own permissions),
 * resolves `InScenarioPath` and checks the route's `ActingUserNeeds` against it.
 */
@Injectable()
export class AccessGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly dataSource: DataSource,
    private readonly verifiedKeys: VerifiedKeys,
    private readonly organizations: OrganizationsRepository,
    private readonly adminToken: AdminTokenService,
    private readonly rateLimiter: RateLimiter,
    private readonly authFailures: AuthFailures,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.metricsDigest = config.metricsToken === null ? null : sha256(config.metricsToken);
  }

  /** The SHA-256 of METRICS_TOKEN (compared in constant time), or null: no metrics. */
  private readonly metricsDigest: Buffer | null;

  async canActivate(context: ExecutionContext): Promise<boolean> {
    if (context.getType() !== 'http') return false;
    const targets = [context.getHandler(), context.getClass()];
    const rule = this.reflector.getAllAndOverride<AccessRule | undefined>(ACCESS_KEY, targets);
    const req = context.switchToHttp().getRequest<ContextRequest>();
    const res = context.switchToHttp().getResponse<Response>();
    if (!rule) throw DomainError.forbidden('This route declares no access rule');
    switch (rule.kind) {
      case 'public':
        return true;
      case 'metrics':
        await this.authenticated(req, () => this.metricsToken(req));
        return true;
      case 'admin': {
        await this.authenticated(req, () => this.admin(req));
        if (!req.ctx) return true;
        // Spec 03 §1.17: the scenario first (404, 403 PLAN_NOT_EDITABLE), then the acting user's own permissions (403).
        const need = this.reflector.getAllAndOverride<'read' | 'write' | undefined>(SCENARIO_PATH_KEY, targets);
        if (need) req.ctx = await inScenario(this.dataSource, req.ctx, String(req.params.scenarioId), need);
        requirePermissions(req.ctx, this.reflector.getAllAndOverride<ApiPermission[] | undefined>(ACTING_USER_NEEDS_KEY, targets) ?? []);
        return true;
      }
      case 'api': {
        const mode = this.reflector.getAllAndOverride<ScenarioMode | undefined>(SCENARIO_MODE_KEY, targets);
        const group = this.reflector.getAllAndOverride<string | undefined>(RATE_GROUP_KEY, targets) ?? 'default';
        await this.authenticated(req, () => this.apiKey(req, res, rule, mode ?? (req.method === 'GET' ? 'read' : 'reject'), group));
        return true;
      }
    }
  }

  /**
   * Runs `check` (the credentials) and counts its 401 against the client's limit of unauthenticated requests: the 401
   * that goes over the limit, and every one after it in the window, is answered 429. Credentials that verify pass
   * whatever the address's count (spec 03 §1.20): one client's failures never lock out a valid key or token from the
   * same address (a proxy, an office). Secrets that matched no key are remembered (`VerifiedKeys`), so a repeated
   * guess costs no look-up.
   */
  private async authenticated(req: ContextRequest, check: () => Promise<void>): Promise<void> {
    try {
      await check();
    } catch (error) {
      if (error instanceof DomainError && error.code === 'UNAUTHORIZED') {
        const client = clientOf(req);
        this.authFailures.assertAllowed(client);
        const refused = await this.authFailures.count(client);
        if (refused) throw refused;
      }
      throw error;
    }
  }

  /** `GET /metrics`: 404 without METRICS_TOKEN (the route does not exist), 401 for a missing or wrong token. */
  private metricsToken(req: ContextRequest): Promise<void> {
    if (!this.metricsDigest) throw new DomainError('NOT_FOUND', `No route ${req.method} ${req.path}`);
    const token = bearer(req);
    if (!token || !timingSafeEqual(sha256(token), this.metricsDigest)) throw DomainError.unauthorized('Missing or wrong metrics token');
    return Promise.resolve();
  }

  private async apiKey(
    req: ContextRequest,
    res: Response,
    rule: Extract<AccessRule, { kind: 'api' }>,
    mode: ScenarioMode,
    group: string,
  ): Promise<void> {
    const key = bearer(req);
    if (!key || !API_KEY_PATTERN.test(key)) throw DomainError.unauthorized();
    const verified = await this.verifiedKeys.verify(key);
    if (!verified) throw DomainError.unauthorized();
    const { row, permissions } = verified;
    if (row.revoked_at) throw DomainError.unauthorized('The API key has been revoked');
    if (row.expires_at && row.expires_at.getTime() <= Date.now()) throw DomainError.unauthorized('The API key has expired');
    if (!row.user_active || row.user_org !== row.organization_id) {
      throw DomainError.unauthorized("The API key's creator is no longer an active user of the organization");
    }

    const decision = await this.rateLimiter.hit(group, row.id);
    res.setHeader('RateLimit-Limit', String(decision.limit));
    res.setHeader('RateLimit-Remaining', String(decision.remaining));
    res.setHeader('RateLimit-Reset', String(decision.resetSeconds));
    if (!decision.allowed) throw new RateLimitedError(decision.retryAfterSeconds);

    if (!rule.keyOrganization && req.params.orgId !== row.organization_id)
      throw DomainError.forbidden("The orgId is not the API key's organization");
    if (rule.anyOf) {
      if (!rule.permissions.some((p) => permissions.has(p)))
        throw DomainError.forbidden(`The API key needs one of the permissions ${rule.permissions.join(', ')}`);
    } else {
      requirePermissions({ permissions }, rule.permissions);
    }

    const actor: Actor = { type: 'api_key', id: row.id };
    const ctx: RequestContext = {
      organizationId: row.organization_id,
      livePlanId: verified.livePlanId,
      planId: verified.livePlanId,
      scenarioId: null,
      actor,
      permissions,
      capabilities: verified.capabilities,
      userId: row.user_id,
    };
    await this.applyScenario(req, ctx, mode);
    req.ctx = ctx;
  }

  private async applyScenario(req: ContextRequest, ctx: RequestContext, mode: ScenarioMode): Promise<void> {
    const raw = req.query.scenarioId;
    if (raw === undefined || mode === 'ignore') return;
    if (mode === 'reject') {
      throw new DomainError('NOT_IMPLEMENTED', 'Creates, updates, deletes and fills are not available in scenarios (scenarioId)');
    }
    Object.assign(ctx, await inScenario(this.dataSource, ctx, typeof raw === 'string' ? raw : '', mode));
  }

  private async admin(req: ContextRequest): Promise<void> {
    const token = bearer(req);
    if (!token || !this.adminToken.matches(token)) throw DomainError.unauthorized('Missing or wrong admin token');
    const orgId = typeof req.params.orgId === 'string' ? req.params.orgId : undefined;
    const acting = req.headers['x-acting-user'];
    if (!orgId) {
      if (acting !== undefined) throw DomainError.forbidden('X-Acting-User names a user of an organization; this route belongs to none');
      return;
    }
    const scope = { organizationId: orgId, em: this.dataSource.manager };
    const livePlanId = await this.organizations.livePlanId(scope);
    if (!livePlanId) throw DomainError.notFound('Organization', orgId);
    let user: ActingUser | null = null;
    if (acting !== undefined) {
      // Spec 03 §1 item 14: only an active user of the organization acts, also on themself (403, nothing written).
      const found = await this.organizations.user(scope, String(acting));
      if (!found?.active) throw DomainError.forbidden('X-Acting-User must name an active user of the organization');
      // Spec 03 §1.17: with their own permissions and capabilities.
      user = { id: found.id, email: found.email, permissions: found.permissions };
    }
    req.ctx = applicationContext(orgId, livePlanId, user);
  }
}

function sha256(value: string): Buffer {
  return createHash('sha256').update(value).digest();
}

function bearer(req: ContextRequest): string | null {
  const header = req.headers.authorization;
  if (!header) return null;
  const match = /^Bearer ([^\s]+)$/i.exec(header.trim());
  return match ? match[1] : null;
}

/**
 * The context of a request that names a scenario (`scenarioId`), checked for what it needs by the one scenario
 * access rule (`scenarioFor`, scenario-access.ts): unknown or unreadable 404, not writable 403 PLAN_NOT_EDITABLE.
 * Used by the guard for `?scenarioId=`, by the assistant tools that take a scenarioId argument and by the
 * application API's scenario routes.
 */
export async function inScenario(
  dataSource: DataSource,
  ctx: RequestContext,
  scenarioId: string,
  need: ScenarioNeed,
): Promise<RequestContext> {
  const plan = await scenarioFor(dataSource.manager, ctx, scenarioId, need);
  return { ...ctx, planId: plan.id, scenarioId: plan.id };
}
