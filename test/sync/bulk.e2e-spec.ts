import { changesOf } from '../support/changes';
import { bodies } from '../support/fixtures';
import { TestApp, Tenant } from '../support/test-app';
import { Receiver } from '../webhooks/receiver';
import { createEndpoint, settled } from '../webhooks/support';

describe('bulk upsert by externalId (04 §4.1)', () => {
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

  const salary = { effectiveDate: '2026-01-05', salary: 90000, currencyCode: 'EUR' };

  /** A tenant whose employee, salary and allocation events go to a receiver path of its own. */
  async function subscribed(): Promise<{ tenant: Tenant; path: string }> {
    const tenant = await t.createTenant();
    const path = `/bulk-${tenant.orgId}`;
    await createEndpoint(t, tenant, {
      url: receiver.url(path),
      entityTypes: ['employee', 'salary_adjustment', 'employee_team_allocation', 'team', 'contractor'],
    });
    return { tenant, path };
  }
  const events = (path: string) =>
    receiver
      .on(path)
      .map((r) => `${r.body.change_type} ${r.body.entity_type} ${r.body.after?.externalId ?? r.body.before?.externalId ?? ''}`.trim())
      .sort();

  it('04/§4.1: new externalIds are created with create semantics (nested salary included), existing ones PATCHed (only sent fields change); counts and per-item results', async () => {
    const { tenant } = await subscribed();
    const first = await tenant
      .api('post', '/employees/bulk')
      .send({
        records: [
          bodies.employee({ externalId: 'HR-1', salary }),
          bodies.employee({ externalId: 'HR-2', lastName: 'Lovelace HR-2', internalEmployeeId: 'I-2' }),
        ],
      })
      .expect(200);
    expect(first.body.data).toMatchObject({ created: 2, updated: 0, unchanged: 0, failed: 0 });
    expect(first.body.data.results).toEqual([
      { index: 0, externalId: 'HR-1', id: expect.stringMatching(/^[a-z][a-z0-9]{24}$/), result: 'created', error: null },
      { index: 1, externalId: 'HR-2', id: expect.stringMatching(/^[a-z][a-z0-9]{24}$/), result: 'created', error: null },
    ]);
    const [hr1, hr2] = first.body.data.results.map((r: { id: string }) => r.id);
    const read = await tenant.api('get', `/employees/HR-1?include=currentSalary`).expect(200);
    expect(read.body.data).toMatchObject({ id: hr1, firstName: 'Ada', currentSalary: { salary: 90000, currencyCode: 'EUR' } });

    const second = await tenant
      .api('post', '/employees/bulk')
      .send({ records: [{ externalId: 'HR-2', firstName: 'Grace' }, bodies.employee({ externalId: 'HR-3' })] })
      .expect(200);
    expect(second.body.data).toMatchObject({ created: 1, updated: 1, unchanged: 0, failed: 0 });
    expect(second.body.data.results[0]).toEqual({ index: 0, externalId: 'HR-2', id: hr2, result: 'updated', error: null });
    const after = await tenant.api('get', `/employees/${hr2}`).expect(200);
    expect(after.body.data).toMatchObject({ firstName: 'Grace', lastName: 'Lovelace HR-2', internalEmployeeId: 'I-2' });
  });

  it('04/§4.1: a failing item leaves nothing of itself (no row, no nested record, no change record, no webhook) and the other items commit', async () => {
    const { tenant, path } = await subscribed();
    const res = await tenant
      .api('post', '/employees/bulk')
      .send({
        records: [
          bodies.employee({ externalId: 'OK-1', salary }),
          // Fails after its employee row and salary are written: the savepoint takes them back.
          bodies.employee({
            externalId: 'BAD-1',
            salary,
            teamAssignment: { teamId: 'cxxxxxxxxxxxxxxxxxxxxxxxx', fte: 1, startDate: '2026-01-05' },
          }),
          bodies.employee({ externalId: 'BAD-2', salary: { ...salary, currencyCode: 'EURO' } }),
          bodies.employee({ externalId: 'OK-2' }),
        ],
      })
      .expect(200);
    expect(res.body.data).toMatchObject({ created: 2, updated: 0, unchanged: 0, failed: 2 });
    const [, bad1, bad2] = res.body.data.results;
    expect(bad1).toMatchObject({
      index: 1,
      externalId: 'BAD-1',
      id: null,
      result: 'failed',
      error: { code: 'VALIDATION_ERROR', details: [{ field: 'teamAssignment.teamId' }] },
    });
    expect(bad2).toMatchObject({
      index: 2,
      externalId: 'BAD-2',
      id: null,
      result: 'failed',
      error: { code: 'VALIDATION_ERROR', details: [{ field: 'salary.currencyCode' }] },
    });

    const rows = await t.dataSource.query(`SELECT external_id FROM employees WHERE organization_id = $1 ORDER BY external_id`, [
      tenant.orgId,
    ]);
    expect(rows.map((r: { external_id: string }) => r.external_id)).toEqual(['OK-1', 'OK-2']);
    const [{ n: salaries }] = await t.dataSource.query(`SELECT count(*)::int AS n FROM salary_adjustments WHERE organization_id = $1`, [
      tenant.orgId,
    ]);
    expect(salaries).toBe(1);
    const recorded = await changesOf(t, tenant.orgId);
    expect(recorded.filter((r) => r.entityType === 'employee').map((r) => r.after?.externalId)).toEqual(['OK-1', 'OK-2']);
    expect(recorded).toHaveLength(3);

    await settled(t, tenant.orgId);
    expect(events(path)).toEqual(['create employee OK-1', 'create employee OK-2', 'create salary_adjustment']);
  });

  it('04/§4.1: in a batch larger than a chunk, items failing in the database (taken email) in several chunks fail alone, creates and updates alike', async () => {
    const tenant = await t.createTenant();
    const ext = (i: number) => `BIG-${String(i).padStart(3, '0')}`;
    const first = (
      await tenant
        .api('post', '/employees/bulk')
        .send({ records: Array.from({ length: 250 }, (_v, i) => bodies.employee({ externalId: ext(i), salary })) })
        .expect(200)
    ).body.data;
    expect(first).toMatchObject({ created: 250, failed: 0 });
    const emailOf = async (i: number) => (await tenant.api('get', `/employees/${ext(i)}`).expect(200)).body.data.email as string;
    const taken = [await emailOf(5), await emailOf(7)];
    // Items 0-249 update the existing employees, 250-449 create; 100 (an update), 300 and 449 (creates) take an email in use.
    const failing = new Map([
      [100, taken[0]],
      [300, taken[1]],
      [449, taken[1]],
    ]);
    const records = Array.from({ length: 450 }, (_v, i) =>
      i < 250
        ? {
            externalId: ext(i),
            internalEmployeeId: `R-${i}`,
            salary: { ...salary, effectiveDate: '2026-06-01' },
            ...(failing.has(i) ? { email: failing.get(i) } : {}),
          }
        : bodies.employee({ externalId: ext(i), salary, ...(failing.has(i) ? { email: failing.get(i) } : {}) }),
    );
    const res = (await tenant.api('post', '/employees/bulk').send({ records }).expect(200)).body.data;
    expect(res).toMatchObject({ created: 198, updated: 249, unchanged: 0, failed: 3 });
    res.results.forEach((result: { index: number; result: string; error: unknown }) => {
      if (failing.has(result.index)) expect(result).toMatchObject({ result: 'failed', error: { code: expect.any(String) } });
      else expect(result).toMatchObject({ result: result.index < 250 ? 'updated' : 'created', error: null });
    });
    const rows: { external_id: string; internal_employee_id: string | null; salaries: number }[] = await t.dataSource.query(
      `SELECT e.external_id, e.internal_employee_id, (SELECT count(*)::int FROM salary_adjustments s WHERE s.organization_id = e.organization_id AND s.plan_id = e.plan_id AND s.employee_id = e.id) AS salaries
         FROM employees e WHERE e.organization_id = $1 ORDER BY e.external_id`,
      [tenant.orgId],
    );
    const expected = Array.from({ length: 450 }, (_v, i) => i)
      .filter((i) => i < 250 || !failing.has(i))
      .map((i) => ({
        external_id: ext(i),
        internal_employee_id: i < 250 && !failing.has(i) ? `R-${i}` : null,
        salaries: i < 250 && !failing.has(i) ? 2 : 1,
      }));
    expect(rows).toEqual(expected);
    expect((await changesOf(t, tenant.orgId)).length).toBe(500 + 2 * 249 + 2 * 198);
  });

  it('04/§4.1: an item that changes nothing is `unchanged` and sends no event', async () => {
    const { tenant, path } = await subscribed();
    const records = [bodies.employee({ externalId: 'U-1' }), bodies.employee({ externalId: 'U-2' })];
    await tenant.api('post', '/employees/bulk').send({ records }).expect(200);
    await settled(t, tenant.orgId);
    const before = receiver.on(path).length;
    const again = await tenant
      .api('post', '/employees/bulk')
      .send({ records: [...records, { externalId: 'U-1', firstName: 'Ada' }] })
      .expect(200);
    expect(again.body.data).toMatchObject({ created: 0, updated: 0, unchanged: 2, failed: 1 });
    expect(again.body.data.results[2].error.code).toBe('VALIDATION_ERROR');
    await tenant
      .api('post', '/employees/bulk')
      .send({ records: [{ externalId: 'U-2', firstName: 'Ada' }] })
      .expect(200);
    await settled(t, tenant.orgId);
    expect(receiver.on(path)).toHaveLength(before);
    expect((await changesOf(t, tenant.orgId)).length).toBe(2);
  });

  it('04/§4.1: a repeated externalId in one batch fails the later item', async () => {
    const tenant = await t.createTenant();
    const res = await tenant
      .api('post', '/employees/bulk')
      .send({ records: [bodies.employee({ externalId: 'D-1' }), bodies.employee({ externalId: 'D-1', firstName: 'Other' })] })
      .expect(200);
    expect(res.body.data).toMatchObject({ created: 1, failed: 1 });
    expect(res.body.data.results[1]).toMatchObject({
      index: 1,
      externalId: 'D-1',
      result: 'failed',
      error: { code: 'VALIDATION_ERROR', details: [{ field: 'externalId' }] },
    });
    const read = await tenant.api('get', '/employees/D-1').expect(200);
    expect(read.body.data.firstName).toBe('Ada');
  });

  it('04/§4.1: each item is validated like the single request (externalId required, create fields for new records), errors with dot paths inside the item', async () => {
    const tenant = await t.createTenant();
    const res = await tenant
      .api('post', '/employees/bulk')
      .send({
        records: [
          { firstName: 'No key' },
          { externalId: 'N-1', firstName: 'Only a name' },
          'not an object',
          { externalId: 'cxxxxxxxxxxxxxxxxxxxxxxxx' },
        ],
      })
      .expect(200);
    expect(res.body.data).toMatchObject({ created: 0, failed: 4 });
    const fields = res.body.data.results.map((r: { error: { details: { field: string }[] } }) =>
      r.error.details.map((d) => d.field).sort(),
    );
    expect(fields).toEqual([['externalId'], ['email', 'lastName', 'startDate'], ['record'], ['externalId']]);
  });

  it('04/§4.1: 1 to 1,000 records; a body without them is 400', async () => {
    const tenant = await t.createTenant();
    await tenant.api('post', '/employees/bulk').send({ records: [] }).expect(400);
    await tenant.api('post', '/employees/bulk').send({}).expect(400);
    const tooMany = Array.from({ length: 1001 }, (_v, i) => ({ externalId: `M-${i}` }));
    const res = await tenant.api('post', '/employees/bulk').send({ records: tooMany }).expect(400);
    expect(res.body.error.details[0].field).toBe('records');
  });

  it('04/§4.1: permissions as the single requests (the resource edit permission; nested records need theirs, per item)', async () => {
    const tenant = await t.createTenant();
    const viewOnly = await t.createKey(tenant, ['employees_view']);
    await t
      .http()
      .post(`/api/v1/org/${tenant.orgId}/employees/bulk`)
      .set('Authorization', `Bearer ${viewOnly.key}`)
      .send({ records: [bodies.employee({ externalId: 'P-0' })] })
      .expect(403);
    const noComp = await t.createKey(tenant, ['employees_view', 'employees_edit']);
    const res = await t
      .http()
      .post(`/api/v1/org/${tenant.orgId}/employees/bulk`)
      .set('Authorization', `Bearer ${noComp.key}`)
      .send({ records: [bodies.employee({ externalId: 'P-1', salary }), bodies.employee({ externalId: 'P-2' })] })
      .expect(200);
    expect(res.body.data.results.map((r: { result: string; error: { code: string } | null }) => [r.result, r.error?.code ?? null])).toEqual(
      [
        ['failed', 'FORBIDDEN'],
        ['created', null],
      ],
    );
  });

  it('04/§4.1: with scenarioId, 501 as for every write', async () => {
    const tenant = await t.createTenant();
    const res = await tenant
      .api('post', '/employees/bulk?scenarioId=whatever')
      .send({ records: [bodies.employee({ externalId: 'S-1' })] })
      .expect(501);
    expect(res.body.error.code).toBe('NOT_IMPLEMENTED');
  });

  it('04/§4.1: contractors, vacancies, projects and teams upsert the same way, with their events and initiator', async () => {
    const { tenant, path } = await subscribed();
    const teams = await tenant
      .api('post', '/teams/bulk')
      .send({
        records: [
          { externalId: 'T-1', name: 'Platform' },
          { externalId: 'T-2', name: 'Data' },
        ],
      })
      .expect(200);
    expect(teams.body.data).toMatchObject({ created: 2 });
    const teamsAgain = await tenant
      .api('post', '/teams/bulk')
      .send({
        records: [
          { externalId: 'T-1', name: 'Platform core' },
          { externalId: 'T-2', name: 'Data' },
        ],
      })
      .expect(200);
    expect(teamsAgain.body.data).toMatchObject({ created: 0, updated: 1, unchanged: 1 });
    const contractors = await tenant
      .api('post', '/contractors/bulk')
      .send({ records: [{ externalId: 'C-1', name: 'Acme', startDate: '2026-01-01' }] })
      .expect(200);
    expect(contractors.body.data).toMatchObject({ created: 1 });
    const vacancies = await tenant
      .api('post', '/vacancies/bulk')
      .send({ records: [{ externalId: 'V-1', role: 'Engineer' }] })
      .expect(200);
    expect(vacancies.body.data).toMatchObject({ created: 1 });
    const vacancyPatch = await tenant
      .api('post', '/vacancies/bulk')
      .send({ records: [{ externalId: 'V-1', description: 'Backend' }] })
      .expect(200);
    expect(vacancyPatch.body.data).toMatchObject({ updated: 1 });
    const projects = await tenant
      .api('post', '/projects/bulk')
      .send({ records: [{ externalId: 'PR-1', name: 'Apollo', startDate: '2026-01-01', ownerUserId: tenant.userId }] })
      .expect(200);
    expect(projects.body.data).toMatchObject({ created: 1, failed: 0 });
    expect((await tenant.api('get', '/vacancies/V-1').expect(200)).body.data).toMatchObject({ role: 'Engineer', description: 'Backend' });

    await settled(t, tenant.orgId);
    expect(events(path)).toEqual(['create contractor C-1', 'create team T-1', 'create team T-2', 'update team T-1']);
    for (const received of receiver.on(path)) expect(received.body.initiator).toEqual({ type: 'api_key', id: tenant.keyId });
  });
});
