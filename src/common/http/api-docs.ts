import { applyDecorators, Type } from '@nestjs/common';
import { ApiOperation, ApiPropertyOptional, ApiQuery } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsString, MaxLength } from 'class-validator';
import { IsOptional } from '../validation/validators';

/** A service's sort allow-list (API field -> entity property) and default, declared once as statics. */
export interface SortedService {
  readonly sort: Readonly<Record<string, string>>;
  readonly defaultSort: string;
}

/** Documents `sortBy` as the enum of the service's allow-list (the same list parseSort checks). */
export function ApiSortQuery(sorted: Type<unknown> & Partial<SortedService>): MethodDecorator {
  if (!sorted.sort || !sorted.defaultSort) return () => undefined;
  return ApiQuery({
    name: 'sortBy',
    required: false,
    description: 'The field to sort by; ties are broken by id.',
    schema: { type: 'string', enum: Object.keys(sorted.sort), default: sorted.defaultSort },
  });
}

/** A repeated query parameter (`x=a&x=b`, as generated clients send lists) read as its comma form `a,b`. */
export const JoinRepeated = (): PropertyDecorator =>
  Transform(({ value }: { value: unknown }) => (Array.isArray(value) ? value.join(',') : value));

/**
 * A list query parameter of a query DTO: `a,b` and `x=a&x=b` alike, read as the string `a,b` (the
 * service checks the items). Documented as an array of `values` (any string when none); finishOpenApiDocument
 * makes every array query parameter a `form` parameter without `explode`.
 */
export function ListQueryProperty(description: string, values?: readonly string[], maxLength = 2000): PropertyDecorator {
  return applyDecorators(
    ApiPropertyOptional({ type: [String], ...(values ? { enum: [...values] } : {}), description }),
    IsOptional(),
    JoinRepeated(),
    IsString(),
    MaxLength(maxLength),
  );
}

/** An `include` property of a query DTO: a list of `keys`, checked by the service (another key is 400). */
export function IncludeProperty(keys: readonly string[]): PropertyDecorator {
  return ListQueryProperty(includeText(keys), keys);
}

const includeText = (keys: readonly string[]): string =>
  `Related data to embed, comma-separated or repeated: ${keys.join(', ')}. Another key is 400 VALIDATION_ERROR.`;

/** Document 01 rule 7: `include` is a comma-separated list of these keys (OpenAPI: a form array, not exploded). */
export function ApiIncludeQuery(keys: readonly string[]): MethodDecorator {
  return ApiQuery({
    name: 'include',
    required: false,
    style: 'form',
    explode: false,
    description: includeText(keys),
    schema: { type: 'array', items: { type: 'string', enum: [...keys] } },
  });
}

export interface Nouns {
  one: string;
  many: string;
}

/** "Job roles" -> { one: 'job role', many: 'job roles' }; "Vacancies" -> vacancy. */
export function nounsOf(tag: string): Nouns {
  const many = tag.replace(/\s*\(.*\)$/, '').toLowerCase();
  return { many, one: many.replace(/ies$/, 'y').replace(/s$/, '') };
}

export function article(noun: string): string {
  return /^[aeiou]/.test(noun) ? 'an' : 'a';
}

type CrudOperation = 'list' | 'get' | 'create' | 'update' | 'remove';

/** Summary and description of the five operations every record resource shares. */
export function ApiCrudOperation(op: CrudOperation, n: Nouns, where = 'live data', note = ''): MethodDecorator {
  const texts: Record<CrudOperation, [string, string]> = {
    list: [
      `List ${n.many}`,
      `A page of the ${n.many} in ${where}: \`page\` (1-based) and \`limit\` (1 to 100, default 20), \`search\` (case-insensitive, ` +
        `matches the main text fields), \`sortBy\` and \`sortDir\`. \`meta.total\` counts every match.`,
    ],
    get: [
      `Get ${article(n.one)} ${n.one}`,
      `One ${n.one} of ${where} by its id, or by its externalId where it has one. 404 when none matches.`,
    ],
    create: [
      `Create ${article(n.one)} ${n.one}`,
      `Creates ${article(n.one)} ${n.one} in ${where}; the answer is 201 with the record and its URL in \`Location\`. The change is recorded ` +
        `(history, webhooks). A taken unique value is 400 VALIDATION_ERROR on that field.`,
    ],
    update: [
      `Update ${article(n.one)} ${n.one}`,
      `Changes only the fields sent; \`null\` clears a field that may be empty. Answers the whole record after the change.`,
    ],
    remove: [`Delete ${article(n.one)} ${n.one}`, `Deletes the ${n.one}; 204 with no body.`],
  };
  const [summary, description] = texts[op];
  return applyDecorators(ApiOperation({ summary, description: note ? `${description} ${note}` : description }));
}
