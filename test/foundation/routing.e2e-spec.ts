import { HttpAdapterHost } from '@nestjs/core';
import { resourceOfRequest, resourceOfRoute, RoutingExpressAdapter, shadowedRoutes } from '../../src/common/http/routing-adapter';
import { Tenant, TestApp } from '../support/test-app';

// Walks every resource of the app: CI runs it against a generated one too (.ci/run, "resource generator").

/**
 * `RoutingExpressAdapter` (src/common/http/routing-adapter.ts): the public API's routes live in one Express router
 * per resource, reached by a look-up of the path's resource segment, and a request is routed as Express routes it
 * on one flat list: the same route for the same path (its resource found whatever the case, as Express compares
 * paths), the same 404 when no route matches; `req.route` stays the full template (the logs' and metrics' route
 * names, test/foundation/operations).
 */
describe('routing: the public routes by resource, matched as Express matches them', () => {
  let t: TestApp;
  let org: Tenant;

  beforeAll(async () => {
    t = await TestApp.start();
    org = await t.createTenant();
  });

  afterAll(() => t.close());

  it("the app's own router holds no public route: they are reached through one dispatch layer", () => {
    const express = t.get(HttpAdapterHost).httpAdapter.getInstance<{ router: { stack: { route?: { path: string } }[] } }>();
    const stack = express.router.stack;
    const onApp = stack.filter((layer) => layer.route).map((layer) => layer.route!.path);
    expect(onApp.filter((path) => path.startsWith('/api/v1/org/'))).toEqual([]);
    expect(onApp).toContain('/admin/v1/organizations');
    expect(stack.length).toBeLessThan(150);
  });

  it('06/§3.3: no route is shadowed by an earlier one of the same method (the factories add fixed paths such as bulk before :id)', () => {
    const express = t.get(HttpAdapterHost).httpAdapter.getInstance<object>();
    expect(shadowedRoutes(express)).toEqual([]);
    // The check finds a route registered after a parametric one that matches it.
    const adapter = new RoutingExpressAdapter();
    const handler = () => undefined;
    adapter.get('/api/v1/org/:orgId/widgets/:id', handler);
    adapter.get('/api/v1/org/:orgId/widgets/summary', handler);
    adapter.post('/api/v1/org/:orgId/widgets/bulk', handler);
    adapter.post('/api/v1/org/:orgId/widgets/:id', handler);
    expect(shadowedRoutes(adapter.getInstance<object>())).toEqual([
      ['GET /api/v1/org/:orgId/widgets/:id', 'GET /api/v1/org/:orgId/widgets/summary'],
    ]);
  });

  it('the resource segment of a route and of a request', () => {
    expect(resourceOfRoute('/api/v1/org/:orgId/employees/:id')).toBe('employees');
    expect(resourceOfRoute('/api/v1/org/:orgId/Job-Roles')).toBe('job-roles');
    expect(resourceOfRoute('/api/v1/org/:orgId')).toBeNull();
    expect(resourceOfRoute('/api/v1/org/:orgId/:kind')).toBeNull();
    expect(resourceOfRoute('/admin/v1/organizations/:orgId/employees')).toBeNull();
    expect(resourceOfRoute(/employees/)).toBeNull();
    expect(resourceOfRequest('/api/v1/org/cabc/employees/c123')).toBe('employees');
    expect(resourceOfRequest('/API/V1/Org/cabc/EMPLOYEES')).toBe('employees');
    expect(resourceOfRequest('/api/v1/org//employees')).toBeNull();
    expect(resourceOfRequest('/api/v1/org/cabc')).toBeNull();
    expect(resourceOfRequest('/admin/v1/organizations/cabc/employees')).toBeNull();
  });

  it('a record is created and read through its resource', async () => {
    const team = (await org.api('post', '/teams').send({ name: 'Routing' }).expect(201)).body.data as { id: string };
    expect((await org.api('get', `/teams/${team.id}`).expect(200)).body.data.name).toBe('Routing');
    expect((await org.api('get', '/teams?limit=5').expect(200)).body.data.map((x: { id: string }) => x.id)).toContain(team.id);
  });

  it('no route of the resource, or no such resource: the 404 of any unknown path', async () => {
    for (const path of [`/api/v1/org/${org.orgId}/teams/x/y/z`, `/api/v1/org/${org.orgId}/no-such-resource`, '/nowhere']) {
      const res = await t.http().get(path).set('Authorization', `Bearer ${org.key}`).expect(404);
      expect(res.body.error.code).toBe('NOT_FOUND');
    }
  });

  it('06/§2.5: a method the path does not support is 405 METHOD_NOT_ALLOWED with Allow, not routed to another resource', async () => {
    const list = await org.api('put', '/teams').send({});
    expect(list.status).toBe(405);
    expect(list.headers.allow).toBe('GET, HEAD, POST');
    const team = (await org.api('post', '/teams').send({ name: 'Allow' }).expect(201)).body.data as { id: string };
    const record = await org.api('put', `/employees/${team.id}`).send({ firstName: 'X' });
    expect(record.status).toBe(405);
    expect(record.headers.allow).toBe('DELETE, GET, HEAD, PATCH');
    expect(record.body.error).toEqual({ code: 'METHOD_NOT_ALLOWED', message: expect.stringContaining('PUT is not supported') });
    const admin = await t.admin('patch', '/organizations').send({});
    expect(admin.status).toBe(405);
    expect(admin.headers.allow).toContain('POST');
  });
});
