import type { AddressInfo } from 'node:net';
import createClient from 'openapi-fetch';
import type { paths } from '../generated/openapi';
import { Tenant, TestApp } from '../support/test-app';

/**
 * A client generated from the committed openapi.json (`npm run client:types`, types in
 * test/generated/openapi.d.ts, checked in CI) runs a real flow through openapi-fetch against the app
 * listening on a real port. Type errors in this file mean the document and the client disagree.
 */
/** `T` itself when null is one of its values, else `never` (so assigning to it fails to compile). */
type MaybeNull<T> = null extends T ? T : never;

describe('Generated client', () => {
  let app: TestApp;
  let tenant: Tenant;
  let baseUrl: string;

  beforeAll(async () => {
    app = await TestApp.start();
    await app.running.app.listen(0, '127.0.0.1');
    baseUrl = `http://127.0.0.1:${(app.running.app.getHttpServer().address() as AddressInfo).port}`;
    tenant = await app.createTenant();
  });
  afterAll(() => app.close());

  function client() {
    // The document declares `include` as a comma-separated form array (explode: false).
    return createClient<paths>({
      baseUrl,
      headers: { Authorization: `Bearer ${tenant.key}` },
      querySerializer: { array: { style: 'form', explode: false } },
    });
  }

  it('generated client: creates a job role and an employee with nested salary, reads it by externalId, pages a list', async () => {
    const api = client();
    const orgId = tenant.orgId;

    const role = await api.POST('/api/v1/org/{orgId}/job-roles', {
      params: { path: { orgId } },
      body: { title: 'Data Engineer', family: 'Engineering' },
    });
    expect(role.response.status).toBe(201);
    const jobRoleId = role.data!.data.id;

    for (const [i, name] of ['Ana Silva', 'Jordan Lee', 'Mei Chen'].entries()) {
      const [firstName, lastName] = name.split(' ');
      const created = await api.POST('/api/v1/org/{orgId}/employees', {
        params: { path: { orgId } },
        body: {
          firstName,
          lastName,
          email: `${firstName.toLowerCase()}.${lastName.toLowerCase()}@example.com`,
          startDate: '2026-01-15',
          externalId: `HR-104${i}`,
          jobRoleId,
          salary: { salary: 85000 + i * 1000, currencyCode: 'EUR', effectiveDate: '2026-01-15' },
        },
      });
      expect(created.error).toBeUndefined();
      expect(created.response.status).toBe(201);
      expect(created.response.headers.get('location')).toBe(`/api/v1/org/${orgId}/employees/${created.data!.data.id}`);
    }

    const read = await api.GET('/api/v1/org/{orgId}/employees/{id}', {
      params: { path: { orgId, id: 'HR-1041' }, query: { include: ['currentSalary', 'assignments'] } },
    });
    expect(read.response.status).toBe(200);
    const employee = read.data!.data;
    expect(employee).toMatchObject({ firstName: 'Jordan', lastName: 'Lee', externalId: 'HR-1041', jobRoleId, startDate: '2026-01-15' });
    expect(employee.currentSalary).toMatchObject({ salary: 86000, currencyCode: 'EUR', effectiveDate: '2026-01-15' });
    expect(employee.assignments).toEqual([]);

    const page = await api.GET('/api/v1/org/{orgId}/employees', {
      params: { path: { orgId }, query: { page: 2, limit: 2, sortBy: 'lastName', sortDir: 'asc' } },
    });
    expect(page.response.status).toBe(200);
    expect(page.data!.meta).toEqual({ page: 2, limit: 2, total: 3, hasNextPage: false });
    expect(page.data!.data.map((e) => e.lastName)).toEqual(['Silva']);
  });

  it('nullable fields are typed `| null` and come back null: a bulk item without error, an employee without salary', async () => {
    const api = client();
    const orgId = tenant.orgId;
    const bulk = await api.POST('/api/v1/org/{orgId}/employees/bulk', {
      params: { path: { orgId } },
      body: {
        records: [
          { externalId: 'HR-2001', firstName: 'Noor', lastName: 'Haddad', email: 'noor.haddad@example.com', startDate: '2026-02-01' },
        ],
      },
    });
    expect(bulk.response.status).toBe(200);
    const item = bulk.data!.data.results[0];
    // Compiles only while the document declares the field nullable (openapi-typescript writes `T | null`).
    const error: MaybeNull<typeof item.error> = item.error;
    expect(item).toMatchObject({ externalId: 'HR-2001', result: 'created' });
    expect(error).toBeNull();

    const read = await api.GET('/api/v1/org/{orgId}/employees/{id}', {
      params: { path: { orgId, id: 'HR-2001' }, query: { include: ['currentSalary'] } },
    });
    expect(read.response.status).toBe(200);
    const employee = read.data!.data;
    const salary: MaybeNull<typeof employee.currentSalary> = employee.currentSalary;
    expect(salary).toBeNull();
  });

  it('06/§2.1: the bulk answer is typed: the counters, every item field and its error (an unknown field fails its item)', async () => {
    const api = client();
    const orgId = tenant.orgId;
    const person = (n: number) => ({
      externalId: `HR-SYNC-${n}`,
      firstName: 'Sync',
      lastName: `Person${n}`,
      email: `sync.${n}.${process.pid}@example.com`,
      startDate: '2026-02-01',
    });
    const bulk = await api.POST('/api/v1/org/{orgId}/employees/bulk', {
      params: { path: { orgId } },
      body: { records: [person(1), { ...person(2), salaryy: 5 } as ReturnType<typeof person>] },
    });
    expect(bulk.response.status).toBe(200);
    const result = bulk.data!.data;
    // Each line compiles only while the document declares the field with this type.
    const counts: { created: number; updated: number; unchanged: number; failed: number } = {
      created: result.created,
      updated: result.updated,
      unchanged: result.unchanged,
      failed: result.failed,
    };
    expect(counts).toEqual({ created: 1, updated: 0, unchanged: 0, failed: 1 });
    const [made, failed] = result.results;
    const index: number = failed.index;
    const outcome: 'created' | 'updated' | 'unchanged' | 'failed' = made.result;
    const id: string | null = made.id;
    expect({ index, outcome, externalId: made.externalId, id: typeof id }).toEqual({
      index: 1,
      outcome: 'created',
      externalId: 'HR-SYNC-1',
      id: 'string',
    });
    const code: string = failed.error!.code;
    const message: string = failed.error!.message;
    const fields: string[] = (failed.error!.details ?? []).map((d) => d.field);
    expect({ code, message, fields }).toEqual({ code: 'VALIDATION_ERROR', message: 'salaryy is not a known field', fields: ['salaryy'] });
  });

  it('06/§2.3: a write hands back the ETag the next write needs: POST, then PATCH with If-Match, then PATCH again, no GET', async () => {
    const api = client();
    const orgId = tenant.orgId;
    const created = await api.POST('/api/v1/org/{orgId}/teams', { params: { path: { orgId } }, body: { name: 'Sync Team' } });
    expect(created.response.status).toBe(201);
    const id = created.data!.data.id;
    const first = created.response.headers.get('etag');
    expect(first).toMatch(/^W\/"/);
    const patch = (name: string, tag: string) =>
      api.PATCH('/api/v1/org/{orgId}/teams/{id}', {
        params: { path: { orgId, id }, header: { 'If-Match': tag } },
        body: { name },
      });
    const second = await patch('Sync Team 2', first!);
    expect(second.response.status).toBe(200);
    const tag = second.response.headers.get('etag');
    expect(tag).toMatch(/^W\/"/);
    expect(tag).not.toBe(first);
    expect((await patch('Sync Team 3', tag!)).response.status).toBe(200);
    expect((await patch('Sync Team 4', tag!)).response.status).toBe(412);
  });

  it('generated client: errors come back typed in the documented envelope', async () => {
    const res = await client().GET('/api/v1/org/{orgId}/employees/{id}', { params: { path: { orgId: tenant.orgId, id: 'HR-404' } } });
    expect(res.response.status).toBe(404);
    expect(res.error).toMatchObject({ error: { code: 'NOT_FOUND' } });
  });

  it('decisions/OpenAPI document: the served document names this server (relative, 03/§1.21) and Swagger UI keeps the authorization outside production', async () => {
    const served = (await (await fetch(`${baseUrl}/docs/openapi.json`)).json()) as { servers: { url: string }[] };
    expect(served.servers).toEqual([{ url: '/', description: 'This server' }]);
    expect(new URL(served.servers[0].url, `${baseUrl}/docs/openapi.json`).origin).toBe(baseUrl);
    const init = await (await fetch(`${baseUrl}/docs/swagger-ui-init.js`)).text();
    expect(init).toMatch(/"persistAuthorization":\s*true/);
  });
  it('07/§1.6: the changes feed is typed per entity type: a salary_adjustment change reads after.salary and the employee externalId with their types', async () => {
    const api = client();
    const orgId = tenant.orgId;
    const created = await api.POST('/api/v1/org/{orgId}/employees', {
      params: { path: { orgId } },
      body: {
        firstName: 'Typed',
        lastName: 'Salary',
        email: 'typed.salary@example.com',
        startDate: '2026-03-01',
        externalId: 'HR-TYPED-1',
        salary: { salary: 91000.5, currencyCode: 'EUR', effectiveDate: '2026-03-01' },
      },
    });
    expect(created.response.status).toBe(201);
    const feed = await api.GET('/api/v1/org/{orgId}/changes', {
      params: { path: { orgId }, query: { entityTypes: ['salary_adjustment'], limit: 1000 } },
    });
    expect(feed.response.status).toBe(200);
    const change = feed.data!.data.find((c) => c.entity_type === 'salary_adjustment' && c.after?.employeeId === created.data!.data.id);
    // Narrowed by entity_type: `after` is the salary adjustment's payload; these lines compile only while the document says so.
    if (change?.entity_type !== 'salary_adjustment') throw new Error('no salary_adjustment change in the feed');
    const after = change.after!;
    const salary: string = after.salary;
    const employeeExternalId: string | null = after.employeeExternalId;
    const employeeId: string = after.employeeId;
    expect(employeeId).toBe(created.data!.data.id);
    expect(salary).toBe('91000.5');
    expect(employeeExternalId).toBe('HR-TYPED-1');
    expect(change.before).toBeNull();
  });
});
