import type { Attributes, Span } from '@opentelemetry/api';
import { IncomingMessage, type ClientRequest, type RequestOptions, type ServerResponse } from 'node:http';
import type { Request } from 'express';
import { loggedTarget, REDACTED, redactedQuery } from '../common/logging/request-log';

/**
 * What an HTTP span may carry (spec 05 §2.2): no more than the request log shows. The instrumentation's hooks
 * return attributes that replace those it computed at the span's start; `undefined` drops one.
 *
 * - Incoming requests: `url.path` the route template, as the request log shows it (spec 03 §1.20: the raw path holds
 *   ids and e-mails used as externalIds; dropped at the start, set when the request ends and its route is known,
 *   `finishIncomingSpan`), `url.query` with the request log's redaction (`redactedQuery`, one list for both), and no
 *   header values: the log shows none (`user_agent.original`, and `client.address`, which the instrumentation reads
 *   from the forwarding headers; the socket's `network.peer.address` stays).
 * - Outgoing requests (webhooks, push and pull hooks): `url.full` without its query or user information, which
 *   may hold a source's credentials (`?access_token=...`, `user:password@`).
 */
export function incomingSpanAttributes(req: Pick<IncomingMessage, 'url'>): Attributes {
  const url = req.url ?? '';
  const at = url.indexOf('?');
  const query = at < 0 ? '' : url.slice(at + 1);
  return {
    'url.path': undefined,
    'http.target': undefined,
    'url.query': query
      ? redactedQuery(query)
          .map(([name, shown]) => `${encodeURIComponent(name)}=${encodeQueryValue(shown)}`)
          .join('&')
      : undefined,
    'user_agent.original': undefined,
    'client.address': undefined,
  };
}

/** `[REDACTED]` stays readable; other values are encoded as in a query. */
function encodeQueryValue(value: string): string {
  return value === REDACTED ? value : encodeURIComponent(value);
}

export function outgoingSpanAttributes(options: RequestOptions): Attributes {
  const protocol = options.protocol || 'http:';
  let host = options.host || options.hostname || 'localhost';
  const port = options.port == null ? '' : String(options.port);
  if (!host.includes(':') && port && port !== '80' && port !== '443') host += `:${port}`;
  const path = (options.path || '/').split(/[?#]/)[0];
  return { 'url.full': `${protocol}//${host}${path}` };
}

/**
 * When a traced request ends (the instrumentation's `applyCustomAttributesOnSpan`): an incoming request's span gets
 * the route template as `url.path`, the path the request log shows (`loggedTarget`). Outgoing requests are left as
 * `outgoingSpanAttributes` made them.
 */
export function finishIncomingSpan(
  span: Span,
  request: ClientRequest | IncomingMessage,
  _response: IncomingMessage | ServerResponse,
): void {
  if (request instanceof IncomingMessage) span.setAttribute('url.path', loggedTarget(request as Request).path);
}
