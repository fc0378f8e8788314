import * as fc from 'fast-check';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import request, { Response } from 'supertest';
import { TestApp, Tenant } from '../support/test-app';

// Walks every resource of the app: CI runs it against a generated one too (.ci/run, "resource generator").

/**
 * docs/decisions.md, "Strict inputs": never a 5xx for bad input. Walks every operation of the committed openapi.json with
 * generated invalid input (wrong types, null, arrays, odd strings with NUL, RTL and emoji, deep nesting,
 * malformed JSON, wrong content types, unknown and ill-typed query parameters, undecodable path ids)
 * and asserts a 4xx in the error envelope of document 01, then a healthy server.
 */

type Schema = {
  $ref?: string;
  allOf?: Schema[];
  anyOf?: Schema[];
  type?: string;
  enum?: unknown[];
  nullable?: boolean;
  properties?: Record<string, Schema>;
  items?: Schema;
};
interface Parameter {
  name: string;
  in: string;
  schema?: Schema;
}
interface Operation {
  method: 'get' | 'post' | 'patch' | 'put' | 'delete';
  path: string;
  parameters: Parameter[];
  body: Schema | null;
}
type Mutation =
  | { kind: 'body'; label: string; raw: string; contentType: string; mayPass?: boolean }
  | { kind: 'query'; label: string; query: string; mayPass?: boolean }
  | { kind: 'path'; label: string; param: string; value: string; mayPass?: boolean };

const SEED = Number(process.env.FUZZ_SEED ?? 1414);
const RUNS_PER_OPERATION = Number(process.env.FUZZ_RUNS ?? 20);
/** Operations that reach out to the network: the webhook test delivery. */
const EXCLUDED = [/\/webhook-endpoints\/\{[^}]+\}\/test$/];

const doc = JSON.parse(readFileSync(join(__dirname, '../../openapi.json'), 'utf8')) as {
  paths: Record<string, Record<string, { parameters?: Parameter[]; requestBody?: { content?: Record<string, { schema?: Schema }> } }>>;
  components: { schemas: Record<string, Schema> };
};

function resolve(schema: Schema | undefined): Schema {
  let s = schema ?? {};
  for (let i = 0; i < 10; i++) {
    if (s.$ref) s = { ...doc.components.schemas[s.$ref.split('/').pop()!], nullable: s.nullable };
    else if (s.allOf?.length === 1) s = { ...resolve(s.allOf[0]), nullable: s.nullable };
    // A nullable reference: `anyOf: [$ref, { enum: [null] }]`.
    else if (s.anyOf?.length === 2 && s.anyOf[1].enum?.length === 1 && s.anyOf[1].enum[0] === null)
      s = { ...resolve(s.anyOf[0]), nullable: true };
    else break;
  }
  return s;
}

const operations: Operation[] = Object.entries(doc.paths).flatMap(([path, item]) =>
  Object.entries(item)
    .filter(([method]) => ['get', 'post', 'patch', 'put', 'delete'].includes(method))
    .filter(() => !EXCLUDED.some((re) => re.test(path)))
    .map(([method, op]) => ({
      method: method as Operation['method'],
      path,
      parameters: op.parameters ?? [],
      body: op.requestBody?.content?.['application/json']?.schema ? resolve(op.requestBody.content['application/json'].schema) : null,
    })),
);

// ---- generators of invalid input ----

const RTL = 'مرحبا بالعالم \u202Egnp.exe';
const EMOJI = '👩‍👩‍👧‍👦🚀';
/** Always unstorable: carries a NUL or a lone surrogate among RTL text, emoji and long runs. */
const oddString = fc
  .tuple(
    fc.constantFrom('', RTL, EMOJI, 'x'.repeat(20_000), "'; DROP TABLE employees; --"),
    fc.constantFrom('\u0000', '\uD800', '\uDFFF'),
    fc.string({ maxLength: 20 }),
  )
  .map(([a, bad, b]) => `${a}${bad}${b}`);
