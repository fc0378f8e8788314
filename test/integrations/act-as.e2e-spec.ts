import { TestApp, Tenant } from '../support/test-app';
import { createIntegration, PullSource } from './support';

/**
 * Spec 04 §5.1 "Who may point an integration at whom": with X-Acting-User, creating or changing (any PATCH)
 * an integration that acts, or would act after the change, as another user needs every right of that user;
 * any change of push.url or pull.url issues a new secret, returned once in that PATCH answer.
 */
describe('custom integrations: acting user and act-as user (04 §5.1)', () => {
  let t: TestApp;
  let source: PullSource;
  beforeAll(async () => {
    t = await TestApp.start();
    source = await PullSource.start();
  });
  afterAll(async () => {
    await source.close();
    await t.close();
  });

  const path = (tenant: Tenant, rest = '') => `/organizations/${tenant.orgId}/integrations${rest}`;
  const makeUser = async (tenant: Tenant, permissions: string[]) =>
    (
      await t
        .admin('post', `/organizations/${tenant.orgId}/users`)
        .send({ email: `u${Math.random().toString(36).slice(2)}@example.com`, name: 'U', permissions })
        .expect(201)
    ).body.data.id as string;
  const rowsOf = (tenant: Tenant) =>
    t.dataSource.query(
      `SELECT id, name, act_as_user_id, pull_url, push_url, secret FROM integrations WHERE organization_id = $1 ORDER BY id`,
      [tenant.orgId],
    );
  const pull = (url: string) => ({ url, entityType: 'employee', intervalMinutes: 60, enabled: false });

  it('04/5.1 act-as: a webhook-only user cannot create an integration acting as an admin (403, nothing created); acting as themselves is fine', async () => {
    const tenant = await t.createTenant();
    const hooker = await makeUser(tenant, ['view_webhooks', 'configure_webhooks']);
    const refused = await t
      .admin('post', path(tenant), hooker)
      .send({ name: 'Escalate', actAsUserId: tenant.userId, pull: pull(source.url('/x')) })
      .expect(403);
    expect(refused.body.error.code).toBe('FORBIDDEN');
    expect(refused.body.error.message).toContain('employees_edit');
    expect(await rowsOf(tenant)).toEqual([]);
    await t
      .admin('post', path(tenant), hooker)
      .send({ name: 'Mine', actAsUserId: hooker, pull: pull(source.url('/x')) })
      .expect(201);
  });

  it('04/5.1 act-as: any PATCH of a hook acting as a user with more rights is 403 and changes nothing (rename, new URL, new act-as)', async () => {
    const tenant = await t.createTenant();
    const hooker = await makeUser(tenant, ['view_webhooks', 'configure_webhooks', 'employees_edit']);
    const admins = await createIntegration(t, tenant, { pull: pull(source.url('/admin-source')) });
    const own = (await t.admin('post', path(tenant), hooker).send({ name: 'Own', actAsUserId: hooker }).expect(201)).body.data.id;
    const before = await rowsOf(tenant);
    for (const body of [{ name: 'Renamed' }, { pull: pull(source.url('/attacker')) }, { actAsUserId: hooker }]) {
      const res = await t
        .admin('patch', path(tenant, `/${admins.id}`), hooker)
        .send(body)
        .expect(403);
      expect(res.body.error.code).toBe('FORBIDDEN');
    }
    await t
      .admin('patch', path(tenant, `/${own}`), hooker)
      .send({ actAsUserId: tenant.userId })
      .expect(403);
    expect(await rowsOf(tenant)).toEqual(before);
  });

  it('04/5.1 act-as: a user holding every right of the act-as user may change it; the application (no header) may name anyone', async () => {
    const tenant = await t.createTenant();
    const narrow = await makeUser(tenant, ['employees_edit', 'employees_view']);
    const broad = await makeUser(tenant, ['configure_webhooks', 'employees_edit', 'employees_view', 'teams_edit']);
    const created = await t.admin('post', path(tenant), broad).send({ name: 'N', actAsUserId: narrow }).expect(201);
    await t
      .admin('patch', path(tenant, `/${created.body.data.id}`), broad)
      .send({ name: 'Renamed' })
      .expect(200);
    await t
      .admin('patch', path(tenant, `/${created.body.data.id}`))
      .send({ actAsUserId: tenant.userId })
      .expect(200);
    expect((await rowsOf(tenant))[0]).toMatchObject({ name: 'Renamed', act_as_user_id: tenant.userId });
  });

  it('04/5.1 secret: a new pull.url or push.url issues a new secret, returned once in the PATCH; the pull sends only it to the new URL', async () => {
    const tenant = await t.createTenant();
    const first = source.serve('/first', { body: { records: [] } });
    const second = source.serve('/second', { body: { records: [] } });
    const created = await createIntegration(t, tenant, { pull: pull(first) });
    const renamed = await t
      .admin('patch', path(tenant, `/${created.id}`))
      .send({ name: 'Renamed', pull: pull(first) })
      .expect(200);
    expect(renamed.body.data).not.toHaveProperty('secret');
    expect((await rowsOf(tenant))[0].secret).toBe(created.secret);

    const moved = await t
      .admin('patch', path(tenant, `/${created.id}`))
      .send({ pull: { ...pull(second), enabled: true } })
      .expect(200);
    const secret = moved.body.data.secret;
    expect(secret).toMatch(/^[0-9a-f]{64}$/);
    expect(secret).not.toBe(created.secret);
    expect((await rowsOf(tenant))[0].secret).toBe(secret);
    expect((await t.admin('get', path(tenant, `/${created.id}`)).expect(200)).body.data).not.toHaveProperty('secret');
    await t.admin('post', path(tenant, `/${created.id}/pull`)).expect(200);
    expect(source.on('/second').map((r) => r.headers.authorization)).toEqual([`Bearer ${secret}`]);

    const pushed = await t
      .admin('patch', path(tenant, `/${created.id}`))
      .send({ push: { url: source.url('/push'), entityTypes: ['team'], eventTypes: ['create'] } })
      .expect(200);
    expect(pushed.body.data.secret).toMatch(/^[0-9a-f]{64}$/);
    expect(pushed.body.data.secret).not.toBe(secret);
  });

  it('03/§1.14: a PULL hook acting as an admin cannot be rotated, run or deleted by a webhook-only user (403, nothing changed, nothing fetched)', async () => {
    const tenant = await t.createTenant();
    const hooker = await makeUser(tenant, ['view_webhooks', 'configure_webhooks', 'employees_edit']);
    const url = source.serve(`/admins-${tenant.orgId}`, { body: { records: [] } });
    const admins = await createIntegration(t, tenant, { pull: { ...pull(url), enabled: true } });
    const before = await rowsOf(tenant);
    const state = async () =>
      (await t.dataSource.query(`SELECT last_pull_at, last_pull_status FROM integrations WHERE id = $1`, [admins.id]))[0];
    const ran = await state();
    for (const [method, rest] of [
      ['post', `/${admins.id}/rotate-secret`],
      ['post', `/${admins.id}/pull`],
      ['delete', `/${admins.id}`],
    ] as const) {
      const res = await t.admin(method, path(tenant, rest), hooker);
      expect(res.status).toBe(403);
      expect(res.body.error).toMatchObject({ code: 'FORBIDDEN', message: expect.stringContaining(tenant.userId) });
      expect(res.body).not.toHaveProperty('data');
    }
    expect(await rowsOf(tenant)).toEqual(before);
    expect(await state()).toEqual(ran);
    expect(source.on(new URL(url).pathname)).toEqual([]);

    // A user holding every right of the admin may; so may the hooker on a hook acting as themself.
    const peer = await makeUser(tenant, ['*']);
    const run = await t.admin('post', path(tenant, `/${admins.id}/pull`), peer).expect(200);
    expect(run.body.data).toMatchObject({ status: 'OK', results: [] });
    const rotated = await t.admin('post', path(tenant, `/${admins.id}/rotate-secret`), peer).expect(200);
    expect((await rowsOf(tenant))[0].secret).toBe(rotated.body.data.secret);
    const own = (await t.admin('post', path(tenant), hooker).send({ name: 'Own', actAsUserId: hooker }).expect(201)).body.data.id;
    await t.admin('post', path(tenant, `/${own}/rotate-secret`), hooker).expect(200);
    await t.admin('delete', path(tenant, `/${own}`), hooker).expect(204);
    await t.admin('delete', path(tenant, `/${admins.id}`), peer).expect(204);
    expect(await rowsOf(tenant)).toEqual([]);
  });
});
