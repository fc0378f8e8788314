/**
 * Requests as Swagger UI 5 prefills them from an OpenAPI document ("Try it out", then "Execute"):
 * parameters from their `example` (or `examples`, or the schema's example or default), left out when
 * empty; the body from the media type's `examples`/`example`, else sampled from the schema the way
 * swagger-ui's sample generator does (property examples, defaults, the first enum value, the first
 * of `anyOf`/`oneOf`, placeholders by type for the rest).
 */
type Json = Record<string, unknown>;

export interface SampledRequest {
  method: string;
  path: string;
  operationId: string;
  url: string;
  headers: Record<string, string>;
  body?: unknown;
  missing: string[];
}

function resolve(doc: Json, schema: unknown): Json {
  let s = (schema ?? {}) as Json;
  for (let i = 0; i < 10 && typeof s.$ref === 'string'; i++) {
    s = (doc.components as { schemas: Record<string, Json> }).schemas[s.$ref.split('/').pop()!];
  }
  return s;
}

export function sampleSchema(doc: Json, schema: unknown, depth = 0): unknown {
  const s = resolve(doc, schema);
  if (s.example !== undefined) return s.example;
  if (Array.isArray(s.examples) && s.examples.length) return s.examples[0];
  if (s.default !== undefined) return s.default;
  if (Array.isArray(s.enum) && s.enum.length) return s.enum[0];
  if (Array.isArray(s.allOf)) return Object.assign({}, ...s.allOf.map((part) => sampleSchema(doc, part, depth + 1)));
  const alternatives = (s.anyOf ?? s.oneOf) as unknown[] | undefined;
  if (Array.isArray(alternatives)) {
    const first = alternatives.find((a) => !(Array.isArray((a as Json).enum) && (a as Json).enum?.toString() === ''));
    return sampleSchema(doc, first ?? alternatives[0], depth + 1);
  }
  if (depth > 8) return null;
  const type = s.type ?? (s.properties ? 'object' : undefined);
  if (type === 'object') {
    const out: Json = {};
    for (const [name, prop] of Object.entries((s.properties ?? {}) as Record<string, unknown>)) {
      const p = resolve(doc, prop);
      if (p.readOnly) continue;
      const own = (prop as Json).example;
      out[name] = own !== undefined ? own : sampleSchema(doc, prop, depth + 1);
    }
    return out;
  }
  if (type === 'array') return [sampleSchema(doc, s.items, depth + 1)];
  if (type === 'string') return s.format === 'date' ? '2019-08-24' : s.format === 'date-time' ? '2019-08-24T14:15:22Z' : 'string';
  if (type === 'integer' || type === 'number') return (s.minimum as number | undefined) ?? 0;
  if (type === 'boolean') return true;
  return undefined;
}

function parameterValue(doc: Json, param: Json): unknown {
  if (param.example !== undefined) return param.example;
  if (param.examples && typeof param.examples === 'object') {
    const first = Object.values(param.examples as Record<string, Json>)[0];
    if (first) return first.value;
  }
  const schema = resolve(doc, param.schema);
  if (schema.example !== undefined) return schema.example;
  return schema.default;
}

export function sampleRequest(doc: Json, path: string, method: string): SampledRequest {
  const op = (doc.paths as Record<string, Record<string, Json>>)[path][method];
  const params = (op.parameters ?? []) as Json[];
  let url = path;
  const query: string[] = [];
  const headers: Record<string, string> = {};
  const missing: string[] = [];
  for (const raw of params) {
    const param = resolve(doc, raw);
    const value = parameterValue(doc, param);
    const name = param.name as string;
    if (value === undefined || value === null || value === '') {
      if (param.required) missing.push(`${param.in} ${name}`);
      continue;
    }
    const text = Array.isArray(value) ? value.join(',') : String(value);
    if (param.in === 'path') url = url.replace(`{${name}}`, encodeURIComponent(text));
    else if (param.in === 'query') query.push(`${encodeURIComponent(name)}=${encodeURIComponent(text)}`);
    else if (param.in === 'header') headers[name] = text;
  }
  if (query.length) url += `?${query.join('&')}`;
  let body: unknown;
  const content = (op.requestBody as Json | undefined)?.content as Record<string, Json> | undefined;
  const media = content?.['application/json'];
  if (media) {
    if (media.examples && typeof media.examples === 'object') body = Object.values(media.examples as Record<string, Json>)[0]?.value;
    else if (media.example !== undefined) body = media.example;
    else body = sampleSchema(doc, media.schema);
  }
  return { method, path, operationId: String(op.operationId), url, headers, body, missing };
}
