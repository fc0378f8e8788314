import { randomUUID } from 'node:crypto';
import type { NextFunction, Request, Response } from 'express';
import type { ContextRequest } from '../auth/request-context';
import { logger } from './json-logger';

const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/**
 * Query parameters whose values are logged as sent: paging, sorting, days, ids and switches, nothing a
 * person typed about a person. Every other parameter (search, email, names, anything key-, secret- or
 * token-like, and any name we do not know) is logged by name with its value `[REDACTED]`.
 */
const PLAIN_QUERY_PARAMS = new Set([
  'page',
  'limit',
  'offset',
  'sortBy',
  'sortDir',
  'include',
  'asOf',
  'rootsOnly',
  'parentId',
  'scenarioId',
  'sourceId',
  'status',
  'from',
  'to',
  'date',
  'amount',
]);
export const REDACTED = '[REDACTED]';

/** Where a request went, safe to log: the route template (`/api/v1/org/:orgId/employees/:id`) and the query with values redacted. */
export interface LoggedTarget {
  /** The matched route's template; the path without its query when no route matched. */
  path: string;
  /** Query parameter names with their values (only those of PLAIN_QUERY_PARAMS) or `[REDACTED]`; absent without a query. */
  query?: Record<string, string | string[]>;
}

/** The matched route's template (`/api/v1/org/:orgId/employees/:id`); null when no route matched (yet). */
export function routeTemplate(req: Request): string | null {
  const route = (req as { route?: { path?: unknown } }).route;
  return typeof route?.path === 'string' ? `${req.baseUrl ?? ''}${route.path}` : null;
}

/**
 * A query string's parameters as logs and traces may show them, in order: the value of those of PLAIN_QUERY_PARAMS,
 * `[REDACTED]` for every other (the one redaction list of the request log and of the HTTP server spans).
 */
export function redactedQuery(raw: string): [name: string, shown: string][] {
  return [...new URLSearchParams(raw)].map(([name, value]) => [name, PLAIN_QUERY_PARAMS.has(name) ? value : REDACTED]);
}

export function loggedTarget(req: Request): LoggedTarget {
  const path = routeTemplate(req) ?? (req.originalUrl ?? req.url).split('?')[0];
  const raw = (req.originalUrl ?? req.url).split('?').slice(1).join('?');
  if (!raw) return { path };
  const query: Record<string, string | string[]> = {};
  for (const [name, shown] of redactedQuery(raw)) {
    const before = query[name];
    query[name] = before === undefined ? shown : [...(Array.isArray(before) ? before : [before]), shown];
  }
  return { path, query };
}

const QUIET = Symbol('quiet request');

/**
 * Marks a request the service sends to itself in bulk (the demo's writes, on their own loopback server): no log line
 * of its own; the sender logs one summary. A property of the request object, never a header a client could send.
 */
export function markQuiet(req: object): void {
  (req as { [QUIET]?: boolean })[QUIET] = true;
}

/** Request id (accepted from X-Request-Id or made), echoed back, and one structured log line per request (at `info`). */
export function requestLog(req: ContextRequest, res: Response, next: NextFunction): void {
  const given = req.headers['x-request-id'];
  const requestId = typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
  req.requestId = requestId;
  req.headers['x-request-id'] = requestId;
  res.setHeader('X-Request-Id', requestId);
  if (!logger.enabled('info') || (req as { [QUIET]?: boolean })[QUIET]) return next();
  const started = process.hrtime.bigint();
  // Read now, inside the request's trace: 'finish' may fire outside it.
  const traceId = logger.traceId();
  res.on('finish', () => {
    logger.write('info', 'request', {
      requestId,
      traceId,
      method: req.method,
      ...loggedTarget(req),
      status: res.statusCode,
      durationMs: Number(process.hrtime.bigint() - started) / 1e6,
      organizationId: req.ctx?.organizationId,
      actor: req.ctx ? `${req.ctx.actor.type}:${req.ctx.actor.id}` : undefined,
    });
  });
  next();
}
