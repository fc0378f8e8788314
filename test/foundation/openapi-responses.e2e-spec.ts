import { ResponseContract, takeViolations } from '../support/openapi-contract';
import { committedDocument } from '../support/openapi-sample';
import { Tenant, TestApp } from '../support/test-app';

/**
 * openapi.json tells the truth about every answer, and the suite proves it: every answer of every
 * end-to-end test is checked against the document (test/support/openapi-contract.ts) and a mismatch
 * fails the test that made the request. Here the app checks its answers against a copy of the
 * document with one deliberate lie in it, and each lie is caught.
 */
type Json = Record<string, unknown>;

function documentWithLies() {
  const doc = committedDocument() as ReturnType<typeof committedDocument> & { openapi: string };
  const schemas = doc.components.schemas as Record<string, Json & { properties: Record<string, Json> }>;
  // A nullable reference documented as always present (what openapi-typescript would type non-null).
  schemas.BulkItemResultDto.properties.error = { $ref: '#/components/schemas/BulkItemErrorDto' };
  // A status the route answers, left out.
  const getEmployee = doc.paths['/api/v1/org/{orgId}/employees/{id}'].get.responses as Record<string, unknown>;
  delete getEmployee['404'];
  // A content type the route answers, left out.
  const forecast = doc.paths['/api/v1/org/{orgId}/forecast'].get.responses as Record<string, { content: Record<string, unknown> }>;
  delete forecast['200'].content['text/csv'];
  return doc;
}

describe('openapi.json checks every answer of the suite', () => {
  let t: TestApp;
  let tenant: Tenant;
  beforeAll(async () => {
    t = await TestApp.start({}, new ResponseContract(documentWithLies()));
    tenant = await t.createTenant();
  });
  afterAll(() => t.close());

  /** The violations this test's requests recorded (taken, so the hook does not fail this test for them). */
  function caught(): string {
    return takeViolations()?.message ?? '';
  }

  it('a null where the document promises an object fails the test that received it, naming the property', async () => {
    const answer = await tenant
      .api('post', '/employees/bulk')
      .send({
        records: [{ externalId: 'HR-1', firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com', startDate: '2026-01-05' }],
      })
      .expect(200);
    expect(answer.body.data.results[0].error).toBeNull();
    const message = caught();
    expect(message).toContain('POST /api/v1/org/');
    expect(message).toContain('/employees/bulk -> 200');
    expect(message).toContain('/data/results/0/error must be object');
  });

  it('a status the operation does not list fails the test', async () => {
    await tenant.api('get', '/employees/HR-404').expect(404);
    expect(caught()).toContain('status 404 is not documented for GET /api/v1/org/{orgId}/employees/{id}');
  });

  it('a content type the operation does not declare fails the test', async () => {
    const csv = await tenant.api('get', '/forecast?from=2026-01&months=2').set('Accept', 'text/csv').expect(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    expect(caught()).toContain('content type text/csv is not declared for 200 (application/json, image/svg+xml)');
  });

  it('what the hook throws after each test is that report; answers that match leave nothing to report', async () => {
    await tenant.api('get', '/employees/HR-404').expect(404);
    const error = takeViolations();
    expect(error).toBeInstanceOf(Error);
    expect(error!.message).toMatch(/^1 answer\(s\) do not match openapi\.json:\n {2}GET \/api\/v1\/org\/\S+\/employees\/HR-404 -> 404: /);
    expect(takeViolations()).toBeNull();
    await tenant.api('get', '/me').expect(200);
    await t.admin('get', `/organizations/${tenant.orgId}`).expect(200);
    expect(takeViolations()).toBeNull();
  });

  it('the committed document passes the same answers: the nullable reference, the 404 and the CSV are all declared', () => {
    const contract = new ResponseContract();
    const bulk = {
      data: {
        created: 1,
        updated: 0,
        unchanged: 0,
        failed: 0,
        results: [{ index: 0, externalId: 'HR-1', id: 'x', result: 'created', error: null }],
      },
    };
    const json = (value: unknown) => Buffer.from(JSON.stringify(value));
    expect(contract.check('POST', `/api/v1/org/o/employees/bulk`, 200, 'application/json; charset=utf-8', json(bulk))).toBeNull();
    const notFound = {
      error: { code: 'NOT_FOUND', message: 'Employee HR-404 not found', errorId: '5f0c8e1a-3b7d-4c2e-9a61-0d4b2f7c9e13' },
    };
    expect(contract.check('GET', '/api/v1/org/o/employees/HR-404', 404, 'application/json', json(notFound))).toBeNull();
    expect(contract.check('GET', '/api/v1/org/o/forecast?x=1', 200, 'text/csv; charset=utf-8', Buffer.from('month\n'))).toBeNull();
  });

  it('routes outside the document by design are only counted; any other undocumented request must be a 4xx error envelope', () => {
    const contract = new ResponseContract();
    expect(contract.check('GET', '/docs/openapi.json', 200, 'application/json', Buffer.from('{}'))).toBe('outside');
    expect(contract.check('GET', '/metrics', 200, 'text/plain', Buffer.from('up 1'))).toBe('outside');
    expect(contract.check('POST', '/mcp', 200, 'application/json', Buffer.from('{}'))).toBe('outside');
    const notFound = Buffer.from(JSON.stringify({ error: { code: 'NOT_FOUND', message: 'Cannot GET /nowhere' } }));
    expect(contract.check('GET', '/nowhere', 404, 'application/json', notFound)).toBeNull();
    expect(contract.check('GET', '/nowhere', 404, 'text/html', Buffer.from('<p>no</p>'))).toMatch(/content type text\/html/);
    expect(contract.check('GET', '/nowhere', 200, 'application/json', Buffer.from('{}'))).toMatch(/not a 4xx error/);
  });
});
