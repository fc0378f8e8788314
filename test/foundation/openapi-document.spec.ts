import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DomainError } from '../../src/common/errors/domain-error';
import { BulkUpsertDto } from '../../src/crud/bulk-upsert';
import { BulkDeleteDto } from '../../src/crud/bulk-delete';
import { isCurrencyCode } from '../../src/common/validation/validators';
import { AppValidationPipe } from '../../src/common/validation/validation.pipe';
import { serverOf } from '../../src/openapi/served-document';
import { ERROR_STATUS } from '../../src/common/errors/error-codes';
import { formatOf } from '../../src/openapi/document-tables';
import { EmployeesService } from '../../src/employees/employees.service';
import { JobRolesService } from '../../src/reference-data/job-roles.service';
import {
  committedDocument,
  inlineResponses,
  type JsonSchema,
  propertiesWithoutExample,
  requestExamplesOf,
} from '../support/openapi-sample';

// Walks every resource of the app: CI runs it against a generated one too (.ci/run, "resource generator").

/**
 * docs/decisions.md, "OpenAPI document", on the committed openapi.json (CI regenerates it from the built app and
 * fails on a difference, so this is the document the server serves and clients generate from).
 */
type Json = Record<string, unknown>;
interface Param {
  name: string;
  in: string;
  required?: boolean;
  schema?: Json & { items?: Json };
  style?: string;
  explode?: boolean;
}
interface Operation {
  summary?: string;
  description?: string;
  tags?: string[];
  parameters?: Param[];
  responses: Record<string, { description?: string; content?: Record<string, { example?: unknown; schema?: Json }> }>;
  security?: Record<string, string[]>[];
}

const doc = inlineResponses(JSON.parse(readFileSync(join(__dirname, '..', '..', 'openapi.json'), 'utf8'))) as {
  servers?: { url: string }[];
  tags?: { name: string; description?: string }[];
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, Json>; securitySchemes: Record<string, Json> };
};
const operations = Object.entries(doc.paths).flatMap(([path, item]) =>
  Object.entries(item).map(([method, op]) => ({ path, method, op, where: `${method.toUpperCase()} ${path}` })),
);

/** Every (name, schema) of the component schemas, nested objects and array items included. */
function properties(): { where: string; name: string; schema: Json }[] {
  const found: { where: string; name: string; schema: Json }[] = [];
  const walk = (schema: Json, where: string) => {
    for (const [name, property] of Object.entries((schema.properties ?? {}) as Record<string, Json>)) {
      found.push({ where: `${where}.${name}`, name, schema: property });
      if (property.properties) walk(property, `${where}.${name}`);
      const items = property.items as Json | undefined;
      if (items?.properties) walk(items, `${where}.${name}[]`);
    }
  };
  for (const [name, schema] of Object.entries(doc.components.schemas)) walk(schema, name);
  return found;
}

