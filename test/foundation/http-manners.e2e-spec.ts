import type { Request } from 'express';
import { loggedTarget } from '../../src/common/logging/request-log';
import { LOG_DESTINATIONS, logger } from '../../src/common/logging/json-logger';
import { bodies } from '../support/fixtures';
import { Tenant, TestApp } from '../support/test-app';

/** docs/decisions.md, "HTTP manners": Location on 201, WWW-Authenticate on 401, GET / to the docs, a request log without query values. */
describe('HTTP manners (docs/decisions.md)', () => {
  let t: TestApp;
  let org: Tenant;
  beforeAll(async () => {
    t = await TestApp.start();
    org = await t.createTenant();
  });
  afterAll(() => t.close());

  const base = () => `/api/v1/org/${org.orgId}`;

  it('Location: a CRUD create answers 201 with the new record URL, and that URL reads it', async () => {
    const res = await org.api('post', '/job-roles').send({ title: 'Location Engineer' }).expect(201);
    expect(res.headers.location).toBe(`${base()}/job-roles/${res.body.data.id}`);
    const employee = await org
      .api('post', '/employees')
      .send(bodies.employee({ startDate: '2025-01-01' }))
      .expect(201);
    expect(employee.headers.location).toBe(`${base()}/employees/${employee.body.data.id}`);
    const read = await t.http().get(employee.headers.location).set('Authorization', `Bearer ${org.key}`).expect(200);
    expect(read.body.data.id).toBe(employee.body.data.id);
    const salary = await org
      .api('post', `/employees/${employee.body.data.id}/salary-adjustments`)
      .send({ effectiveDate: '2025-06-01', salary: 1000, currencyCode: 'USD' })
      .expect(201);
    expect(salary.headers.location).toBe(`${base()}/employees/${employee.body.data.id}/salary-adjustments/${salary.body.data.id}`);
  });

  it('Location: answers other than 201 carry none (a vacancy fill is 200; PATCH and reads)', async () => {
    const vacancy = (await org.api('post', '/vacancies').send({ role: 'Hire' }).expect(201)).body.data.id;
    const fill = await org
      .api('post', `/vacancies/${vacancy}/fill`)
      .send({ startDate: '2026-06-01', firstName: 'New', lastName: 'Hire', salary: 1000, currencyCode: 'USD' })
      .expect(200);
    expect(fill.headers.location).toBeUndefined();
    expect((await org.api('patch', `/vacancies/${vacancy}`).send({ role: 'Renamed' })).headers.location).toBeUndefined();
    expect((await org.api('get', '/vacancies').expect(200)).headers.location).toBeUndefined();
    expect((await org.api('post', '/employees').send({}).expect(400)).headers.location).toBeUndefined();
  });

  it('Location: functional groups, seats, occupancies and grants name their own URL; a scenario write keeps scenarioId', async () => {
    const group = await org.api('post', '/functional-groups').send({ name: 'Located', startDate: '2026-01-01' }).expect(201);
    expect(group.headers.location).toBe(`${base()}/functional-groups/${group.body.data.id}`);
    await t.http().get(group.headers.location).set('Authorization', `Bearer ${org.key}`).expect(200);
    const seat = await org
      .api('post', '/functional-groups/positions')
      .send({ functionalGroupId: group.body.data.id, name: 'Seat', requiredFte: 1, startDate: '2026-01-01' })
      .expect(201);
    expect(seat.headers.location).toBe(`${base()}/functional-groups/positions/${seat.body.data.id}`);
    const employee = (await org.create.employee({ startDate: '2025-01-01' })).id;
    const occupancy = await org
      .api('post', '/functional-groups/assignments')
      .send({ functionalPositionId: seat.body.data.id, employeeId: employee, fte: 1, startDate: '2026-01-01' })
      .expect(201);
    expect(occupancy.headers.location).toBe(`${base()}/functional-groups/assignments/${occupancy.body.data.id}`);
    const scenario = (await t.admin('post', `/organizations/${org.orgId}/scenarios`).send({ name: 'Located' }).expect(201)).body.data.id;
    const grant = await org
      .api('post', `/functional-groups/access?scenarioId=${scenario}`)
      .send({ functionalGroupId: group.body.data.id, resourceType: 'USER', resourceId: org.userId, access: 'READER' })
      .expect(201);
    expect(grant.headers.location).toBe(`${base()}/functional-groups/access/${grant.body.data.id}`);
    const inScenario = await org
      .api('post', `/functional-groups?scenarioId=${scenario}`)
      .send({ name: 'What if', startDate: '2026-01-01' })
      .expect(201);
    expect(inScenario.headers.location).toBe(`${base()}/functional-groups/${inScenario.body.data.id}?scenarioId=${scenario}`);
    expect((await t.http().get(inScenario.headers.location).set('Authorization', `Bearer ${org.key}`).expect(200)).body.data.name).toBe(
      'What if',
    );
  });

  it('Location: application API creates (organization, user, API key, webhook endpoint, scenario, metric)', async () => {
    const created = await t.admin('post', '/organizations').send({ name: 'Located org' }).expect(201);
    const orgId = created.body.data.id;
    expect(created.headers.location).toBe(`/admin/v1/organizations/${orgId}`);
    await t.http().get(created.headers.location).set('Authorization', `Bearer ${t.running.adminToken}`).expect(200);
    const user = await t
      .admin('post', `/organizations/${orgId}/users`)
      .send({ email: `located.${process.pid}@example.com`, name: 'L', permissions: ['*'] })
      .expect(201);
    expect(user.headers.location).toBe(`/admin/v1/organizations/${orgId}/users/${user.body.data.id}`);
    const key = await t
      .admin('post', `/organizations/${orgId}/users/${user.body.data.id}/api-keys`)
      .send({ name: 'k', permissions: ['employees_view'] })
      .expect(201);
    expect(key.headers.location).toBe(`/admin/v1/organizations/${orgId}/api-keys/${key.body.data.id}`);
    const endpoint = await t
      .admin('post', `/organizations/${orgId}/webhook-endpoints`)
      .send({ name: 'Hook', url: 'https://example.com/hook', entityTypes: ['employee'], eventTypes: ['create'] })
      .expect(201);
    expect(endpoint.headers.location).toBe(`/admin/v1/organizations/${orgId}/webhook-endpoints/${endpoint.body.data.id}`);
    const scenario = await t.admin('post', `/organizations/${orgId}/scenarios`).send({ name: 'S' }).expect(201);
    expect(scenario.headers.location).toBe(`/admin/v1/organizations/${orgId}/scenarios/${scenario.body.data.id}`);
    const metric = await t
      .admin('post', `/organizations/${orgId}/business-metrics`)
      .send({ key: 'located', name: 'Located', unit: 'x' })
      .expect(201);
    expect(metric.headers.location).toBe(`/admin/v1/organizations/${orgId}/business-metrics/${metric.body.data.id}`);
  });

  it('WWW-Authenticate: Bearer on every 401 of both APIs', async () => {
    const missing = await t.http().get(`${base()}/employees`).expect(401);
    expect(missing.headers['www-authenticate']).toBe('Bearer realm="api"');
    const wrong = await t.http().get(`${base()}/employees`).set('Authorization', 'Bearer wfp_not-a-key').expect(401);
    expect(wrong.headers['www-authenticate']).toBe('Bearer realm="api", error="invalid_token"');
    const admin = await t.http().get('/admin/v1/organizations').set('Authorization', 'Bearer wrong').expect(401);
    expect(admin.headers['www-authenticate']).toBe('Bearer realm="application", error="invalid_token"');
    expect((await t.http().get('/admin/v1/organizations').expect(401)).headers['www-authenticate']).toBe('Bearer realm="application"');
    expect((await org.api('get', '/employees').expect(200)).headers['www-authenticate']).toBeUndefined();
  });

  it('GET / redirects (302) to /docs without authentication', async () => {
    const res = await t.http().get('/').expect(302);
    expect(res.headers.location).toBe('/docs');
  });
});

