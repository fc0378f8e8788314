import { INestApplication } from '@nestjs/common';
import { NestExpressApplication } from '@nestjs/platform-express';
import { DocumentBuilder, OpenAPIObject, SwaggerModule } from '@nestjs/swagger';
import { documentIdempotencyKey } from './common/http/idempotency.interceptor';
import { requestLog } from './common/logging/request-log';
import { securityHeaders } from './common/http/security-headers';
import { AppConfig } from './config/app-config';
import { appResources } from './app.module';
import { finishOpenApiDocument } from './openapi/finish-document';
import { changePayloadModels } from './openapi/change-schemas';
import { ServedDocument, serverOf } from './openapi/served-document';
import { swaggerUiOptions } from './openapi/swagger-ui';
import { DemoSeedService } from './demo/demo-seed.service';
import { httpMetrics } from './operations/http-metrics';
import { Metrics } from './operations/metrics';

export function buildOpenApiDocument(app: INestApplication, strict = false): OpenAPIObject {
  const config = new DocumentBuilder()
    .setTitle('Workforce Planning API')
    .setDescription(
      'The public API under `/api/v1/org/{orgId}` (API key: `Authorization: Bearer wfp_...`) and the application API under ' +
        '`/admin/v1` (`Authorization: Bearer <ADMIN_TOKEN>`). Errors are `{ error: { code, message, details?, errorId? } }`.\n\n' +
        'Try it: the first start on an empty embedded database prints a demo organization id and a demo API key. ' +
        'Press **Authorize**, paste the key under `api-key`; `orgId` is filled with the demo organization.',
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
    // The response DTOs that change payloads repeat (the changes feed's schemas are made of them).
    extraModels: changePayloadModels(appResources()),
    operationIdFactory: (controller, method) => `${controller.replace(/Controller$/, '')}_${method}`,
  });
  documentIdempotencyKey(document);
  return finishOpenApiDocument(document, strict, appResources());
}

const documents = new WeakMap<INestApplication, OpenAPIObject>();

/** The app's served document, built once. */
function documentOf(app: INestApplication): OpenAPIObject {
  let document = documents.get(app);
  if (!document) documents.set(app, (document = buildOpenApiDocument(app)));
  return document;
}

/** Builds the served document now (main.ts, once listening): the first visitor of /docs then waits for nothing. */
export function warmOpenApiDocument(app: INestApplication): void {
  documentOf(app);
}

/** Everything main.ts and the tests share: body limits, logging, Swagger. Pipes and the filter are providers of AppModule. */
export function configureApp(app: NestExpressApplication, config: AppConfig): void {
  app.disable('x-powered-by');
  // No ETag: hashing every list body costs CPU and API clients do not revalidate.
  app.set('etag', false);
  app.set('query parser', 'extended');
  // req.ip is the client's address: X-Forwarded-For counts only from the proxies TRUST_PROXY names.
  app.set('trust proxy', config.trustProxy ?? false);
  const metrics = app.get(Metrics);
  // Only when metrics are served (METRICS_TOKEN): otherwise nobody reads the timings.
  if (metrics.enabled) app.use(httpMetrics(metrics));
  app.use(requestLog);
  app.use(securityHeaders(config.publicBaseUrl));
  app.useBodyParser('json', { limit: config.bodyLimit });
  let served: ServedDocument | undefined;
  // Built on the first request for it (or by warmOpenApiDocument), not at start: most test apps never serve it.
  SwaggerModule.setup('docs', app, () => documentOf(app), {
    jsonDocumentUrl: 'docs/openapi.json',
    yamlDocumentUrl: 'docs/openapi.yaml',
    customSiteTitle: 'Workforce Planning API',
    swaggerOptions: swaggerUiOptions(config.isProduction),
    // Servers and the demo organization's id as orgId example: "Try it out" then works as shown.
    patchDocumentOnRequest: async <R>(_req: R, _res: unknown, doc: OpenAPIObject) =>
      (served ??= new ServedDocument(doc)).for(serverOf(config.publicBaseUrl), await app.get(DemoSeedService).demoOrganizationId()),
  });
}