describe('OpenAPI document (docs/decisions.md)', () => {
  it('has 184 operations or more, each with a summary and a description', () => {
    expect(operations.length).toBeGreaterThanOrEqual(184);
    const missing = operations.filter(({ op }) => !op.summary?.trim() || !op.description?.trim()).map((o) => o.where);
    expect(missing).toEqual([]);
    const long = operations.filter(({ op }) => op.summary!.length > 120 || op.summary!.includes('\n')).map((o) => o.where);
    expect(long).toEqual([]);
  });

  it('decisions/OpenAPI document: every path parameter is declared, orgId included, so Swagger UI substitutes it', () => {
    const undeclared: string[] = [];
    for (const { path, op, where } of operations) {
      for (const [, name] of path.matchAll(/\{(\w+)\}/g)) {
        const param = op.parameters?.find((p) => p.in === 'path' && p.name === name);
        if (!param || param.required !== true) undeclared.push(`${where} {${name}}`);
      }
    }
    expect(undeclared).toEqual([]);
    const me = doc.paths['/api/v1/org/{orgId}/me'].get;
    expect(me.parameters?.[0]).toMatchObject({ name: 'orgId', in: 'path', required: true });
  });

  it('decisions/OpenAPI document: servers is set; bearer schemes carry no JWT format; every operation states its security', () => {
    expect(doc.servers?.[0]?.url).toMatch(/^https?:\/\//);
    expect(Object.keys(doc.components.securitySchemes).sort()).toEqual(['admin-token', 'api-key']);
    for (const scheme of Object.values(doc.components.securitySchemes)) {
      expect(scheme).toMatchObject({ type: 'http', scheme: 'bearer' });
      expect(scheme.bearerFormat).toBeUndefined();
    }
    const without = operations.filter(({ op }) => op.security === undefined).map((o) => o.where);
    expect(without).toEqual([]);
    expect(doc.paths['/health'].get.security).toEqual([]);
  });

  it('03/§1.21: the served document names PUBLIC_BASE_URL as its server when set, else a relative one (never the Host header)', () => {
    expect(serverOf(null)).toBe('/');
    expect(serverOf('https://wfp.example.org/')).toBe('https://wfp.example.org');
  });

  it('decisions/OpenAPI document: tags are declared with descriptions, the public API before the application API', () => {
    const tags = doc.tags ?? [];
    const names = tags.map((t) => t.name);
    for (const { op, where } of operations)
      for (const tag of op.tags ?? []) expect(`${where}: ${names.includes(tag)}`).toBe(`${where}: true`);
    expect(tags.filter((t) => !t.description?.trim())).toEqual([]);
    const firstApplication = names.findIndex((n) => n.startsWith('Application: '));
    expect(firstApplication).toBeGreaterThan(0);
    expect(names.slice(firstApplication).every((n) => n.startsWith('Application: '))).toBe(true);
    for (const t of tags.slice(firstApplication)) expect(t.description).toMatch(/^Application API/);
    for (const t of tags.slice(0, firstApplication).filter((t) => t.name !== 'Health')) expect(t.description).toMatch(/^Public API/);
  });

  it('decisions/OpenAPI document: every date property and parameter has format date or date-time, with an example of that shape', () => {
    const wrong: string[] = [];
    const check = (where: string, name: string, schema: Json) => {
      const target = (schema.type === 'array' ? schema.items : schema) as Json;
      const expected = formatOf(name);
      if (!expected || target.type !== 'string') return;
      if (target.format !== expected) wrong.push(`${where}: ${String(target.format)}`);
      const example = target.example;
      if (
        example !== undefined &&
        example !== null &&
        !(expected === 'date' ? /^\d{4}-\d{2}-\d{2}$/ : /^\d{4}-\d{2}-\d{2}T[\d:.]+Z$/).test(String(example))
      )
        wrong.push(`${where}: example ${String(example)}`);
    };
    for (const { where, name, schema } of properties()) check(where, name, schema);
    for (const { op, where } of operations)
      for (const p of op.parameters ?? []) if (p.schema) check(`${where} ?${p.name}`, p.name, p.schema);
    expect(wrong).toEqual([]);
    expect(doc.components.schemas.CreateEmployeeDto).toMatchObject({
      properties: { startDate: { format: 'date', example: '2026-01-01' }, email: { example: 'ana.silva@example.com' } },
    });
  });

  it('decisions/OpenAPI document: counts and pages are integers', () => {
    for (const { op, where } of operations) {
      for (const p of op.parameters ?? [])
        if (['page', 'limit', 'offset'].includes(p.name))
          expect(`${where} ${p.name} ${String(p.schema?.type)}`).toBe(`${where} ${p.name} integer`);
    }
    expect(doc.components.schemas.PageMetaDto).toMatchObject({
      properties: { page: { type: 'integer' }, limit: { type: 'integer' }, total: { type: 'integer' } },
    });
  });

  it('decisions/OpenAPI document: sortBy, sortDir and include are enums; sortBy is the service allow-list', () => {
    for (const { op, where } of operations) {
      for (const p of op.parameters ?? []) {
        if (p.name === 'sortBy' || p.name === 'sortDir')
          expect(`${where} ${p.name}: ${Array.isArray(p.schema?.enum)}`).toBe(`${where} ${p.name}: true`);
        if (p.name === 'include')
          expect(p).toMatchObject({ style: 'form', explode: false, schema: { type: 'array', items: { enum: expect.any(Array) } } });
      }
    }
    const sortOf = (path: string) => doc.paths[path].get.parameters!.find((p) => p.name === 'sortBy')!.schema;
    expect(sortOf('/api/v1/org/{orgId}/employees')).toMatchObject({
      enum: Object.keys(EmployeesService.sort),
      default: EmployeesService.defaultSort,
    });
    expect(sortOf('/api/v1/org/{orgId}/job-roles')).toMatchObject({ enum: Object.keys(JobRolesService.sort), default: 'title' });
    const include = doc.paths['/api/v1/org/{orgId}/employees/{id}'].get.parameters!.find((p) => p.name === 'include')!;
    expect(include.schema!.items!.enum).toEqual([...EmployeesService.includes]);
  });

  it('decisions/OpenAPI document: each error response has one example whose code belongs to its status', () => {
    let checked = 0;
    for (const { op, where } of operations) {
      for (const [status, response] of Object.entries(op.responses)) {
        if (Number(status) < 400) continue;
        const example = response.content?.['application/json']?.example as { error: { code?: string } | string } | undefined;
        expect(`${where} ${status} example: ${example !== undefined}`).toBe(`${where} ${status} example: true`);
        if (status === '429') {
          expect(example!.error).toBe('too_many_requests');
          continue;
        }
        const code = (example!.error as { code: keyof typeof ERROR_STATUS }).code;
        expect({ where, code, status: String(ERROR_STATUS[code]) }).toEqual({ where, code, status });
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(500);
    const create = doc.paths['/api/v1/org/{orgId}/employees'].post.responses;
    expect(create['400'].content!['application/json'].example).toMatchObject({
      error: { code: 'VALIDATION_ERROR', details: [{ field: expect.any(String) }] },
    });
    expect(create['403'].content!['application/json'].example).toMatchObject({
      error: { code: 'FORBIDDEN', message: expect.stringContaining('employees_edit') },
    });
  });

  it('decisions/OpenAPI document: DELETE documents only what it answers: 204 without a body (functional structure: 200 with the id), then errors', () => {
    const deletes = operations.filter((o) => o.method === 'delete');
    expect(deletes.length).toBeGreaterThan(20);
    for (const { path, op, where } of deletes) {
      const success = Object.keys(op.responses).filter((s) => s.startsWith('2'));
      expect(`${where}: ${success.join(',')}`).toBe(`${where}: ${path.includes('/functional-groups/') ? '200' : '204'}`);
      if (success[0] === '204') expect(op.responses['204'].content).toBeUndefined();
    }
  });

  it('decisions/OpenAPI document: the headers the server always sets are documented: Location on 201, WWW-Authenticate on 401, Retry-After on 429', () => {
    const expected: Record<string, string> = { '201': 'Location', '401': 'WWW-Authenticate', '429': 'Retry-After' };
    const missing: string[] = [];
    for (const { op, where } of operations) {
      for (const [status, header] of Object.entries(expected)) {
        const response = op.responses[status] as { headers?: Record<string, unknown> } | undefined;
        if (response && !response.headers?.[header]) missing.push(`${where} ${status} ${header}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('decisions/OpenAPI document: one success status per operation', () => {
    const several = operations
      .filter(({ op }) => Object.keys(op.responses).filter((s) => s.startsWith('2')).length !== 1)
      .map((o) => o.where);
    expect(several).toEqual([]);
  });

  describe('request examples', () => {
    const sampleDoc = committedDocument();
    const writes = operations.filter((o) => ['post', 'put', 'patch'].includes(o.method) && sampleDoc.paths[o.path][o.method].requestBody);
    /** The body classes by schema name: the exports of every file in a `dto` folder of src. */
    const classes = new Map<string, new () => object>([
      ['BulkUpsertDto', BulkUpsertDto],
      ['BulkDeleteDto', BulkDeleteDto],
    ]);

    beforeAll(async () => {
      const src = join(__dirname, '..', '..', 'src');
      const files = (readdirSync(src, { recursive: true }) as string[]).filter((f) => /(^|\/)dto\/[^/]+\.ts$/.test(f));
      for (const file of files) {
        const exports = (await import(join(src, file))) as Record<string, unknown>;
        for (const [name, value] of Object.entries(exports)) if (typeof value === 'function') classes.set(name, value as new () => object);
      }
    });

    it('every create and PATCH body renders a complete example: each property, optional ones included, has an example', () => {
      expect(writes.length).toBeGreaterThanOrEqual(85);
      const incomplete = writes
        .map(({ path, method, where }) => {
          const media = sampleDoc.paths[path][method].requestBody!.content['application/json'] as { schema: JsonSchema; examples?: object };
          return media.examples ? [] : propertiesWithoutExample(sampleDoc, media.schema).map((at) => `${where} ${at}`);
        })
        .flat();
      expect(incomplete).toEqual([]);
    });

    it('openapi: every create and PATCH operation has a request example that its own validation accepts', async () => {
      const pipe = new AppValidationPipe();
      const refused: string[] = [];
      const validate = async (where: string, className: string, body: unknown) => {
        const metatype = classes.get(className);
        if (!metatype) {
          refused.push(`${where}: no class ${className}`);
          return;
        }
        try {
          await pipe.transform(body, { type: 'body', metatype });
        } catch (e) {
          refused.push(`${where} ${JSON.stringify(body)} -> ${JSON.stringify(e instanceof DomainError ? e.details : String(e))}`);
        }
      };
      for (const { path, method, where } of writes) {
        const schema = sampleDoc.paths[path][method].requestBody!.content['application/json'].schema;
        for (const body of requestExamplesOf(sampleDoc, path, method)) {
          if (schema.$ref) {
            await validate(where, schema.$ref.split('/').pop()!, body);
            continue;
          }
          if ((body as { externalIds?: unknown }).externalIds) {
            await validate(where, 'BulkDeleteDto', body);
            continue;
          }
          // The bulk bodies: `{ records }`, each record an item (`XBulkItemDto`) that creates by the create body `CreateXDto`.
          const item = schema.properties?.records?.items?.$ref?.replace(/^.*\/(\w+)BulkItemDto$/, 'Create$1Dto');
          const records = (body as { records?: unknown[] }).records;
          if (!item || !records?.length) {
            refused.push(`${where}: an inline body other than { records } or { externalIds }`);
            continue;
          }
          await validate(where, 'BulkUpsertDto', body);
          for (const record of records) {
            expect(`${where} externalId: ${typeof (record as { externalId?: unknown }).externalId}`).toBe(`${where} externalId: string`);
            await validate(where, item, record);
          }
        }
      }
      expect(refused).toEqual([]);
    });
  });

  it('openapi: the main reads render a complete response example, every property with an example', () => {
    const sampleDoc = committedDocument();
    const reads = ['employees', 'contractors', 'vacancies', 'teams', 'projects', 'job-roles'].flatMap((r) => [
      `/api/v1/org/{orgId}/${r}`,
      `/api/v1/org/{orgId}/${r}/{id}`,
    ]);
    reads.push('/api/v1/org/{orgId}/forecast', '/api/v1/org/{orgId}/changes');
    const incomplete = reads.flatMap((path) => {
      const ok = sampleDoc.paths[path].get.responses['200'] as { content: Record<string, { schema: JsonSchema }> };
      return propertiesWithoutExample(sampleDoc, ok.content['application/json'].schema).map((at) => `GET ${path} ${at}`);
    });
    expect(incomplete).toEqual([]);
  });

  it('openapi: every property that is not self-evident has a description (a $ref property cannot carry one)', () => {
    const selfEvident = ['id', 'name', 'firstName', 'lastName', 'createdAt', 'updatedAt'];
    const missing = properties()
      .filter(({ name, schema }) => !selfEvident.includes(name) && !schema.$ref && !String(schema.description ?? '').trim())
      .map((p) => p.where);
    expect(missing).toEqual([]);
  });

  it("openapi: Swagger UI's Try it out works with the examples of the conversion's from and to; a custom attribute dateValue is a date", () => {
    const params = doc.paths['/api/v1/org/{orgId}/exchange-rates/convert'].get.parameters!;
    for (const name of ['from', 'to']) {
      const param = params.find((p) => p.name === name) as Param & { example?: unknown };
      expect(`${name} ${String(param.example)} ${isCurrencyCode(param.example)}`).toBe(`${name} ${String(param.example)} true`);
    }
    expect(doc.components.schemas.SetCustomAttributeValueDto).toMatchObject({
      properties: { dateValue: { type: 'string', format: 'date' } },
    });
  });
  it('06/§2.2: the document stands alone: it cites no document a reader of the API does not have', () => {
    const text = readFileSync(join(__dirname, '..', '..', 'openapi.json'), 'utf8');
    const citations = ['Spec 0', 'spec 0', 'document 0', 'Document 0', '\u00a7'].filter((cited) => text.includes(cited));
    expect(citations).toEqual([]);
  });

  it('06/§2.2: each error answer names its code and when it happens (CODE: when ...)', () => {
    const codes = [...Object.keys(ERROR_STATUS), 'too_many_requests'];
    const unnamed = operations.flatMap(({ op, where }) =>
      Object.entries(op.responses)
        .filter(([status]) => Number(status) >= 400)
        .flatMap(([status, response]) => {
          const description = response.description ?? '';
          const named = codes.some((code) => description.startsWith(`${code}: `) && description.length > code.length + 10);
          return named ? [] : [`${where} ${status}: ${response.description}`];
        }),
    );
    expect(unnamed).toEqual([]);
  });

  it('06/§2.1: a text answer (text/csv) is declared as a string; the bulk answer declares its counters and item fields', () => {
    const csv = doc.paths['/api/v1/org/{orgId}/forecast'].get.responses['200'].content!['text/csv'];
    expect(csv.schema).toEqual({ type: 'string' });
    const bulk = doc.components.schemas.BulkResultDto as { properties: Json; required: string[] };
    expect(Object.keys(bulk.properties).sort()).toEqual(['created', 'failed', 'results', 'unchanged', 'updated']);
    expect(bulk.required.sort()).toEqual(['created', 'failed', 'results', 'unchanged', 'updated']);
    const item = doc.components.schemas.BulkItemResultDto as { properties: Json };
    expect(Object.keys(item.properties).sort()).toEqual(['error', 'externalId', 'id', 'index', 'result']);
    expect(Object.keys((doc.components.schemas.BulkItemErrorDto as { properties: Json }).properties).sort()).toEqual([
      'code',
      'details',
      'message',
    ]);
  });

  it('06/§2.3: the by-id read, the create and the PATCH of records with versions document their ETag header', () => {
    for (const r of ['employees', 'contractors', 'vacancies', 'projects', 'teams']) {
      const item = doc.paths[`/api/v1/org/{orgId}/${r}/{id}`];
      const answers = [item.get.responses['200'], item.patch.responses['200'], doc.paths[`/api/v1/org/{orgId}/${r}`].post.responses['201']];
      for (const answer of answers as { headers?: Json }[]) expect(`${r} ${Object.keys(answer.headers ?? {}).join(',')}`).toContain('ETag');
    }
  });
});
