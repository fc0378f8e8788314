import { API_PERMISSIONS } from '../../src/common/auth/permissions';
import { changesOf } from '../support/changes';
import { TestApp } from '../support/test-app';

/** A budget body by cost centre over the first quarter of 2026 (lines added by each test). */
const quarter = (lines?: object[]) => ({ name: 'Q1', dimension: 'costCentre', fromMonth: '2026-01', toMonth: '2026-03', lines });

describe('budgets (07 §2.1, §2.3)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await TestApp.start();
  });
  afterAll(() => t.close());

  /** The field paths of a 400's details. */
  const fields = (res: { body: { error: { code: string; details: { field: string }[] } } }) => {
    expect(res.body.error.code).toBe('VALIDATION_ERROR');
    return res.body.error.details.map((d) => d.field);
  };

  it('07/§2.1: create, read, list and delete; currencyCode defaults to the reporting currency, status to DRAFT, lines to none', async () => {
    const org = await t.createTenant({ reportingCurrency: 'EUR' });
    const cc = (await org.create.costCentre({ name: 'Alpha' })).id;
    const created = (
      await org
        .api('post', '/budgets')
        .send(quarter([{ key: cc, month: '2026-02', cost: 1200.5, headcount: 2.5, fte: 2 }]))
        .expect(201)
    ).body.data;
    expect(created).toEqual({
      id: expect.any(String),
      name: 'Q1',
      dimension: 'costCentre',
      fromMonth: '2026-01',
      toMonth: '2026-03',
      currencyCode: 'EUR',
      status: 'DRAFT',
      lines: [{ key: cc, month: '2026-02', cost: 1200.5, headcount: 2.5, fte: 2 }],
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    const bare = (
      await org
        .api('post', '/budgets')
        .send({ name: 'Whole', dimension: 'none', fromMonth: '2026-01', toMonth: '2026-01', currencyCode: 'USD', status: 'APPROVED' })
        .expect(201)
    ).body.data;
    expect(bare).toMatchObject({ currencyCode: 'USD', status: 'APPROVED', lines: [] });
    expect((await org.api('get', `/budgets/${created.id}`).expect(200)).body.data).toEqual({ ...created, customAttributes: [] });
    const list = (await org.api('get', '/budgets').expect(200)).body;
    expect(list.data.map((b: { name: string }) => b.name)).toEqual(['Q1', 'Whole']);
    expect((await org.api('get', '/budgets?status=APPROVED').expect(200)).body.data.map((b: { id: string }) => b.id)).toEqual([bare.id]);
    await org.api('delete', `/budgets/${bare.id}`).expect(204);
    await org.api('get', `/budgets/${bare.id}`).expect(404);
    const other = await t.createTenant();
    await other.api('get', `/budgets/${created.id}`).expect(404);
  });

  it('07/§2.1: a budget spans at most 36 months, toMonth not before fromMonth; nothing is written otherwise', async () => {
    const org = await t.createTenant();
    await org
      .api('post', '/budgets')
      .send({ ...quarter(), fromMonth: '2026-01', toMonth: '2028-12' })
      .expect(201);
    expect(
      fields(
        await org
          .api('post', '/budgets')
          .send({ ...quarter(), fromMonth: '2026-01', toMonth: '2029-01' })
          .expect(400),
      ),
    ).toEqual(['toMonth']);
    expect(
      fields(
        await org
          .api('post', '/budgets')
          .send({ ...quarter(), fromMonth: '2026-03', toMonth: '2026-02' })
          .expect(400),
      ),
    ).toEqual(['toMonth']);
    expect(
      fields(
        await org
          .api('post', '/budgets')
          .send({ ...quarter(), fromMonth: '2026-13' })
          .expect(400),
      ),
    ).toEqual(['fromMonth']);
    expect((await org.api('get', '/budgets').expect(200)).body.meta.total).toBe(1);
  });

  it('07/§2.1: each line is checked on its own and named by its dot path; a refused write changes nothing', async () => {
    const org = await t.createTenant();
    const cc = (await org.create.costCentre()).id;
    const team = (await org.create.team()).id;
    const foreign = (await (await t.createTenant()).create.costCentre()).id;
    const id = (
      await org
        .api('post', '/budgets')
        .send(quarter([{ key: cc, month: '2026-01', cost: 10 }]))
        .expect(201)
    ).body.data.id;
    const lines = [
      { key: cc, month: '2026-01', cost: 100 },
      { key: cc, month: '2026-04', cost: 100 },
      { key: team, month: '2026-02', cost: 100 },
      { key: foreign, month: '2026-02', cost: 100 },
      { key: null, month: '2026-02', cost: 100 },
      { key: cc, month: '2026-01', cost: 5 },
    ];
    expect(fields(await org.api('patch', `/budgets/${id}`).send({ lines }).expect(400))).toEqual([
      'lines.1.month',
      'lines.2.key',
      'lines.3.key',
      'lines.4.key',
      'lines.5.month',
    ]);
    const negative = [
      { key: cc, month: '2026-01', cost: -1 },
      { key: cc, month: '2026-02', cost: 1, headcount: -2 },
      { key: cc, month: '2026-03', cost: 1, fte: -0.5 },
      { key: cc, month: '2026-3', cost: 1.005 },
    ];
    expect(fields(await org.api('patch', `/budgets/${id}`).send({ lines: negative }).expect(400)).sort()).toEqual([
      'lines.0.cost',
      'lines.1.headcount',
      'lines.2.fte',
      'lines.3.cost',
      'lines.3.month',
    ]);
    const none = { name: 'Whole', dimension: 'none', fromMonth: '2026-01', toMonth: '2026-03' };
    expect(
      fields(
        await org
          .api('post', '/budgets')
          .send({ ...none, lines: [{ key: cc, month: '2026-01', cost: 1 }] })
          .expect(400),
      ),
    ).toEqual(['lines.0.key']);
    await org
      .api('post', '/budgets')
      .send({
        ...none,
        lines: [
          { month: '2026-01', cost: 1 },
          { key: null, month: '2026-02', cost: 2 },
        ],
      })
      .expect(201);
    const byTeam = {
      ...none,
      dimension: 'team',
      lines: [
        { key: team, month: '2026-01', cost: 1 },
        { key: cc, month: '2026-01', cost: 1 },
      ],
    };
    expect(fields(await org.api('post', '/budgets').send(byTeam).expect(400))).toEqual(['lines.1.key']);
    expect((await org.api('get', `/budgets/${id}`).expect(200)).body.data.lines).toEqual([
      { key: cc, month: '2026-01', cost: 10, headcount: null, fte: null },
    ]);
    expect((await org.api('get', '/budgets').expect(200)).body.meta.total).toBe(2);
  });

  it('07/§2.1: a team key is a team of the live plan (one only a scenario holds is refused)', async () => {
    const org = await t.createTenant();
    const scenario = (await t.admin('post', `/organizations/${org.orgId}/scenarios`).send({ name: 'S' }).expect(201)).body.data.id;
    const planned = (await t.admin('post', `/organizations/${org.orgId}/scenarios/${scenario}/teams`).send({ name: 'Planned' }).expect(201))
      .body.data.id;
    const body = {
      name: 'Teams',
      dimension: 'team',
      fromMonth: '2026-01',
      toMonth: '2026-01',
      lines: [{ key: planned, month: '2026-01', cost: 1 }],
    };
    expect(fields(await org.api('post', '/budgets').send(body).expect(400))).toEqual(['lines.0.key']);
  });

  it('07/§2.1: PATCH replaces the lines whole when it sends them and keeps them otherwise; months and dimension are checked against the lines kept', async () => {
    const org = await t.createTenant();
    const [a, b] = [(await org.create.costCentre()).id, (await org.create.costCentre()).id];
    const id = (
      await org
        .api('post', '/budgets')
        .send(
          quarter([
            { key: a, month: '2026-01', cost: 1 },
            { key: a, month: '2026-03', cost: 3 },
          ]),
        )
        .expect(201)
    ).body.data.id;
    const patched = (
      await org
        .api('patch', `/budgets/${id}`)
        .send({ lines: [{ key: b, month: '2026-02', cost: 7, fte: 1.25 }] })
        .expect(200)
    ).body.data;
    expect(patched.lines).toEqual([{ key: b, month: '2026-02', cost: 7, headcount: null, fte: 1.25 }]);
    expect((await org.api('patch', `/budgets/${id}`).send({ name: 'Renamed' }).expect(200)).body.data.lines).toEqual(patched.lines);
    expect(fields(await org.api('patch', `/budgets/${id}`).send({ toMonth: '2026-01' }).expect(400))).toEqual(['lines.0.month']);
    expect(fields(await org.api('patch', `/budgets/${id}`).send({ dimension: 'none' }).expect(400))).toEqual(['lines.0.key']);
    await org.api('patch', `/budgets/${id}`).send({ dimension: 'none', lines: [] }).expect(200);
    expect((await org.api('get', `/budgets/${id}`).expect(200)).body.data).toMatchObject({ name: 'Renamed', dimension: 'none', lines: [] });
  });

  it('07/§2.1: at most 10,000 lines: 10,000 are taken, 10,001 refused on lines', async () => {
    const org = await t.createTenant();
    const centres: string[] = [];
    for (let i = 0; i < 278; i++) centres.push((await org.create.costCentre()).id);
    const months = Array.from({ length: 36 }, (_, i) => `${2026 + Math.floor(i / 12)}-${String((i % 12) + 1).padStart(2, '0')}`);
    const lines = centres.flatMap((key) => months.map((month) => ({ key, month, cost: 1000 })));
    const body = { name: 'Big', dimension: 'costCentre', fromMonth: '2026-01', toMonth: '2028-12' };
    expect(
      fields(
        await org
          .api('post', '/budgets')
          .send({ ...body, lines: lines.slice(0, 10_001) })
          .expect(400),
      ),
    ).toEqual(['lines']);
    const created = (
      await org
        .api('post', '/budgets')
        .send({ ...body, lines: lines.slice(0, 10_000) })
        .expect(201)
    ).body.data;
    expect(created.lines).toHaveLength(10_000);
    expect((await org.api('get', `/budgets/${created.id}`).expect(200)).body.data.lines[9_999]).toEqual({
      ...lines[9_999],
      headcount: null,
      fte: null,
    });
  }, 120_000);

  it('07/§2.1: budgets_view reads, budgets_edit writes', async () => {
    const org = await t.createTenant();
    const id = (await org.api('post', '/budgets').send(quarter()).expect(201)).body.data.id;
    const viewer = t.asKey(org, (await t.createKey(org, ['budgets_view'])).key);
    await viewer.api('get', '/budgets').expect(200);
    await viewer.api('get', `/budgets/${id}`).expect(200);
    await viewer.api('post', '/budgets').send(quarter()).expect(403);
    await viewer.api('patch', `/budgets/${id}`).send({ name: 'No' }).expect(403);
    await viewer.api('delete', `/budgets/${id}`).expect(403);
    const editor = t.asKey(org, (await t.createKey(org, ['budgets_edit'])).key);
    await editor.api('get', '/budgets').expect(403);
    expect((await org.api('get', `/budgets/${id}`).expect(200)).body.data.name).toBe('Q1');
  });

  it('07/§2.1 (04 §1.5): line costs are null without cost visibility, and sending lines needs it; other fields can still be written', async () => {
    const org = await t.createTenant();
    const cc = (await org.create.costCentre()).id;
    const line = { key: cc, month: '2026-01', cost: 500, headcount: 3, fte: 2.5 };
    const id = (
      await org
        .api('post', '/budgets')
        .send(quarter([line]))
        .expect(201)
    ).body.data.id;
    const noFinancials = t.asKey(
      org,
      (
        await t.createKey(
          org,
          API_PERMISSIONS.filter((p) => p !== 'financials_view_summary'),
        )
      ).key,
    );
    const hidden = [{ ...line, cost: null }];
    expect((await noFinancials.api('get', `/budgets/${id}`).expect(200)).body.data.lines).toEqual(hidden);
    expect((await noFinancials.api('get', '/budgets').expect(200)).body.data[0].lines).toEqual(hidden);
    const refused = await noFinancials.api('patch', `/budgets/${id}`).send({ lines: [] }).expect(403);
    expect(refused.body.error.code).toBe('FORBIDDEN');
    await noFinancials
      .api('post', '/budgets')
      .send(quarter([line]))
      .expect(403);
    expect((await noFinancials.api('patch', `/budgets/${id}`).send({ name: 'Renamed' }).expect(200)).body.data.lines).toEqual(hidden);
    const noViewCosts = await t.createTenant({ userPermissions: [...API_PERMISSIONS] });
    const theirs = (
      await noViewCosts
        .api('post', '/budgets')
        .send({ ...quarter(), name: 'Mine' })
        .expect(201)
    ).body.data;
    expect(theirs.lines).toEqual([]);
    await noViewCosts.api('patch', `/budgets/${theirs.id}`).send({ lines: [] }).expect(403);
    expect((await org.api('get', `/budgets/${id}`).expect(200)).body.data.lines).toEqual([line]);
  });

  it('07/§2.3: create, update and delete are budget events with the lines (decimals as strings); a PATCH that changes nothing records nothing', async () => {
    const org = await t.createTenant();
    const cc = (await org.create.costCentre()).id;
    const line = { key: cc, month: '2026-01', cost: 1500.5, headcount: 2, fte: 1.75 };
    const id = (
      await org
        .api('post', '/budgets')
        .send(quarter([line]))
        .expect(201)
    ).body.data.id;
    await org
      .api('patch', `/budgets/${id}`)
      .send({ lines: [line] })
      .expect(200);
    await org.api('patch', `/budgets/${id}`).send({ status: 'APPROVED' }).expect(200);
    await org.api('delete', `/budgets/${id}`).expect(204);
    const rows = await changesOf(t, org.orgId, { entityId: id });
    expect(rows.map((r) => `${r.entityType}:${r.changeType}`)).toEqual(['budget:create', 'budget:update', 'budget:delete']);
    expect(rows[0].after).toMatchObject({ id, lines: [{ key: cc, month: '2026-01', cost: '1500.5', headcount: '2', fte: '1.75' }] });
    expect([rows[1].before!.status, rows[1].after!.status]).toEqual(['DRAFT', 'APPROVED']);
    expect(rows.every((r) => r.dispatchStatus !== null)).toBe(true);
    const feed = (await org.api('get', '/changes?entityTypes=budget').expect(200)).body.data;
    expect(feed.map((c: { entity_type: string; change_type: string }) => `${c.entity_type}:${c.change_type}`)).toEqual([
      'budget:create',
      'budget:update',
      'budget:delete',
    ]);
    const blind = t.asKey(org, (await t.createKey(org, ['teams_view'])).key);
    expect((await blind.api('get', '/changes').expect(200)).body.data).toEqual([]);
  });

  it('07/§2.3: ETags: If-None-Match gives 304, a stale If-Match 412 and no change', async () => {
    const org = await t.createTenant();
    const id = (await org.api('post', '/budgets').send(quarter()).expect(201)).body.data.id;
    const tag: string = (await org.api('get', `/budgets/${id}`).expect(200)).headers.etag;
    await org.api('get', `/budgets/${id}`).set('If-None-Match', tag).expect(304);
    const next: string = (await org.api('patch', `/budgets/${id}`).set('If-Match', tag).send({ name: 'Once' }).expect(200)).headers.etag;
    expect(next).not.toBe(tag);
    expect((await org.api('patch', `/budgets/${id}`).set('If-Match', tag).send({ name: 'Twice' }).expect(412)).body.error.code).toBe(
      'PRECONDITION_FAILED',
    );
    await org.api('delete', `/budgets/${id}`).set('If-Match', tag).expect(412);
    expect((await org.api('get', `/budgets/${id}`).expect(200)).body.data.name).toBe('Once');
  });

  it('07/§2.3: custom attributes of type BUDGET are set, read with the budget and cleared', async () => {
    const org = await t.createTenant();
    const id = (await org.api('post', '/budgets').send(quarter()).expect(201)).body.data.id;
    const definition = (
      await org
        .api('post', '/custom-attributes')
        .send({ entityType: 'BUDGET', name: 'Owner', attributeKey: 'owner', fieldType: 'STRING' })
        .expect(201)
    ).body.data;
    await org.api('put', `/budgets/${id}/custom-attributes/${definition.id}`).send({ stringValue: 'Ada' }).expect(200);
    const read = (await org.api('get', `/budgets/${id}`).expect(200)).body.data;
    expect(read.customAttributes).toEqual([
      expect.objectContaining({ definitionId: definition.id, entityType: 'BUDGET', entityId: id, stringValue: 'Ada' }),
    ]);
    await org.api('delete', `/budgets/${id}/custom-attributes/${definition.id}`).expect(204);
    expect((await org.api('get', `/budgets/${id}/custom-attributes`).expect(200)).body.data).toEqual([]);
  });

  it('07/§2.3: budgets are live-only: a write with scenarioId is 501 and changes nothing; a read with it reads the live budget', async () => {
    const org = await t.createTenant();
    const id = (await org.api('post', '/budgets').send(quarter()).expect(201)).body.data.id;
    const definition = (
      await org
        .api('post', '/custom-attributes')
        .send({ entityType: 'BUDGET', name: 'Owner', attributeKey: 'owner', fieldType: 'STRING' })
        .expect(201)
    ).body.data.id;
    const s = (await t.admin('post', `/organizations/${org.orgId}/scenarios`).send({ name: 'What if' }).expect(201)).body.data.id;
    const inScenario = (path: string) => `${path}?scenarioId=${s}`;
    for (const res of [
      await org.api('post', inScenario('/budgets')).send(quarter()),
      await org.api('patch', inScenario(`/budgets/${id}`)).send({ name: 'Scenario' }),
      await org.api('delete', inScenario(`/budgets/${id}`)),
      await org.api('put', inScenario(`/budgets/${id}/custom-attributes/${definition}`)).send({ stringValue: 'x' }),
    ]) {
      expect([res.status, res.body.error.code]).toEqual([501, 'NOT_IMPLEMENTED']);
    }
    expect(
      (await org.api('get', inScenario('/budgets')).expect(200)).body.data.map((b: { id: string; name: string }) => [b.id, b.name]),
    ).toEqual([[id, 'Q1']]);
    await t.admin('get', `/organizations/${org.orgId}/scenarios/${s}/budgets/${id}`).expect(404);
    expect((await changesOf(t, org.orgId, { entityType: 'budget' })).map((c) => c.changeType)).toEqual(['create']);
  });

  it('07/§2.1: a cost centre that a budget line names cannot be deleted (409) until the line goes', async () => {
    const org = await t.createTenant();
    const cc = (await org.create.costCentre()).id;
    const id = (
      await org
        .api('post', '/budgets')
        .send(quarter([{ key: cc, month: '2026-01', cost: 1 }]))
        .expect(201)
    ).body.data.id;
    const refused = await org.api('delete', `/cost-centres/${cc}`).expect(409);
    expect(refused.body.error.message).toContain('Q1');
    await org.api('patch', `/budgets/${id}`).send({ lines: [] }).expect(200);
    await org.api('delete', `/cost-centres/${cc}`).expect(204);
  });
});
