import type { Response } from 'supertest';
import { bodies } from '../support/fixtures';
import { TestApp, Tenant } from '../support/test-app';

/** docs/decisions.md, "Strict inputs": input no field may hold is 400 VALIDATION_ERROR naming the field, and nothing is written. */
describe('strict inputs (docs/decisions.md)', () => {
  let t: TestApp;
  let tenant: Tenant;
  let ids: { location: string; vacancy: string; contractor: string; employee: string; attribute: string };

  beforeAll(async () => {
    t = await TestApp.start();
    tenant = await t.createTenant();
    const made = async (path: string, body: object): Promise<string> =>
      (await tenant.api('post', path).send(body).expect(201)).body.data.id;
    ids = {
      location: await made('/locations', { name: 'Leeds', costMultiplier: 1.1 }),
      vacancy: await made('/vacancies', { role: 'Hire' }),
      contractor: await made('/contractors', { name: 'C One', startDate: '2025-01-01', contractorType: 'AGENCY' }),
      employee: await made('/employees', {
        firstName: 'E',
        lastName: 'One',
        email: `strict.${process.pid}@example.com`,
        startDate: '2025-01-01',
      }),
      attribute: await made('/custom-attributes', { entityType: 'PROJECT', name: 'Sponsor', attributeKey: 'sponsor', fieldType: 'STRING' }),
    };
  });
  afterAll(() => t.close());

  function expectValidation(res: Response, field: string): void {
    expect(res.status).toBe(400);
    expect(res.body.error).toEqual({
      code: 'VALIDATION_ERROR',
      message: expect.any(String),
      details: expect.any(Array),
      errorId: expect.any(String),
    });
    expect(res.body.error.details).toContainEqual({ field, message: expect.any(String) });
    expect(res.body.error.message).toBe(res.body.error.details[0].message);
  }

  const count = async (table: string): Promise<number> =>
    Number((await t.dataSource.query(`SELECT count(*)::int AS n FROM ${table} WHERE organization_id = $1`, [tenant.orgId]))[0].n);

  /** Sends a PATCH that must be refused and asserts the record reads the same afterwards. */
  async function refusedPatch(path: string, body: unknown, field: string): Promise<void> {
    const before = (await tenant.api('get', path).expect(200)).body;
    expectValidation(await tenant.api('patch', path).send(body as object), field);
    expect((await tenant.api('get', path).expect(200)).body).toEqual(before);
  }

  it('decisions/strict inputs: an unknown query parameter on a list is 400 naming it (not the whole list)', async () => {
    const res = await tenant.api('get', '/employees?externalId=HR-2');
    expectValidation(res, 'externalId');
    expect(res.body.error.message).toContain('externalId is not a known query parameter');
  });

  it('decisions/strict inputs: an unknown query parameter on a read by id, a write and the application API is 400 naming it', async () => {
    expectValidation(await tenant.api('get', `/locations/${ids.location}?fields=name`), 'fields');
    expectValidation(await tenant.api('patch', `/locations/${ids.location}?dryRun=true`).send({ name: 'Renamed' }), 'dryRun');
    expect((await tenant.api('get', `/locations/${ids.location}`).expect(200)).body.data.name).toBe('Leeds');
    expectValidation(await t.admin('get', '/organizations?owner=me'), 'owner');
  });

  it('decisions/strict inputs: declared query parameters and scenarioId stay accepted', async () => {
    await tenant.api('get', '/employees?page=1&limit=5&search=One&sortBy=lastName&sortDir=asc').expect(200);
    const scenario = await tenant.api('get', `/employees/${ids.employee}?scenarioId=no-such-scenario`);
    expect(scenario.status).toBe(404);
    expect(scenario.body.error.code).toBe('NOT_FOUND');
  });

  it('decisions/strict inputs: a NUL byte in a body string is 400 naming its dot path; nothing is written', async () => {
    const before = await count('locations');
    expectValidation(await tenant.api('post', '/locations').send({ name: 'Bad\u0000name' }), 'name');
    expect(await count('locations')).toBe(before);
    await refusedPatch(
      `/employees/${ids.employee}`,
      { salary: { amount: 1, currencyCode: 'GBP', effectiveDate: '2025-02-01', reason: 'x\u0000' } },
      'salary.reason',
    );
  });

  it('decisions/strict inputs: a NUL byte in a query or path string is 400 naming the parameter', async () => {
    expectValidation(await tenant.api('get', '/employees?search=a%00b'), 'search');
    expectValidation(await tenant.api('get', '/employees/abc%00def'), 'id');
  });

  it('decisions/strict inputs: a path that is not valid percent-encoded UTF-8 is 400 naming path', async () => {
    expectValidation(await tenant.api('get', '/employees/%E0%A4%A'), 'path');
    expectValidation(await tenant.api('get', '/employees/%ZZ'), 'path');
  });

  it('decisions/strict inputs: an unpaired UTF-16 surrogate in a body string is 400 naming it; nothing is written', async () => {
    const before = await count('locations');
    const res = await tenant.api('post', '/locations').set('Content-Type', 'application/json').send('{"name":"Lone \\ud800 surrogate"}');
    expectValidation(res, 'name');
    expect(await count('locations')).toBe(before);
    // A paired surrogate (an emoji) is ordinary text.
    await tenant.api('post', '/locations').send({ name: 'Rocket 🚀 مكتب' }).expect(201);
  });

  it('decisions/strict inputs: JSON nested deeper than JSON_MAX_DEPTH (32) is 400 naming the path; 32 levels pass validation depth', async () => {
    const nest = (levels: number): string => '{"a":'.repeat(levels - 1) + '1' + '}'.repeat(levels - 1);
    const before = await count('locations');
    const deep = await tenant
      .api('post', '/locations')
      .set('Content-Type', 'application/json')
      .send(`{"name":"Deep","x":${nest(5000)}}`);
    expectValidation(deep, `x${'.a'.repeat(31)}`);
    expect(deep.body.error.message).toContain('deeper than 32 levels');
    expect(await count('locations')).toBe(before);
    // 32 levels in all (the body plus 31 below it) is within the limit: the request reaches validation.
    const within = await tenant
      .api('post', '/locations')
      .set('Content-Type', 'application/json')
      .send(`{"x":${nest(31)}}`);
    expectValidation(within, 'name');
  });

  it('decisions/strict inputs: null on non-nullable fields is 400 naming the field; nothing is written', async () => {
    await refusedPatch(`/locations/${ids.location}`, { costMultiplier: null }, 'costMultiplier');
    await refusedPatch(`/vacancies/${ids.vacancy}`, { status: null }, 'status');
    await refusedPatch(`/contractors/${ids.contractor}`, { contractorType: null }, 'contractorType');
    await refusedPatch(`/custom-attributes/${ids.attribute}`, { required: null }, 'required');
    const res = await tenant.api('patch', `/locations/${ids.location}`).send({ costMultiplier: null });
    expect(res.body.error.message).toBe('costMultiplier must not be null');
  });

  it('decisions/strict inputs: a number in exponent form with more decimals than allowed (1e-10) is 400 naming the field, not 500', async () => {
    await refusedPatch(`/locations/${ids.location}`, { costMultiplier: 1e-10 }, 'costMultiplier');
    await refusedPatch(`/vacancies/${ids.vacancy}`, { fte: 1e-10 }, 'fte');
    const res = await tenant.api('patch', `/locations/${ids.location}`).send({ costMultiplier: 1e-10 });
    expect(res.body.error.message).toBe('costMultiplier must be a number with at most 4 decimal places');
  });

  it('decisions/strict inputs: null on a nullable field still clears it', async () => {
    await tenant.api('patch', `/locations/${ids.location}`).send({ countryCode: 'GB' }).expect(200);
    const res = await tenant.api('patch', `/locations/${ids.location}`).send({ countryCode: null }).expect(200);
    expect(res.body.data.countryCode).toBeNull();
  });

  it('decisions/strict inputs: an array where a nested object belongs is 400 naming the field; nothing is written', async () => {
    await refusedPatch(`/employees/${ids.employee}`, { salary: [] }, 'salary');
    await refusedPatch(`/employees/${ids.employee}`, { teamAssignment: [] }, 'teamAssignment');
    await refusedPatch(`/employees/${ids.employee}`, { projectAssignment: [{}] }, 'projectAssignment');
    await refusedPatch(`/contractors/${ids.contractor}`, { rateAdjustment: [] }, 'rateAdjustment');
    const before = await count('employees');
    const res = await tenant.api('post', '/employees').send({ ...bodies.employee({ startDate: '2025-01-01' }), salary: [] });
    expectValidation(res, 'salary');
    expect(res.body.error.message).toBe('salary must be an object');
    expect(await count('employees')).toBe(before);
  });

  it('decisions/strict inputs: a body that is not application/json is 415 UNSUPPORTED_MEDIA_TYPE in the error envelope; nothing is written', async () => {
    const before = await count('locations');
    for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'application/xml']) {
      const res = await tenant.api('post', '/locations').set('Content-Type', type).send('name=Leeds');
      expect(res.status).toBe(415);
      expect(res.body).toEqual({ error: { code: 'UNSUPPORTED_MEDIA_TYPE', message: expect.stringContaining('application/json') } });
    }
    expect(await count('locations')).toBe(before);
    // application/json with a charset parameter is JSON.
    await tenant.api('post', '/locations').set('Content-Type', 'application/json; charset=utf-8').send('{"name":"Charset"}').expect(201);
  });

  it('decisions/strict inputs: malformed input is judged before the key (400/415 win over 401); a well-formed request without a key is 401', async () => {
    const base = `/api/v1/org/${tenant.orgId}`;
    expectValidation(await t.http().get(`${base}/employees?nope=1`), 'nope');
    expect((await t.http().post(`${base}/locations`).set('Content-Type', 'text/plain').send('x')).status).toBe(415);
    const res = await t.http().get(`${base}/employees?page=1`).expect(401);
    expect(res.body.error.code).toBe('UNAUTHORIZED');
  });

  it('decisions/strict inputs: the OpenAPI document marks nullable fields nullable and leaves the others not nullable', async () => {
    const doc = (await t.http().get('/docs/openapi.json').expect(200)).body;
    const schema = (name: string): Record<string, { nullable?: boolean }> => doc.components.schemas[name].properties;
    expect(schema('UpdateLocationDto').countryCode.nullable).toBe(true);
    expect(schema('UpdateLocationDto').costMultiplier.nullable).toBeUndefined();
    expect(schema('CreateEmployeeDto').endDate.nullable).toBe(true);
    expect(schema('CreateEmployeeDto').salary?.nullable).toBeUndefined();
    expect(doc.components.schemas.CreateEmployeeDto.required ?? []).not.toContain('endDate');
  });
});
