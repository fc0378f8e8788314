import { applyDecorators } from '@nestjs/common';
import { Transform } from 'class-transformer';
import { IsOptional, registerDecorator, ValidateIf, ValidationArguments, ValidationOptions } from 'class-validator';
import { isDateOnly, isDateTime } from '../dates';
import { isCuid } from '../ids';

function define(
  name: string,
  test: (value: unknown, args: ValidationArguments) => boolean,
  message: (args: ValidationArguments) => string,
  options?: ValidationOptions,
): PropertyDecorator {
  return (target: object, propertyName: string | symbol) =>
    registerDecorator({
      name,
      target: target.constructor,
      propertyName: String(propertyName),
      options: { message, ...options },
      validator: { validate: test },
    });
}

/** A real calendar day written `YYYY-MM-DD` (2026-02-30 is refused). */
export function IsDateOnly(options?: ValidationOptions): PropertyDecorator {
  return define('isDateOnly', (v) => isDateOnly(v), (a) => `${a.property} must be a real calendar date in YYYY-MM-DD form`, options);
}

/** An ISO 8601 datetime with a time zone (`Z` or an offset); seconds and up to 6 decimals optional. */
export function IsDateTime(options?: ValidationOptions): PropertyDecorator {
  return define('isDateTime', (v) => isDateTime(v), (a) => `${a.property} must be an ISO 8601 datetime with a time zone, such as 2026-01-31T09:30:00Z`, options);
}

const CURRENCIES = new Set(Intl.supportedValuesOf('currency'));

export function isCurrencyCode(value: unknown): value is string {
  return typeof value === 'string' && /^[A-Z]{3}$/.test(value) && CURRENCIES.has(value);
}

/** An ISO 4217 currency code: three uppercase letters naming a real currency. */
export function IsCurrencyCode(options?: ValidationOptions): PropertyDecorator {
  return define('isCurrencyCode', isCurrencyCode, (a) => `${a.property} must be an ISO 4217 currency code of 3 uppercase letters`, options);
}

export function IsCuid(options?: ValidationOptions): PropertyDecorator {
  return define('isCuid', (v) => isCuid(v), (a) => `${a.property} must be an id (25 lowercase letters and digits starting with a letter)`, options);
}

/** An id or an externalId (document 01 rule 5): a non-empty string of at most 255 characters. */
export function IsIdOrExternalId(options?: ValidationOptions): PropertyDecorator {
  return define(
    'isIdOrExternalId',
    (v) => typeof v === 'string' && v.length > 0 && v.length <= 255,
    (a) => `${a.property} must be an id or an externalId`,
    options,
  );
}

/**
 * Document 01 rule 6: string or null, at most 255 characters, not shaped like a CUID.
 * Uniqueness is the database's (a named unique index per entity type and organization).
 */
export function IsExternalId(): PropertyDecorator {
  return applyDecorators(
    IsOptional(),
    define(
      'isExternalId',
      (v) => typeof v === 'string' && v.length >= 1 && v.length <= 255 && !isCuid(v),
      (a) =>
        typeof a.value === 'string' && isCuid(a.value)
          ? `${a.property} must not have the shape of an id (CUID)`
          : `${a.property} must be a string of 1 to 255 characters or null`,
    ),
  );
}

/** Present-but-null passes (the field is cleared); absent passes; anything else is validated. */
export function IsNullable(): PropertyDecorator {
  return ValidateIf((_object, value) => value !== null);
}

/** Query-string booleans: `true`/`false` (and 1/0); anything else stays as sent and fails @IsBoolean. */
export function ToBoolean(): PropertyDecorator {
  return Transform(({ value }) => {
    if (value === 'true' || value === '1' || value === true) return true;
    if (value === 'false' || value === '0' || value === false) return false;
    return value;
  });
}

/** Trims strings; other values pass through for the type validators to judge. */
export function Trim(): PropertyDecorator {
  return Transform(({ value }) => (typeof value === 'string' ? value.trim() : value));
}

