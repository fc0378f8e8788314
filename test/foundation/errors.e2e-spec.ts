import { TestApp, Tenant } from '../support/test-app';

describe('error model (01 Errors)', () => {
  let t: TestApp;
  let tenant: Tenant;
  beforeAll(async () => {
    t = await TestApp.start({ BODY_LIMIT: '64kb' });
    tenant = await t.createTenant();
  });
  afterAll(() => t.close());

  it('01/errors: an unknown route is 404 NOT_FOUND with errorId', async () => {
    const res = await t.http().get('/api/v1/nothing-here').expect(404);
    expect(res.body).toEqual({
      error: { code: 'NOT_FOUND', message: expect.any(String), errorId: expect.stringMatching(/^[0-9a-f-]{36}$/) },
    });
  });

  it('01/errors: malformed JSON is 400 VALIDATION_ERROR with details and errorId', async () => {
    const res = await t.admin('post', '/organizations').set('Content-Type', 'application/json').send('{"name": ').expect(400);
    expect(res.body.error).toEqual({
      code: 'VALIDATION_ERROR',
      message: expect.stringContaining('not valid JSON'),
      details: [{ field: 'body', message: expect.any(String) }],
      errorId: expect.any(String),
    });
  });

  it('01/errors: a 400 carries details with dot paths, message = first detail, and errorId', async () => {
    const res = await t.admin('post', '/organizations').send({ reportingCurrency: 'XX' }).expect(400);
    expect(res.body.error.message).toBe(res.body.error.details[0].message);
    expect(res.body.error.details[0]).toEqual({ field: 'name', message: 'name is required' });
    expect(res.body.error.errorId).toEqual(expect.any(String));
  });

  it('a body over the limit is 413 PAYLOAD_TOO_LARGE', async () => {
    const res = await t
      .admin('post', '/organizations')
      .send({ name: 'x'.repeat(70 * 1024) })
      .expect(413);
    expect(res.body.error.code).toBe('PAYLOAD_TOO_LARGE');
  });

  describe('a violation of a constraint no resource declares', () => {
    // Constraints of this organization only (so that no other test meets them), dropped afterwards.
    const suffix = `${process.pid}_${Date.now()}`;
    const unique = `uq_test_unknown_${suffix}`;
    const check = `ck_test_unknown_${suffix}`;
    beforeAll(async () => {
      // organization_id leads, as Citus wants of a unique index on a distributed table.
      await t.dataSource.query(
        `CREATE UNIQUE INDEX ${unique} ON job_roles (organization_id, family) WHERE organization_id = '${tenant.orgId}'`,
      );
      await t.dataSource.query(
        `ALTER TABLE job_roles ADD CONSTRAINT ${check} CHECK (organization_id <> '${tenant.orgId}' OR level IS DISTINCT FROM 'L-forbidden-9') NOT VALID`,
      );
    });
    afterAll(async () => {
      await t.dataSource.query(`DROP INDEX IF EXISTS ${unique}`);
      await t.dataSource.query(`ALTER TABLE job_roles DROP CONSTRAINT IF EXISTS ${check}`);
    });
    const roles = async () =>
      (await t.dataSource.query(`SELECT count(*)::int AS n FROM job_roles WHERE organization_id = $1`, [tenant.orgId]))[0].n as number;

    /** Nothing of PostgreSQL's text: not the value, the column, the table, the constraint, nor its phrasing. */
    function expectNoDatabaseText(body: unknown, value: string): void {
      const text = JSON.stringify(body);
      for (const leak of [value, 'family', 'level', 'job_roles', unique, check, 'Key (', 'violates', 'constraint'])
        expect(text).not.toContain(leak);
    }

    it('01/errors: a unique violation no resource declares is 400 VALIDATION_ERROR without database text (no column, value or constraint), nothing written', async () => {
      await tenant.api('post', '/job-roles').send({ title: 'First', family: 'Secret Family 42' }).expect(201);
      const before = await roles();
      const res = await tenant.api('post', '/job-roles').send({ title: 'Second', family: 'Secret Family 42' }).expect(400);
      expect(res.body.error).toEqual({
        code: 'VALIDATION_ERROR',
        message: expect.any(String),
        details: [{ field: 'body', message: expect.any(String) }],
        errorId: expect.any(String),
      });
      expectNoDatabaseText(res.body, 'Secret Family 42');
      expect(await roles()).toBe(before);
    });

    it('01/errors: a check violation no resource declares is 400 VALIDATION_ERROR without database text, not a 500; nothing written', async () => {
      const before = await roles();
      const res = await tenant.api('post', '/job-roles').send({ title: 'Checked', level: 'L-forbidden-9' }).expect(400);
      expect(res.body.error).toMatchObject({ code: 'VALIDATION_ERROR', details: [{ field: 'body', message: expect.any(String) }] });
      expectNoDatabaseText(res.body, 'L-forbidden-9');
      expect(await roles()).toBe(before);
    });
  });

  it('01/errors: 401 bodies carry only code and message', async () => {
    const res = await t.http().get(`/api/v1/org/${tenant.orgId}/me`).expect(401);
    expect(Object.keys(res.body.error).sort()).toEqual(['code', 'message']);
  });

  it('every response carries X-Request-Id, echoing a well-formed one sent by the client', async () => {
    const echoed = await t.http().get('/health').set('X-Request-Id', 'abc-123').expect(200);
    expect(echoed.headers['x-request-id']).toBe('abc-123');
    const made = await t.http().get('/health').set('X-Request-Id', 'bad id with spaces').expect(200);
    expect(made.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('default body limit (sized for 1,000 readings with 2,000-character notes)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await TestApp.start();
  });
  afterAll(() => t.close());

  it('accepts a body the size of a full reading batch', async () => {
    const readings = Array.from({ length: 1000 }, (_, i) => ({
      periodStart: '2026-01-01',
      periodEnd: '2026-01-31',
      value: i,
      aiValue: null,
      externalRef: 'r'.repeat(200),
      note: 'n'.repeat(2000),
    }));
    // The parser takes it whole (no 413); only then does validation refuse the field the route does not have.
    const res = await t.admin('post', '/organizations').send({ name: 'Big', readings });
    expect(res.status).toBe(400);
    expect(res.body.error.details).toEqual([{ field: 'readings', message: 'readings is not a known field' }]);
  });
});
