import { applyDecorators, SetMetadata } from '@nestjs/common';
import { ApiBearerAuth, ApiExtension, ApiForbiddenResponse, ApiTooManyRequestsResponse, ApiUnauthorizedResponse } from '@nestjs/swagger';
import { ErrorResponseDto, RateLimitResponseDto } from '../http/error-response.dto';
import type { ApiPermission } from './permissions';

export const ACCESS_KEY = 'wfp:access';
export const RATE_GROUP_KEY = 'wfp:rateGroup';
export const SCENARIO_MODE_KEY = 'wfp:scenarioMode';
export const SCENARIO_PATH_KEY = 'wfp:scenarioPath';
export const ACTING_USER_NEEDS_KEY = 'wfp:actingUserNeeds';

export type AccessRule =
  | { kind: 'public' }
  | { kind: 'admin' }
  | { kind: 'metrics' }
  | { kind: 'api'; permissions: ApiPermission[]; anyOf?: boolean; keyOrganization?: boolean };

/** No authentication (health, docs). */
export function Public(): MethodDecorator & ClassDecorator {
  return SetMetadata(ACCESS_KEY, { kind: 'public' } satisfies AccessRule);
}

/**
 * The metrics scrape (spec 05 §2.1): `Authorization: Bearer <METRICS_TOKEN>`; without METRICS_TOKEN the route does not
 * exist (404). A wrong token counts against the client's address like any failed credential (spec 03 §1.20).
 */
export function MetricsTokenRequired(): MethodDecorator & ClassDecorator {
  return SetMetadata(ACCESS_KEY, { kind: 'metrics' } satisfies AccessRule);
}

/** The application API: `Authorization: Bearer <ADMIN_TOKEN>`. */
export function AdminApi(): MethodDecorator & ClassDecorator {
  return applyDecorators(
    SetMetadata(ACCESS_KEY, { kind: 'admin' } satisfies AccessRule),
    ApiBearerAuth('admin-token'),
    ApiUnauthorizedResponse({ description: 'UNAUTHORIZED: missing or wrong admin token', type: ErrorResponseDto }),
  );
}

/**
 * The public API: an API key of the path's organization holding every listed permission
 * (each also held by the key's creator). Routes without a declaration are refused.
 */
export function RequirePermissions(...permissions: ApiPermission[]): MethodDecorator {
  return applyDecorators(
    SetMetadata(ACCESS_KEY, { kind: 'api', permissions } satisfies AccessRule),
    ApiExtension('x-required-permissions', { permissions }),
    ApiBearerAuth('api-key'),
    ApiUnauthorizedResponse({ description: 'UNAUTHORIZED: missing, malformed, unknown, revoked or expired key', type: ErrorResponseDto }),
    ApiForbiddenResponse({
      description: `FORBIDDEN: the key lacks ${permissions.join(' and ') || 'access'}${
        permissions.some((p) => p.endsWith('_edit'))
          ? " (or a permission the body's nested records need, such as reference_data_edit for a new nested jobRole)"
          : ''
      }, or orgId is not the key's organization`,
      type: ErrorResponseDto,
    }),
    ApiTooManyRequestsResponse({
      description: "too_many_requests: the key's rate limit is reached; see Retry-After",
      type: RateLimitResponseDto,
    }),
  );
}

/**
 * The public API: an API key of the path's organization holding at least one of the listed
 * permissions (the service then decides with the one held, e.g. share or manage a functional group).
 */
export function RequireAnyPermission(...permissions: ApiPermission[]): MethodDecorator {
  return applyDecorators(
    SetMetadata(ACCESS_KEY, { kind: 'api', permissions, anyOf: true } satisfies AccessRule),
    ApiExtension('x-required-permissions', { permissions, anyOf: true }),
    ApiBearerAuth('api-key'),
    ApiUnauthorizedResponse({ description: 'UNAUTHORIZED: missing, malformed, unknown, revoked or expired key', type: ErrorResponseDto }),
    ApiForbiddenResponse({
      description: `FORBIDDEN: the key lacks all of ${permissions.join(', ')}, the creator lacks the access, or orgId is not the key's organization`,
      type: ErrorResponseDto,
    }),
    ApiTooManyRequestsResponse({
      description: "too_many_requests: the key's rate limit is reached; see Retry-After",
      type: RateLimitResponseDto,
    }),
  );
}

/**
 * An API key only (no admin token), for a route outside `/api/v1/org/:orgId` whose organization is the
 * key's (the MCP endpoint, spec 04 §3): authentication and rate limit as the public API; the handler
 * checks permissions itself.
 */
export function RequireApiKey(): MethodDecorator & ClassDecorator {
  return SetMetadata(ACCESS_KEY, { kind: 'api', permissions: [], keyOrganization: true } satisfies AccessRule);
}

/**
 * An application API route that reads or writes records (spec 03 §1.17): the acting user (X-Acting-User) needs these
 * API permissions, as the same read or write needs them on the public API. The access guard checks them after the
 * scenario of `InScenarioPath` (404 first), with the one permission check (`requirePermissions`): 403 FORBIDDEN naming
 * what is missing, before the handler runs. The application itself (no X-Acting-User) holds every permission. What a
 * request needs beyond the route's own (nested records, `include`, the record types a merge changes) the services
 * decide with the same check on the same context.
 */
export function ActingUserNeeds(...permissions: ApiPermission[]): MethodDecorator & ClassDecorator {
  return applyDecorators(SetMetadata(ACTING_USER_NEEDS_KEY, permissions), ApiExtension('x-acting-user-permissions', permissions));
}

/** The rate-limit bucket of a route; routes without one share the `default` bucket. */
export function RateLimitGroup(group: 'default' | 'readings'): MethodDecorator & ClassDecorator {
  return SetMetadata(RATE_GROUP_KEY, group);
}

/**
 * How a route treats `?scenarioId=`: `read` (default for GET: read that plan; unknown: 404),
 * `reject` (default for writes: 501 NOT_IMPLEMENTED), `ignore` (live only), `write` (act on the open scenario).
 */
export type ScenarioMode = 'read' | 'reject' | 'ignore' | 'write';

export function ScenarioScope(mode: ScenarioMode): MethodDecorator & ClassDecorator {
  // The document lists the answer the mode gives to an unknown or refused scenarioId (src/openapi/rule-responses.ts).
  return applyDecorators(SetMetadata(SCENARIO_MODE_KEY, mode), ApiExtension('x-scenario-mode', mode));
}

/**
 * An application route inside the scenario its `:scenarioId` path parameter names: before the handler runs, the
 * scenario is checked for `need` by the scenario access rule (unknown or unreadable: 404; `write`: 403
 * PLAN_NOT_EDITABLE unless it is OPEN and the acting user may write to it), and the request's context is the
 * scenario's plan.
 */
export function InScenarioPath(need: 'read' | 'write'): MethodDecorator {
  return SetMetadata(SCENARIO_PATH_KEY, need);
}
