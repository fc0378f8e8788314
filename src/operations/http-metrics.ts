import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { routeTemplate } from '../common/logging/request-log';
import { Metrics, UNMATCHED_ROUTE } from './metrics';

/**
 * Times every request from its arrival to its last byte and records it in `http_request_duration_seconds`
 * under its route template (read when the response finishes, after routing), never its raw path.
 */
export function httpMetrics(metrics: Metrics): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    const started = process.hrtime.bigint();
    res.once('finish', () => {
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      metrics.observeRequest(req.method, routeTemplate(req) ?? UNMATCHED_ROUTE, res.statusCode, seconds);
    });
    next();
  };
}
