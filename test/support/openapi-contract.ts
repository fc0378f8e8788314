import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import Ajv, { type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import { committedDocument, type JsonSchema, type OpenApiDoc } from './openapi-sample';

/**
 * Every answer the end-to-end suite receives is checked against openapi.json: its status is listed
 * for the operation, its content type is declared for that status, and a JSON body is valid against
 * the declared schema (ajv, with OpenAPI 3.0.3's `nullable`: it adds null to the `type` beside it and
 * to nothing else). TestApp hooks this in below the routing, at the HTTP server, so every request of
 * every test is seen: supertest, fetch and the generated client alike.
 *
 * Routes outside the document by design (docs/decisions.md) are counted but not checked: Swagger UI
 * and the document itself (`/docs...`), the Prometheus scrape (`/metrics`), the assistant's JSON-RPC
 * endpoint (`/mcp`) and the redirect of `/`. Any other request that matches no documented operation
 * (an unknown path or method) must be a 4xx in the documented error envelope.
 */
export const OUTSIDE_THE_DOCUMENT = [/^\/docs(\/|$)/, /^\/metrics$/, /^\/mcp$/, /^\/$/];

export interface Violation {
  request: string;
  status: number;
  problem: string;
}

interface Operation {
  path: string;
  literals: boolean[];
  pattern: RegExp;
  responses: Record<string, { content?: Record<string, { schema?: JsonSchema }> }>;
}

type Method = string;
type Document = OpenApiDoc & { openapi: string };

/** The checks of one document; the suite's is made once per test file from the committed openapi.json. */
export class ResponseContract {
  private readonly ajv: Ajv;
  private readonly operations = new Map<Method, Operation[]>();
  private readonly compiled = new Map<string, ValidateFunction>();
  private readonly errorEnvelope: ValidateFunction;

  constructor(doc: Document = committedDocument() as Document) {
    // OpenAPI 3.0 schemas are JSON Schema with `nullable` (ajv knows it) and annotations (dropped by openApi30ToAjv).
    this.ajv = new Ajv({ allErrors: true, strict: true, strictRequired: false });
    addFormats(this.ajv);
    this.ajv.addSchema({ definitions: openApi30ToAjv(doc.components.schemas) }, 'openapi.json');
    for (const [path, item] of Object.entries(doc.paths)) {
      const segments = path.split('/');
      const pattern = new RegExp(`^${segments.map((s) => (/^\{\w+\}$/.test(s) ? '[^/]+' : escape(s))).join('/')}$`);
      const literals = segments.map((s) => !/^\{\w+\}$/.test(s));
      for (const [method, op] of Object.entries(item)) {
        const list = this.operations.get(method) ?? [];
        list.push({ path, literals, pattern, responses: op.responses as Operation['responses'] });
        this.operations.set(method, list);
      }
    }
    this.errorEnvelope = this.ajv.compile({ $ref: 'openapi.json#/definitions/ErrorResponseDto' });
  }

  /** The documented operation of a request: literal segments win over `{param}` ones, left to right (as the router does). */
  operationOf(method: string, rawPath: string): Operation | undefined {
    const path = rawPath.length > 1 ? rawPath.replace(/\/+$/, '') : rawPath;
    const matches = (this.operations.get(method.toLowerCase()) ?? []).filter((op) => op.pattern.test(path));
    return matches.sort((a, b) => {
      const i = a.literals.findIndex((literal, n) => literal !== b.literals[n]);
      return i < 0 ? 0 : a.literals[i] ? -1 : 1;
    })[0];
  }

  /** What is wrong with an answer, or null; `outside` when the route is outside the document by design. */
  check(method: string, url: string, status: number, contentType: string | undefined, body: Buffer): string | null | 'outside' {
    const path = url.split('?')[0];
    const op = this.operationOf(method, path);
    if (!op) {
      if (OUTSIDE_THE_DOCUMENT.some((p) => p.test(path))) return 'outside';
      if (status < 400 || status >= 500) return `no documented operation, and the answer is ${status}, not a 4xx error`;
      return this.checkJson(this.errorEnvelope, contentType, body);
    }
    const response = op.responses[String(status)] ?? op.responses[`${String(status)[0]}XX`] ?? op.responses.default;
    if (!response) return `status ${status} is not documented for ${method.toUpperCase()} ${op.path}`;
    const declared = Object.keys(response.content ?? {});
    const type = contentType?.split(';')[0].trim().toLowerCase();
    if (!declared.length) return body.length ? `a ${type ?? 'untyped'} body where ${status} documents none` : null;
    if (!type || !declared.includes(type)) return `content type ${type ?? '(none)'} is not declared for ${status} (${declared.join(', ')})`;
    const schema = response.content![type].schema;
    // A chart is a whole SVG document (an XML declaration at most before its root element).
    if (type === 'image/svg+xml')
      return /^(<\?xml[^>]*\?>\s*)?<svg[\s>][\s\S]*<\/svg>\s*$/.test(body.toString('utf8')) ? null : 'the body is not an SVG document';
    if (type !== 'application/json' || !schema) return null;
    return this.checkJson(this.validatorOf(schema), contentType, body);
  }

  private checkJson(validate: ValidateFunction, contentType: string | undefined, body: Buffer): string | null {
    if (!contentType?.startsWith('application/json')) return `content type ${contentType ?? '(none)'} where JSON is documented`;
    let value: unknown;
    try {
      value = JSON.parse(body.toString('utf8'));
    } catch {
      return `the body is not JSON: ${body.toString('utf8').slice(0, 120)}`;
    }
    if (validate(value)) return null;
    return (validate.errors ?? [])
      .slice(0, 5)
      .map((e) => `${e.instancePath || '(body)'} ${e.message ?? ''} ${e.keyword === 'enum' ? JSON.stringify(e.params) : ''}`.trim())
      .join('; ');
  }

  private validatorOf(schema: JsonSchema): ValidateFunction {
    const key = JSON.stringify(schema);
    let validate = this.compiled.get(key);
    if (!validate) {
      validate = this.ajv.compile(openApi30ToAjv(schema));
      this.compiled.set(key, validate);
    }
    return validate;
  }
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * OpenAPI 3.0 Schema Objects as ajv reads them: references point into the components added as
 * `openapi.json#/definitions`, and the draft-4 boolean `exclusiveMinimum` becomes the number it qualifies.
 * `nullable` stays: ajv implements it (as OpenAPI 3.0.3 defines it).
 *
 * Every object schema is closed: one that lists `properties` and says nothing of `additionalProperties`
 * gets `additionalProperties: false`, so an answer carrying a property the document does not declare
 * fails. The document is the whole truth: a new field cannot go out undocumented. (Only here, in the
 * tests: the served document and the service's own validation are untouched.)
 */
function openApi30ToAjv<T>(schema: T): T {
  if (Array.isArray(schema)) return schema.map((s: unknown) => openApi30ToAjv(s)) as T;
  if (!schema || typeof schema !== 'object') return schema;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(schema as Record<string, unknown>)) {
    if (key === '$ref' && typeof value === 'string') out.$ref = value.replace('#/components/schemas/', 'openapi.json#/definitions/');
    // discriminator: ajv checks the `oneOf` beside it (each branch names its one `entity_type`), which is the same rule.
    else if (key === 'example' || key === 'discriminator' || key.startsWith('x-')) continue;
    else if (key === 'properties')
      out.properties = Object.fromEntries(Object.entries(value as object).map(([k, v]) => [k, openApi30ToAjv(v)]));
    else out[key] = openApi30ToAjv(value);
  }
  if (out.exclusiveMinimum === true) [out.exclusiveMinimum, out.minimum] = [out.minimum, undefined];
  if (out.exclusiveMaximum === true) [out.exclusiveMaximum, out.maximum] = [out.maximum, undefined];
  for (const key of ['minimum', 'maximum']) if (out[key] === undefined) delete out[key];
  if (out.properties && !('additionalProperties' in out)) out.additionalProperties = false;
  return out as T;
}

/** What the hook saw in this test file: checked answers, answers outside the document, and the violations not yet reported. */
export const seen = { checked: 0, outside: 0, violations: [] as Violation[] };

let suiteContract: ResponseContract | undefined;

/**
 * Checks every answer the server gives against the contract (the committed document by default).
 * The check runs when the handler ends the answer, before its last bytes leave, so a violation is
 * recorded before the client can see the answer; the test's afterEach (openapi-contract.setup.ts)
 * then fails the test that made the request.
 */
export function watchResponses(server: Server, contract?: ResponseContract): void {
  const use = contract ?? (suiteContract ??= new ResponseContract());
  const handlers = server.listeners('request') as ((req: IncomingMessage, res: ServerResponse) => void)[];
  server.removeAllListeners('request');
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    capture(req, res, use);
    for (const handler of handlers) handler.call(server, req, res);
  });
}

