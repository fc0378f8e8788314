import type { NextFunction, Request, RequestHandler, Response } from 'express';
import helmet from 'helmet';

/** Where Swagger UI and the served document live: pages and assets a browser may cache. */
const DOCS = /^\/docs(\/|$)/;

/**
 * The protections browsers get (spec 03 §1.21), set by `helmet`: `X-Content-Type-Options: nosniff`, `X-Frame-Options:
 * DENY` (with `frame-ancestors 'none'`) and a content security policy that lets Swagger UI run from this server only
 * (its scripts are files; its styles include inline ones; its icons are data URLs; "Try it out" calls this server, or
 * PUBLIC_BASE_URL). No `upgrade-insecure-requests` (a server on plain http, as in development, would break its own
 * page) and no HSTS (TLS belongs to the proxy in front, which decides it). Every answer outside `/docs` (the APIs'
 * JSON, health, metrics) also carries `Cache-Control: no-store`: answers hold personal and financial data.
 */
export function securityHeaders(publicBaseUrl: string | null): RequestHandler {
  const connect = ["'self'", ...(publicBaseUrl ? [new URL(publicBaseUrl).origin] : [])];
  const headers = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        'default-src': ["'self'"],
        'script-src': ["'self'"],
        'style-src': ["'self'", "'unsafe-inline'"],
        'img-src': ["'self'", 'data:'],
        'font-src': ["'self'"],
        'connect-src': connect,
        'object-src': ["'none'"],
        'base-uri': ["'self'"],
        'form-action': ["'self'"],
        'frame-ancestors': ["'none'"],
      },
    },
    frameguard: { action: 'deny' },
    strictTransportSecurity: false,
  });
  return (req: Request, res: Response, next: NextFunction) => {
    if (!DOCS.test(req.path)) res.setHeader('Cache-Control', 'no-store');
    headers(req, res, next);
  };
}
