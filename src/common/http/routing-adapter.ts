import { ExpressAdapter } from '@nestjs/platform-express';
import { Router, type NextFunction, type Request, type RequestHandler, type Response } from 'express';

type RouteMethod = 'get' | 'post' | 'put' | 'patch' | 'delete' | 'head' | 'options' | 'all';

/**
 * Nest's Express adapter with the public API's routes kept in one Express router per resource. Express walks
 * its routes in the order they were added until one matches: with ~200 routes, a public read such as
 * `GET /api/v1/org/:orgId/employees/:id` (the 120th) tried a hundred path patterns first (~7% of the service's
 * CPU for that read, bench/RESULTS.md "Framework overhead"). Here every route under `/api/v1/org/:orgId/<resource>`
 * goes into that resource's router, with its full path, in the order Nest adds it; one middleware, where the
 * first of them would have been, hands a request to its resource's router by that path segment (a Map look-up)
 * and goes on to the next layer when that router has no match, as Express would. Every other route (admin API,
 * health, docs) stays on the app. Routes of different resources can never match one request (they differ in a
 * literal segment), so the order that matters, within a resource, is kept; paths are matched as Express does
 * (case-insensitive, trailing slash allowed), `req.baseUrl` stays '' and `req.route.path` the full template.
 */
export class RoutingExpressAdapter extends ExpressAdapter {
  private readonly resources = new Map<string, Router>();
  private dispatching = false;

  override get(...args: unknown[]): unknown {
    return this.route('get', args);
  }
  override post(...args: unknown[]): unknown {
    return this.route('post', args);
  }
  override put(...args: unknown[]): unknown {
    return this.route('put', args);
  }
  override patch(...args: unknown[]): unknown {
    return this.route('patch', args);
  }
  override delete(...args: unknown[]): unknown {
    return this.route('delete', args);
  }
  override head(...args: unknown[]): unknown {
    return this.route('head', args);
  }
  override options(...args: unknown[]): unknown {
    return this.route('options', args);
  }
  override all(...args: unknown[]): unknown {
    return this.route('all', args);
  }

  private route(method: RouteMethod, args: unknown[]): unknown {
    if (typeof args[0] === 'string' && args.length >= 2 && method !== 'all') routesOf(this.getInstance()).push(routeOf(method, args[0]));
    const key = args.length >= 2 ? resourceOfRoute(args[0]) : null;
    const app = this.getInstance<Record<RouteMethod, (...a: unknown[]) => unknown> & { use(handler: RequestHandler): void }>();
    if (key === null) return app[method](...args);
    let router = this.resources.get(key);
    if (!router) this.resources.set(key, (router = Router()));
    if (!this.dispatching) {
      app.use(this.dispatch);
      this.dispatching = true;
    }
    return (router[method] as (...a: unknown[]) => unknown)(...args);
  }

  private readonly dispatch = (req: Request, res: Response, next: NextFunction): void => {
    const key = resourceOfRequest(req.path);
    const router = key === null ? undefined : this.resources.get(key);
    if (router) router(req, res, next);
    else next();
  };
}

const PUBLIC_PREFIX = ['', 'api', 'v1', 'org'];
const LITERAL = /^[A-Za-z0-9_-]+$/;

/** The resource segment of a public route's path (`/api/v1/org/:orgId/<resource>...`), lower case; null for any other. */
export function resourceOfRoute(path: unknown): string | null {
  if (typeof path !== 'string') return null;
  const segments = path.split('/', 6);
  if (segments.length < 6 || PUBLIC_PREFIX.some((part, i) => segments[i] !== part)) return null;
  if (!/^:\w+$/.test(segments[4]) || !LITERAL.test(segments[5])) return null;
  return segments[5].toLowerCase();
}

/** The resource segment of a request path under `/api/v1/org/<id>/` (compared without case, as Express does); else null. */
export function resourceOfRequest(path: string): string | null {
  const segments = path.split('/', 6);
  if (segments.length < 6 || PUBLIC_PREFIX.some((part, i) => segments[i].toLowerCase() !== part) || !segments[4]) return null;
  return segments[5].toLowerCase();
}

/** A route's method and its path as a pattern (`:name` is one segment; case-insensitive, trailing slash allowed, as Express matches). */
interface KnownRoute {
  method: string;
  path: string;
  pattern: RegExp;
}

const ROUTES = new WeakMap<object, KnownRoute[]>();

function routesOf(app: object): KnownRoute[] {
  let routes = ROUTES.get(app);
  if (!routes) ROUTES.set(app, (routes = []));
  return routes;
}

function routeOf(method: RouteMethod, path: string): KnownRoute {
  const source = path
    .split('/')
    .map((segment) => (/^:\w+$/.test(segment) ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('/');
  return { method: method.toUpperCase(), path, pattern: new RegExp(`^${source}/?$`, 'i') };
}

/**
 * Routes that can never be reached because an earlier route of the same method matches their path (`POST
 * /teams/:id/x` before `POST /teams/bulk/x`, or `GET /teams/:id` before `GET /teams/summary`): Express hands a
 * request to the first match. Pairs of [earlier, shadowed] as `METHOD path`; the route factories add fixed
 * paths before parametric ones (`recordControllers`), and a test keeps this empty.
 */
export function shadowedRoutes(app: object): [string, string][] {
  const routes = ROUTES.get(app) ?? [];
  const out: [string, string][] = [];
  const same = (a: string, b: string) => a.replace(/\/$/, '') === b.replace(/\/$/, '');
  routes.forEach((later, j) => {
    const earlier = routes.slice(0, j).find((r) => r.method === later.method && !same(r.path, later.path) && r.pattern.test(later.path));
    if (earlier) out.push([`${earlier.method} ${earlier.path}`, `${later.method} ${later.path}`]);
  });
  return out;
}

/**
 * The methods the routes of the Express app `app` answer on `path` (GET brings HEAD, as Express answers
 * it); empty when no route has that path. A request whose method is not among them is 405 with `Allow`.
 */
export function allowedMethods(app: object, path: string): string[] {
  const methods = new Set((ROUTES.get(app) ?? []).filter((r) => r.pattern.test(path)).map((r) => r.method));
  if (methods.has('GET')) methods.add('HEAD');
  return [...methods].sort();
}