type End = ServerResponse['end'];
type Write = ServerResponse['write'];

function capture(req: IncomingMessage, res: ServerResponse, contract: ResponseContract): void {
  // As received: a mounted middleware (the Swagger UI assets under /docs) rewrites req.url.
  const url = req.url ?? '/';
  const chunks: Buffer[] = [];
  const keep = (chunk: unknown, encoding?: unknown) => {
    if (chunk === undefined || chunk === null || typeof chunk === 'function') return;
    chunks.push(
      Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string, typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8'),
    );
  };
  const write = res.write.bind(res) as Write;
  const end = res.end.bind(res) as End;
  res.write = ((chunk: unknown, encoding?: unknown, cb?: unknown) => {
    keep(chunk, encoding);
    return (write as (...args: unknown[]) => boolean)(chunk, encoding, cb);
  }) as Write;
  res.end = ((chunk?: unknown, encoding?: unknown, cb?: unknown) => {
    keep(chunk, encoding);
    record(contract, req, url, res, Buffer.concat(chunks));
    return (end as (...args: unknown[]) => ServerResponse)(chunk, encoding, cb);
  }) as End;
}

function record(contract: ResponseContract, req: IncomingMessage, url: string, res: ServerResponse, body: Buffer): void {
  const method = req.method ?? 'GET';
  const type = res.getHeader('content-type');
  let problem: string | null | 'outside';
  try {
    problem = contract.check(
      method,
      url,
      res.statusCode,
      type === undefined ? undefined : String(type),
      method === 'HEAD' ? Buffer.alloc(0) : body,
    );
  } catch (error) {
    // Never in the way of the answer itself: a check that cannot run is a violation of its own.
    problem = `the check failed: ${error instanceof Error ? error.message : String(error)}`;
  }
  if (problem === 'outside') {
    seen.outside++;
    return;
  }
  seen.checked++;
  if (problem) seen.violations.push({ request: `${method} ${url.split('?')[0]}`, status: res.statusCode, problem });
}

/** The violations recorded since the last call, as one error (or null), and forgets them. */
export function takeViolations(): Error | null {
  const found = seen.violations.splice(0);
  if (!found.length) return null;
  const lines = found.map((v) => `  ${v.request} -> ${v.status}: ${v.problem}`);
  return new Error(`${found.length} answer(s) do not match openapi.json:\n${lines.join('\n')}`);
}
