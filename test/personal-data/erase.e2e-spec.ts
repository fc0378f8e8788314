import { randomUUID } from 'node:crypto';
import { WebhookDispatcher } from '../../src/webhooks/webhook-dispatcher';
import { PullSource, createIntegration, integrationOf, pullNow } from '../integrations/support';
import { changesOf, insertChanges, lastSeq, updateChanges } from '../support/changes';
import { TestApp, Tenant } from '../support/test-app';
import { Receiver, waitFor } from '../webhooks/receiver';
import { createEndpoint, settled } from '../webhooks/support';
import { erase, findEverywhere, NOTHING_ERASED, searchedColumns } from './support';

// Walks every resource of the app: CI runs it against a generated one too (.ci/run, "resource generator").

/** What each seeded person was called, in any spelling: none of it may be left anywhere after the erase. */
const ZEPHYR = ['Zephyrine', 'Quillfeather', 'Marrowby', 'Scenmarrow', 'EXT-ZEPHYR', 'HR-ZEPHYR', 'zephyr.passport'];
const ORIEL = ['Oriel', 'Thistlewood'];
const KESTREL = ['Kestrel', 'Vantongeren', 'CTR-KESTREL'];
/** A person nobody erases: the walk must still find them (it would find a left copy). */
const KEEP = ['Keepname', 'EXT-KEEPNAME'];

