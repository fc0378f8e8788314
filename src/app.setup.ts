import { INestApplication } from '@nestjs/common';
import { NestExpressApplication } from '@nestjs/platform-express';
import { DocumentBuilder, OpenAPIObject, SwaggerModule } from '@nestjs/swagger';
import { randomUUID } from 'node:crypto';
import type { NextFunction, Response } from 'express';
import type { ContextRequest } from './access/request-context';
import { logger } from './common/logging/json-logger';
import { AppConfig } from './config/app-config';

const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** Request id (accepted from X-Request-Id or made), echoed back, and one structured log line per request. */
function requestLog(req: ContextRequest, res: Response, next: NextFunction): void {
  const given = req.headers['x-request-id'];
  const requestId = typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
  req.requestId = requestId;
  req.headers['x-request-id'] = requestId;
  res.setHeader('X-Request-Id', requestId);
  if (!logger.enabled('info')) return next();
  const started = process.hrtime.bigint();
  res.on('finish', () => {
    logger.write('info', 'request', {
      requestId,
      method: req.method,
      path: req.originalUrl,
      status: res.statusCode,
      durationMs: Number(process.hrtime.bigint() - started) / 1e6,
      organizationId: req.ctx?.organizationId,
      actor: req.ctx ? `${req.ctx.actor.type}:${req.ctx.actor.id}` : undefined,
    });
  });
  next();
}

export function buildOpenApiDocument(app: INestApplication): OpenAPIObject {
  const config = new DocumentBuilder()
    .setTitle('Workforce Planning API')
    .setDescription(
      'Public API under /api/v1/org/{orgId} (API key: `Authorization: Bearer wfp_...`) and the application API ' +
        'under /admin/v1 (`Authorization: Bearer <ADMIN_TOKEN>`). Errors are `{ error: { code, message, details?, errorId? } }`.',
    )
    .setVersion('1.4.0')
    .addBearerAuth({ type: 'http', scheme: 'bearer', description: 'API key: wfp_ followed by 43 base62 characters' }, 'api-key')
    .addBearerAuth({ type: 'http', scheme: 'bearer', description: 'ADMIN_TOKEN of the server' }, 'admin-token')
    .build();
  return SwaggerModule.createDocument(app, config, { operationIdFactory: (controller, method) => `${controller.replace(/Controller$/, '')}_${method}` });
}

/** Everything main.ts and the tests share: body limits, logging, Swagger. Pipes and the filter are providers of AppModule. */
export function configureApp(app: NestExpressApplication, config: AppConfig): void {
  app.disable('x-powered-by');
  // No ETag: hashing every list body costs CPU and API clients do not revalidate.
  app.set('etag', false);
  app.set('query parser', 'extended');
  app.use(requestLog);
  app.useBodyParser('json', { limit: config.bodyLimit });
  const document = buildOpenApiDocument(app);
  SwaggerModule.setup('docs', app, document, { jsonDocumentUrl: 'docs/openapi.json', yamlDocumentUrl: 'docs/openapi.yaml' });
}
