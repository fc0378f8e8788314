import { ErrorCode, ERROR_STATUS, FieldError } from './error-codes';

/**
 * What services throw: a stable code, a message for people, and for validation errors the fields.
 * Services never build HTTP bodies; the exception filter maps this to the spec's dialects.
 */
export class DomainError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details?: FieldError[],
  ) {
    super(message);
    this.name = 'DomainError';
  }

  get status(): number {
    return ERROR_STATUS[this.code];
  }

  /** A validation error on one field (`salary.currencyCode`); the message is the first detail's. */
  static validation(field: string, message: string): DomainError {
    return new DomainError('VALIDATION_ERROR', message, [{ field, message }]);
  }

  static validationMany(details: FieldError[]): DomainError {
    return new DomainError('VALIDATION_ERROR', details[0]?.message ?? 'Validation failed', details);
  }

  static notFound(what: string, id?: string): DomainError {
    return new DomainError('NOT_FOUND', id === undefined ? `${what} not found` : `${what} ${id} not found`);
  }

  static conflict(message: string): DomainError {
    return new DomainError('CONFLICT', message);
  }

  static forbidden(message = 'Forbidden'): DomainError {
    return new DomainError('FORBIDDEN', message);
  }

  static unauthorized(message = 'Missing or invalid API key'): DomainError {
    return new DomainError('UNAUTHORIZED', message);
  }
}

/** Thrown by the rate limiter; answered with its own body shape (document 01 "Limits"). */
export class RateLimitedError extends Error {
  constructor(readonly retryAfterSeconds: number) {
    super('Rate limit exceeded');
  }
}
