import { context, trace } from '@opentelemetry/api';
import { ExpressInstrumentation } from '@opentelemetry/instrumentation-express';
import { HttpInstrumentation } from '@opentelemetry/instrumentation-http';
import { PgInstrumentation } from '@opentelemetry/instrumentation-pg';
import { NodeSDK } from '@opentelemetry/sdk-node';
import type { IncomingMessage } from 'node:http';
import { logger } from '../common/logging/json-logger';
import { finishIncomingSpan, incomingSpanAttributes, outgoingSpanAttributes } from './span-redaction';

/** A started OpenTelemetry SDK: `shutdown` flushes the spans not yet exported. */
export interface Tracing {
  shutdown(): Promise<void>;
}

/** Requests that are not worth a trace: probes and scrapes, every few seconds from every instance. */
const UNTRACED = /^\/(health(\/ready)?|metrics)(\?|$)/;

/**
 * The official Node SDK with the http, express and pg instrumentations. Everything else comes from the
 * standard OTEL_* variables, read by the SDK: exporter and protocol (OTLP over http/protobuf by default,
 * OTEL_EXPORTER_OTLP_PROTOCOL), endpoint, headers, sampler, resource attributes, batch delays. The service
 * name defaults to `workforce-planning-api`. OpenTelemetry metrics and logs stay off unless their own
 * OTEL_METRICS_EXPORTER / OTEL_LOGS_EXPORTER name an exporter: the metrics are Prometheus's (`/metrics`),
 * the logs are JSON lines that carry `traceId`.
 */
export function startSdk(env: NodeJS.ProcessEnv): Tracing {
  const named = Boolean(env.OTEL_SERVICE_NAME?.trim()) || /(^|,)\s*service\.name=/.test(env.OTEL_RESOURCE_ATTRIBUTES ?? '');
  const sdk = new NodeSDK({
    serviceName: named ? undefined : 'workforce-planning-api',
    ...(env.OTEL_METRICS_EXPORTER?.trim() ? {} : { metricReaders: [] }),
    ...(env.OTEL_LOGS_EXPORTER?.trim() ? {} : { logRecordProcessors: [] }),
    instrumentations: [
      new HttpInstrumentation({
        ignoreIncomingRequestHook: (req: IncomingMessage) => UNTRACED.test(req.url ?? ''),
        // No more than the request log shows: redacted query values, no header values, no outgoing query (span-redaction.ts).
        startIncomingSpanHook: incomingSpanAttributes,
        startOutgoingSpanHook: outgoingSpanAttributes,
        // The route template as url.path, once the route is known (spec 03 §1.20).
        applyCustomAttributesOnSpan: finishIncomingSpan,
      }),
      new ExpressInstrumentation(),
      // SQL belongs to the request (or the background work) that ran it: no trace of its own for a lone statement.
      new PgInstrumentation({ requireParentSpan: true }),
    ],
  });
  sdk.start();
  // Express is loaded by @nestjs/platform-express, an ES module, whose imports the instrumentations'
  // require hook does not see. Required here once, express is patched now, and the ES import later gets
  // this same module from the require cache.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  require('express');
  logger.setTraceIdSource(() => trace.getSpan(context.active())?.spanContext().traceId);
  return { shutdown: () => sdk.shutdown() };
}
