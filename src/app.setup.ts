import { INestApplication } from '@nestjs/common';
import { NestExpressApplication } from '@nestjs/platform-express';
import { DocumentBuilder, OpenAPIObject, SwaggerModule } from '@nestjs/swagger';
import { documentIdempotencyKey } from './common/http/idempotency.interceptor';
import { requestLog } from './common/logging/request-log';
import { AppConfig } from './config/app-config';

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
  const document = SwaggerModule.createDocument(app, config, { operationIdFactory: (controller, method) => `${controller.replace(/Controller$/, '')}_${method}` });
  documentIdempotencyKey(document);
  return document;
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
