import { CallHandler, ExecutionContext, Injectable, NestInterceptor, SetMetadata } from '@nestjs/common';
import { HTTP_CODE_METADATA } from '@nestjs/common/constants';
import { Reflector } from '@nestjs/core';
import type { Request, Response } from 'express';
import { Observable, tap } from 'rxjs';

const LOCATION_TEMPLATE = 'http:location-template';

/**
 * Where the record a 201 answer creates lives, when that is not `<request path>/<id>`: a path template
 * whose `:id` is the new record's id and whose other `:params` come from the request
 * (`@LocationOf('/admin/v1/organizations/:orgId/api-keys/:id')`).
 */
export const LocationOf = (template: string): MethodDecorator => SetMetadata(LOCATION_TEMPLATE, template);

type LocatedRequest = Request & { ctx?: { scenarioId: string | null } };

/** The new record's URL (path-absolute); a record written into a scenario keeps `?scenarioId=` so that its URL reads it there. */
export function locationOf(req: LocatedRequest, id: string, template?: string): string {
  const path = template
    ? template.replace(/:(\w+)/g, (_m, name: string) => encodeURIComponent(name === 'id' ? id : String(req.params[name] ?? '')))
    : `${req.baseUrl ?? ''}${req.path.replace(/\/+$/, '')}/${encodeURIComponent(id)}`;
  const scenarioId = req.ctx?.scenarioId;
  return scenarioId ? `${path}?scenarioId=${encodeURIComponent(scenarioId)}` : path;
}

/**
 * `Location` on every 201 answer `{ data: { id } }` (every create): the new record's URL. The status is
 * the route's (`@HttpCode`, else Nest's default of 201 for POST), known before the handler runs.
 */
@Injectable()
export class LocationInterceptor implements NestInterceptor {
  constructor(private readonly reflector: Reflector) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (context.getType() !== 'http') return next.handle();
    const handler = context.getHandler();
    const req = context.switchToHttp().getRequest<LocatedRequest>();
    const status = this.reflector.get<number | undefined>(HTTP_CODE_METADATA, handler) ?? (req.method === 'POST' ? 201 : 200);
    if (status !== 201) return next.handle();
    const template = this.reflector.get<string | undefined>(LOCATION_TEMPLATE, handler);
    const res = context.switchToHttp().getResponse<Response>();
    return next.handle().pipe(
      tap((body) => {
        const id = (body as { data?: { id?: unknown } } | undefined)?.data?.id;
        if (typeof id === 'string' && !res.headersSent) res.setHeader('Location', locationOf(req, id, template));
      }),
    );
  }
}