describe('Personal data: erase a person everywhere (05 §3)', () => {
  let t: TestApp;
  let receiver: Receiver;
  let source: PullSource;

  beforeAll(async () => {
    // PULL runs only on demand here.
    t = await TestApp.start();
    receiver = await Receiver.start(500);
    source = await PullSource.start();
  });
  afterAll(async () => {
    await t.close();
    await receiver.close();
    await source.close();
  });

  /** Forecasts (two groupings, over past and future months) and the functional structure's figures. */
  const figuresOf = async (tenant: Tenant) =>
    [
      (await tenant.api('get', '/forecast?from=2026-01&months=12&groupBy=costCentre').expect(200)).body,
      (await tenant.api('get', '/forecast?from=2025-07&months=18&groupBy=team').expect(200)).body,
      (await tenant.api('get', '/functional-groups/tree?asOf=2026-03-10').expect(200)).body,
    ] as unknown[];

  /**
   * Zephyrine Quillfeather through every path that copies a person: create (with an Idempotency-Key), PATCH,
   * salary history with a reason, team and project allocations, a personal and an ordinary custom attribute,
   * a functional seat, a scenario fork and a change in it, webhook deliveries that fail, a bulk upsert with an
   * Idempotency-Key and a PULL run (one of whose items fails naming her externalId).
   */
  async function seedZephyrine(tenant: Tenant): Promise<{ id: string; scenarioId: string; integrationId: string }> {
    const costCentre = await tenant.create.costCentre();
    const team = await tenant.create.team({ costCentreId: costCentre.id });
    const project = await tenant.create.project();
    const created = await tenant
      .api('post', '/employees')
      .set('Idempotency-Key', 'seed-create-1')
      .send({
        firstName: 'Zephyrine',
        lastName: 'Quillfeather',
        name: 'Zephyrine Quillfeather',
        email: 'zephyrine.quillfeather@example.com',
        externalId: 'EXT-ZEPHYR',
        internalEmployeeId: 'HR-ZEPHYR',
        startDate: '2025-09-01',
        costCentreId: costCentre.id,
        salary: { effectiveDate: '2025-09-01', salary: 90000, currencyCode: 'USD' },
      })
      .expect(201);
    const id: string = created.body.data.id;
    await tenant.api('patch', `/employees/${id}`).send({ lastName: 'Marrowby', email: 'zephyrine.marrowby@example.com' }).expect(200);
    await tenant
      .api('post', `/employees/${id}/salary-adjustments`)
      .send({ effectiveDate: '2026-03-01', salary: 96000, currencyCode: 'USD', reason: 'Zephyrine asked after her move' })
      .expect(201);
    await tenant.create.assignment({ type: 'team', targetId: team.id, employeeId: id, fte: 0.5 });
    await tenant.create.assignment({ type: 'project', targetId: project.id, employeeId: id, fte: 0.5 });
    const personal = await tenant
      .api('post', '/custom-attributes')
      .send({ name: 'Passport', attributeKey: 'passport', entityType: 'EMPLOYEE', fieldType: 'STRING', personal: true })
      .expect(201);
    await tenant
      .api('put', `/employees/${id}/custom-attributes/${personal.body.data.id}`)
      .send({ stringValue: 'zephyr.passport.123' })
      .expect(200);
    const ordinary = await tenant
      .api('post', '/custom-attributes')
      .send({ name: 'Shirt size', attributeKey: 'shirt', entityType: 'EMPLOYEE', fieldType: 'STRING' })
      .expect(201);
    await tenant.api('put', `/employees/${id}/custom-attributes/${ordinary.body.data.id}`).send({ stringValue: 'XL' }).expect(200);
    const group = await tenant.create.functionalGroup({ name: 'Platform area' });
    const seat = await tenant.create.seat(group.id, { name: 'Staff engineer' });
    await tenant.create.occupancy(seat.id, { employeeId: id, fte: 1 });
    const scenarioId: string = (await t.admin('post', `/organizations/${tenant.orgId}/scenarios`).send({ name: 'What if' }).expect(201))
      .body.data.id;
    await t
      .admin('patch', `/organizations/${tenant.orgId}/scenarios/${scenarioId}/employees/${id}`)
      .send({ lastName: 'Scenmarrow' })
      .expect(200);
    await tenant
      .api('post', '/employees/bulk')
      .set('Idempotency-Key', 'seed-bulk-1')
      .send({ records: [{ externalId: 'EXT-ZEPHYR', name: 'Zephyrine Marrowby' }] })
      .expect(200);
    const path = `/pull-${tenant.orgId}`;
    const url = source.serve(path, {
      body: { records: [{ externalId: 'EXT-ZEPHYR', internalEmployeeId: 'HR-ZEPHYR-2' }, { externalId: 'EXT-ZEPHYR' }] },
    });
    const integration = await createIntegration(t, tenant, { pull: { url, entityType: 'employee', intervalMinutes: 60 } });
    expect((await pullNow(t, tenant.orgId, integration.id).expect(200)).body.data).toMatchObject({
      status: 'PARTIAL',
      updated: 1,
      failed: 1,
    });
    expect((await integrationOf(t, tenant.orgId, integration.id)).lastError).toContain('EXT-ZEPHYR');
    return { id, scenarioId, integrationId: integration.id };
  }

  /** Oriel Thistlewood, hired by filling a vacancy (the fill's answer kept under an Idempotency-Key). */
  async function seedOriel(tenant: Tenant): Promise<string> {
    const vacancy = await tenant.create.vacancy({ role: 'Data analyst', salary: 70000, currencyCode: 'USD' });
    const fill = await tenant
      .api('post', `/vacancies/${vacancy.id}/fill`)
      .set('Idempotency-Key', 'seed-fill-1')
      .send({
        startDate: '2026-02-01',
        currencyCode: 'USD',
        firstName: 'Oriel',
        lastName: 'Thistlewood',
        email: 'oriel.thistlewood@example.com',
        salary: 70000,
      })
      .expect(200);
    return fill.body.data.employee.id;
  }

  /** Kestrel Vantongeren, a contractor with a day rate whose reason names them. */
  async function seedKestrel(tenant: Tenant): Promise<string> {
    const created = await tenant
      .api('post', '/contractors')
      .send({
        name: 'Kestrel Vantongeren',
        email: 'kestrel.vantongeren@example.com',
        externalId: 'CTR-KESTREL',
        startDate: '2026-01-01',
        rateAdjustment: { effectiveDate: '2026-01-01', rate: 700, rateType: 'daily', currencyCode: 'USD', reason: 'Kestrel negotiated' },
      })
      .expect(201);
    return created.body.data.id;
  }

  // Seeding every path, walking every column twice and three erases: more time than the usual test gets.
  it('05/§3.2: a person copied through every path is found in no table after the erase; figures and forecasts are unchanged', async () => {
    const tenant = await t.createTenant();
    await createEndpoint(t, tenant, {
      url: receiver.url(`/erase-${tenant.orgId}`),
      entityTypes: ['employee', 'contractor', 'salary_adjustment', 'contractor_rate', 'vacancy'],
    });
    const keep = await tenant.create.employee({ firstName: 'Bystander', lastName: 'Keepname', externalId: 'EXT-KEEPNAME' });
    const zephyr = await seedZephyrine(tenant);
    const oriel = await seedOriel(tenant);
    const kestrel = await seedKestrel(tenant);
    await settled(t, tenant.orgId);
    // The receiver answers 500: the deliveries failed and are kept.
    const [{ n: failed }] = await t.dataSource.query(
      `SELECT count(*)::int AS n FROM webhook_deliveries WHERE organization_id = $1 AND status = 'FAILED'`,
      [tenant.orgId],
    );
    expect(failed).toBeGreaterThan(0);
    const everyone = [...ZEPHYR, ...ORIEL, ...KESTREL];
    // The walk finds every seeded person before the erase (so it can find a copy left after it).
    const before = await findEverywhere(t, [...everyone, ...KEEP]);
    expect(new Set(before.map((f) => f.needle))).toEqual(new Set([...everyone, ...KEEP]));
    const figuresBefore = await figuresOf(tenant);
    const delivered = receiver.on(`/erase-${tenant.orgId}`).length;

    const first = await erase(t, tenant, { employeeId: zephyr.id }).expect(200);
    await erase(t, tenant, { employeeId: oriel }).expect(200);
    await erase(t, tenant, { contractorId: kestrel }).expect(200);

    expect(await searchedColumns(t)).toBeGreaterThan(50);
    expect(await findEverywhere(t, everyone)).toEqual([]);
    expect(first.body.data.erased).toMatchObject({ liveRecords: 2, scenarioRecords: 2, customAttributeValues: 2, integrationErrors: 1 });
    expect(first.body.data.erased.changes).toBeGreaterThan(5);
    expect(first.body.data.erased.idempotentAnswers).toBe(2);
    expect((await findEverywhere(t, KEEP)).length).toBeGreaterThan(0);
    expect(await figuresOf(tenant)).toEqual(figuresBefore);
    // The record stays, with its tombstones; its figures and links are untouched.
    const record = (await tenant.api('get', `/employees/${zephyr.id}`).expect(200)).body.data;
    expect(record).toMatchObject({
      firstName: 'Erased',
      lastName: 'person',
      name: 'Erased person',
      email: `erased+${zephyr.id}@invalid`,
      externalId: null,
      internalEmployeeId: null,
      startDate: '2025-09-01',
    });
    // The personal attribute's value is gone; an ordinary one stays.
    expect(
      record.customAttributes.map((v: { definition: { attributeKey: string }; stringValue: string }) => [
        v.definition.attributeKey,
        v.stringValue,
      ]),
    ).toEqual([['shirt', 'XL']]);
    expect((await tenant.api('get', '/employees?search=Zephyrine').expect(200)).body.data).toEqual([]);
    expect((await tenant.api('get', '/employees?search=Keepname').expect(200)).body.data.map((e: { id: string }) => e.id)).toEqual([
      keep.id,
    ]);
    // One update event per live record erased, sent as the acting user's, with the tombstones.
    const events = await waitFor('the erase events', () => {
      const got = receiver.on(`/erase-${tenant.orgId}`).slice(delivered);
      return got.length >= 5 ? got : undefined;
    });
    const zephyrEvents = events.filter((e) => e.body.entity_id === zephyr.id);
    expect(zephyrEvents).toHaveLength(1);
    expect(zephyrEvents[0].body).toMatchObject({
      entity_type: 'employee',
      change_type: 'update',
      initiator: { type: 'user', id: tenant.userId, email: tenant.userEmail },
      after: { firstName: 'Erased', lastName: 'person', externalId: null },
      before: { firstName: 'Erased', lastName: 'person', externalId: null },
    });
    expect(events.map((e) => e.body.entity_type).sort()).toEqual(
      ['contractor', 'contractor_rate', 'employee', 'employee', 'salary_adjustment'].sort(),
    );

    // Erasing again finds nothing left: 200 with zero counts, no event.
    const again = await erase(t, tenant, { employeeId: zephyr.id }).expect(200);
    expect(again.body.data.erased).toEqual(NOTHING_ERASED);
  }, 180_000);

  it('05/§3.2: the erase needs X-Acting-User (400), holding manage_personal_data as an active user (403); refused, nothing changes', async () => {
    const tenant = await t.createTenant();
    const person = await tenant.create.employee({ firstName: 'Refused', lastName: 'Unchanged', externalId: 'EXT-REFUSED' });
    const user = (permissions: string[]) =>
      t
        .admin('post', `/organizations/${tenant.orgId}/users`)
        .send({ email: `u${Math.random().toString(36).slice(2)}@example.com`, name: 'Someone', permissions })
        .expect(201)
        .then((res) => res.body.data.id as string);
    const lacking = await user(['employees_view', 'employees_edit', 'manage_scenarios']);
    const inactive = await user(['manage_personal_data']);
    await t.admin('patch', `/organizations/${tenant.orgId}/users/${inactive}`).send({ active: false }).expect(200);
    const seq = await lastSeq(t, tenant.orgId);

    const missing = await erase(t, tenant, { employeeId: person.id }, null).expect(400);
    expect(missing.body.error).toMatchObject({ code: 'VALIDATION_ERROR', details: [{ field: 'X-Acting-User' }] });
    expect((await erase(t, tenant, { employeeId: person.id }, lacking).expect(403)).body.error.message).toContain('manage_personal_data');
    expect((await erase(t, tenant, { employeeId: person.id }, inactive).expect(403)).body.error.code).toBe('FORBIDDEN');

    expect((await tenant.api('get', `/employees/${person.id}`).expect(200)).body.data).toMatchObject({
      firstName: 'Refused',
      lastName: 'Unchanged',
      externalId: 'EXT-REFUSED',
    });
    expect(await lastSeq(t, tenant.orgId)).toBe(seq);
  });

  it('05/§3.2: the body names exactly one employee or contractor by id; an unknown person is 404', async () => {
    const tenant = await t.createTenant();
    const person = await tenant.create.employee({ externalId: 'EXT-BODY' });
    const contractor = await tenant.create.contractor();
    for (const body of [
      {},
      { employeeId: person.id, contractorId: contractor.id },
      { employeeId: 'EXT-BODY' },
      { employeeId: person.id, extra: 1 },
    ]) {
      expect((await erase(t, tenant, body).expect(400)).body.error.code).toBe('VALIDATION_ERROR');
    }
    // An id of the other kind, or of another organization, is no such person here.
    expect((await erase(t, tenant, { contractorId: person.id }).expect(404)).body.error.code).toBe('NOT_FOUND');
    const other = await t.createTenant();
    await erase(t, other, { employeeId: person.id }).expect(404);
    expect((await tenant.api('get', `/employees/${person.id}`).expect(200)).body.data.externalId).toBe('EXT-BODY');
  });

  it('05/§3.2: a deleted person is erased from the history that outlived the record', async () => {
    const tenant = await t.createTenant();
    const person = await tenant.create.employee({ firstName: 'Gone', lastName: 'Wrenfield', externalId: 'EXT-WRENFIELD' });
    await tenant.api('delete', `/employees/${person.id}`).expect(204);
    // The delete took the row; the history still holds the person.
    expect(await findEverywhere(t, ['Wrenfield'])).not.toEqual([]);
    const res = await erase(t, tenant, { employeeId: person.id }).expect(200);
    expect(res.body.data.erased).toMatchObject({ liveRecords: 0, scenarioRecords: 0, changes: 2 });
    expect(await findEverywhere(t, ['Wrenfield', 'EXT-WRENFIELD'])).toEqual([]);
    // The delete's event still names the record, erased.
    const deleted = await changesOf(t, tenant.orgId, { entityId: person.id, changeType: 'delete' });
    expect(deleted[0].before).toMatchObject({ id: person.id, firstName: 'Erased', lastName: 'person', externalId: null });
  });

  it('05/§3.2: a scenario that changed the erased person still merges, keeping its change and the tombstones', async () => {
    const tenant = await t.createTenant();
    const person = await tenant.create.employee({ firstName: 'Merle', lastName: 'Fenwright', startDate: '2026-01-01' });
    const scenario = (await t.admin('post', `/organizations/${tenant.orgId}/scenarios`).send({ name: 'Later start' }).expect(201)).body.data
      .id;
    await t
      .admin('patch', `/organizations/${tenant.orgId}/scenarios/${scenario}/employees/${person.id}`)
      .send({ startDate: '2026-04-01' })
      .expect(200);
    const res = await erase(t, tenant, { employeeId: person.id }).expect(200);
    expect(res.body.data.erased).toMatchObject({ liveRecords: 1, scenarioRecords: 1 });
    const merged = await t.admin('post', `/organizations/${tenant.orgId}/scenarios/${scenario}/merge`, tenant.userId).expect(200);
    expect(merged.body.data.changes).toEqual({ employee: 1 });
    expect((await tenant.api('get', `/employees/${person.id}`).expect(200)).body.data).toMatchObject({
      firstName: 'Erased',
      lastName: 'person',
      startDate: '2026-04-01',
    });
    expect(await findEverywhere(t, ['Fenwright'])).toEqual([]);
  });

  it('05/§3.2: a change still waiting for the webhook dispatcher is rewritten, and sent erased', async () => {
    const tenant = await t.createTenant();
    const path = `/waiting-${tenant.orgId}`;
    const ok = await Receiver.start(200);
    try {
      await createEndpoint(t, tenant, { url: ok.url(path), entityTypes: ['employee'], eventTypes: ['update'] });
      const person = await tenant.create.employee({ firstName: 'Waiting', lastName: 'Pellinore' });
      const [created] = await changesOf(t, tenant.orgId, { entityId: person.id, changeType: 'create' });
      const plan = created.planId;
      // An update left claimed by a process that stopped before sending it (the sweep gives it back later).
      const [seq] = await insertChanges(t, tenant.orgId, [
        {
          planId: plan,
          entityType: 'employee',
          entityId: person.id,
          changeType: 'update',
          before: created.after,
          after: { ...created.after, lastName: 'Pellinore-Ash' },
          actorType: 'api_key',
          actorId: tenant.keyId,
          dispatchStatus: 'DISPATCHING',
          dispatchClaimedAt: new Date(),
          dispatchClaimId: randomUUID(),
        },
      ]);
      const res = await erase(t, tenant, { employeeId: person.id }).expect(200);
      expect(res.body.data.erased.pendingDeliveries).toBe(1);
      const [waiting] = await changesOf(t, tenant.orgId, { seqs: [seq] });
      expect(waiting.after).toMatchObject({ firstName: 'Erased', lastName: 'person' });
      // As the sweep's requeue would: the change is sent again, erased.
      await updateChanges(t, tenant.orgId, { seqs: [seq] }, { dispatchStatus: 'PENDING' });
      await t.get(WebhookDispatcher).sweep();
      await settled(t, tenant.orgId);
      const bodies = ok.on(path).map((r) => r.body);
      expect(bodies.some((b) => b.after?.lastName === 'Pellinore-Ash' || b.after?.lastName === 'Pellinore')).toBe(false);
      expect(bodies.filter((b) => b.entity_id === person.id && b.after?.lastName === 'person').length).toBe(2);
    } finally {
      await ok.close();
    }
  });

  it('05/§3.1: personal custom attributes are for employees and contractors only (default false)', async () => {
    const tenant = await t.createTenant();
    const plain = await tenant
      .api('post', '/custom-attributes')
      .send({ name: 'Nickname', attributeKey: 'nickname', entityType: 'CONTRACTOR', fieldType: 'STRING' })
      .expect(201);
    expect(plain.body.data.personal).toBe(false);
    await tenant.api('patch', `/custom-attributes/${plain.body.data.id}`).send({ personal: true }).expect(200);
    const refused = await tenant
      .api('post', '/custom-attributes')
      .send({ name: 'Team motto', attributeKey: 'motto', entityType: 'TEAM', fieldType: 'STRING', personal: true })
      .expect(400);
    expect(refused.body.error.details).toEqual([{ field: 'personal', message: 'personal is only for EMPLOYEE and CONTRACTOR attributes' }]);
    expect((await tenant.api('get', '/custom-attributes?entityType=TEAM').expect(200)).body.data).toEqual([]);
  });
});
