import { createParamDecorator, ExecutionContext } from '@nestjs/common';
import type { Request } from 'express';
import { API_PERMISSIONS, expandUserPermissions, type ApiPermission } from './permissions';

/** Who made a change, as record_changes and webhook initiators name it. */
export type ActorType = 'user' | 'api_key' | 'merge' | 'system';

export interface Actor {
  type: ActorType;
  /** API key id for `api_key`; user id for `user` and `merge`. */
  id: string;
  email?: string;
}

/**
 * Who is asking, for which organization and plan. Built by the guard; services take it as their first
 * argument and never read the tenant from a body.
 */
export interface RequestContext {
  organizationId: string;
  /** The plan the request reads or writes: the live plan, or the scenario named by scenarioId. */
  planId: string;
  livePlanId: string;
  scenarioId: string | null;
  actor: Actor;
  /** For API keys: the key's permissions narrowed to its creator's. */
  permissions: ReadonlySet<ApiPermission>;
  /** The creator's application capabilities (`*` expanded), or everything for the application API. */
  capabilities: ReadonlySet<string>;
  /** The user behind the request (key creator or acting user), when there is one. */
  userId: string | null;
}

/**
 * The context of the application API (the admin token) in an organization's live plan: every permission and
 * capability, acting as the application or, with X-Acting-User, as that user.
 */
export function applicationContext(
  organizationId: string,
  livePlanId: string,
  acting: { id: string; email: string } | null = null,
): RequestContext {
  return {
    organizationId,
    livePlanId,
    planId: livePlanId,
    scenarioId: null,
    actor: acting ? { type: 'user', id: acting.id, email: acting.email } : { type: 'system', id: 'application' },
    permissions: new Set(API_PERMISSIONS),
    capabilities: expandUserPermissions(['*']),
    userId: acting?.id ?? null,
  };
}

export interface ContextRequest extends Request {
  ctx?: RequestContext;
  requestId?: string;
}

/** Injects the request context built by the guard. */
export const Ctx = createParamDecorator((_data: unknown, host: ExecutionContext): RequestContext => {
  const req = host.switchToHttp().getRequest<ContextRequest>();
  if (!req.ctx) throw new Error('Request context missing: the route is not behind the access guard');
  return req.ctx;
});
