import { changesOf, lastSeq } from '../support/changes';
import { bodies, Schemas } from '../support/fixtures';
import { TestApp, Tenant } from '../support/test-app';
import { Receiver, Received } from '../webhooks/receiver';
import { createEndpoint, settled } from '../webhooks/support';

/**
 * Bulk creates and updates of employees write a chunk's rows with multi-row statements: the
 * outcome must be exactly that of single POSTs and PATCHes (rows, reads, recorded changes and their order, events).
 */
describe('bulk creates and updates with multi-row statements (04 §4.1)', () => {
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

  /** The fields every hire of these tests shares (single POSTs and bulk items compare field for field). */
  const hire: Partial<Schemas['CreateEmployeeDto']> = {
    lastName: 'Lovelace',
    startDate: '2026-01-05',
    internalEmployeeId: 'I-1',
    managerId: 'BOSS',
    defaultCurrencyCode: 'GBP',
    salary: { effectiveDate: '2026-01-05', salary: 90000.5, bonus: 1000, currencyCode: 'EUR', reason: 'hire' },
  };

  async function subscribed(): Promise<{ tenant: Tenant; path: string }> {
    const tenant = await t.createTenant();
    const path = `/multirow-${tenant.orgId}`;
    await createEndpoint(t, tenant, { url: receiver.url(path), entityTypes: ['employee', 'salary_adjustment'] });
    await tenant.create.employee({ ...hire, externalId: 'BOSS', managerId: null, salary: undefined });
    return { tenant, path };
  }

  /** A read or event with the record's own ids, externalId, email and times replaced, so that two records compare. */
  function normalized(value: unknown, own: Record<string, string>): unknown {
    let text = JSON.stringify(value);
    for (const [actual, placeholder] of Object.entries(own)) text = text.split(actual).join(placeholder);
    return JSON.parse(text.replace(/\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?(Z|[+-]\d\d:\d\d)/g, '<time>'));
  }

  const eventOf = (received: Received[], type: string, entityId: string) =>
    received.find((r) => r.body.entity_type === type && (r.body.entity_id ?? r.body.after?.id) === entityId)?.body;

  it('04/§4.1: a chunk of creates gives the same rows, reads, recorded changes (in the same order) and webhook events as single POSTs', async () => {
    const { tenant, path } = await subscribed();
    const single = await tenant.create.employee({ ...hire, externalId: 'P-1' });
    const bulk = await tenant
      .api('post', '/employees/bulk')
      .send({
        records: [
          bodies.employee({ ...hire, externalId: 'B-1' }),
          bodies.employee({ ...hire, externalId: 'B-2', salary: undefined }),
          bodies.employee({ ...hire, externalId: 'B-3' }),
        ],
      })
      .expect(200);
    expect(bulk.body.data).toMatchObject({ created: 3, updated: 0, unchanged: 0, failed: 0 });
    const [b1, b2, b3] = bulk.body.data.results.map((r: { id: string }) => r.id);

    const read = async (id: string) =>
      (await tenant.api('get', `/employees/${id}?include=currentSalary,salaryHistory`).expect(200)).body.data;
    const [p, b] = [await read(single.id), await read(b1)];
    const own = (r: { id: string; externalId: string; email: string; currentSalary: { id: string } }) => ({
      [r.id]: '<id>',
      [r.currentSalary.id]: '<salaryId>',
      [r.email]: '<email>',
      [`"${r.externalId}"`]: '"<externalId>"',
    });
    expect(normalized(b, own(b))).toEqual(normalized(p, own(p)));

    const changes = await changesOf(t, tenant.orgId);
    const salaryOf = (employeeId: string): string =>
      changes.find((c) => c.after?.employeeId === employeeId)?.entityId ?? 'no salary change';
    expect(changes.map((c) => [c.entityType, c.entityId])).toEqual([
      ['employee', expect.any(String)],
      ['employee', single.id],
      ['salary_adjustment', salaryOf(single.id)],
      ['employee', b1],
      ['salary_adjustment', salaryOf(b1)],
      ['employee', b2],
      ['employee', b3],
      ['salary_adjustment', salaryOf(b3)],
    ]);

    await settled(t, tenant.orgId);
    const received = receiver.on(path);
    const pairs: [string, string, string, string][] = [
      ['employee', single.id, b1, 'employee'],
      ['salary_adjustment', salaryOf(single.id), salaryOf(b1), 'salary'],
    ];
    for (const [type, singleId, bulkId] of pairs) {
      const [pe, be] = [eventOf(received, type, singleId), eventOf(received, type, bulkId)];
      expect(pe).toBeDefined();
      // The employee's externalId: its own, or beside employeeId in its salary's payload.
      const ownOf = (event: { after: { externalId?: string; employeeExternalId?: string; email?: string } }, ids: string[]) => {
        const externalId = event.after.externalId ?? event.after.employeeExternalId;
        return Object.fromEntries([
          ...ids.map((id, i) => [id, `<id${i}>`]),
          ...(event.after.email ? [[event.after.email, '<email>']] : []),
          ...(externalId ? [[`"${externalId}"`, '"<externalId>"']] : []),
        ]);
      };
      const strip = (event: Record<string, unknown>) => ({
        ...event,
        event_id: undefined,
        id: undefined,
        seq: undefined,
        sequence: undefined,
      });
      expect(normalized(strip(be), ownOf(be, [b1, salaryOf(b1)]))).toEqual(
        normalized(strip(pe), ownOf(pe, [single.id, salaryOf(single.id)])),
      );
    }
  });

  it('04/§4.1: an item referring to an earlier new item of the same request (managerId) is created as with single POSTs', async () => {
    const { tenant } = await subscribed();
    const res = await tenant
      .api('post', '/employees/bulk')
      .send({
        records: [
          bodies.employee({ ...hire, externalId: 'M-1' }),
          bodies.employee({ ...hire, externalId: 'M-2', managerId: 'M-1' }),
          bodies.employee({ ...hire, externalId: 'M-3', managerId: 'NOPE' }),
        ],
      })
      .expect(200);
    expect(res.body.data).toMatchObject({ created: 2, failed: 1 });
    const [m1, m2, m3] = res.body.data.results;
    expect(m3).toMatchObject({ result: 'failed', id: null, error: { code: 'NOT_FOUND' } });
    const read = (await tenant.api('get', `/employees/${m2.id}`).expect(200)).body.data;
    expect(read.managerId).toBe(m1.id);
    const [{ n }] = await t.dataSource.query(`SELECT count(*)::int AS n FROM salary_adjustments WHERE organization_id = $1`, [
      tenant.orgId,
    ]);
    expect(n).toBe(2);
  });

  it('04/§4.1: a chunk of updates gives the same rows, reads and recorded changes (in the same order) as single PATCHes', async () => {
    const { tenant } = await subscribed();
    await tenant
      .api('post', '/employees/bulk')
      .send({ records: ['P-1', 'U-1', 'U-2', 'U-3'].map((id) => bodies.employee({ ...hire, externalId: id })) })
      .expect(200);
    const changeTo = {
      lastName: 'Byron',
      endDate: '2027-03-31',
      salary: { effectiveDate: '2026-07-01', salary: 95000, currencyCode: 'EUR' },
    };
    const mark = await lastSeq(t, tenant.orgId);
    const patched = (await tenant.api('patch', '/employees/P-1').send(changeTo).expect(200)).body.data;
    const bulk = await tenant
      .api('post', '/employees/bulk')
      .send({
        records: [
          { externalId: 'U-1', ...changeTo },
          { externalId: 'U-2', lastName: 'Lovelace', internalEmployeeId: 'I-1' },
          { externalId: 'U-3', firstName: 'Augusta' },
        ],
      })
      .expect(200);
    expect(bulk.body.data).toMatchObject({ created: 0, updated: 2, unchanged: 1, failed: 0 });
    const [u1, u2, u3] = bulk.body.data.results as { id: string; result: string }[];
    expect([u1.result, u2.result, u3.result]).toEqual(['updated', 'unchanged', 'updated']);

    const read = async (id: string) =>
      (await tenant.api('get', `/employees/${id}?include=currentSalary,salaryHistory`).expect(200)).body.data;
    const own = (r: { id: string; externalId: string; email: string; currentSalary: { id: string }; salaryHistory: { id: string }[] }) => ({
      [r.id]: '<id>',
      ...Object.fromEntries(r.salaryHistory.map((s, i) => [s.id, `<salary${i}>`])),
      [r.email]: '<email>',
      [`"${r.externalId}"`]: '"<externalId>"',
    });
    const [p, b] = [await read(patched.id), await read(u1.id)];
    expect(b.lastName).toBe('Byron');
    expect(normalized(b, own(b))).toEqual(normalized(p, own(p)));
    expect((await read(u3.id)).firstName).toBe('Augusta');
    expect((await read(u2.id)).updatedAt).toBe((await read(u2.id)).createdAt);

    const changes = await changesOf(t, tenant.orgId, { afterSeq: mark });
    expect(changes.map((c) => [c.entityType, c.changeType, c.entityId])).toEqual([
      ['employee', 'update', patched.id],
      ['salary_adjustment', 'create', expect.any(String)],
      ['employee', 'update', u1.id],
      ['salary_adjustment', 'create', expect.any(String)],
      ['employee', 'update', u3.id],
    ]);
    expect(changes[3].after?.employeeId).toBe(u1.id);
    const ids = { [patched.id]: '<id>', [u1.id]: '<id>', [p.email]: '<email>', [b.email]: '<email>', '"P-1"': '"<x>"', '"U-1"': '"<x>"' };
    expect(normalized([changes[2].before, changes[2].after], ids)).toEqual(normalized([changes[0].before, changes[0].after], ids));
  });

  it('04/§4.1: two updates of one request that together would loop managers: the later fails, as with single PATCHes', async () => {
    const { tenant } = await subscribed();
    await tenant
      .api('post', '/employees/bulk')
      .send({
        records: [
          bodies.employee({ ...hire, externalId: 'L-1', managerId: null }),
          bodies.employee({ ...hire, externalId: 'L-2', managerId: null }),
          bodies.employee({ ...hire, externalId: 'L-3', managerId: null }),
        ],
      })
      .expect(200);
    const res = await tenant
      .api('post', '/employees/bulk')
      .send({
        records: [
          { externalId: 'L-1', managerId: 'L-2' },
          { externalId: 'L-2', managerId: 'L-1' },
          { externalId: 'L-3', managerId: 'L-1', lastName: 'Third' },
        ],
      })
      .expect(200);
    expect(res.body.data).toMatchObject({ updated: 2, failed: 1 });
    expect(res.body.data.results[1]).toMatchObject({
      result: 'failed',
      error: { code: 'VALIDATION_ERROR', details: [{ field: 'managerId' }] },
    });
    const managers = await t.dataSource.query(
      `SELECT external_id, manager_id, last_name FROM employees WHERE organization_id = $1 AND external_id LIKE 'L-%' ORDER BY external_id`,
      [tenant.orgId],
    );
    const [l1, l2] = res.body.data.results.map((r: { id: string }) => r.id);
    expect(managers).toEqual([
      { external_id: 'L-1', manager_id: l2, last_name: 'Lovelace' },
      { external_id: 'L-2', manager_id: null, last_name: 'Lovelace' },
      { external_id: 'L-3', manager_id: l1, last_name: 'Third' },
    ]);
  });

  it('04/§4.1: contractors: a chunk of creates and one of updates give the same rows, reads and recorded changes as single requests', async () => {
    const tenant = await t.createTenant();
    const contracted: Partial<Schemas['CreateContractorDto']> = {
      name: 'Grace Hopper',
      startDate: '2026-02-01',
      rateAdjustment: { effectiveDate: '2026-02-01', rate: 650.5, rateType: 'daily', currencyCode: 'EUR' },
    };
    const single = await tenant.create.contractor({ ...contracted, externalId: 'S-1', email: 's-1@example.com' });
    const created = await tenant
      .api('post', '/contractors/bulk')
      .send({
        records: [
          bodies.contractor({ ...contracted, externalId: 'C-1', email: 'c-1@example.com' }),
          bodies.contractor({ ...contracted, externalId: 'C-2', email: 'c-2@example.com', rateAdjustment: undefined }),
        ],
      })
      .expect(200);
    expect(created.body.data).toMatchObject({ created: 2, failed: 0 });
    const [c1, c2] = created.body.data.results.map((r: { id: string }) => r.id);
    const read = async (id: string) =>
      (await tenant.api('get', `/contractors/${id}?include=currentRate,rateHistory`).expect(200)).body.data;
    const own = (r: { id: string; externalId: string; email: string; rateHistory: { id: string }[] }) => ({
      [r.id]: '<id>',
      ...Object.fromEntries(r.rateHistory.map((x, i) => [x.id, `<rate${i}>`])),
      [r.email]: '<email>',
      [`"${r.externalId}"`]: '"<externalId>"',
    });
    expect(normalized(await read(c1), own(await read(c1)))).toEqual(normalized(await read(single.id), own(await read(single.id))));
    expect((await read(c2)).rateHistory).toEqual([]);

    const change = {
      name: 'Grace B. Hopper',
      rateAdjustment: { effectiveDate: '2026-06-01', rate: 700, rateType: 'daily', currencyCode: 'EUR' },
    };
    const mark = await lastSeq(t, tenant.orgId);
    await tenant.api('patch', '/contractors/S-1').send(change).expect(200);
    const updated = await tenant
      .api('post', '/contractors/bulk')
      .send({
        records: [
          { externalId: 'C-1', ...change },
          { externalId: 'C-2', name: 'Grace Hopper' },
        ],
      })
      .expect(200);
    expect(updated.body.data).toMatchObject({ updated: 1, unchanged: 1, failed: 0 });
    expect(normalized(await read(c1), own(await read(c1)))).toEqual(normalized(await read(single.id), own(await read(single.id))));
    const changes = await changesOf(t, tenant.orgId, { afterSeq: mark });
    expect(changes.map((c) => [c.entityType, c.changeType, c.entityId])).toEqual([
      ['contractor', 'update', single.id],
      ['contractor_rate', 'create', expect.any(String)],
      ['contractor', 'update', c1],
      ['contractor_rate', 'create', expect.any(String)],
    ]);
  });
});