const deepJson = fc.integer({ min: 33, max: 5000 }).map((n) => '['.repeat(n) + ']'.repeat(n));
const notString = fc.oneof(
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.boolean(),
  fc.constant([]),
  fc.constant({ a: 1 }),
);
const notNumber = fc.oneof(
  fc.string({ maxLength: 10 }).map((s) => `x${s}`),
  fc.boolean(),
  fc.constant([1]),
  fc.constant({}),
);
const notBoolean = fc.oneof(fc.constantFrom('maybe', 'TRUE ', 2, -1, 0.5), fc.constant([true]), fc.constant({}));
const notObject = fc.oneof(fc.constant([]), fc.constant([{}]), fc.string({ maxLength: 10 }), fc.integer(), fc.boolean());
const notArray = fc.oneof(fc.constant({}), fc.string({ maxLength: 10 }), fc.integer(), fc.boolean());

/** A value the property cannot hold, judged by its documented schema. */
function invalidValue(schema: Schema, depth = 0): fc.Arbitrary<unknown> {
  const s = resolve(schema);
  const options: fc.Arbitrary<unknown>[] = [oddString];
  if (!s.nullable) options.push(fc.constant(null));
  if (s.enum) options.push(fc.string({ maxLength: 12 }).filter((v) => !s.enum!.includes(v)));
  switch (s.type) {
    case 'string':
      options.push(notString);
      break;
    case 'number':
    case 'integer':
      options.push(notNumber);
      break;
    case 'boolean':
      options.push(notBoolean);
      break;
    case 'array':
      options.push(notArray);
      if (s.items && depth < 2) options.push(invalidValue(s.items, depth + 1).map((v) => [v]));
      break;
    case 'object':
      if (s.properties) {
        options.push(notObject);
        if (depth < 2) options.push(invalidBody(s, depth + 1));
      }
      break;
  }
  return fc.oneof(...options);
}

/** A value of the right type at the edge of what anyone would send: it may be accepted, never a 5xx. */
function extremeValue(schema: Schema): fc.Arbitrary<unknown> | null {
  const s = resolve(schema);
  if (s.enum) return null;
  if (s.type === 'number' || s.type === 'integer') return fc.constantFrom(1e20, -1e20, 1.7e308, -0, 1e-10, 2 ** 31, 0.123456789);
  if (s.type === 'string')
    return fc.constantFrom(RTL, EMOJI, 'x'.repeat(5000), '   ', '', '0000-00-00', '9999-12-31', '2026-02-30', 'a@b', 'c' + 'a'.repeat(24));
  return null;
}

/** An object whose one documented property holds a value it cannot. */
function invalidBody(schema: Schema, depth = 0): fc.Arbitrary<Record<string, unknown>> {
  const names = Object.keys(schema.properties ?? {});
  if (!names.length) return fc.record({ unknown: oddString });
  return fc.constantFrom(...names).chain((name) => invalidValue(schema.properties![name], depth).map((value) => ({ [name]: value })));
}

function bodyMutations(op: Operation): fc.Arbitrary<Mutation>[] {
  const json = (label: string, value: unknown): Mutation => ({
    kind: 'body',
    label,
    raw: JSON.stringify(value),
    contentType: 'application/json',
  });
  const always: fc.Arbitrary<Mutation>[] = [
    fc
      .constantFrom('{"name": ', '{"a":1,}', "{'a':1}", '\u0000', '{"a":"\\u0000"}', '[1,2')
      .map((raw) => ({ kind: 'body' as const, label: 'malformed JSON', raw, contentType: 'application/json' })),
    deepJson.map((raw) => ({ kind: 'body' as const, label: 'deep nesting', raw: `{"a":${raw}}`, contentType: 'application/json' })),
    fc
      .constantFrom(
        'text/plain',
        'application/xml',
        'application/x-www-form-urlencoded',
        'multipart/form-data; boundary=x',
        'application/json-patch+json',
      )
      .map((contentType) => ({ kind: 'body' as const, label: 'wrong content type', raw: 'a=1', contentType })),
    oddString.map((v) => json('odd string', { note: v })),
  ];
  if (!op.body) return always;
  const extremes = Object.entries(op.body.properties ?? {}).flatMap(([name, schema]) => {
    const value = extremeValue(schema);
    return value ? [value.map((v) => ({ ...json(`extreme ${name}`, { [name]: v }), mayPass: true }))] : [];
  });
  return [
    ...always,
    ...extremes,
    invalidBody(op.body).map((v) => json('invalid property', v)),
    fc.constantFrom<unknown>([], [{}], 'text', 42, true, null).map((v) => json('not an object', v)),
  ];
}

