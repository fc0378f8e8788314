import type { OpenAPIObject, OperationObject, ParameterObject, ReferenceObject, ResponseObject, SchemaObject } from '@nestjs/swagger';
import type { ResourceDescriptor } from '../crud/resources';
import { addParameterExamples, bulkItemExamples, overrideSchemaExamples, patchExamplesOfDemoRecords } from './request-examples';
import { addRuleResponses } from './rule-responses';
import { typeChangesFeed } from './change-schemas';
import {
  ADMIN_401_EXAMPLE,
  ADMIN_403_EXAMPLE,
  ERROR_EXAMPLES,
  EXAMPLES,
  formatOf,
  FRACTIONAL,
  INTEGERS,
  PATH_PARAMETERS,
  SAMPLE_ID,
  TAGS,
} from './document-tables';

const SUCCESS_DESCRIPTIONS: Record<string, string> = { '200': 'OK', '201': 'Created', '204': 'Done; no content' };

/** Headers the server sets on every answer of a status (docs/decisions.md, "HTTP manners"). */
const RESPONSE_HEADERS: Record<string, [string, string]> = {
  '201': ['Location', "The new record's URL, path-absolute (`/api/v1/org/{orgId}/employees/{id}`)"],
  '401': ['WWW-Authenticate', 'The scheme and realm: `Bearer realm="api"` (public API) or `Bearer realm="application"`'],
  '429': ['Retry-After', 'Seconds until a request would be accepted again'],
};

/** Where the committed document points; the served one names the server it is served from. */
export const DEFAULT_SERVER = { url: 'http://localhost:3000', description: 'A local server on the default port (npm start)' };

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'options', 'head', 'trace'] as const;

type Schema = SchemaObject | ReferenceObject;

/**
 * Completes what the Swagger decorators leave out, in one pass over the built document: declared path
 * parameters, tags with descriptions, operation descriptions with the access each needs, one error
 * example per status, formats, integer types and examples by property name, and the servers list.
 * `strict` (scripts/openapi.ts, so CI) throws when an operation has no summary or uses an undeclared tag.
 * Not at runtime: under Jest (SWC, no Swagger plugin) JSDoc summaries are missing and the app must still start.
 */
export function finishOpenApiDocument(doc: OpenAPIObject, strict = false, resources: readonly ResourceDescriptor[] = []): OpenAPIObject {
  doc.servers = [DEFAULT_SERVER];
  doc.info.license = { name: 'Proprietary (UNLICENSED)' };
  const tags = documentTags(resources);
  const demos = resources.flatMap((resource) => (resource.demo ? [resource.demo] : []));
  const declared = new Set(tags.map((tag) => tag.name));
  const used = new Set<string>();
  const problems: string[] = [];
  for (const [path, item] of Object.entries(doc.paths) as [string, Record<string, OperationObject | undefined>][]) {
    for (const method of METHODS) {
      const op = item[method];
      if (!op) continue;
      const where = `${method.toUpperCase()} ${path}`;
      for (const tag of op.tags ?? []) {
        if (!declared.has(tag)) problems.push(`${where} uses tag "${tag}" that TAGS does not describe`);
        used.add(tag);
      }
      declarePathParameters(path, op);
      addParameterExamples(path, method, op, demos);
      if (!op.summary?.trim()) problems.push(`${where} has no summary (add @ApiOperation or a JSDoc comment)`);
      else describeOperation(op);
      addRuleResponses(op, path, method);
      finishResponses(op, path);
      for (const param of op.parameters ?? []) finishParameter(param as ParameterObject);
    }
  }
  if (strict && problems.length) throw new Error(`OpenAPI document incomplete:\n${problems.join('\n')}`);
  declareETags(doc);
  doc.tags = tags.filter((tag) => used.has(tag.name)).map((tag) => ({ ...tag }));
  // Redoc and Redocly group the navigation by these; Swagger UI shows the tags in this order.
  const application = doc.tags.filter((t) => t.name.startsWith('Application: ')).map((t) => t.name);
  const probes = doc.tags.filter((t) => t.name === 'Health').map((t) => t.name);
  const publicApi = doc.tags.map((t) => t.name).filter((name) => !application.includes(name) && !probes.includes(name));
  Object.assign(doc, {
    'x-tagGroups': [
      { name: 'Public API (API key)', tags: publicApi },
      { name: 'Application API (ADMIN_TOKEN)', tags: application },
      { name: 'Probes', tags: probes },
    ],
  });
  for (const [name, schema] of Object.entries(doc.components?.schemas ?? {})) finishSchema(schema, name);
  overrideSchemaExamples(doc.components?.schemas ?? {});
  // After the DTOs' schemas are finished: the change payloads copy their properties.
  typeChangesFeed(doc, resources, strict);
  patchExamplesOfDemoRecords(doc, demos);
  bulkItemExamples(doc);
  shareRepeatedResponses(doc);
  return doc;
}

