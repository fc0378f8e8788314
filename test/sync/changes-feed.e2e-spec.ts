import { changesOf, updateChanges } from '../support/changes';
import { EmployeesService } from '../../src/employees/employees.service';
import { CreateEmployeeDto } from '../../src/employees/dto/employee.dto';
import { Tx } from '../../src/database/unit-of-work';
import { WebhookDispatcher } from '../../src/webhooks/webhook-dispatcher';
import { bodies, changesSince, FeedChange as Change } from '../support/fixtures';

/** A change of one entity type, typed by its payload. */
type ChangeOf<T extends Change['entity_type']> = Extract<Change, { entity_type: T }>;
import { onPostgresServer, TestApp } from '../support/test-app';
import { Receiver, waitFor } from '../webhooks/receiver';
import { createEndpoint, liveContext } from '../webhooks/support';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('changes feed (04 §4.2)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await TestApp.start();
  });
  afterAll(() => t.close());

  it('04/§4.2: an update carries the whole record before and after, also when sent as the fields that changed (bulk resync)', async () => {
    const org = await t.createTenant();
    const body = bodies.employee({ externalId: 'HR-1', internalEmployeeId: 'E-1' });
    const created = await org.create.employee(body);
    const first = (await org.api('get', `/employees/${created.id}`).expect(200)).body.data;
    await org.api('patch', `/employees/${created.id}`).send({ internalEmployeeId: 'E-2', noticeDate: '2026-03-01' }).expect(200);
    const second = (await org.api('get', `/employees/${created.id}`).expect(200)).body.data;
    const bulk = await org
      .api('post', '/employees/bulk')
      .send({ records: [{ ...body, internalEmployeeId: 'E-3', lastName: 'Resynced' }] })
      .expect(200);
    expect(bulk.body.data.updated).toBe(1);
    const third = (await org.api('get', `/employees/${created.id}`).expect(200)).body.data;
    const { changes } = await changesSince(org);
    const updates = changes.filter((c) => c.change_type === 'update');
    const record = (read: Record<string, unknown>) => {
      const { customAttributes: _custom, ...fields } = read;
      return fields;
    };
    expect(updates.map((c) => [c.before, c.after])).toEqual([
      [record(first), record(second)],
      [record(second), record(third)],
    ]);
  });

  it('04/§4.2: changes come in commit order as document 02 event objects plus an opaque cursor', async () => {
    const org = await t.createTenant();
    const created = await org.create.employee();
    await org.api('patch', `/employees/${created.id}`).send({ lastName: 'Renamed' }).expect(200);
    await org.api('delete', `/employees/${created.id}`).expect(204);
    const res = await org.api('get', '/changes').expect(200);
    expect(res.body.meta).toEqual({ nextCursor: expect.any(String), hasMore: false });
    const changes: Change[] = res.body.data;
    expect(changes.map((c) => c.change_type)).toEqual(['create', 'update', 'delete']);
    expect(changes[0]).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      timestamp: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      entity_type: 'employee',
      entity_id: created.id,
      change_type: 'create',
      initiator: { type: 'api_key', id: org.keyId },
      organization_id: org.orgId,
      before: null,
      after: expect.objectContaining({ id: created.id, lastName: created.lastName }),
      cursor: expect.stringMatching(/^[A-Za-z0-9_-]+$/),
    });
    expect(changes[1].before).toMatchObject({ lastName: created.lastName });
    expect(changes[1].after).toMatchObject({ lastName: 'Renamed' });
    expect(changes[2].after).toBeNull();
    // The event id is the webhook's: one change, one id.
    const [row] = await changesOf(t, org.orgId, { changeType: 'create' });
    expect(changes[0].id).toBe(row.eventId);
    // Polling on from nextCursor gives nothing new; from a change's cursor, what came after it.
    expect((await org.api('get', `/changes?after=${res.body.meta.nextCursor}`).expect(200)).body.data).toEqual([]);
    expect((await org.api('get', `/changes?after=${changes[0].cursor}`).expect(200)).body.data.map((c: Change) => c.id)).toEqual([
      changes[1].id,
      changes[2].id,
    ]);
  });

  it('04/§4.2: a change is exactly the webhook event object of the same change (same id, same fields) plus cursor', async () => {
    const receiver = await Receiver.start();
    try {
      const org = await t.createTenant();
      const path = `/feed-${org.orgId}`;
      await createEndpoint(t, org, { url: receiver.url(path), entityTypes: ['employee'] });
      await org.create.employee({ firstName: 'Zoë "Q" \\ Ångström ✓', internalEmployeeId: 'tab\there' });
      const [got] = await waitFor('the delivery', () => receiver.on(path).length === 1 && receiver.on(path));
      const [fromFeed] = (await org.api('get', '/changes').expect(200)).body.data;
      const { cursor, timestamp, ...rest } = fromFeed;
      const { timestamp: sentAt, ...sent } = got.body;
      expect(rest).toEqual(sent);
      expect(Object.keys(fromFeed)).toEqual([...Object.keys(got.body), 'cursor']);
      expect(rest.after.firstName).toBe('Zoë "Q" \\ Ångström ✓');
      expect(Date.parse(timestamp)).toBeLessThanOrEqual(Date.parse(sentAt));
      expect(typeof cursor).toBe('string');
    } finally {
      await receiver.close();
    }
  });

  it('04/§4.2: limit is 1-1,000 (default 100); hasMore says a full page left changes behind; nextCursor continues it', async () => {
    const org = await t.createTenant();
    for (let i = 0; i < 105; i++)
      await org
        .api('post', '/teams')
        .send({ name: `Team ${i}` })
        .expect(201);
    const first = await org.api('get', '/changes').expect(200);
    expect(first.body.data).toHaveLength(100);
    expect(first.body.meta.hasMore).toBe(true);
    expect(first.body.meta.nextCursor).toBe(first.body.data[99].cursor);
    const second = await org.api('get', `/changes?after=${first.body.meta.nextCursor}&limit=3`).expect(200);
    expect(second.body.data).toHaveLength(3);
    expect(second.body.meta.hasMore).toBe(true);
    const rest = await changesSince(org, second.body.meta.nextCursor);
    const all = [...first.body.data, ...second.body.data, ...rest.changes].map((c: ChangeOf<'team'>) => c.after!.name);
    expect(all).toEqual(Array.from({ length: 105 }, (_, i) => `Team ${i}`));
    for (const limit of ['0', '1001', 'x', '1.5']) {
      const bad = await org.api('get', `/changes?limit=${limit}`).expect(400);
      expect(bad.body.error.code).toBe('VALIDATION_ERROR');
      expect(bad.body.error.details[0].field).toBe('limit');
    }
  });

  it('04/§4.2: a cursor that is not one of ours is 400 naming after', async () => {
    const org = await t.createTenant();
    for (const after of ['nope!', 'LTE', Buffer.from('12a').toString('base64url'), 'MDE']) {
      const res = await org.api('get', `/changes?after=${encodeURIComponent(after)}`).expect(400);
      expect(res.body.error).toMatchObject({ code: 'VALIDATION_ERROR', details: [{ field: 'after', message: expect.any(String) }] });
    }
  });

  it('06/§2.4: a cursor the service did not issue is 400 naming after: beyond the last change, or of another organization', async () => {
    const org = await t.createTenant();
    const other = await t.createTenant();
    await org.create.team({ name: 'Mine' });
    await other.create.team({ name: 'Theirs' });
    const mine = (await org.api('get', '/changes').expect(200)).body as { data: { cursor: string }[]; meta: { nextCursor: string } };
    const theirs = (await other.api('get', '/changes').expect(200)).body.meta.nextCursor as string;
    const made = Buffer.from('99999').toString('base64url');
    const ahead = Buffer.from(`99999${Buffer.from(mine.meta.nextCursor, 'base64url').toString('utf8').replace(/^\d+/, '')}`).toString(
      'base64url',
    );
    for (const after of [made, ahead, theirs, mine.data[0].cursor.slice(0, -1)]) {
      const res = await org.api('get', `/changes?after=${after}`).expect(400);
      expect(res.body.error).toMatchObject({ code: 'VALIDATION_ERROR', details: [{ field: 'after', message: expect.any(String) }] });
      expect(res.body.error.details).toHaveLength(1);
    }
    // Its own cursors still read: the last one gives nothing new, the first what came after it.
    expect((await org.api('get', `/changes?after=${mine.meta.nextCursor}`).expect(200)).body.data).toEqual([]);
    await org.api('get', `/changes?after=${mine.data[0].cursor}`).expect(200);
  });

  it('04/§4.2: entityTypes filters by document 02 entity types; an unknown type is 400', async () => {
    const org = await t.createTenant();
    const team = await org.create.team({ name: 'Core' });
    await org.create.employee({ teamAssignment: { teamId: team.id, fte: 1, startDate: '2026-01-05' } });
    const employeesOnly = await changesSince(org, undefined, { entityTypes: ['employee'] });
    expect(employeesOnly.changes.map((c) => c.entity_type)).toEqual(['employee']);
    const two = await changesSince(org, undefined, { entityTypes: ['team', 'employee_team_allocation'] });
    expect(two.changes.map((c) => c.entity_type)).toEqual(['team', 'employee_team_allocation']);
    const bad = await org.api('get', '/changes?entityTypes=employee,job_role,nonsense').expect(400);
    expect(bad.body.error.details[0]).toEqual({ field: 'entityTypes', message: expect.stringContaining('job_role, nonsense') });
  });

  it('04/§4.2: only entity types whose view permission the key holds are returned', async () => {
    const org = await t.createTenant();
    const team = await org.create.team({ name: 'Core' });
    await org.create.employee({
      salary: { effectiveDate: '2026-01-05', salary: 90000, currencyCode: 'EUR' },
      teamAssignment: { teamId: team.id, fte: 1, startDate: '2026-01-05' },
    });
    const types = async (permissions: string[]) => {
      const key = await t.createKey(org, permissions);
      const res = await t.http().get(`/api/v1/org/${org.orgId}/changes`).set('Authorization', `Bearer ${key.key}`).expect(200);
      return res.body.data.map((c: Change) => c.entity_type).sort();
    };
    expect(await types(['reference_data_view'])).toEqual([]);
    expect(await types(['employees_view'])).toEqual(['employee']);
    expect(await types(['employees_view', 'teams_view', 'assignments_view'])).toEqual(['employee', 'employee_team_allocation', 'team']);
    expect(await types(['compensation_view'])).toEqual(['salary_adjustment']);
    // Asking for a type the key may not view is not an error: it is just not returned.
    const key = await t.createKey(org, ['teams_view']);
    const res = await t
      .http()
      .get(`/api/v1/org/${org.orgId}/changes?entityTypes=employee`)
      .set('Authorization', `Bearer ${key.key}`)
      .expect(200);
    expect(res.body.data).toEqual([]);
  });

  it('04/§4.2: live data only: scenario writes never appear; a merge into live does', async () => {
    const org = await t.createTenant();
    const scenario = (await t.admin('post', `/organizations/${org.orgId}/scenarios`).send({ name: 'S' }).expect(201)).body.data.id;
    const start = (await org.api('get', '/changes').expect(200)).body.meta.nextCursor;
    await t.admin('post', `/organizations/${org.orgId}/scenarios/${scenario}/employees`).send(bodies.employee()).expect(201);
    expect((await org.api('get', `/changes?after=${start}`).expect(200)).body.data).toEqual([]);
    await t.admin('post', `/organizations/${org.orgId}/scenarios/${scenario}/merge`, org.userId).expect(200);
    const merged = (await org.api('get', `/changes?after=${start}`).expect(200)).body.data;
    expect(merged.map((c: Change) => [c.entity_type, c.change_type, c.initiator.type])).toEqual([['employee', 'create', 'merge']]);
  });

  it('04/§4.2: changes are retained at least 90 days (nothing prunes the history)', async () => {
    const org = await t.createTenant();
    await org.api('post', '/teams').send({ name: 'Old' }).expect(201);
    await updateChanges(t, org.orgId, {}, { createdAt: new Date(Date.now() - 400 * 86_400_000) });
    await t.get<WebhookDispatcher>(WebhookDispatcher).sweep();
    const res = await org.api('get', '/changes').expect(200);
    expect(res.body.data).toHaveLength(1);
    expect(Date.parse(res.body.data[0].timestamp)).toBeLessThan(Date.now() - 399 * 86_400_000);
  });

  it('04/§4.2: a poller following nextCursor sees every one of 200 records created by 8 concurrent writers exactly once, late commits included', async () => {
    const org = await t.createTenant();
    const ctx = { ...(await liveContext(t, org)), permissions: new Set(['employees_edit' as const]) };
    const employees = t.get<EmployeesService>(EmployeesService);
    const ds = t.dataSource;
    // A write exactly as UnitOfWork.run does it, but slow: held open before its changes are recorded
    // (it commits after writes that started later) and again between recording them and commit.
    const lateWrite = (body: Record<string, unknown>, holdMs: number) =>
      ds.transaction(async (em) => {
        const tx = new Tx(em, ctx);
        await employees.createIn(tx, body as unknown as CreateEmployeeDto);
        await sleep(holdMs);
        await tx.flush();
        await sleep(holdMs);
      });
    let writing = true;
    const writers = Array.from({ length: 8 }, async (_, w) => {
      for (let i = 0; i < 25; i++) {
        const body = bodies.employee({ lastName: `W${w}-${i}` });
        if (i % 5 === 2) await lateWrite(body, onPostgresServer ? 60 + w * 10 : 5);
        else await org.api('post', '/employees').send(body).expect(201);
      }
    });
    const seen: Change[] = [];
    let cursor: string | undefined;
    const poller = (async () => {
      for (;;) {
        const done = !writing;
        const page = await changesSince(org, cursor);
        seen.push(...page.changes);
        cursor = page.cursor;
        if (done) return;
        await sleep(5);
      }
    })();
    await Promise.all(writers);
    writing = false;
    await poller;
    const ids = seen.map((c) => c.entity_id);
    expect(seen.every((c) => c.entity_type === 'employee' && c.change_type === 'create')).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toHaveLength(200);
    const [{ count }] = await ds.query(`SELECT count(*)::int AS count FROM employees WHERE organization_id = $1`, [org.orgId]);
    expect(count).toBe(200);
    expect(new Set((seen as ChangeOf<'employee'>[]).map((c) => c.after!.lastName)).size).toBe(200);
  });
});