function queryMutations(op: Operation): fc.Arbitrary<Mutation>[] {
  const declared = op.parameters.filter((p) => p.in === 'query');
  const known = new Set([...declared.map((p) => p.name), 'scenarioId']);
  const enc = encodeURIComponent;
  const out: fc.Arbitrary<Mutation>[] = [
    fc
      .stringMatching(/^[a-zA-Z][a-zA-Z0-9_]{0,15}$/)
      .filter((n) => !known.has(n))
      .map((n) => ({ kind: 'query' as const, label: 'unknown parameter', query: `${enc(n)}=1` })),
    fc.constantFrom('%00', 'a%00b').map((v) => ({ kind: 'query' as const, label: 'NUL scenarioId', query: `scenarioId=${v}` })),
  ];
  for (const p of declared) {
    const s = resolve(p.schema);
    const bad: fc.Arbitrary<string> =
      s.type === 'number' || s.type === 'integer'
        ? fc.constantFrom('abc', '12abc', `${p.name}=1&${p.name}=2`, `${p.name}[x]=1`)
        : s.type === 'boolean'
          ? fc.constantFrom('maybe', '2', `${p.name}[x]=true`)
          : s.enum
            ? fc.constantFrom('NOT_A_MEMBER', '%00', `${p.name}[x]=a`)
            : oddString.filter((v) => !/[\uD800-\uDFFF]/.test(v)).map((v) => enc(v.slice(-300)));
    out.push(bad.map((v) => ({ kind: 'query' as const, label: `bad ${p.name}`, query: v.includes('=') ? v : `${p.name}=${v}` })));
    const edge =
      s.type === 'number' || s.type === 'integer'
        ? fc.constantFrom('1e308', '99999999999999999999', '-0', '0', '-1', '0.5', '')
        : fc.constantFrom(
            'x'.repeat(3000),
            '2026-02-30',
            '0001-01-01',
            '9999-12-31',
            enc(RTL),
            enc(EMOJI),
            '%E0%A4%A',
            '%',
            '',
            'c' + 'a'.repeat(24),
          );
    out.push(edge.map((v) => ({ kind: 'query' as const, label: `edge ${p.name}`, query: `${p.name}=${v}`, mayPass: true })));
  }
  return out;
}

function pathMutations(op: Operation): fc.Arbitrary<Mutation>[] {
  const params = [...op.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).filter((n) => n !== 'orgId');
  if (!params.length) return [];
  const values = fc.constantFrom(
    '%00',
    'abc%00',
    '%ZZ',
    '%E0%A4%A',
    encodeURIComponent(RTL),
    encodeURIComponent(EMOJI),
    'x'.repeat(5000),
    '..%2F..%2Fetc',
  );
  return [
    // NUL and undecodable ids are certainly invalid; other odd text may be an externalId an earlier run set.
    fc
      .tuple(fc.constantFrom(...params), values)
      .map(([param, value]) => ({ kind: 'path' as const, label: `odd ${param}`, param, value, mayPass: !/%00|%ZZ|%E0%A4%A$/.test(value) })),
  ];
}

// ---- the run ----

