import { applyDecorators, Type as ClassType } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import {
  IsEmail,
  IsInt,
  IsNotEmpty,
  IsObject,
  IsString,
  Max,
  MaxLength,
  Min,
  registerDecorator,
  ValidateIf,
  ValidateNested,
  ValidationArguments,
  ValidationOptions,
} from 'class-validator';
import { isDateOnly, isDateTime } from '../dates';
import { hasAtMostDecimals } from '../decimals';
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

/**
 * A finite JSON number with at most `places` decimal places, judged on its decimal text (1e-7 has
 * seven). Used instead of class-validator's IsNumber({ maxDecimalPlaces }), which throws on 1e-10.
 */
export function IsDecimal(places: number, options?: ValidationOptions): PropertyDecorator {
  return define(
    'isDecimal',
    (v) => typeof v === 'number' && Number.isFinite(v) && hasAtMostDecimals(v, places),
    (a) => `${a.property} must be a number with at most ${places} decimal places`,
    options,
  );
}

/** A real calendar day written `YYYY-MM-DD` (2026-02-30 is refused). */
export function IsDateOnly(options?: ValidationOptions): PropertyDecorator {
  return define(
    'isDateOnly',
    (v) => isDateOnly(v),
    (a) => `${a.property} must be a real calendar date in YYYY-MM-DD form`,
    options,
  );
}

/** An ISO 8601 datetime with a time zone (`Z` or an offset); seconds and up to 6 decimals optional. */
export function IsDateTime(options?: ValidationOptions): PropertyDecorator {
  return define(
    'isDateTime',
    (v) => isDateTime(v),
    (a) => `${a.property} must be an ISO 8601 datetime with a time zone, such as 2026-01-31T09:30:00Z`,
    options,
  );
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
  return define(
    'isCuid',
    (v) => isCuid(v),
    (a) => `${a.property} must be an id (25 lowercase letters and digits starting with a letter)`,
    options,
  );
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
    IsNullable(),
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

const NULLABLE = Symbol('nullable');

function isNullable(target: object, property: string | symbol): boolean {
  return Reflect.getMetadata(NULLABLE, target, property) === true;
}

/**
 * The one optional marker (class-validator's is forbidden by lint): an absent field is not validated;
 * `null` is accepted only when the property is also @IsNullable(), otherwise it is refused by name.
 */
export function IsOptional(): PropertyDecorator {
  return (target: object, property: string | symbol) => {
    ValidateIf((_object, value) => value !== undefined && !(value === null && isNullable(target, property)))(target, property);
    define(
      'notNull',
      (value) => value !== null,
      (a) => `${a.property} must not be null`,
    )(target, property);
  };
}

/**
 * `null` is a value of this field (it clears it): present-but-null passes, anything else is validated.
 * Documented as `nullable: true` in the OpenAPI document.
 */
export function IsNullable(): PropertyDecorator {
  return (target: object, property: string | symbol) => {
    Reflect.defineMetadata(NULLABLE, true, target, property);
    ValidateIf((_object, value) => value !== null)(target, property);
    ApiProperty({ nullable: true, required: false })(target, property);
  };
}

/**
 * An optional reference to another record by its id or its externalId, `null` clearing it; `example` is the id the
 * document shows (EXAMPLE_ID). Each field says what it refers to in its own description.
 */
export function OptionalReference(example: string | null): PropertyDecorator {
  // Applied in the order stacked decorators are (bottom first), so the document is the one they made.
  return applyDecorators(ApiProperty({ example, type: String, required: false }), IsIdOrExternalId(), IsNullable(), IsOptional());
}

/** A nested object (never an array, never a scalar) validated as `type`; `each` for an array of them. */
export function NestedObject(type: () => ClassType<unknown>, options: { each?: boolean } = {}): PropertyDecorator {
  if (options.each === true) {
    // ValidateNested refuses a scalar item by its index (`readings.1`) but walks into an array item.
    const noArrayItem = define(
      'noArrayItems',
      (v) => !Array.isArray(v) || !v.some((item) => Array.isArray(item)),
      (a) => `${a.property} must be an array of objects`,
    );
    return applyDecorators(noArrayItem, ValidateNested({ each: true }), Type(type));
  }
  return applyDecorators(
    IsObject({ message: (a: ValidationArguments) => `${a.property} must be an object` }),
    ValidateNested(),
    Type(type),
  );
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

/** A text: a string, trimmed, not empty after trimming, at most `maxLength` characters. */
export function IsText(maxLength: number): PropertyDecorator {
  // Applied in the order stacked decorators are (bottom first); the document states the limit the plugin read before.
  return applyDecorators(ApiProperty({ maxLength }), MaxLength(maxLength), IsNotEmpty(), IsString(), Trim());
}

/** An e-mail address, trimmed, at most 320 characters. */
export function IsEmailAddress(): PropertyDecorator {
  return applyDecorators(ApiProperty({ format: 'email', maxLength: 320 }), MaxLength(320), IsEmail(), Trim());
}

/** An amount of money: a number from 0 to 1e12 with at most two decimals. */
export function IsAmount(): PropertyDecorator {
  return applyDecorators(ApiProperty({ minimum: 0, maximum: 1e12 }), Max(1e12), Min(0), IsDecimal(2));
}

/** An optional whole number of the query string, from `minimum` to `maximum`; `default` is what its absence means. */
export function IntegerQuery(options: { minimum: number; maximum: number; default?: number }): PropertyDecorator {
  return applyDecorators(
    ApiPropertyOptional({ type: 'integer', ...options }),
    Max(options.maximum),
    Min(options.minimum),
    IsInt(),
    Type(() => Number),
    IsOptional(),
  );
}
