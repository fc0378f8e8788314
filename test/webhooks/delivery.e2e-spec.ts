import { createHmac } from 'node:crypto';
import { decimalToString } from '../../src/common/decimals';
import { WebhookDeliveryEntity } from '../../src/webhooks/entities/webhook-delivery.entity';
import { PASS_INTERVAL_MS, WebhookDispatcher } from '../../src/webhooks/webhook-dispatcher';
import { changesOf } from '../support/changes';
import { TestApp } from '../support/test-app';
import { Receiver, verifySignature, waitFor } from './receiver';
import { change, createEndpoint, endpointOf, liveContext, scenarioContext, settled, write } from './support';

const ALL_TYPES = [
  'employee',
  'contractor',
  'vacancy',
  'team',
  'project',
  'employee_team_allocation',
  'employee_project_allocation',
  'contractor_team_allocation',
  'contractor_project_allocation',
  'salary_adjustment',
  'contractor_rate',
  'functional_group',
  'functional_position',
  'functional_assignment',
];
const ALL_CHANGES = ['create', 'update', 'delete'];
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe('webhook delivery (02 Events, Signature and headers, Delivery)', () => {
  let t: TestApp;
  let receiver: Receiver;
  beforeAll(async () => {
    t = await TestApp.start({ WEBHOOK_SWEEP_INTERVAL_MS: '200' });
    receiver = await Receiver.start();
  });
  afterAll(async () => {
    await t.close();
    await receiver.close();
  });

  it('02/delivery: a change no endpoint or push hook subscribes to is recorded DONE and never claimed; a subscribed one is delivered', async () => {
    const tenant = await t.createTenant();
    const path = `/unwanted-${tenant.orgId}`;
    await createEndpoint(t, tenant, { url: receiver.url(path), entityTypes: ['team'], eventTypes: ['create'] });
    const ctx = await liveContext(t, tenant);
    await write(t, ctx, [change('team', 'create'), change('team', 'update'), change('employee', 'create')]);
    await waitFor('the delivery', () => receiver.on(path).length === 1);
    await settled(t, tenant.orgId);
    const deliveries = await t.dataSource.getRepository(WebhookDeliveryEntity).findBy({ organizationId: tenant.orgId });
    const rows = (await changesOf(t, tenant.orgId)).map((c) => ({
      entityType: c.entityType,
      changeType: c.changeType,
      dispatchStatus: c.dispatchStatus,
      claimed: c.dispatchClaimId !== null,
      deliveries: deliveries.filter((d) => Number(d.changeSeq) === c.seq).length,
    }));
    expect(rows).toEqual([
      { entityType: 'team', changeType: 'create', dispatchStatus: 'DONE', claimed: true, deliveries: 1 },
      { entityType: 'team', changeType: 'update', dispatchStatus: 'DONE', claimed: false, deliveries: 0 },
      { entityType: 'employee', changeType: 'create', dispatchStatus: 'DONE', claimed: false, deliveries: 0 },
    ]);
    expect(receiver.on(path)).toHaveLength(1);
  });

  it('02/delivery: under a stream of commits a pass starts at most once per PASS_INTERVAL_MS, and every change is delivered once', async () => {
    const tenant = await t.createTenant();
    const path = `/paced-${tenant.orgId}`;
    await createEndpoint(t, tenant, { url: receiver.url(path), entityTypes: ['team'], eventTypes: ['create'] });
    const ctx = await liveContext(t, tenant);
    const dispatcher = t.get(WebhookDispatcher);
    const pass = dispatcher.pass.bind(dispatcher);
    const starts: number[] = [];
    // When each pass started by the dispatcher's own clock (read as the pass begins; a clock read here instead
    // would add whatever runs between the two, a garbage collection say, and make the gap look shorter).
    const startedAt = () => (dispatcher as unknown as { passStartedAt: number }).passStartedAt;
    const passes = jest.spyOn(dispatcher, 'pass').mockImplementation(() => {
      starts.push(startedAt());
      return pass();
    });
    try {
      for (let i = 0; i < 12; i++) {
        await write(t, ctx, [change('team', 'create')]);
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      await waitFor('the deliveries', () => receiver.on(path).length === 12);
      await settled(t, tenant.orgId);
    } finally {
      passes.mockRestore();
    }
    const gaps = starts.slice(1).map((at, i) => at - starts[i]);
    expect(gaps.length).toBeGreaterThan(0);
    expect(starts.every(Number.isFinite)).toBe(true);
    expect(Math.min(...gaps)).toBeGreaterThanOrEqual(PASS_INTERVAL_MS);
    expect(new Set(receiver.on(path).map((r) => r.body.id)).size).toBe(12);
  });

  it('02/signature and headers: each delivery is signed over the exact bytes sent, keyed by the secret as text, with the event id header', async () => {
    const tenant = await t.createTenant();
    const path = `/sig-${tenant.orgId}`;
    const { secret } = await createEndpoint(t, tenant, { url: receiver.url(path), entityTypes: ['team'] });
    expect(secret).toMatch(/^[0-9a-f]{64}$/);
    const ctx = await liveContext(t, tenant);
    const after = {
      id: 'cteam',
      name: 'Platform',
      costPerMonth: decimalToString('1250.5000'),
      startDate: '2026-01-01',
      note: 'naïve “quotes” ✓',
    };
    await write(t, ctx, [change('team', 'create', after, 'cteamaaaaaaaaaaaaaaaaaaaa')]);
    const [got] = await waitFor('the delivery', () => receiver.on(path).length === 1 && receiver.on(path));

    expect(got.headers['content-type']).toBe('application/json');
    expect(verifySignature(got.raw, got.headers['x-service-signature'], secret)).toBe(true);
    expect(got.headers['x-service-signature']).toMatch(/^sha256=[0-9a-f]{64}$/);
    // The key is the secret's text, not the bytes it would hex-decode to.
    const hexKeyed = `sha256=${createHmac('sha256', Buffer.from(secret, 'hex')).update(got.raw).digest('hex')}`;
    expect(got.headers['x-service-signature']).not.toBe(hexKeyed);
    // Any change to the bytes breaks the signature: it covers exactly what was sent.
    expect(verifySignature(Buffer.from(got.raw.toString('utf8') + ' '), got.headers['x-service-signature'], secret)).toBe(false);
    expect(verifySignature(got.raw, got.headers['x-service-signature'], 'f'.repeat(64))).toBe(false);

    const [row] = await changesOf(t, tenant.orgId);
    expect(got.headers['x-service-event-id']).toBe(row.eventId);
    expect(Object.keys(got.body)).toEqual([
      'id',
      'timestamp',
      'entity_type',
      'entity_id',
      'change_type',
      'initiator',
      'organization_id',
      'before',
      'after',
    ]);
    expect(got.body).toEqual({
      id: row.eventId,
      timestamp: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
      entity_type: 'team',
      entity_id: 'cteamaaaaaaaaaaaaaaaaaaaa',
      change_type: 'create',
      initiator: { type: 'api_key', id: tenant.keyId },
      organization_id: tenant.orgId,
      before: null,
      after: { ...after, costPerMonth: '1250.5' },
    });
    expect(got.body.id).toMatch(UUID);
  });

  it('02/events: a change made by a person in the application (X-Acting-User) carries initiator user with id and e-mail', async () => {
    const tenant = await t.createTenant();
    const path = `/user-${tenant.orgId}`;
    await createEndpoint(t, tenant, { url: receiver.url(path), entityTypes: ['project'], eventTypes: ['update'] });
    const project = (await tenant.create.project({ deliveryStatus: 'BACKLOG' })).id;
    // A ticket link written through the application API re-derives the live project's deliveryStatus: one project update.
    await t
      .admin('post', `/organizations/${tenant.orgId}/projects/${project}/links`, tenant.userId)
      .send({ provider: 'jira', key: 'INIT-1', status: 'In Progress' })
      .expect(201);
    await settled(t, tenant.orgId);
    const got = receiver.on(path);
    expect(got.map((r) => `${r.body.entity_type} ${r.body.change_type} ${r.body.entity_id}`)).toEqual([`project update ${project}`]);
    expect(got[0].body.initiator).toEqual({ type: 'user', id: tenant.userId, email: tenant.userEmail });
    expect(got[0].body.before).toMatchObject({ deliveryStatus: 'BACKLOG' });
    expect(got[0].body.after).toMatchObject({ deliveryStatus: 'IN_PROGRESS' });
  });

  it('02/event object: an event has the same id at every endpoint, each delivery signed with its own endpoint secret', async () => {
    const tenant = await t.createTenant();
    const a = await createEndpoint(t, tenant, { url: receiver.url(`/a-${tenant.orgId}`), entityTypes: ['project'] });
    const b = await createEndpoint(t, tenant, { url: receiver.url(`/b-${tenant.orgId}`), entityTypes: ['project'] });
    await write(t, await liveContext(t, tenant), [change('project', 'update')]);
    const atA = await waitFor('A', () => receiver.on(`/a-${tenant.orgId}`)[0]);
    const atB = await waitFor('B', () => receiver.on(`/b-${tenant.orgId}`)[0]);
    expect(atA.body.id).toBe(atB.body.id);
    expect(atA.headers['x-service-event-id']).toBe(atB.headers['x-service-event-id']);
    expect(verifySignature(atA.raw, atA.headers['x-service-signature'], a.secret)).toBe(true);
    expect(verifySignature(atB.raw, atB.headers['x-service-signature'], b.secret)).toBe(true);
    expect(verifySignature(atA.raw, atA.headers['x-service-signature'], b.secret)).toBe(false);
  });

  /**
   * Document 02's table of REST requests and the events each emits, as the record modules record them: here the
   * dispatcher's side (each request's events written in one transaction, every entity type and change type). That
   * each real request emits exactly these events is test/webhooks/coverage.e2e-spec.ts, row by row.
   */
  const COVERAGE: [string, [string, string][]][] = [
    [
      'POST /employees (with allocations and salary)',
      [
        ['employee', 'create'],
        ['employee_team_allocation', 'create'],
        ['employee_project_allocation', 'create'],
        ['salary_adjustment', 'create'],
      ],
    ],
    [
      'PATCH /employees/:id (with new allocation and salary)',
      [
        ['employee', 'update'],
        ['employee_team_allocation', 'create'],
        ['employee_project_allocation', 'create'],
        ['salary_adjustment', 'create'],
      ],
    ],
    ['DELETE /employees/:id', [['employee', 'delete']]],
    ['POST /employees/:id/salary-adjustments', [['salary_adjustment', 'create']]],
    ['PATCH /employees/:id/salary-adjustments/:id', [['salary_adjustment', 'update']]],
    ['DELETE /employees/:id/salary-adjustments/:id', [['salary_adjustment', 'delete']]],
    [
      'POST /contractors (with allocations and rate)',
      [
        ['contractor', 'create'],
        ['contractor_team_allocation', 'create'],
        ['contractor_project_allocation', 'create'],
        ['contractor_rate', 'create'],
      ],
    ],
    ['PATCH /contractors/:id', [['contractor', 'update']]],
    ['DELETE /contractors/:id', [['contractor', 'delete']]],
    ['POST /contractors/:id/rate-adjustments', [['contractor_rate', 'create']]],
    ['PATCH /contractors/:id/rate-adjustments/:id', [['contractor_rate', 'update']]],
    ['DELETE /contractors/:id/rate-adjustments/:id', [['contractor_rate', 'delete']]],
    ['POST /vacancies', [['vacancy', 'create']]],
    ['PATCH /vacancies/:id', [['vacancy', 'update']]],
    ['DELETE /vacancies/:id', [['vacancy', 'delete']]],
    [
      'POST /vacancies/:id/fill (employee)',
      [
        ['vacancy', 'update'],
        ['employee', 'create'],
        ['salary_adjustment', 'create'],
      ],
    ],
    [
      'POST /vacancies/:id/fill (contractor)',
      [
        ['vacancy', 'update'],
        ['contractor', 'create'],
      ],
    ],
    ['POST /teams', [['team', 'create']]],
    ['PATCH /teams/:id', [['team', 'update']]],
    ['DELETE /teams/:id', [['team', 'delete']]],
    ['POST /projects', [['project', 'create']]],
    ['PATCH /projects/:id', [['project', 'update']]],
    ['DELETE /projects/:id', [['project', 'delete']]],
    ['POST /functional-groups', [['functional_group', 'create']]],
    ['PUT /functional-groups/positions/:id (retire)', [['functional_position', 'update']]],
    ['POST /functional-groups/assignments', [['functional_assignment', 'create']]],
  ];

  it('02/delivery: the events of each coverage-table request, written in one transaction each, are all delivered once each', async () => {
    const tenant = await t.createTenant();
    const path = `/coverage-${tenant.orgId}`;
    await createEndpoint(t, tenant, { url: receiver.url(path), entityTypes: ALL_TYPES, eventTypes: ALL_CHANGES });
    const ctx = await liveContext(t, tenant);
    const expected: string[] = [];
    for (const [request, events] of COVERAGE) {
      // One request is one transaction recording its events.
      await write(
        t,
        ctx,
        events.map(([entityType, changeType]) => change(entityType, changeType as 'create', { request })),
      );
      expected.push(...events.map(([entityType, changeType]) => `${request} ${entityType} ${changeType}`));
    }
    await settled(t, tenant.orgId);
    const got = receiver
      .on(path)
      .map((r) => `${r.body.after?.request ?? r.body.before?.request} ${r.body.entity_type} ${r.body.change_type}`);
    expect(got.sort()).toEqual(expected.sort());
    expect(new Set(receiver.on(path).map((r) => r.body.id)).size).toBe(expected.length);
  });

  it('02/what emits events: changes inside a scenario send nothing (and are not in the outbox), nor do audit-only changes', async () => {
    const tenant = await t.createTenant();
    const path = `/scenario-${tenant.orgId}`;
    await createEndpoint(t, tenant, { url: receiver.url(path), entityTypes: ['team'] });
    await write(t, await scenarioContext(t, tenant), [
      change('team', 'create', { where: 'scenario' }),
      change('team', 'update', { where: 'scenario' }),
    ]);
    await write(t, await liveContext(t, tenant), [
      change('team', 'create', { where: 'live' }),
      { ...change('team', 'update', { where: 'audit only' }), notify: false },
    ]);
    await settled(t, tenant.orgId);
    await t.get<WebhookDispatcher>(WebhookDispatcher).sweep();
    await settled(t, tenant.orgId);
    expect(receiver.on(path).map((r) => r.body.after.where)).toEqual(['live']);
    const rows = (await changesOf(t, tenant.orgId)).filter((c) => c.after?.where === 'scenario');
    expect(rows.map((c) => ({ dispatchStatus: c.dispatchStatus }))).toEqual([{ dispatchStatus: null }, { dispatchStatus: null }]);
  });

  it('02/entity types and change types: an endpoint receives only the entity types and change types it subscribes to', async () => {
    const tenant = await t.createTenant();
    const teamCreates = `/team-creates-${tenant.orgId}`;
    const employees = `/employees-${tenant.orgId}`;
    await createEndpoint(t, tenant, { url: receiver.url(teamCreates), entityTypes: ['team'], eventTypes: ['create'] });
    await createEndpoint(t, tenant, {
      url: receiver.url(employees),
      entityTypes: ['employee', 'geography'],
      eventTypes: ['update', 'delete'],
    });
    const ctx = await liveContext(t, tenant);
    await write(t, ctx, [
      change('team', 'create'),
      change('team', 'update'),
      change('team', 'delete'),
      change('employee', 'create'),
      change('employee', 'update'),
      change('employee', 'delete'),
      change('geography', 'update'),
      change('project', 'create'),
    ]);
    await settled(t, tenant.orgId);
    expect(receiver.on(teamCreates).map((r) => `${r.body.entity_type} ${r.body.change_type}`)).toEqual(['team create']);
    expect(
      receiver
        .on(employees)
        .map((r) => `${r.body.entity_type} ${r.body.change_type}`)
        .sort(),
    ).toEqual(['employee delete', 'employee update', 'geography update']);
  });

  it('02/endpoint management: a switched-off endpoint receives nothing, and events after switching it on again arrive', async () => {
    const tenant = await t.createTenant();
    const path = `/switch-${tenant.orgId}`;
    const { id } = await createEndpoint(t, tenant, { url: receiver.url(path), entityTypes: ['team'] });
    const off = await t.admin('patch', `/organizations/${tenant.orgId}/webhook-endpoints/${id}`).send({ enabled: false }).expect(200);
    expect(off.body.data.enabled).toBe(false);
    const ctx = await liveContext(t, tenant);
    await write(t, ctx, [change('team', 'create', { phase: 'off' })]);
    await settled(t, tenant.orgId);
    expect(receiver.on(path)).toHaveLength(0);
    await t.admin('patch', `/organizations/${tenant.orgId}/webhook-endpoints/${id}`).send({ enabled: true }).expect(200);
    await write(t, ctx, [change('team', 'create', { phase: 'on' })]);
    await settled(t, tenant.orgId);
    expect(receiver.on(path).map((r) => r.body.after.phase)).toEqual(['on']);
    expect((await endpointOf(t, tenant.orgId, id)).deliveryStatus).toBe('HEALTHY');
  });

  it('02/delivery status: NO_DELIVERIES at first, HEALTHY after a 2xx with the status and time of the last delivery', async () => {
    const tenant = await t.createTenant();
    const path = `/healthy-${tenant.orgId}`;
    const { id } = await createEndpoint(t, tenant, { url: receiver.url(path), entityTypes: ['team'] });
    expect(await endpointOf(t, tenant.orgId, id)).toMatchObject({
      deliveryStatus: 'NO_DELIVERIES',
      lastDeliveryAt: null,
      lastResponseStatus: null,
      lastError: null,
    });
    await write(t, await liveContext(t, tenant), [change('team', 'create')]);
    await settled(t, tenant.orgId);
    expect(await endpointOf(t, tenant.orgId, id)).toMatchObject({
      deliveryStatus: 'HEALTHY',
      lastDeliveryAt: expect.stringMatching(/Z$/),
      lastResponseStatus: 200,
      lastError: null,
    });
  });
});
