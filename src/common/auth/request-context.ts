import { createParamDecorator, ExecutionContext } from '@nestjs/common';
import type { Request } from 'express';
import { API_PERMISSIONS, expandUserPermissions, userApiPermissions, type ApiPermission } from './permissions';

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
  /**
   * The API permissions the request acts with: an API key's narrowed to its creator's, an acting user's own, every
   * one for the application itself (the admin token without X-Acting-User).
   */
  permissions: ReadonlySet<ApiPermission>;
  /** The user's application capabilities (`*` expanded): the key's creator's, the acting user's, or every one for the application itself. */
  capabilities: ReadonlySet<string>;
  /** The user behind the request (key creator or acting user), when there is one. */
  userId: string | null;
}

/** The user behind an application API request (X-Acting-User), with the rights granted to them. */
export interface ActingUser {
  id: string;
  email: string;
  /** The user's grant: API permission names, capabilities, or `*`. */
  permissions: readonly string[];
}

/**
 * The context of the application API (the admin token) in an organization's live plan. Without X-Acting-User the
 * application itself acts, with every permission and capability; with it, that user acts with their own API
 * permissions and capabilities (spec 03 §1.17: no actor borrows rights), so every check the public API makes of a
 * key applies to them as well.
 */
export function applicationContext(organizationId: string, livePlanId: string, acting: ActingUser | null = null): RequestContext {
  return {
    organizationId,
    livePlanId,
    planId: livePlanId,
    scenarioId: null,
    actor: acting ? { type: 'user', id: acting.id, email: acting.email } : { type: 'system', id: 'application' },
    permissions: acting ? userApiPermissions(acting.permissions) : new Set(API_PERMISSIONS),
    capabilities: expandUserPermissions(acting ? acting.permissions : ['*']),
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