/**
 * An error answer that several operations give word for word (401, 413, 415, 429, 500, ...) is declared once under
 * `components.responses` and referred to: the document is less than two thirds the size, and Swagger UI, which reads the
 * whole document before it draws anything, opens that much sooner. Named after its status and error code
 * (`Status413PayloadTooLarge`), numbered in the order the paths first give them when one status has several.
 */
const SHARED_AFTER = 8;

function shareRepeatedResponses(doc: OpenAPIObject): void {
  const operations = Object.values(doc.paths as Record<string, Record<string, OperationObject | undefined>>).flatMap((item) =>
    METHODS.flatMap((method) => (item[method] ? [item[method]] : [])),
  );
  const uses = new Map<string, number>();
  const each = (visit: (responses: Record<string, ResponseObject | ReferenceObject>, status: string, text: string) => void) => {
    for (const op of operations) {
      for (const [status, response] of Object.entries(op.responses ?? {})) {
        if (!response || status.startsWith('2') || '$ref' in response) continue;
        visit(op.responses as Record<string, ResponseObject | ReferenceObject>, status, `${status} ${JSON.stringify(response)}`);
      }
    }
  };
  each((_responses, _status, text) => uses.set(text, (uses.get(text) ?? 0) + 1));
  const names = new Map<string, string>();
  const shared: Record<string, ResponseObject> = {};
  each((responses, status, text) => {
    if ((uses.get(text) ?? 0) < SHARED_AFTER) return;
    let name = names.get(text);
    if (!name) {
      const response = responses[status] as ResponseObject;
      const code = /^([A-Za-z_]+):/.exec(response.description)?.[1] ?? 'Error';
      const base = `Status${status}${code.toLowerCase().replace(/(^|_)([a-z])/g, (_m, _u, c: string) => c.toUpperCase())}`;
      name = base;
      for (let n = 2; name in shared; n++) name = `${base}${n}`;
      shared[name] = response;
      names.set(text, name);
    }
    responses[status] = { $ref: `#/components/responses/${name}` };
  });
  if (Object.keys(shared).length) doc.components = { ...doc.components, responses: { ...doc.components?.responses, ...shared } };
}

/** TAGS with the tags the modules' resources declare, after the public API's own (before `Health` and the application API). */
function documentTags(resources: readonly ResourceDescriptor[]): readonly { name: string; description: string }[] {
  const added = resources
    .flatMap((resource) => (resource.tag ? [resource.tag] : []))
    .filter((tag) => !TAGS.some((t) => t.name === tag.name));
  const at = TAGS.findIndex((tag) => tag.name === 'Health');
  return [...TAGS.slice(0, at), ...added, ...TAGS.slice(at)];
}

/**
 * Records with versions (their PATCH takes If-Match) answer their by-id read, their create and their
 * PATCH with the ETag the record now has: the next write needs no read first.
 */
function declareETags(doc: OpenAPIObject): void {
  const header = {
    ETag: { description: "The record's version, for `If-Match` on its next PATCH or DELETE", schema: { type: 'string' } },
  };
  const paths = doc.paths as Record<string, Record<string, OperationObject | undefined>>;
  for (const [path, item] of Object.entries(paths)) {
    const versioned = (item.patch?.parameters ?? []).some((p) => (p as ParameterObject).name === 'If-Match');
    if (!versioned || !path.endsWith('/{id}')) continue;
    const answers = [
      item.get?.responses['200'],
      item.patch?.responses['200'],
      paths[path.slice(0, -'/{id}'.length)]?.post?.responses['201'],
    ];
    for (const answer of answers as (ResponseObject | undefined)[]) if (answer) answer.headers = { ...answer.headers, ...header };
  }
}

/** Declares every `{name}` of the path that the operation does not declare (orgId is read through the request context). */
function declarePathParameters(path: string, op: OperationObject): void {
  const params = (op.parameters ??= []) as ParameterObject[];
  const names = [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]);
  const added: ParameterObject[] = [];
  for (const name of names) {
    const existing = params.find((p) => p.in === 'path' && p.name === name);
    if (existing) {
      existing.description ??= PATH_PARAMETERS[name];
      continue;
    }
    added.push({ name, in: 'path', required: true, description: PATH_PARAMETERS[name], schema: { type: 'string' } });
  }
  // Path parameters first, in path order: Swagger UI lists them as the path reads.
  op.parameters = [...added, ...params].sort((a, b) => rank(a as ParameterObject, names) - rank(b as ParameterObject, names));
}

