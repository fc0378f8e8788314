import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from 'pg';
import { ResourceCatalog } from '../../src/crud/resources';
import { PERSON_EXTERNAL_IDS_SQL } from '../../src/database/person-external-ids';
import { erase } from '../personal-data/support';
import { changesSince, FeedChange } from '../support/fixtures';
import { TestApp, Tenant } from '../support/test-app';
import { Receiver, waitFor } from '../webhooks/receiver';
import { createEndpoint } from '../webhooks/support';

interface Schema {
  properties?: Record<string, { enum?: string[]; anyOf?: { $ref?: string }[] }>;
  required?: string[];
  oneOf?: { $ref: string }[];
  discriminator?: { propertyName: string; mapping: Record<string, string> };
  items?: Schema;
}

/** The payload of a change of any entity type, as the tests read it. */
type Payload = Record<string, unknown>;

describe('A typed feed: per-type change schemas and the person externalId (07 §1.6)', () => {
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

  /** The live changes of the types after the cursor, oldest first. */
  async function feed(tenant: Tenant, types: FeedChange['entity_type'][], after?: string): Promise<FeedChange[]> {
    return (await changesSince(tenant, after, { entityTypes: types })).changes;
  }

  it('07/§1.6: the document declares one change schema per entity type the feed shows, chosen by entity_type, made from the resource declarations', () => {
    const doc = JSON.parse(readFileSync(join(__dirname, '../../openapi.json'), 'utf8')) as {
      components: { schemas: Record<string, Schema> };
    };
    const schemas = doc.components.schemas;
    const items = schemas.ChangesPageDto.properties!.data as unknown as Schema;
    const { mapping, propertyName } = items.items!.discriminator!;
    expect(propertyName).toBe('entity_type');
    // Every type a resource shows in GET /changes: one added without its schema fails here.
    const shown = [...t.get(ResourceCatalog).viewPermissionsByType().keys()].sort();
    expect(Object.keys(mapping).sort()).toEqual(shown);
    expect(items.items!.oneOf!.map((branch) => branch.$ref).sort()).toEqual(Object.values(mapping).sort());
    for (const [type, $ref] of Object.entries(mapping)) {
      const change = schemas[$ref.split('/').pop()!];
      expect(change.properties!.entity_type.enum).toEqual([type]);
      expect(change.properties!.after.anyOf![0].$ref).toBe(change.properties!.before.anyOf![0].$ref);
    }
    const payloadOf = (type: string) =>
      schemas[schemas[mapping[type].split('/').pop()!].properties!.after.anyOf![0].$ref!.split('/').pop()!];
    expect(payloadOf('salary_adjustment').required).toEqual(expect.arrayContaining(['salary', 'employeeId', 'employeeExternalId']));
    expect(payloadOf('contractor_rate').required).toEqual(expect.arrayContaining(['rate', 'contractorId', 'contractorExternalId']));
    for (const type of ['employee_team_allocation', 'employee_project_allocation', 'contractor_team_allocation']) {
      expect(Object.keys(payloadOf(type).properties!)).toEqual(expect.arrayContaining(['employeeExternalId', 'contractorExternalId']));
    }
    expect(Object.keys(payloadOf('employment_term').properties!)).toContain('employeeExternalId');
  });

  it("07/§1.6: the feed's changes of every kind of record, created, updated and deleted, match their entity type's schema", async () => {
    // Every answer is checked against openapi.json (test/support/openapi-contract.ts): a payload its schema does not
    // describe (a missing field, a number for a decimal string, an unknown field) fails this test.
    const tenant = await t.createTenant();
    const costCentre = await tenant.create.costCentre();
    const valueStream = await tenant.create.valueStream();
    const location = await tenant.create.location();
    const team = await tenant.create.team({ costCentreId: costCentre.id });
    const project = await tenant.create.project();
    const employee = await tenant.create.employee({
      externalId: 'HR-ALL-1',
      salary: { effectiveDate: '2026-01-01', salary: 70000.25, currencyCode: 'EUR', bonus: 500 },
    });
    const contractor = await tenant.create.contractor({
      externalId: 'CTR-ALL-1',
      rateAdjustment: { effectiveDate: '2026-01-01', rate: 700, rateType: 'daily', currencyCode: 'EUR' },
    });
    const vacancy = await tenant.create.vacancy();
    const holders: [string, string][] = [
      ['employeeId', employee.id],
      ['contractorId', contractor.id],
      ['vacancyId', vacancy.id],
    ];
    for (const [key, id] of holders) {
      await tenant.create.assignment({ type: 'team', targetId: team.id, [key]: id });
      await tenant.create.assignment({ type: 'project', targetId: project.id, [key]: id });
    }
    await tenant.create.assignment({ type: 'project', targetId: project.id, teamId: team.id });
    await tenant.api('post', `/employees/${employee.id}/terms`).send({ effectiveDate: '2026-06-01', fte: 0.5 }).expect(201);
    await tenant.api('patch', `/employees/${employee.id}`).send({ lastName: 'Renamed' }).expect(200);
    await tenant.api('patch', `/projects/${project.id}`).send({ name: 'Renamed project' }).expect(200);
    await tenant.api('patch', `/vacancies/${vacancy.id}`).send({ fte: 0.75 }).expect(200);
    await tenant.api('patch', `/locations/${location.id}`).send({ name: 'Renamed location' }).expect(200);
    await tenant.api('patch', `/value-streams/${valueStream.id}`).send({ name: 'Renamed stream' }).expect(200);
    await tenant.api('delete', `/contractors/${contractor.id}`).expect(204);
    const changes = (await changesSince(tenant)).changes;
    const kinds = new Set(changes.map((c) => `${c.entity_type}:${c.change_type}`));
    expect([...kinds].sort()).toEqual(
      expect.arrayContaining([
        'contractor:delete',
        'contractor_project_allocation:create',
        'contractor_rate:create',
        'cost_center:create',
        'employee:update',
        'employee_team_allocation:create',
        'employment_term:create',
        'geography:update',
        'project:update',
        'salary_adjustment:create',
        'team_project_allocation:create',
        'vacancy:update',
        'vacancy_team_allocation:create',
        'value_stream:update',
      ]),
    );
  });

  it("07/§1.6: changes of a person's records carry the person's externalId beside their id, null when they have none; a bulk write reads them in one statement", async () => {
    const tenant = await t.createTenant();
    const team = await tenant.create.team();
    const start = (await changesSince(tenant)).cursor;
    const person = (n: number, salary: number) => ({
      externalId: `HR-TF-${n}`,
      firstName: 'Typed',
      lastName: `Feed${n}`,
      email: `typed.feed.${n}@example.com`,
      startDate: '2026-01-05',
      salary: { effectiveDate: '2026-01-05', salary, currencyCode: 'EUR' },
      teamAssignment: { teamId: team.id, fte: 1, startDate: '2026-01-05' },
    });
    await tenant
      .api('post', '/employees/bulk')
      .send({ records: [1, 2, 3].map((n) => person(n, 70000 + n)) })
      .expect(200);
    const contractor = await tenant
      .api('post', '/contractors')
      .send({
        name: 'Typed Contractor',
        externalId: 'CTR-TF-1',
        startDate: '2026-01-05',
        rateAdjustment: { effectiveDate: '2026-01-05', rate: 650, rateType: 'daily', currencyCode: 'EUR' },
        teamAssignment: { teamId: team.id, fte: 0.5, startDate: '2026-01-05' },
      })
      .expect(201);
    // A person without an externalId, and records added to them by their own routes.
    const plain = await tenant
      .api('post', '/employees')
      .send({ firstName: 'No', lastName: 'External', email: 'no.external@example.com', startDate: '2026-01-05' })
      .expect(201);
    await tenant
      .api('post', `/employees/${plain.body.data.id}/salary-adjustments`)
      .send({ effectiveDate: '2026-02-01', salary: 50000, currencyCode: 'EUR' })
      .expect(201);
    await tenant.api('post', `/employees/${plain.body.data.id}/terms`).send({ effectiveDate: '2026-03-01', fte: 0.8 }).expect(201);

    const types: FeedChange['entity_type'][] = [
      'salary_adjustment',
      'employee_team_allocation',
      'contractor_rate',
      'contractor_team_allocation',
      'employment_term',
    ];
    const changes = await feed(tenant, types, start);
    const seen = changes.map((c) => {
      const after = c.after as Payload;
      return typeof after.employeeId === 'string'
        ? [c.entity_type, after.employeeId, after.employeeExternalId]
        : [c.entity_type, after.contractorId, after.contractorExternalId];
    });
    const ids = new Map<string, string>();
    for (const c of changes) {
      const after = c.after as Payload;
      if (typeof after.employeeExternalId === 'string') ids.set(after.employeeExternalId, after.employeeId as string);
    }
    expect(seen).toEqual(
      expect.arrayContaining([
        ...[1, 2, 3].flatMap((n) => [
          ['salary_adjustment', ids.get(`HR-TF-${n}`), `HR-TF-${n}`],
          ['employee_team_allocation', ids.get(`HR-TF-${n}`), `HR-TF-${n}`],
        ]),
        ['contractor_rate', contractor.body.data.id, 'CTR-TF-1'],
        ['contractor_team_allocation', contractor.body.data.id, 'CTR-TF-1'],
        ['salary_adjustment', plain.body.data.id, null],
        ['employment_term', plain.body.data.id, null],
      ]),
    );
    expect(changes).toHaveLength(10);
    // The key is present (null) when the person has none; an allocation also names the other kind of holder as null.
    const term = changes.find((c) => c.entity_type === 'employment_term')!.after as Payload;
    expect(term).toHaveProperty('employeeExternalId', null);
    const allocation = changes.find((c) => c.entity_type === 'employee_team_allocation')!.after as Payload;
    expect(allocation).toMatchObject({
      employeeExternalId: expect.stringMatching(/^HR-TF-/),
      contractorId: null,
      contractorExternalId: null,
    });

    // A resync changing three salaries (the people unchanged): the externalIds come from one read for the whole batch.
    const query = jest.spyOn(Client.prototype, 'query');
    try {
      const resync = await tenant
        .api('post', '/employees/bulk')
        .send({ records: [1, 2, 3].map((n) => person(n, 80000 + n)) })
        .expect(200);
      expect(resync.body.data).toMatchObject({ updated: 3, unchanged: 0 });
      const sent = query.mock.calls.map(([sql]: unknown[]) => (typeof sql === 'string' ? sql : (sql as { text?: string }).text));
      expect(sent.filter((sql) => sql === PERSON_EXTERNAL_IDS_SQL)).toHaveLength(1);
    } finally {
      query.mockRestore();
    }
    const updates = (await feed(tenant, ['salary_adjustment'], start)).filter((c) => c.change_type === 'update');
    expect(
      updates
        .map((c) => [(c.before as Payload).employeeExternalId, (c.after as Payload).employeeExternalId, (c.after as Payload).salary])
        .sort(),
    ).toEqual([
      ['HR-TF-1', 'HR-TF-1', '80001'],
      ['HR-TF-2', 'HR-TF-2', '80002'],
      ['HR-TF-3', 'HR-TF-3', '80003'],
    ]);
  });

  it("07/§1.6: webhook payloads of a person's records carry the externalId (a real receiver)", async () => {
    const tenant = await t.createTenant();
    const path = `/typed-${tenant.orgId}`;
    await createEndpoint(t, tenant, {
      url: receiver.url(path),
      entityTypes: ['salary_adjustment', 'contractor_rate'],
      eventTypes: ['create'],
    });
    const employee = await tenant
      .api('post', '/employees')
      .send({
        firstName: 'Hook',
        lastName: 'Person',
        email: 'hook.person@example.com',
        startDate: '2026-01-05',
        externalId: 'HR-HOOK-1',
        salary: { effectiveDate: '2026-01-05', salary: 61000, currencyCode: 'EUR' },
      })
      .expect(201);
    const contractor = await tenant
      .api('post', '/contractors')
      .send({
        name: 'Hook Contractor',
        startDate: '2026-01-05',
        rateAdjustment: { effectiveDate: '2026-01-05', rate: 90, rateType: 'hourly', currencyCode: 'EUR' },
      })
      .expect(201);
    const bodies = await waitFor('two deliveries', () => {
      const got = receiver.on(path);
      return got.length >= 2 ? got.map((r) => r.body as { entity_type: string; after: Payload | null }) : undefined;
    });
    const of = (type: string) => bodies.find((b) => b.entity_type === type)!.after;
    expect(of('salary_adjustment')).toMatchObject({ employeeId: employee.body.data.id, employeeExternalId: 'HR-HOOK-1', salary: '61000' });
    expect(of('contractor_rate')).toMatchObject({ contractorId: contractor.body.data.id, contractorExternalId: null });
  });

  it("07/§1.6: erasing a person blanks the externalId their records' changes carry, as it blanks their own", async () => {
    const tenant = await t.createTenant();
    const start = (await changesSince(tenant)).cursor;
    const employee = await tenant
      .api('post', '/employees')
      .send({
        firstName: 'Erase',
        lastName: 'Me',
        email: 'erase.me@example.com',
        startDate: '2026-01-05',
        externalId: 'HR-ERASE-TF',
        salary: { effectiveDate: '2026-01-05', salary: 55000, currencyCode: 'EUR', reason: 'hired' },
      })
      .expect(201);
    const before = await feed(tenant, ['salary_adjustment'], start);
    expect((before[0].after as Payload).employeeExternalId).toBe('HR-ERASE-TF');
    await erase(t, tenant, { employeeId: employee.body.data.id }).expect(200);
    const after = await feed(tenant, ['salary_adjustment', 'employee'], start);
    const text = JSON.stringify(after);
    expect(text).not.toContain('HR-ERASE-TF');
    const salaries = after.filter((c) => c.entity_type === 'salary_adjustment');
    expect(salaries.length).toBeGreaterThanOrEqual(1);
    for (const c of salaries) {
      for (const payload of [c.before, c.after] as (Payload | null)[]) {
        if (payload) expect(payload).toMatchObject({ employeeId: employee.body.data.id, employeeExternalId: null, reason: null });
      }
    }

    // A contractor's rates and allocations alike.
    const team = await tenant.create.team();
    const contractor = await tenant.create.contractor({
      externalId: 'CTR-ERASE-TF',
      rateAdjustment: { effectiveDate: '2026-01-05', rate: 80, rateType: 'hourly', currencyCode: 'EUR' },
      teamAssignment: { teamId: team.id, fte: 1, startDate: '2026-01-05' },
    });
    await erase(t, tenant, { contractorId: contractor.id }).expect(200);
    const owned = await feed(tenant, ['contractor_rate', 'contractor_team_allocation'], start);
    expect(owned.map((c) => c.entity_type).sort()).toEqual(['contractor_rate', 'contractor_team_allocation']);
    expect(JSON.stringify(owned)).not.toContain('CTR-ERASE-TF');
    for (const c of owned) expect(c.after).toMatchObject({ contractorId: contractor.id, contractorExternalId: null });
  });
});