describe('request log: route templates, no query values of search, email or keys', () => {
  let t: TestApp;
  let org: Tenant;
  const lines: string[] = [];
  let spy: jest.SpyInstance;
  beforeAll(async () => {
    // Capture what the JSON logger sends to stdout and stderr for the whole block, start-up included.
    const capture = (chunk: string) => {
      lines.push(chunk);
      return true;
    };
    spy = jest.spyOn(LOG_DESTINATIONS.out, 'write').mockImplementation(capture);
    jest.spyOn(LOG_DESTINATIONS.err, 'write').mockImplementation(capture);
    t = await TestApp.start({ LOG_LEVEL: 'info' });
    org = await t.createTenant();
  });
  afterAll(async () => {
    await t.close();
    logger.setLevel('silent');
    jest.restoreAllMocks();
  });

  const settle = () => new Promise((resolve) => setTimeout(resolve, 50));
  const requests = () => lines.filter((l) => l.includes('"msg":"request"')).map((l) => JSON.parse(l));

  it('LOG_LEVEL=info: the line has the route template and the query names, never the values of search, email or key-like parameters', async () => {
    const secretKey = org.key;
    lines.length = 0;
    // email and apiKey are not parameters of the list (400 by the strict inputs rule); the line is written all the same.
    await org.api('get', `/employees?search=secret-name&email=x@y.z&limit=5&apiKey=${secretKey}&sortDir=asc`).expect(400);
    const employee = (await org.create.employee({ startDate: '2025-01-01' })).id;
    await org.api('get', `/employees/${employee}?token=abc123secret`).expect(400);
    await t.http().get(`/nowhere?email=x@y.z&search=secret-name`).expect(404);
    await settle();
    expect(spy).toHaveBeenCalled();
    const all = lines.join('');
    for (const value of ['secret-name', 'x@y.z', 'x%40y.z', secretKey, 'abc123secret'])
      expect([value, all.includes(value)]).toEqual([value, false]);
    const [list, create, read, unmatched] = requests();
    expect(list).toMatchObject({
      method: 'GET',
      path: '/api/v1/org/:orgId/employees',
      status: 400,
      query: { search: '[REDACTED]', email: '[REDACTED]', limit: '5', apiKey: '[REDACTED]', sortDir: 'asc' },
    });
    expect(create).toMatchObject({ method: 'POST', path: '/api/v1/org/:orgId/employees', status: 201, organizationId: org.orgId });
    expect(read).toMatchObject({ path: '/api/v1/org/:orgId/employees/:id', query: { token: '[REDACTED]' } });
    expect(unmatched).toMatchObject({ path: '/nowhere', status: 404, query: { email: '[REDACTED]', search: '[REDACTED]' } });
  });

  it('the 500 log line shows the same redacted target (route template and query)', () => {
    const req = {
      originalUrl: '/api/v1/org/o1/employees?search=secret-name&email=x@y.z&page=2',
      baseUrl: '',
      route: { path: '/api/v1/org/:orgId/employees' },
    } as unknown as Request;
    expect(loggedTarget(req)).toEqual({
      path: '/api/v1/org/:orgId/employees',
      query: { search: '[REDACTED]', email: '[REDACTED]', page: '2' },
    });
    expect(loggedTarget({ originalUrl: '/health', baseUrl: '' } as unknown as Request)).toEqual({ path: '/health' });
  });
});