function rank(p: ParameterObject, names: string[]): number {
  return p.in === 'path' ? names.indexOf(p.name) : names.length + (p.in === 'header' ? 0 : 1);
}

/**
 * A JSDoc comment becomes the summary (its first sentence) and the description (all of it); the
 * description ends with the access the route needs (x-required-permissions of RequirePermissions).
 */
function describeOperation(op: OperationObject): void {
  const text = (op.summary ?? '').trim();
  op.summary = firstSentence(text).replace(/\s+/g, ' ').trim();
  const body = op.description?.trim() || text;
  op.description = [body, accessSentence(op)].filter(Boolean).join('\n\n');
}

/** Up to the first `.` or `:` that ends a sentence: followed by a space or the end, outside backticks and parentheses. */
function firstSentence(text: string): string {
  let depth = 0;
  let code = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '`') code = !code;
    else if (!code && c === '(') depth++;
    else if (!code && c === ')') depth = Math.max(0, depth - 1);
    else if (!code && depth === 0 && (c === '.' || c === ':') && (i + 1 === text.length || /\s/.test(text[i + 1]))) return text.slice(0, i);
  }
  return text;
}

/** An operation with the permissions the access decorators wrote into it (`x-required-permissions`). */
type PermissionedOperation = OperationObject & {
  'x-required-permissions'?: { permissions: string[]; anyOf?: boolean };
  'x-acting-user-permissions'?: string[];
};

function accessSentence(op: OperationObject): string {
  const security: Record<string, string[]>[] = op.security ?? [];
  if (security.length === 0) {
    op.security = [];
    return 'No authentication.';
  }
  if (security.some((s) => 'admin-token' in s)) {
    const acting = (op as PermissionedOperation)['x-acting-user-permissions'] ?? [];
    const needs = acting.length ? ` With \`X-Acting-User\`, that user needs ${acting.map((p) => `\`${p}\``).join(' and ')}.` : '';
    return `Application API: \`Authorization: Bearer <ADMIN_TOKEN>\`.${needs}`;
  }
  const rule = (op as PermissionedOperation)['x-required-permissions'];
  if (!rule || rule.permissions.length === 0) return 'Public API: any valid API key of the organization.';
  const names = rule.permissions.map((p) => `\`${p}\``);
  return rule.anyOf
    ? `Public API: an API key with at least one of ${names.join(', ')}.`
    : `Public API: an API key with ${names.join(' and ')} (held by the key and by its creator).`;
}

function finishResponses(op: OperationObject, path: string): void {
  const responses = op.responses as Record<string, ResponseObject>;
  // The Swagger plugin adds the method's default status (200 or 201) beside the one the route declares.
  const success = Object.keys(responses).filter((s) => s.startsWith('2'));
  for (const status of success) {
    const r = responses[status];
    if (success.length > 1 && !r.description && !r.content) delete responses[status];
  }
  const admin = (op.security ?? []).some((s: Record<string, string[]>) => 'admin-token' in s);
  for (const [status, response] of Object.entries(responses)) {
    response.description ||= SUCCESS_DESCRIPTIONS[status] ?? 'OK';
    const header = RESPONSE_HEADERS[status];
    if (header) response.headers = { ...response.headers, [header[0]]: { description: header[1], schema: { type: 'string' } } };
    const media = response.content?.['application/json'];
    // Errors are JSON whatever the route produces (ApiProduces lists its success types on every status).
    if (media && Number(status) >= 400) response.content = { 'application/json': media };
    // A text answer (`text/csv`, an `image/svg+xml` chart) is a string, not the JSON schema ApiProduces copies to it.
    for (const type of Object.keys(response.content ?? {}))
      if (type.startsWith('text/') || type === 'image/svg+xml') response.content![type] = { schema: { type: 'string' } };
    const ref = (media?.schema as ReferenceObject | undefined)?.$ref ?? '';
    if (media && ref.endsWith('/RateLimitResponseDto')) media.example = ERROR_EXAMPLES['429'];
    if (!media || !ref.endsWith('/ErrorResponseDto')) continue;
    media.example = errorExample(status, op, path, admin);
  }
}

