import { TestApp, Tenant } from '../support/test-app';
import { bodies } from '../support/fixtures';
import { Receiver } from './receiver';
import { createEndpoint, settled } from './support';

/**
 * Spec 03 §1.18: events reach no one who may not read them. A webhook endpoint or push hook configured (or changed) by a
 * user is subscribed only to entity types that user may view (403 FORBIDDEN naming the type, nothing stored), and each
 * delivery re-checks the configuring user's rights, as PULL hooks re-check theirs. Deliveries go to a real receiver.
 */
describe('03/§1.18 subscriptions are limited to what the configuring user may view', () => {
  let t: TestApp;
  let receiver: Receiver;
  beforeAll(async () => {
    t = await TestApp.start();
    receiver = await Receiver.start();
  });
  afterAll(async () => {
    await t.close();
    await receiver.close();
  });

  let n = 0;
  const user = async (org: Tenant, permissions: string[]) =>
    (
      await t
        .admin('post', `/organizations/${org.orgId}/users`)
        .send({ email: `hooks${++n}.${process.pid}@example.com`, name: `Hooks ${n}`, permissions })
        .expect(201)
    ).body.data.id as string;
  const endpoints = (org: Tenant) => `/organizations/${org.orgId}/webhook-endpoints`;
  const integrations = (org: Tenant) => `/organizations/${org.orgId}/integrations`;
  const forbidden = (res: { status: number; body: { error: { code: string; message: string } } }, ...named: string[]) => {
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe('FORBIDDEN');
    for (const name of named) expect(res.body.error.message).toContain(name);
  };
  const rowsOf = async (table: string, org: Tenant) =>
    (await t.dataSource.query(`SELECT * FROM ${table} WHERE organization_id = $1 ORDER BY id`, [org.orgId])) as Record<string, unknown>[];
  /** Hires an employee with a salary through the tenant's key: one employee and one salary_adjustment create. */
  const hire = async (org: Tenant) =>
    (
      await org
        .api('post', '/employees')
        .send(bodies.employee({ salary: { effectiveDate: '2026-01-01', salary: 80000, currencyCode: 'USD' } }))
        .expect(201)
    ).body.data.id as string;
  const typesAt = (path: string) => receiver.on(path).map((r) => `${r.body.entity_type}:${r.body.entity_id}`);

  it('03/§1.18: an endpoint is created or changed only for types the acting user may view (403 naming the type, nothing stored)', async () => {
    const org = await t.createTenant();
    const narrow = await user(org, ['configure_webhooks', 'employees_view']);
    const salaries = { name: 'Salaries', url: receiver.url('/salaries'), eventTypes: ['create'] };

    forbidden(
      await t.admin('post', endpoints(org), narrow).send({ ...salaries, entityTypes: ['employee', 'salary_adjustment'] }),
      'salary_adjustment',
      'compensation_view',
    );
    expect(await rowsOf('webhook_endpoints', org)).toEqual([]);
    const own = (
      await t
        .admin('post', endpoints(org), narrow)
        .send({ ...salaries, entityTypes: ['employee'] })
        .expect(201)
    ).body.data;
    forbidden(
      await t.admin('patch', `${endpoints(org)}/${own.id}`, narrow).send({ entityTypes: ['contractor'] }),
      'contractor',
      'contractors_view',
    );

    // One the application configured for salaries: whoever changes it configures it, so it must be theirs to view.
    const app = await createEndpoint(t, org, { ...salaries, entityTypes: ['salary_adjustment'] });
    const before = await rowsOf('webhook_endpoints', org);
    forbidden(await t.admin('patch', `${endpoints(org)}/${app.id}`, narrow).send({ url: receiver.url('/stolen') }), 'salary_adjustment');
    forbidden(await t.admin('patch', `${endpoints(org)}/${app.id}`, narrow).send({ name: 'Renamed' }), 'salary_adjustment');
    expect(await rowsOf('webhook_endpoints', org)).toEqual(before);
    expect(before.map((row) => row.configured_by_user_id)).toEqual(expect.arrayContaining([narrow, null]));
  });

  it('03/§1.18: a push hook is created or changed only for types the acting user may view (403, nothing stored)', async () => {
    const org = await t.createTenant();
    const narrow = await user(org, ['configure_webhooks', 'employees_view']);
    const push = (entityTypes: string[]) => ({ url: receiver.url('/push'), entityTypes, eventTypes: ['create'] });

    forbidden(
      await t.admin('post', integrations(org), narrow).send({ name: 'HR', actAsUserId: narrow, push: push(['salary_adjustment']) }),
      'salary_adjustment',
    );
    expect(await rowsOf('integrations', org)).toEqual([]);
    const own = (
      await t
        .admin('post', integrations(org), narrow)
        .send({ name: 'HR', actAsUserId: narrow, push: push(['employee']) })
        .expect(201)
    ).body.data;
    forbidden(
      await t.admin('patch', `${integrations(org)}/${own.id}`, narrow).send({ push: push(['employee', 'contractor_rate']) }),
      'contractor_rate',
    );
    expect((await rowsOf('integrations', org))[0]).toMatchObject({ push_entity_types: ['employee'], configured_by_user_id: narrow });
  });

  it('03/§1.18: each delivery re-checks the configuring user: one who lost a right no longer receives those types, an inactive one nothing', async () => {
    const org = await t.createTenant();
    const configurer = await user(org, ['configure_webhooks', 'employees_view', 'compensation_view']);
    const path = `/rights-${org.orgId}`;
    await t
      .admin('post', endpoints(org), configurer)
      .send({ name: 'People', url: receiver.url(path), entityTypes: ['employee', 'salary_adjustment'], eventTypes: ['create'] })
      .expect(201);
    const push = `/push-${org.orgId}`;
    await t
      .admin('post', integrations(org), configurer)
      .send({
        name: 'HR',
        actAsUserId: configurer,
        push: { url: receiver.url(push), entityTypes: ['employee', 'salary_adjustment'], eventTypes: ['create'] },
      })
      .expect(201);

    const first = await hire(org);
    await settled(t, org.orgId);
    for (const at of [path, push]) {
      expect(typesAt(at).filter((e) => e.startsWith('employee:'))).toEqual([`employee:${first}`]);
      expect(typesAt(at).filter((e) => e.startsWith('salary_adjustment:'))).toHaveLength(1);
    }

    await t
      .admin('patch', `/organizations/${org.orgId}/users/${configurer}`)
      .send({ permissions: ['configure_webhooks', 'employees_view'] })
      .expect(200);
    const second = await hire(org);
    await settled(t, org.orgId);
    for (const at of [path, push]) {
      expect(typesAt(at).filter((e) => e.startsWith('employee:'))).toEqual([`employee:${first}`, `employee:${second}`]);
      expect(typesAt(at).filter((e) => e.startsWith('salary_adjustment:'))).toHaveLength(1);
    }

    await t.admin('patch', `/organizations/${org.orgId}/users/${configurer}`).send({ active: false }).expect(200);
    await hire(org);
    await settled(t, org.orgId);
    for (const at of [path, push]) expect(typesAt(at)).toHaveLength(3);
    // The refused pairs were never started: no delivery row names them.
    const deliveries = await t.dataSource.query(`SELECT count(*)::int AS n FROM webhook_deliveries WHERE organization_id = $1`, [
      org.orgId,
    ]);
    expect(deliveries[0].n).toBe(6);
  });
});
