import { TestApp } from '../support/test-app';
import { sha256Hex } from '../../src/access/secrets';

describe('application API: organizations, users, API keys (03 §3)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await TestApp.start();
  });
  afterAll(() => t.close());

  it('03 §3 organizations: create applies the defaults and makes a live plan', async () => {
    const res = await t.admin('post', '/organizations').send({ name: 'Acme' }).expect(201);
    expect(res.body.data).toEqual({
      id: expect.stringMatching(/^[a-z][a-z0-9]{24}$/),
      name: 'Acme',
      reportingCurrency: 'USD',
      functionalGroupsEnabled: false,
      functionalGroupsRestrictedVisibility: false,
      noticePeriodDays: 30,
      changeRetentionDays: null,
      deliveryRetentionDays: 30,
      forecastAssumptions: { attritionRatePerYear: 0, meritIncrease: null, timeToFillDays: 0, onCostPercent: 0 },
      scenarioApproval: { required: false, steps: [] },
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    const plans = await t.dataSource.query(`SELECT kind, status FROM plans WHERE organization_id = $1`, [res.body.data.id]);
    expect(plans).toEqual([{ kind: 'LIVE', status: 'OPEN' }]);
  });

  it('03 §3 organizations: get, list with page/limit, and patch any create field', async () => {
    const created = await t
      .admin('post', '/organizations')
      .send({ name: 'Beta', reportingCurrency: 'EUR', functionalGroupsEnabled: true })
      .expect(201);
    const id = created.body.data.id;
    const got = await t.admin('get', `/organizations/${id}`).expect(200);
    expect(got.body.data).toMatchObject({ name: 'Beta', reportingCurrency: 'EUR', functionalGroupsEnabled: true });
    const patched = await t.admin('patch', `/organizations/${id}`).send({ name: 'Beta 2', functionalGroupsEnabled: false }).expect(200);
    expect(patched.body.data).toMatchObject({ name: 'Beta 2', reportingCurrency: 'EUR', functionalGroupsEnabled: false });
    const page = await t.admin('get', '/organizations?page=1&limit=1').expect(200);
    expect(page.body.data).toHaveLength(1);
    expect(page.body.meta).toEqual({ page: 1, limit: 1, total: expect.any(Number), hasNextPage: true });
  });

  it('03 §3 organizations: bad input is 400 VALIDATION_ERROR with dot-path details; an unknown id is 404', async () => {
    const res = await t.admin('post', '/organizations').send({ name: '', reportingCurrency: 'usd' }).expect(400);
    expect(res.body.error.code).toBe('VALIDATION_ERROR');
    expect(res.body.error.details.map((d: { field: string }) => d.field)).toEqual(expect.arrayContaining(['name', 'reportingCurrency']));
    expect(res.body.error.message).toBe(res.body.error.details[0].message);
    await t.admin('get', '/organizations/cxxxxxxxxxxxxxxxxxxxxxxxx').expect(404);
    await t.admin('patch', '/organizations/cxxxxxxxxxxxxxxxxxxxxxxxx').send({ name: 'x' }).expect(404);
  });

  it('03 §3 users: create, list, get, patch; e-mail unique per organization (any case); bad permission names refused', async () => {
    const org = (await t.admin('post', '/organizations').send({ name: 'Users org' }).expect(201)).body.data.id;
    const created = await t
      .admin('post', `/organizations/${org}/users`)
      .send({ email: 'Ann@Example.com', name: 'Ann', permissions: ['employees_view', 'view_costs'] })
      .expect(201);
    expect(created.body.data).toMatchObject({
      email: 'ann@example.com',
      name: 'Ann',
      permissions: ['employees_view', 'view_costs'],
      active: true,
      organizationId: org,
    });
    const dup = await t
      .admin('post', `/organizations/${org}/users`)
      .send({ email: 'ANN@example.com', name: 'Ann 2', permissions: [] })
      .expect(400);
    expect(dup.body.error).toMatchObject({ code: 'VALIDATION_ERROR', details: [{ field: 'email', message: expect.any(String) }] });
    // The same e-mail in another organization is fine.
    const other = (await t.admin('post', '/organizations').send({ name: 'Other' }).expect(201)).body.data.id;
    await t
      .admin('post', `/organizations/${other}/users`)
      .send({ email: 'ann@example.com', name: 'Ann', permissions: ['*'] })
      .expect(201);
    const bad = await t
      .admin('post', `/organizations/${org}/users`)
      .send({ email: 'not-an-email', name: 'B', permissions: ['fly'] })
      .expect(400);
    expect(bad.body.error.details.map((d: { field: string }) => d.field)).toEqual(expect.arrayContaining(['email', 'permissions']));
    const listed = await t.admin('get', `/organizations/${org}/users`).expect(200);
    expect(listed.body.meta.total).toBe(1);
    const id = created.body.data.id;
    await t.admin('get', `/organizations/${org}/users/${id}`).expect(200);
    await t.admin('get', `/organizations/${other}/users/${id}`).expect(404);
    const patched = await t
      .admin('patch', `/organizations/${org}/users/${id}`)
      .send({ permissions: ['*'], active: false })
      .expect(200);
    expect(patched.body.data).toMatchObject({ permissions: ['*'], active: false });
  });

  it('03 §2 API keys: shown once as wfp_ + 40 or more base62, stored only as a hash with a visible prefix', async () => {
    const tenant = await t.createTenant();
    expect(tenant.key).toMatch(/^wfp_[0-9A-Za-z]{40,}$/);
    const listed = await t.admin('get', `/organizations/${tenant.orgId}/api-keys`).expect(200);
    expect(listed.body.data).toHaveLength(1);
    const [listedKey] = listed.body.data;
    expect(listedKey).not.toHaveProperty('key');
    expect(tenant.key.startsWith(listedKey.prefix)).toBe(true);
    expect(listedKey).toMatchObject({ id: tenant.keyId, name: 'test key', userId: tenant.userId, expiresAt: null, revokedAt: null });
    const [row] = await t.dataSource.query(`SELECT * FROM api_keys WHERE id = $1`, [tenant.keyId]);
    expect(JSON.stringify(row)).not.toContain(tenant.key);
    expect(row.key_hash).toBe(sha256Hex(tenant.key));
  });

  it('03 §3 API keys: at least one API permission, real names only, a future expiresAt, an existing user', async () => {
    const tenant = await t.createTenant();
    const base = `/organizations/${tenant.orgId}/users/${tenant.userId}/api-keys`;
    expect((await t.admin('post', base).send({ name: 'k', permissions: [] }).expect(400)).body.error.details[0].field).toBe('permissions');
    await t
      .admin('post', base)
      .send({ name: 'k', permissions: ['view_costs'] })
      .expect(400);
    await t
      .admin('post', base)
      .send({ name: 'k', permissions: ['employees_view'], expiresAt: '2001-01-01T00:00:00Z' })
      .expect(400);
    await t
      .admin('post', base)
      .send({ name: 'k', permissions: ['employees_view'], expiresAt: 'tomorrow' })
      .expect(400);
    await t
      .admin('post', `/organizations/${tenant.orgId}/users/cxxxxxxxxxxxxxxxxxxxxxxxx/api-keys`)
      .send({ name: 'k', permissions: ['employees_view'] })
      .expect(404);
    await t.admin('delete', `/organizations/${tenant.orgId}/api-keys/cxxxxxxxxxxxxxxxxxxxxxxxx`).expect(404);
  });

  it('03 §3: routes of an unknown organization are 404', async () => {
    const res = await t.admin('get', '/organizations/cxxxxxxxxxxxxxxxxxxxxxxxx/users').expect(404);
    expect(res.body.error).toMatchObject({ code: 'NOT_FOUND', errorId: expect.any(String) });
  });
});
