import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

export type JsonSchema = Record<string, unknown>;

interface OpenApiParameter {
  name: string;
  in: string;
  required?: boolean;
  description?: string;
  schema: JsonSchema;
}
interface OpenApiDocument {
  paths: Record<string, Record<string, { parameters?: OpenApiParameter[] }>>;
  components: { schemas: Record<string, JsonSchema> };
}

let document: OpenApiDocument | null = null;

/**
 * The committed OpenAPI document (its schemas and routes) (openapi.json at the project root, generated from the DTOs by
 * the Swagger plugin and checked by CI): the tools' input and output schemas are the REST bodies' and
 * responses', so they cannot drift from the DTOs.
 */
function openApi(): OpenApiDocument {
  if (document) return document;
  let dir = __dirname;
  while (!existsSync(join(dir, 'openapi.json'))) {
    const parent = dirname(dir);
    if (parent === dir) throw new Error('openapi.json not found above ' + __dirname);
    dir = parent;
  }
  document = JSON.parse(readFileSync(join(dir, 'openapi.json'), 'utf8')) as OpenApiDocument;
  return document;
}

function openApiSchemas(): Record<string, JsonSchema> {
  return openApi().components.schemas;
}

/** The query parameters of a GET route (`/api/v1/org/{orgId}/forecast`) as one object schema (none required unless the route says). */
export function querySchema(path: string): JsonSchema {
  const parameters = (openApi().paths[path]?.get?.parameters ?? []).filter((p) => p.in === 'query');
  if (!parameters.length) throw new Error(`No query parameters of GET ${path} in openapi.json`);
  const properties = Object.fromEntries(
    parameters.map((p) => [p.name, { ...toJsonSchema(p.schema, []), ...(p.description ? { description: p.description } : {}) }]),
  );
  return objectSchema(
    properties,
    parameters.filter((p) => !p.required).map((p) => p.name),
  );
}

/** A DTO's schema as self-contained JSON Schema: `$ref`s inlined, OpenAPI's `nullable` as a `null` type. */
export function dtoSchema(name: string): JsonSchema {
  const schema = openApiSchemas()[name];
  if (!schema) throw new Error(`No schema ${name} in openapi.json`);
  return toJsonSchema(schema, [name]);
}

function toJsonSchema(schema: JsonSchema, seen: string[]): JsonSchema {
  if (typeof schema.$ref === 'string') {
    const name = schema.$ref.replace('#/components/schemas/', '');
    if (seen.includes(name)) return { type: 'object' };
    return dtoSchemaIn(name, seen);
  }
  // OpenAPI 3.0's "null only" (the null branch of a nullable reference) is JSON Schema's null type.
  if (Array.isArray(schema.enum) && schema.enum.length === 1 && schema.enum[0] === null && !schema.type) return { type: 'null' };
  const out: JsonSchema = {};
  for (const [key, value] of Object.entries(schema)) {
    if (key === 'nullable' || key === 'example') continue;
    if (key === 'properties')
      out.properties = Object.fromEntries(Object.entries(value as Record<string, JsonSchema>).map(([k, v]) => [k, toJsonSchema(v, seen)]));
    else if (key === 'items') out.items = toJsonSchema(value as JsonSchema, seen);
    else if (key === 'allOf' || key === 'anyOf' || key === 'oneOf') out[key] = (value as JsonSchema[]).map((v) => toJsonSchema(v, seen));
    else out[key] = value;
  }
  if (schema.nullable !== true) return out;
  if (typeof out.type === 'string' && !out.allOf && !out.anyOf && !out.oneOf) {
    if (Array.isArray(out.enum)) out.enum = [...(out.enum as unknown[]), null];
    return { ...out, type: [out.type, 'null'] };
  }
  return { anyOf: [out, { type: 'null' }] };
}

function dtoSchemaIn(name: string, seen: string[]): JsonSchema {
  const schema = openApiSchemas()[name];
  if (!schema) throw new Error(`No schema ${name} in openapi.json`);
  return toJsonSchema(schema, [...seen, name]);
}

/** An object schema of the given properties (all listed in `required` unless optional). */
export function objectSchema(properties: Record<string, JsonSchema>, optional: string[] = []): JsonSchema {
  return {
    type: 'object',
    properties,
    required: Object.keys(properties).filter((k) => !optional.includes(k)),
    additionalProperties: false,
  };
}