/** The status's example, with the route's permission, record and id where the message names them. */
function errorExample(status: string, op: OperationObject, path: string, admin: boolean): unknown {
  const base = ERROR_EXAMPLES[status] as { error: Record<string, unknown> } | undefined;
  if (!base) throw new Error(`OpenAPI: no error example for status ${status}`);
  if (status === '401' && admin) return ADMIN_401_EXAMPLE;
  if (status === '403' && admin) return ADMIN_403_EXAMPLE;
  const rule = (op as PermissionedOperation)['x-required-permissions'];
  const pairs = [...path.matchAll(/([a-z-]+)\/\{(\w+)\}/g)].filter((m) => m[1] !== 'org');
  const last = pairs.at(-1);
  const noun = last ? last[1].replace(/ies$/, 'y').replace(/s$/, '').replace(/-/g, ' ') : 'scenario';
  const record = `${noun.charAt(0).toUpperCase()}${noun.slice(1)} ${SAMPLE_ID}`;
  switch (status) {
    case '403':
      return rule?.permissions.length
        ? { error: { ...base.error, message: `The API key lacks the permission ${rule.permissions[0]}` } }
        : base;
    case '404':
      return { error: { ...base.error, message: `${record} not found` } };
    case '409':
      return op.operationId?.endsWith('_remove')
        ? { error: { ...base.error, message: `${record} is still referenced by 2 assignments; remove those references first` } }
        : base;
    default:
      return base;
  }
}

function finishParameter(param: ParameterObject): void {
  const schema = param.schema as SchemaObject | undefined;
  if (!schema || '$ref' in schema) return;
  finishProperty(param.name, schema, undefined);
  // Lists in query parameters (ListQueryProperty, ApiIncludeQuery): documented in their comma form (x=a,b);
  // the repeated form (x=a&x=b) is accepted as well.
  if (param.in === 'query' && schema.type === 'array') Object.assign(param, { style: 'form', explode: false });
  if (param.in === 'query' && schema.example !== undefined && param.example === undefined) {
    param.example = schema.example;
    delete schema.example;
  }
}

function finishSchema(schema: Schema, schemaName: string | undefined): void {
  if ('$ref' in schema) return;
  for (const [name, property] of Object.entries(schema.properties ?? {}) as [string, Schema][]) {
    if ('$ref' in property) continue;
    if (nullableReference(property)) continue;
    finishProperty(name, property, schemaName);
    if (property.type === 'object') finishSchema(property, undefined);
    if (property.items && !('$ref' in property.items)) finishSchema(property.items, undefined);
  }
  for (const part of [...(schema.allOf ?? []), ...(schema.oneOf ?? [])]) finishSchema(part, schemaName);
}

/** Format, integer type and example of one property or parameter, by name where its decorator is silent. */
function finishProperty(name: string, schema: SchemaObject, schemaName: string | undefined): void {
  const target = schema.type === 'array' && schema.items && !('$ref' in schema.items) ? schema.items : schema;
  const format = formatOf(name);
  if (format && target.type === 'string' && !target.format) target.format = format;
  if (INTEGERS.has(name) && !FRACTIONAL.has(`${schemaName}.${name}`) && target.type === 'number') target.type = 'integer';
  if (schema.example !== undefined || schema.enum || '$ref' in schema) return;
  // A bulk item takes its create body's examples (`EmployeeBulkItemDto` those of `CreateEmployeeDto`).
  const own = schemaName?.replace(/^(\w+)BulkItemDto$/, 'Create$1Dto');
  const key = own && `${own}.${name}` in EXAMPLES ? `${own}.${name}` : name;
  const scalar = schema.type === 'string' || schema.type === 'number' || schema.type === 'integer' || schema.type === 'boolean';
  if (key in EXAMPLES && scalar) schema.example = EXAMPLES[key];
}

/**
 * A nullable reference as OpenAPI 3.0.3 reads it. The Swagger module writes `{ type: object, nullable: true,
 * allOf: [$ref] }`, but `nullable` only adds null to the `type` beside it and the `allOf` still refuses null
 * (validators such as Prism and ajv say so). `anyOf: [$ref, { enum: [null] }]` is "the object or null" to
 * every reader; generated clients type it `T | null`. Rewrites the property in place; true when it was one.
 */
function nullableReference(property: SchemaObject): boolean {
  const ref = property.allOf?.length === 1 ? property.allOf[0] : undefined;
  if (property.nullable !== true || !ref || !('$ref' in ref)) return false;
  delete property.nullable;
  delete property.allOf;
  if (property.type === 'object') delete property.type;
  // The null branch: untyped (so null is allowed) and limited to null.
  property.anyOf = [ref, { enum: [null] }];
  return true;
}
