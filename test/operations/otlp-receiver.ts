import { createServer, Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** An OTLP attribute value as OTLP/JSON encodes it. */
interface AnyValue {
  stringValue?: string;
  intValue?: string | number;
  boolValue?: boolean;
  doubleValue?: number;
}

interface OtlpSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  attributes?: { key: string; value: AnyValue }[];
}

interface ExportTraceServiceRequest {
  resourceSpans: {
    resource?: { attributes?: { key: string; value: AnyValue }[] };
    scopeSpans: { scope?: { name: string }; spans: OtlpSpan[] }[];
  }[];
}

/** A received span, flattened: its resource's and its own attributes as plain values. */
export interface ReceivedSpan {
  traceId: string;
  spanId: string;
  parentSpanId: string | null;
  name: string;
  /** OTLP SpanKind: 2 = server, 3 = client, 1 = internal. */
  kind: number;
  scope: string;
  attributes: Record<string, string | number | boolean>;
  resource: Record<string, string | number | boolean>;
}

function plain(attributes: { key: string; value: AnyValue }[] = []): Record<string, string | number | boolean> {
  const out: Record<string, string | number | boolean> = {};
  for (const { key, value } of attributes) {
    out[key] = value.stringValue ?? (value.intValue !== undefined ? Number(value.intValue) : (value.boolValue ?? value.doubleValue ?? ''));
  }
  return out;
}

/**
 * A real OTLP/HTTP receiver on 127.0.0.1: it accepts `POST /v1/traces` in the http/json protocol
 * (ExportTraceServiceRequest as JSON), keeps every span and answers an empty ExportTraceServiceResponse.
 */
export class OtlpReceiver {
  readonly spans: ReceivedSpan[] = [];
  readonly paths: string[] = [];

  private constructor(private readonly server: Server) {}

  static async start(): Promise<OtlpReceiver> {
    const server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        receiver.paths.push(`${req.method} ${req.url} ${req.headers['content-type']}`);
        if (req.method !== 'POST' || req.url !== '/v1/traces' || !String(req.headers['content-type']).startsWith('application/json')) {
          res.statusCode = 404;
          return void res.end();
        }
        const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as ExportTraceServiceRequest;
        for (const resourceSpans of body.resourceSpans ?? []) {
          const resource = plain(resourceSpans.resource?.attributes);
          for (const scopeSpans of resourceSpans.scopeSpans ?? []) {
            for (const span of scopeSpans.spans ?? []) {
              receiver.spans.push({
                traceId: span.traceId,
                spanId: span.spanId,
                parentSpanId: span.parentSpanId || null,
                name: span.name,
                kind: span.kind,
                scope: scopeSpans.scope?.name ?? '',
                attributes: plain(span.attributes),
                resource,
              });
            }
          }
        }
        res.setHeader('Content-Type', 'application/json');
        res.end('{}');
      });
    });
    const receiver = new OtlpReceiver(server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return receiver;
  }

  get url(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  /** The spans of one trace. */
  trace(traceId: string): ReceivedSpan[] {
    return this.spans.filter((span) => span.traceId === traceId);
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}
