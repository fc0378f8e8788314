import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import request from 'supertest';
import { TestApp } from '../support/test-app';
import { SampledRequest, sampleRequest } from '../support/swagger-sample';

// Walks every resource of the app: CI runs it against a generated one too (.ci/run, "resource generator").

/** POSTs that act on a record rather than create one: sent after the PATCHes. */
const ACTIONS = new Set(['fill', 'test', 'rotate-secret', 'pull', 'move', 'erase']);

/**
 * The order the operations are sent in: reads, creates, bulk upserts (which take the creates' records as
 * updates), PATCHes and PUTs, actions, DELETEs (deepest
 * path first: a scenario's records before the live ones, a record's values before the record), the
 * scenario merge, since a merged scenario takes no more writes, and the scenario's delete last of all.
 */
function phase(method: string, path: string): number {
  const last = path.split('/').pop()!;
  // The approval of the demo scenario: submitted, read, decided and withdrawn after its records' writes, before its merge.
  const approval = ['submit', 'approval', 'approvals', 'withdraw'].indexOf(last);
  if (approval >= 0 && path.includes('/scenarios/{scenarioId}/')) return 4.5 + approval / 10;
  if (method === 'get') return 0;
  if (method === 'post' && last === 'merge') return 5;
  if (method === 'delete' && path.endsWith('/scenarios/{scenarioId}')) return 6;
  if (method === 'post' && last === 'bulk') return 1.5;
  if (method === 'post') return ACTIONS.has(last) ? 3 : 1;
  if (method === 'patch' || method === 'put') return 2;
  return 4;
}

/**
 * Operations that cannot succeed as sent, each with why. Keep this list short: an example that fails is
 * a bug of the example or of the demo.
 */
const EXCLUDED: Record<string, string> = {};

/** The committed document: the one `npm start` serves (built with the Swagger plugin, which reads the examples of JSDoc comments; under Jest the app builds its document without it). */
function documentOperations(): SampledRequest[] {
  const doc = JSON.parse(readFileSync(join(__dirname, '../../openapi.json'), 'utf8')) as Record<string, unknown>;
  const operations: SampledRequest[] = [];
  for (const [path, item] of Object.entries(doc.paths as Record<string, Record<string, unknown>>)) {
    for (const method of ['get', 'post', 'put', 'patch', 'delete']) if (item[method]) operations.push(sampleRequest(doc, path, method));
  }
  return operations;
}

/** Sends each operation as Swagger UI prefills it, with the demo key or the admin token, to a fresh demo; returns the failures. */
async function sendInOrder(operations: readonly SampledRequest[]): Promise<string[]> {
  const t = await TestApp.start({ SEED_DEMO: 'true', DATABASE_URL: '' });
  try {
    const demo = t.running.demo!;
    const failures: string[] = [];
    for (const op of operations) {
      const where = `${op.method.toUpperCase()} ${op.path}`;
      if (EXCLUDED[where]) continue;
      if (op.missing.length) {
        failures.push(`${where}: no example for ${op.missing.join(', ')}`);
        continue;
      }
      const token = op.path.startsWith('/admin/') ? t.running.adminToken : demo.apiKey;
      let req = request(t.server)[op.method as 'get'](op.url).set('Authorization', `Bearer ${token}`);
      for (const [name, value] of Object.entries(op.headers)) req = req.set(name, value);
      const res = op.body === undefined ? await req : await req.send(op.body as object);
      if (res.status < 200 || res.status >= 300) {
        failures.push(
          `${where} -> ${res.status} ${JSON.stringify(res.body).slice(0, 300)}\n   sent ${op.url} ${JSON.stringify(op.body ?? null).slice(0, 300)}`,
        );
      }
    }
    return failures;
  } finally {
    await t.close();
  }
}

describe('every example of the served document works as sent against the demo organization', () => {
  it('06/§1.2: each operation, sent as Swagger UI prefills it with the demo key or the admin token, answers 2xx', async () => {
    const operations = documentOperations().sort(
      (a, b) => phase(a.method, a.path) - phase(b.method, b.path) || (a.method === 'delete' ? b.path.length - a.path.length : 0),
    );
    expect(await sendInOrder(operations)).toEqual([]);
  }, 300_000);

  it("06/§1.2: sent in the document's own order (every read, then every write as listed), each operation answers 2xx", async () => {
    const operations = documentOperations();
    const reads = operations.filter((op) => op.method === 'get');
    const writes = operations.filter((op) => op.method !== 'get');
    expect(await sendInOrder([...reads, ...writes])).toEqual([]);
  }, 300_000);
});
