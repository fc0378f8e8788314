import { lastSeq } from '../support/changes';
import { TestApp, Tenant } from '../support/test-app';

/**
 * Spec 03 §1 item 14: X-Acting-User must name an active user of the organization (403 FORBIDDEN otherwise,
 * nothing written); an inactive user cannot act, not even on themself. An acting user revokes API keys as they
 * create them: their own, or those of a user whose every right they hold (docs/architecture.md, "Security model").
 */
describe('03/§1.14 who may act in the application API', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await TestApp.start();
  });
  afterAll(() => t.close());

  let n = 0;
  const makeUser = async (tenant: Tenant, permissions: string[]) =>
    (
      await t
        .admin('post', `/organizations/${tenant.orgId}/users`)
        .send({ email: `act${++n}.${process.pid}@example.com`, name: `Act ${n}`, permissions })
        .expect(201)
    ).body.data.id as string;
  const count = async (tenant: Tenant, table: string) =>
    (await t.dataSource.query(`SELECT count(*)::int AS n FROM ${table} WHERE organization_id = $1`, [tenant.orgId]))[0].n as number;
  const userRow = async (id: string) =>
    (await t.dataSource.query(`SELECT name, permissions, active FROM users WHERE id = $1`, [id]))[0] as Record<string, unknown>;
  const expectForbidden = (res: { status: number; body: { error: { code: string } } }) => {
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe('FORBIDDEN');
  };

  it('03/§1.14: an inactive user cannot act, not even on themself: no key minted, no re-activation, no live write (403, nothing written)', async () => {
    const tenant = await t.createTenant();
    const gone = await makeUser(tenant, ['*']);
    await t.admin('patch', `/organizations/${tenant.orgId}/users/${gone}`).send({ active: false }).expect(200);
    const project = await tenant.create.project();
    const keys = await count(tenant, 'api_keys');
    const changes = await lastSeq(t, tenant.orgId);

    expectForbidden(
      await t
        .admin('post', `/organizations/${tenant.orgId}/users/${gone}/api-keys`, gone)
        .send({ name: 'mine', permissions: ['employees_view'] }),
    );
    expectForbidden(await t.admin('patch', `/organizations/${tenant.orgId}/users/${gone}`, gone).send({ active: true }));
    expectForbidden(
      await t
        .admin('post', `/organizations/${tenant.orgId}/projects/${project.id}/links`, gone)
        .send({ provider: 'jira', key: 'GONE-1', status: 'Todo' }),
    );
    // Reads too: the header names who makes the request.
    expectForbidden(await t.admin('get', `/organizations/${tenant.orgId}/users`, gone));

    expect(await count(tenant, 'api_keys')).toBe(keys);
    expect(await userRow(gone)).toMatchObject({ active: false });
    expect(await count(tenant, 'project_links')).toBe(0);
    expect(await lastSeq(t, tenant.orgId)).toBe(changes);
    // An active user still acts, on themself and within their rights.
    const active = await makeUser(tenant, ['employees_view']);
    await t
      .admin('post', `/organizations/${tenant.orgId}/users/${active}/api-keys`, active)
      .send({ name: 'mine', permissions: ['employees_view'] })
      .expect(201);
  });

  it('03/§1.14: X-Acting-User naming no user of the organization, or sent to a route outside any organization, is 403 and writes nothing', async () => {
    const tenant = await t.createTenant();
    const other = await t.createTenant();
    expectForbidden(await t.admin('get', `/organizations/${tenant.orgId}/users`, other.userId));
    expectForbidden(await t.admin('patch', `/organizations/${tenant.orgId}`, 'cnotauser0000000000000000').send({ name: 'Renamed' }));
    const organizations = (await t.dataSource.query(`SELECT count(*)::int AS n FROM organizations`))[0].n as number;
    expectForbidden(await t.admin('post', '/organizations', tenant.userId).send({ name: 'Made by someone' }));
    expect((await t.dataSource.query(`SELECT count(*)::int AS n FROM organizations`))[0].n).toBe(organizations);
    expect((await t.admin('get', `/organizations/${tenant.orgId}`).expect(200)).body.data.name).not.toBe('Renamed');
    await t.admin('get', `/organizations/${tenant.orgId}/users`, tenant.userId).expect(200);
  });

  it('03/§1.14: an acting user may revoke only their own API keys or those of a user whose every right they hold (403, the key still works)', async () => {
    const tenant = await t.createTenant();
    const narrow = await makeUser(tenant, ['employees_view']);
    const revoke = (keyId: string, actingUser: string) => t.admin('delete', `/organizations/${tenant.orgId}/api-keys/${keyId}`, actingUser);
    expectForbidden(await revoke(tenant.keyId, narrow));
    await tenant.api('get', '/me').expect(200);
    expect((await t.dataSource.query(`SELECT revoked_at FROM api_keys WHERE id = $1`, [tenant.keyId]))[0].revoked_at).toBeNull();
    const own = (
      await t
        .admin('post', `/organizations/${tenant.orgId}/users/${narrow}/api-keys`, narrow)
        .send({ name: 'mine', permissions: ['employees_view'] })
        .expect(201)
    ).body.data.id;
    await revoke(own, narrow).expect(204);
    // Another user's key, revoked by a user who holds every right of that user (and more), not by its own user.
    const covered = await t
      .admin('post', `/organizations/${tenant.orgId}/users/${narrow}/api-keys`, narrow)
      .send({ name: 'covered', permissions: ['employees_view'] })
      .expect(201);
    const coveredKey = t.asKey(tenant, covered.body.data.key);
    await coveredKey.api('get', '/me').expect(200);
    const covering = await makeUser(tenant, ['employees_view', 'teams_view']);
    await revoke(covered.body.data.id, covering).expect(204);
    await coveredKey.api('get', '/me').expect(401);
    expect(
      (await t.dataSource.query(`SELECT revoked_at FROM api_keys WHERE id = $1`, [covered.body.data.id]))[0].revoked_at,
    ).not.toBeNull();
    // ...while the narrow user still may not revoke the key of one with more rights.
    expectForbidden(await revoke(tenant.keyId, narrow));
    await revoke(tenant.keyId, tenant.userId).expect(204);
  });
});
