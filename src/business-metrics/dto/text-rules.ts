import { registerDecorator, ValidationArguments, ValidationOptions } from 'class-validator';

/**
 * Length in characters as PostgreSQL counts them (Unicode code points: a surrogate pair is one
 * character), so that a limit checked here is the limit the column enforces.
 */
export function charCount(value: string): number {
  let count = 0;
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    if (code >= 0xd800 && code <= 0xdbff && i + 1 < value.length) {
      const next = value.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) i++;
    }
    count++;
  }
  return count;
}

/** PostgreSQL text cannot hold U+0000. */
export function hasNul(value: string): boolean {
  return value.includes('\u0000');
}

/** Why a string breaks a `min..max` characters rule (or contains NUL), or null when it is fine. */
export function textProblem(value: string, min: number, max: number): string | null {
  if (hasNul(value)) return 'must not contain the NUL character';
  const count = charCount(value);
  if (count < min) return min === 1 ? 'must not be empty' : `must be at least ${min} characters`;
  if (count > max) return `must be at most ${max.toLocaleString('en-US')} characters`;
  return null;
}

/**
 * A string of `min` to `max` characters (code points, as PostgreSQL counts them) without NUL.
 * Combine with `@IsString()`; other types are left to it.
 */
export function CharLength(min: number, max: number, options?: ValidationOptions): PropertyDecorator {
  return (target: object, propertyName: string | symbol) =>
    registerDecorator({
      name: 'charLength',
      target: target.constructor,
      propertyName: String(propertyName),
      options: {
        message: (args: ValidationArguments) =>
          `${args.property} ${typeof args.value === 'string' ? textProblem(args.value, min, max) : 'must be a string'}`,
        ...options,
      },
      validator: { validate: (value: unknown) => typeof value !== 'string' || textProblem(value, min, max) === null },
    });
}
