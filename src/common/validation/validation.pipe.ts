import { ArgumentMetadata, Injectable, PipeTransform, ValidationError, ValidationPipe } from '@nestjs/common';
import { DomainError } from '../errors/domain-error';
import { FieldError } from '../errors/error-codes';
import { cacheValidationMetadata } from './metadata-cache';

cacheValidationMetadata();

const REJECT_UNKNOWN = Symbol('rejectUnknownFields');

/** Marks a DTO whose unknown fields are refused instead of dropped (document 02 write rule 1). */
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
        // class-validator lists rules last-declared first; report them in the order they are written.
        for (const [, message] of entries.reverse()) {
          out.push({ field, message: message.startsWith(error.property) ? field + message.slice(error.property.length) : message });
        }
      }
    }
    if (error.children?.length) out.push(...flattenValidationErrors(error.children, field));
  }
  return out;
}

function exceptionFactory(errors: ValidationError[]): DomainError {
  const details = flattenValidationErrors(errors);
  for (const detail of details) {
    if (detail.message.includes('should not exist')) detail.message = `${detail.field} is not a known field`;
  }
  return DomainError.validationMany(details);
}

/**
 * The one validation pipe: transforms to DTO classes, strips unknown fields (or refuses them on DTOs
 * marked @RejectUnknownFields), and reports problems as VALIDATION_ERROR with dot-path details.
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
    const strict = metadata.metatype && Reflect.getMetadata(REJECT_UNKNOWN, metadata.metatype);
    return (strict ? this.strict : this.lenient).transform(value, metadata);
  }
}

function isDtoClass(metatype: unknown): boolean {
  return typeof metatype === 'function' && !([String, Number, Boolean, Object, Array] as unknown[]).includes(metatype);
}