describe('decisions/strict inputs, fuzzed: no operation answers bad input with a 5xx', () => {
  let t: TestApp;
  let tenant: Tenant;
  const ids = new Map<string, string>();

  beforeAll(async () => {
    t = await TestApp.start({ RATE_LIMIT_PER_MINUTE: '1000000', READINGS_RATE_LIMIT_PER_MINUTE: '1000000' });
    tenant = await t.createTenant({ functionalGroupsEnabled: true });
    // A few real records so that path ids resolve and requests reach the database.
    for (const [path, body] of [
      ['/locations', { name: 'Fuzz location' }],
      ['/teams', { name: 'Fuzz team' }],
      ['/projects', { name: 'Fuzz project', startDate: '2025-01-01' }],
      ['/vacancies', { role: 'Fuzz hire' }],
      ['/contractors', { name: 'Fuzz contractor', startDate: '2025-01-01' }],
      ['/employees', { firstName: 'Fuzz', lastName: 'Person', email: `fuzz.${process.pid}@example.com`, startDate: '2025-01-01' }],
    ] as const) {
      const res = await tenant.api('post', path).send(body);
      if (res.status !== 201) throw new Error(`POST ${path}: ${res.status} ${JSON.stringify(res.body)}`);
    }
  });
  afterAll(() => t.close());

  /** A real id for `{param}`: the first record the list at the path before it returns; else a random CUID-shaped id. */
  async function realPath(template: string): Promise<string> {
    let path = '';
    for (const segment of template.split('/').slice(1)) {
      const param = /^\{(\w+)\}$/.exec(segment)?.[1];
      if (!param) path += `/${segment}`;
      else if (param === 'orgId') path += `/${tenant.orgId}`;
      else if (param === 'userId' && path.startsWith('/admin')) path += `/${tenant.userId}`;
      else if (param === 'keyId') path += `/${tenant.keyId}`;
      else {
        if (!ids.has(path)) {
          const res = await send('get', path);
          const first = Array.isArray(res.body?.data) ? res.body.data[0]?.id : undefined;
          ids.set(path, typeof first === 'string' ? first : 'c' + 'fuzz0notfound0'.padEnd(24, '0'));
        }
        path += `/${ids.get(path)}`;
      }
    }
    return path;
  }

  function send(method: Operation['method'], path: string): request.Test {
    const req = request(t.server)[method](path);
    return req.set('Authorization', `Bearer ${path.startsWith('/admin/') ? t.running.adminToken : tenant.key}`);
  }

  async function attempt(op: Operation, m: Mutation): Promise<Response> {
    let path = await realPath(op.path);
    if (m.kind === 'path') {
      const real = await realPath(op.path.split(`{${m.param}}`)[0] + `{${m.param}}`);
      path = real.replace(/\/[^/]+$/, `/${m.value}`) + path.slice(real.length);
    }
    if (m.kind === 'query') path += `?${m.query}`;
    const req = send(op.method, path);
    if (m.kind === 'body') return req.set('Content-Type', m.contentType).send(m.raw);
    return op.body && op.method !== 'get' && op.method !== 'delete' ? req.send({}) : req;
  }

  for (const op of operations) {
    it(`${op.method.toUpperCase()} ${op.path}`, async () => {
      const mutations = fc.oneof(...bodyMutations(op), ...queryMutations(op), ...pathMutations(op));
      await fc.assert(
        fc.asyncProperty(mutations, async (m) => {
          const res = await attempt(op, m);
          const seen = `${m.label} -> ${res.status} ${JSON.stringify(res.body).slice(0, 300)}`;
          if (res.status === 200 && op.path.endsWith('/bulk') && !m.mayPass) {
            // Spec 04 §4.1: a bulk request answers per item; bad records fail alone, in the error envelope.
            for (const r of res.body.data.results) expect({ seen, result: r.result }).toEqual({ seen, result: 'failed' });
            for (const r of res.body.data.results)
              expect(r.error).toEqual(expect.objectContaining({ code: expect.stringMatching(/^[A-Z_]+$/) }));
            return;
          }
          if (m.mayPass) {
            expect({ seen, serverError: res.status >= 500 }).toEqual({ seen, serverError: false });
            if (res.status < 400) return;
          } else {
            expect({ seen, clientError: res.status >= 400 && res.status < 500 }).toEqual({ seen, clientError: true });
          }
          expect(res.body).toEqual({
            error: expect.objectContaining({ code: expect.stringMatching(/^[A-Z_]+$/), message: expect.any(String) }),
          });
          for (const d of res.body.error.details ?? []) expect(d).toEqual({ field: expect.any(String), message: expect.any(String) });
        }),
        { seed: SEED, numRuns: RUNS_PER_OPERATION, endOnFailure: true },
      );
      await request(t.server).get('/health').expect(200);
    });
  }
});
