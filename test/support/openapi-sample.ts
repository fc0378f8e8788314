import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The committed openapi.json, as clients and Swagger UI read it. */
export type JsonSchema = {
  $ref?: string;
  type?: string;
  format?: string;
  example?: unknown;
  default?: unknown;
  enum?: unknown[];
  minimum?: number;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  allOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  anyOf?: JsonSchema[];
};

export interface OpenApiDoc {
  paths: Record<
    string,
    Record<string, { requestBody?: { content: Record<string, { schema: JsonSchema }> }; responses: Record<string, unknown> }>
  >;
  components: { schemas: Record<string, JsonSchema> };
}

/** The committed openapi.json with every shared answer (`components.responses`) written out where it is referred to. */
export function committedDocument(): OpenApiDoc {
  return inlineResponses(JSON.parse(readFileSync(join(__dirname, '..', '..', 'openapi.json'), 'utf8')) as OpenApiDoc);
}

/**
 * The document with each `{ $ref: '#/components/responses/X' }` answer replaced by X itself (a copy), as a client
 * resolves it: tests then read every operation's answers where the operation lists them.
 */
export function inlineResponses<D extends object>(doc: D): D {
  const shared = ((doc as { components?: { responses?: Record<string, unknown> } }).components?.responses ?? {}) as Record<string, unknown>;
  for (const item of Object.values((doc as { paths: Record<string, Record<string, unknown>> }).paths)) {
    for (const op of Object.values(item)) {
      const responses = (op as { responses?: Record<string, { $ref?: string }> }).responses;
      for (const [status, response] of Object.entries(responses ?? {})) {
        const name = response.$ref?.replace('#/components/responses/', '');
        if (name === undefined) continue;
        if (!(name in shared)) throw new Error(`${response.$ref} is not in components.responses`);
        responses![status] = structuredClone(shared[name]) as { $ref?: string };
      }
    }
  }
  return doc;
}

/** Swagger UI's fallbacks when a schema gives no example, default or enum (swagger-client's sampleFromSchema). */
const STRING_FORMATS: Record<string, string> = {
  date: '2019-08-24',
  'date-time': '2019-08-24T14:15:22Z',
  email: 'user@example.com',
  uuid: '3fa85f64-5717-4562-b3fc-2c963f66afa6',
  uri: 'https://example.com/',
};

/**
 * The request sample Swagger UI shows for a schema, built the way it builds it: the example, else the
 * default, else the first enum value, else a value by type and format; objects recurse into their
 * properties (only the required ones when `requiredOnly`), arrays hold one sample item.
 */
export function sampleOf(doc: OpenApiDoc, schema: JsonSchema, requiredOnly = true): unknown {
  if (schema.$ref) return sampleOf(doc, doc.components.schemas[schema.$ref.split('/').pop()!], requiredOnly);
  if (schema.example !== undefined) return schema.example;
  if (schema.default !== undefined) return schema.default;
  if (schema.enum?.length) return schema.enum[0];
  if (schema.allOf) return Object.assign({}, ...schema.allOf.map((part) => sampleOf(doc, part, requiredOnly)));
  const first = schema.oneOf?.[0] ?? schema.anyOf?.[0];
  if (first) return sampleOf(doc, first, requiredOnly);
  switch (schema.type) {
    case 'string':
      return STRING_FORMATS[schema.format ?? ''] ?? 'string';
    case 'number':
    case 'integer':
      return schema.minimum ?? 0;
    case 'boolean':
      return true;
    case 'array':
      return schema.items ? [sampleOf(doc, schema.items, requiredOnly)] : [];
    default: {
      const body: Record<string, unknown> = {};
      for (const [name, property] of Object.entries(schema.properties ?? {})) {
        if (requiredOnly && !schema.required?.includes(name)) continue;
        body[name] = sampleOf(doc, property, requiredOnly);
      }
      return body;
    }
  }
}

/** The JSON request body schema of an operation. */
export function requestSchemaOf(doc: OpenApiDoc, path: string, method: string): JsonSchema {
  const body = doc.paths[path]?.[method]?.requestBody;
  if (!body) throw new Error(`${method.toUpperCase()} ${path} has no request body`);
  return body.content['application/json'].schema;
}

/**
 * Where a schema's sample would fall back to Swagger UI's placeholders ("string", 0, true): the paths of
 * the leaf properties, optional ones included, that have no example of their own or above them.
 */
export function propertiesWithoutExample(doc: OpenApiDoc, schema: JsonSchema, at = '', seen: string[] = []): string[] {
  if (schema.$ref) {
    const name = schema.$ref.split('/').pop()!;
    return seen.includes(name) ? [] : propertiesWithoutExample(doc, doc.components.schemas[name], at, [...seen, name]);
  }
  if (schema.example !== undefined) return [];
  // Swagger UI renders the first branch of a oneOf / anyOf (as sampleOf does); `{ enum: [null] }` is the null branch of
  // a nullable reference: null is its own example.
  const choice = [...(schema.oneOf ?? []), ...(schema.anyOf ?? [])].filter((p) => !(p.enum?.length === 1 && p.enum[0] === null));
  const parts = [...(schema.allOf ?? []), ...choice.slice(0, 1)];
  if (parts.length)
    return parts.filter((p) => !(p.enum?.length === 1 && p.enum[0] === null)).flatMap((p) => propertiesWithoutExample(doc, p, at, seen));
  if (schema.type === 'array') return schema.items ? propertiesWithoutExample(doc, schema.items, `${at}[]`, seen) : [at];
  if (schema.properties)
    return Object.entries(schema.properties).flatMap(([name, p]) => propertiesWithoutExample(doc, p, `${at}.${name}`, seen));
  return [at || '(body)'];
}

/** A request body's examples: its own `example`/`examples` when it has them, else the sample of every property. */
export function requestExamplesOf(doc: OpenApiDoc, path: string, method: string): unknown[] {
  const media = doc.paths[path][method].requestBody!.content['application/json'] as {
    schema: JsonSchema;
    example?: unknown;
    examples?: Record<string, { value: unknown }>;
  };
  if (media.examples) return Object.values(media.examples).map((e) => e.value);
  if (media.example !== undefined) return [media.example];
  return [sampleOf(doc, media.schema, false)];
}
