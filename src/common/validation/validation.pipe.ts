import { ArgumentMetadata, Injectable, PipeTransform, ValidationError, ValidationPipe } from '@nestjs/common';
import { DomainError } from '../errors/domain-error';
import { FieldError } from '../errors/error-codes';
import { cacheValidationMetadata } from './metadata-cache';

cacheValidationMetadata();

const REJECT_UNKNOWN = Symbol('rejectUnknownFields');

/** Marks a DTO whose unknown fields are refused wherever it is read (a body's are always refused; this adds queries and tool inputs). */
export function RejectUnknownFields(): ClassDecorator {
  return (target) => {
    Reflect.defineMetadata(REJECT_UNKNOWN, true, target);
  };
}

/** Flattens class-validator's tree into dot paths: `salary.currencyCode`, `readings.3.periodEnd`. */
export function flattenValidationErrors(errors: ValidationError[], prefix = ''): FieldError[] {
  const out: FieldError[] = [];
  for (const error of errors) {
    const field = prefix ? `${prefix}.${error.property}` : error.property;
    if (error.constraints) {
      const entries = Object.entries(error.constraints);
      if (error.value === undefined && !('whitelistValidation' in error.constraints)) {
        // A missing field is one problem, not one per rule it would have had to meet.
        out.push({ field, message: `${field} is required` });
      } else if (error.value === null && !('whitelistValidation' in error.constraints)) {
        // So is a null where null is not a value of the field (nullable fields never fail on null).
        out.push({ field, message: `${field} must not be null` });
      } else {
        // One problem, one detail: the field's most basic failed rule (its type before its length or range).
        const [key, message] = mostBasic(entries);
        out.push({
          field,
          message:
            key === 'whitelistValidation'
              ? `${field} is not a known field`
              : message.startsWith(error.property)
                ? field + message.slice(error.property.length)
                : message,
        });
      }
    }
    if (error.children?.length) out.push(...flattenValidationErrors(error.children, field));
  }
  return out;
}

/** Rules that say what kind of value a field holds: when one fails, the others say nothing more. */
const TYPE_RULES = new Set([
  'whitelistValidation',
  'isString',
  'isNumber',
  'isInt',
  'isBoolean',
  'isEnum',
  'isIn',
  'isUuid',
  'isDateString',
  'isISO8601',
  'isObject',
  'isArray',
  'nestedValidation',
]);

/** The rule to report: a type rule when one failed, else the first one written (class-validator lists them last-declared first). */
function mostBasic(entries: [string, string][]): [string, string] {
  const written = [...entries].reverse();
  return written.find(([key]) => TYPE_RULES.has(key)) ?? written[0];
}

function exceptionFactory(errors: ValidationError[]): DomainError {
  return DomainError.validationMany(flattenValidationErrors(errors));
}

/**
 * The one validation pipe: transforms to DTO classes and reports problems as VALIDATION_ERROR with
 * dot-path details, one per field. A body's unknown fields (nested objects and list items included)
 * are refused, each named: a typo never loses data silently. Other inputs (queries are checked by
 * name in input.guard.ts) drop them, unless their DTO is marked @RejectUnknownFields.
 */
@Injectable()
export class AppValidationPipe implements PipeTransform {
  private readonly lenient = new ValidationPipe({
    transform: true,
    whitelist: true,
    forbidUnknownValues: false,
    validationError: { target: false, value: true },
    exceptionFactory,
  });
  private readonly strict = new ValidationPipe({
    transform: true,
    whitelist: true,
    forbidNonWhitelisted: true,
    forbidUnknownValues: false,
    validationError: { target: false, value: true },
    exceptionFactory,
  });

  transform(value: unknown, metadata: ArgumentMetadata): unknown {
    if (
      metadata.type === 'body' &&
      metadata.metatype &&
      isDtoClass(metadata.metatype) &&
      (value === undefined || value === null || typeof value !== 'object')
    ) {
      throw DomainError.validation('body', 'The request body must be a JSON object');
    }
    const strict = metadata.type === 'body' || (metadata.metatype && Reflect.getMetadata(REJECT_UNKNOWN, metadata.metatype));
    return (strict ? this.strict : this.lenient).transform(value, metadata);
  }
}

function isDtoClass(metatype: unknown): boolean {
  return typeof metatype === 'function' && !([String, Number, Boolean, Object, Array] as unknown[]).includes(metatype);
}
