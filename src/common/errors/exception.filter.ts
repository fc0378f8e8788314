import { ArgumentsHost, Catch, ExceptionFilter, HttpException } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import type { Request, Response } from 'express';
import { logger } from '../logging/json-logger';
import { loggedTarget } from '../logging/request-log';
import { allowedMethods } from '../http/routing-adapter';
import { translateDbError } from './db-errors';
import { DomainError, RateLimitedError } from './domain-error';
import { ErrorCode, ERROR_STATUS, FieldError } from './error-codes';

/** Document 02's dialect: functional structure answers INVALID_INPUT and never carries errorId. */
const DIALECT_02 = /^\/api\/v1\/org\/[^/]+\/functional-groups(\/|$|\?)/;
const WITH_ERROR_ID = new Set([400, 403, 404, 500]);
const CODE_AND_MESSAGE_ONLY = new Set([401, 409, 501]);

export interface ErrorBody {
  error: { code: string; message: string; details?: FieldError[]; errorId?: string };
}

/** The one filter: every error leaves the service in the shape of document 01 or document 02. */
@Catch()
export class AllExceptionsFilter implements ExceptionFilter {
  catch(exception: unknown, host: ArgumentsHost): void {
    const http = host.switchToHttp();
    const req = http.getRequest<Request>();
    const res = http.getResponse<Response>();
    if (res.headersSent) return;

    if (exception instanceof RateLimitedError) {
      res.setHeader('Retry-After', String(exception.retryAfterSeconds));
      res.status(429).json({
        error: 'too_many_requests',
        error_description: `Rate limit exceeded; retry after ${exception.retryAfterSeconds} seconds`,
      });
      return;
    }

    const error = toDomainError(exception, req);
    const body = renderError(error, req.originalUrl ?? req.url);
    if (error.status >= 500) {
      logger.write('error', 'request failed', {
        requestId: req.headers['x-request-id'],
        errorId: body.error.errorId,
        method: req.method,
        ...loggedTarget(req),
        cause: exception instanceof Error ? exception.stack : String(exception),
      });
    }
    if (error.status === 401) res.setHeader('WWW-Authenticate', bearerChallenge(req));
    if (error.status === 405) res.setHeader('Allow', allowedMethods(req.app, req.path).join(', '));
    res.status(error.status).json(body);
  }
}

/** RFC 6750 challenge of a 401: the realm names the API (public or application) or the metrics; a credential that was sent is `invalid_token`. */
function bearerChallenge(req: Request): string {
  const path = req.originalUrl ?? req.url;
  const realm = path.startsWith('/admin/') ? 'application' : /^\/metrics(\?|$)/.test(path) ? 'metrics' : 'api';
  return req.headers.authorization ? `Bearer realm="${realm}", error="invalid_token"` : `Bearer realm="${realm}"`;
}

export function renderError(error: DomainError, path: string): ErrorBody {
  const dialect02 = DIALECT_02.test(path);
  let code: ErrorCode = error.code;
  if (dialect02 && code === 'VALIDATION_ERROR') code = 'INVALID_INPUT';
  if (!dialect02 && code === 'INVALID_INPUT') code = 'VALIDATION_ERROR';
  const status = ERROR_STATUS[code];
  const body: ErrorBody['error'] = { code, message: error.message };
  if (!CODE_AND_MESSAGE_ONLY.has(status)) {
    if (error.details?.length && (code === 'VALIDATION_ERROR' || code === 'INVALID_INPUT' || code === 'GONE')) body.details = error.details;
    if (!dialect02 && WITH_ERROR_ID.has(status)) body.errorId = randomUUID();
  }
  return { error: body };
}

function toDomainError(exception: unknown, req: Request): DomainError {
  if (exception instanceof DomainError) return exception;
  const translated = translateDbError(exception);
  if (translated) return translated;

  // Errors raised by the body parser before any route runs.
  const parserError = exception as { type?: string; status?: number };
  if (parserError && typeof parserError.type === 'string') {
    switch (parserError.type) {
      case 'entity.parse.failed':
        return DomainError.validation('body', 'The request body is not valid JSON');
      case 'entity.too.large':
        return new DomainError('PAYLOAD_TOO_LARGE', 'The request body is larger than the limit');
      case 'encoding.unsupported':
      case 'charset.unsupported':
        return new DomainError('UNSUPPORTED_MEDIA_TYPE', 'The request body encoding is not supported');
    }
  }

  if (exception instanceof HttpException) {
    const status = exception.getStatus();
    switch (status) {
      case 404: {
        // The path exists with other methods: 405 naming them (Allow), not "no route".
        const allowed = allowedMethods(req.app, req.path);
        if (allowed.length)
          return new DomainError('METHOD_NOT_ALLOWED', `${req.method} is not supported on ${req.path}; it supports ${allowed.join(', ')}`);
        return new DomainError('NOT_FOUND', `No route ${req.method} ${req.path}`);
      }
      case 401:
        return DomainError.unauthorized();
      case 403:
        return DomainError.forbidden();
      case 413:
        return new DomainError('PAYLOAD_TOO_LARGE', 'The request body is larger than the limit');
      case 400:
        // The router's: a path segment that is not valid percent-encoded UTF-8.
        if (exception.message.startsWith('Failed to decode param'))
          return DomainError.validation('path', `The path is not valid percent-encoded UTF-8: ${exception.message}`);
        // The JSON body parser's errors reach here as 400s.
        return DomainError.validation('body', `The request body is not valid JSON: ${exception.message}`);
      default:
        if (status < 500) return new DomainError('VALIDATION_ERROR', exception.message);
    }
  }
  return new DomainError('INTERNAL_ERROR', 'An internal error occurred');
}
