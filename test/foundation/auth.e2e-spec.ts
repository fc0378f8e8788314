import request from 'supertest';
import { DiscoveryService, MetadataScanner, Reflector } from '@nestjs/core';
import { ACCESS_KEY, type AccessRule } from '../../src/common/auth/access.decorators';
import { API_PERMISSIONS } from '../../src/common/auth/permissions';
import { AccessRepository } from '../../src/access/access.repository';
import { VERIFIED_KEY_TTL_MS, VerifiedKeys } from '../../src/access/verified-keys';
import { fixClock } from '../support/clock';
import { TestApp, Tenant } from '../support/test-app';

// Walks every resource of the app: CI runs it against a generated one too (.ci/run, "resource generator").

describe('authentication and permissions (01 Authentication, 03 §2)', () => {
  let t: TestApp;
  let tenant: Tenant;

  beforeAll(async () => {
    t = await TestApp.start();
    tenant = await t.createTenant();
  });
  afterAll(() => t.close());

  const expect401 = (res: request.Response) => {
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ error: { code: 'UNAUTHORIZED', message: expect.any(String) } });
  };

  it('01/authentication rule 3: a missing Authorization header is 401 with only code and message', async () => {
    expect401(await t.http().get(`/api/v1/org/${tenant.orgId}/me`));
  });

  it.each([
    ['a non-bearer scheme', (key: string) => `Basic ${key}`],
    ['a bearer without the wfp_ shape', () => 'Bearer not-a-key'],
    ['a bearer with an empty token', () => 'Bearer '],
    ['a bearer followed by two tokens', (key: string) => `Bearer ${key} extra`],
  ])('01/authentication rule 3: a malformed key (%s) is 401', async (_name, header) => {
    expect401(await t.http().get(`/api/v1/org/${tenant.orgId}/me`).set('Authorization', header(tenant.key)));
  });

  it('01/authentication rule 3: an unknown key of the right shape is 401', async () => {
    const unknown = 'wfp_' + 'A'.repeat(43);
    expect401(await t.http().get(`/api/v1/org/${tenant.orgId}/me`).set('Authorization', `Bearer ${unknown}`));
    // Same prefix as a real key, different secret: still unknown.
    const samePrefix = tenant.key.slice(0, 12) + 'x'.repeat(tenant.key.length - 12);
    expect401(await t.http().get(`/api/v1/org/${tenant.orgId}/me`).set('Authorization', `Bearer ${samePrefix}`));
  });

  it('01/authentication rule 3: a revoked key is 401 on the next request', async () => {
    const extra = await t.createKey(tenant, ['employees_view']);
    await t.http().get(`/api/v1/org/${tenant.orgId}/me`).set('Authorization', `Bearer ${extra.key}`).expect(200);
    await t.admin('delete', `/organizations/${tenant.orgId}/api-keys/${extra.id}`).expect(204);
    expect401(await t.http().get(`/api/v1/org/${tenant.orgId}/me`).set('Authorization', `Bearer ${extra.key}`));
  });

  it('01/authentication rule 3: a key revoked outside this instance (another instance, SQL) is 401 within a second', async () => {
    const extra = await t.createKey(tenant, ['employees_view']);
    const me = () => t.http().get(`/api/v1/org/${tenant.orgId}/me`).set('Authorization', `Bearer ${extra.key}`);
    await me().expect(200); // verified now, and reused without a look-up for VERIFIED_KEY_TTL_MS
    await t.dataSource.query(`UPDATE api_keys SET revoked_at = now() WHERE id = $1`, [extra.id]);
    await new Promise((resolve) => setTimeout(resolve, VERIFIED_KEY_TTL_MS));
    expect401(await me());
  });

  it('01/authentication rule 3: requests of one key that miss the verified-key cache together share one look-up', async () => {
    const extra = await t.createKey(tenant, ['employees_view']);
    const me = () => t.http().get(`/api/v1/org/${tenant.orgId}/me`).set('Authorization', `Bearer ${extra.key}`);
    const lookUps = jest.spyOn(t.get(AccessRepository), 'keyByPrefix');
    try {
      const answers = await Promise.all(Array.from({ length: 8 }, () => me()));
      expect(answers.map((res) => res.status)).toEqual(Array(8).fill(200));
      expect(lookUps).toHaveBeenCalledTimes(1);
      await t.dataSource.query(`UPDATE api_keys SET revoked_at = now() WHERE id = $1`, [extra.id]);
      await new Promise((resolve) => setTimeout(resolve, VERIFIED_KEY_TTL_MS));
      const after = await Promise.all(Array.from({ length: 8 }, () => me()));
      after.forEach(expect401);
      expect(lookUps).toHaveBeenCalledTimes(2);
    } finally {
      lookUps.mockRestore();
    }
  });

  it('01/authentication rule 3: a key revoked through this instance while its look-up runs is 401 on the next request', async () => {
    const extra = await t.createKey(tenant, ['employees_view']);
    const repository = t.get(AccessRepository);
    const read = repository.keyByPrefix.bind(repository);
    // The look-up reads the key before the revocation and answers after it (a slow network, a busy event loop).
    let readDone!: () => void;
    const wasRead = new Promise<void>((resolve) => (readDone = resolve));
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const lookUp = jest.spyOn(repository, 'keyByPrefix').mockImplementationOnce(async (prefix) => {
      const row = await read(prefix);
      readDone();
      await released;
      return row;
    });
    try {
      const started = t.get(VerifiedKeys).verify(extra.key);
      await wasRead;
      await t.admin('delete', `/organizations/${tenant.orgId}/api-keys/${extra.id}`).expect(204);
      release();
      expect((await started)?.row.revoked_at).toBeNull(); // the row as read before the revocation
    } finally {
      lookUp.mockRestore();
    }
    expect401(await t.http().get(`/api/v1/org/${tenant.orgId}/me`).set('Authorization', `Bearer ${extra.key}`));
  });

  it('03 §2: a creator deactivated or narrowed outside this instance loses the rights within a second', async () => {
    const other = await t.createTenant({
      userPermissions: ['employees_view', 'teams_view'],
      keyPermissions: ['employees_view', 'teams_view'],
    });
    await other.api('get', '/me').expect(200);
    await t.dataSource.query(`UPDATE users SET permissions = '{employees_view}' WHERE id = $1`, [other.userId]);
    await new Promise((resolve) => setTimeout(resolve, VERIFIED_KEY_TTL_MS));
    expect((await other.api('get', '/me').expect(200)).body.data.permissions).toEqual(['employees_view']);
    await t.dataSource.query(`UPDATE users SET active = false WHERE id = $1`, [other.userId]);
    await new Promise((resolve) => setTimeout(resolve, VERIFIED_KEY_TTL_MS));
    expect401(await other.api('get', '/me'));
  });

  it("03 §2: a creator's rights changed through the application API apply to the key's next request", async () => {
    const other = await t.createTenant({
      userPermissions: ['employees_view', 'teams_view'],
      keyPermissions: ['employees_view', 'teams_view'],
    });
    expect((await other.api('get', '/me').expect(200)).body.data.permissions).toEqual(['employees_view', 'teams_view']);
    await t
      .admin('patch', `/organizations/${other.orgId}/users/${other.userId}`)
      .send({ permissions: ['teams_view'] })
      .expect(200);
    expect((await other.api('get', '/me').expect(200)).body.data.permissions).toEqual(['teams_view']);
  });

  it('01/authentication rule 3: an expired key is 401 once expiresAt passes', async () => {
    const clock = fixClock('2026-03-02T09:00:00.000Z');
    try {
      const extra = await t.createKey(tenant, ['employees_view'], { expiresAt: '2026-03-02T10:00:00.000Z' });
      const me = () => t.http().get(`/api/v1/org/${tenant.orgId}/me`).set('Authorization', `Bearer ${extra.key}`);
      await me().expect(200);
      clock.set('2026-03-02T09:59:59.999Z');
      await me().expect(200);
      clock.set('2026-03-02T10:00:00.000Z');
      expect401(await me());
    } finally {
      clock.restore();
    }
  });

  it('03 §2: a key stops working while its creator is inactive, and works again when reactivated', async () => {
    const other = await t.createTenant();
    await t.admin('patch', `/organizations/${other.orgId}/users/${other.userId}`).send({ active: false }).expect(200);
    expect401(await other.api('get', '/me'));
    await t.admin('patch', `/organizations/${other.orgId}/users/${other.userId}`).send({ active: true }).expect(200);
    await other.api('get', '/me').expect(200);
  });

  it("01/authentication rule 4: an orgId that is not the key's organization is 403 FORBIDDEN with errorId", async () => {
    const other = await t.createTenant();
    const res = await t.http().get(`/api/v1/org/${other.orgId}/me`).set('Authorization', `Bearer ${tenant.key}`);
    expect(res.status).toBe(403);
    expect(res.body.error).toEqual({ code: 'FORBIDDEN', message: expect.any(String), errorId: expect.any(String) });
  });

  it("03 §2: effective permissions are the key's narrowed to its creator's", async () => {
    const narrow = await t.createTenant({
      userPermissions: ['employees_view', 'teams_view'],
      keyPermissions: ['employees_view', 'projects_view'],
    });
    const res = await narrow.api('get', '/me').expect(200);
    expect(res.body.data.permissions).toEqual(['employees_view']);
    expect(res.body.data.apiKeyId).toBe(narrow.keyId);
  });

  it('deny by default: every route declares @Public, @AdminApi or @RequirePermissions, naming permissions a key may hold', () => {
    const discovery = t.get<DiscoveryService>(DiscoveryService);
    const scanner = t.get<MetadataScanner>(MetadataScanner);
    const reflector = t.get<Reflector>(Reflector);
    const undeclared: string[] = [];
    const unknown: string[] = [];
    let routes = 0;
    for (const wrapper of discovery.getControllers()) {
      const instance = wrapper.instance as object;
      const prototype = Object.getPrototypeOf(instance);
      for (const name of scanner.getAllMethodNames(prototype)) {
        const handler = prototype[name];
        if (!Reflect.getMetadata('path', handler)) continue;
        routes++;
        const rule = reflector.getAllAndOverride<AccessRule | undefined>(ACCESS_KEY, [handler, wrapper.metatype as object]);
        if (!rule) undeclared.push(`${wrapper.name}.${name}`);
        for (const permission of rule?.kind === 'api' ? rule.permissions : []) {
          if (!API_PERMISSIONS.includes(permission)) unknown.push(`${wrapper.name}.${name}: ${permission}`);
        }
      }
    }
    expect(routes).toBeGreaterThan(5);
    expect(undeclared).toEqual([]);
    // A permission a module declares for the compiler (vocabulary.ts) but not on its descriptor is no key's to hold.
    expect(unknown).toEqual([]);
  });

  it('03 §3: the application API refuses a missing or wrong admin token with 401', async () => {
    expect401(await t.http().get('/admin/v1/organizations'));
    expect401(await t.http().get('/admin/v1/organizations').set('Authorization', 'Bearer wrong-token-0123456789'));
    expect401(await t.http().get('/admin/v1/organizations').set('Authorization', `Bearer ${tenant.key}`));
  });

  it('an API key does not open the application API, and the admin token does not open the public API', async () => {
    expect401(await t.http().get(`/api/v1/org/${tenant.orgId}/me`).set('Authorization', `Bearer ${t.running.adminToken}`));
  });
});
