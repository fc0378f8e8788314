import { INestApplication } from '@nestjs/common';
import { NestExpressApplication } from '@nestjs/platform-express';
import { DocumentBuilder, OpenAPIObject, SwaggerModule } from '@nestjs/swagger';
import type { Request } from 'express';
import { requestLog } from './common/logging/request-log';
import { AppConfig } from './config/app-config';
import { finishOpenApiDocument } from './openapi/finish-document';

export function buildOpenApiDocument(app: INestApplication, strict = false): OpenAPIObject {
  const config = new DocumentBuilder()
    .setTitle('Workforce Planning API')
    .setDescription(
      'Public API under /api/v1/org/{orgId} (API key: `Authorization: Bearer wfp_...`) and the application API ' +
        'under /admin/v1 (`Authorization: Bearer <ADMIN_TOKEN>`). Errors are `{ error: { code, message, details?, errorId? } }`.',
    )
    .setVersion('1.4.0')
    // addSecurity, not addBearerAuth: that one says bearerFormat JWT, and neither token is a JWT.
    .addSecurity('api-key', {
      type: 'http',
      scheme: 'bearer',
      description: 'API key: `wfp_` followed by 43 base62 characters (the demo key is printed at the first start)',
    })
    .addSecurity('admin-token', {
      type: 'http',
      scheme: 'bearer',
      description: 'The ADMIN_TOKEN of the server (printed at startup when not set)',
    })
    .build();
  const document = SwaggerModule.createDocument(app, config, {
    operationIdFactory: (controller, method) => `${controller.replace(/Controller$/, '')}_${method}`,
  });
  return finishOpenApiDocument(document, strict);
}

/** The served document names the server it is read from (PUBLIC_BASE_URL when set), so "Try it out" calls it. */
export function serverOf(req: Request, publicBaseUrl: string | null): string {
  return (publicBaseUrl ?? `${req.protocol}://${req.get('host') ?? 'localhost'}`).replace(/\/+$/, '');
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
  SwaggerModule.setup('docs', app, document, {
    jsonDocumentUrl: 'docs/openapi.json',
    yamlDocumentUrl: 'docs/openapi.yaml',
    customSiteTitle: 'Workforce Planning API',
    swaggerOptions: { persistAuthorization: true, displayRequestDuration: true, deepLinking: true, operationsSorter: 'alpha' },
    patchDocumentOnRequest: <R>(req: R, _res: unknown, doc: OpenAPIObject) => ({
      ...doc,
      servers: [{ url: serverOf(req as Request, config.publicBaseUrl), description: 'This server' }],
    }),
  });
}
