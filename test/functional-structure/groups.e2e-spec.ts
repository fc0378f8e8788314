import { translateDbError } from '../../src/common/errors/db-errors';
import { TestApp, Tenant } from '../support/test-app';
import { err, fs } from './support';

describe('functional groups: create, replace, move, retire (document 02)', () => {
  let t: TestApp;
  let org: Tenant;
  beforeAll(async () => {
    t = await TestApp.start();
    org = await t.createTenant();
  });
  afterAll(() => t.close());

  it('02/write rule 1: create answers 201 { data: { id } }; PUT replaces the whole group (omitted fields null, groupType kept, parent ignored)', async () => {
    const f = fs(t, org);
    const parent = await f.group({ name: 'Root' });
    const other = await f.group({ name: 'Other' });
    const res = await f
      .post('', {
        name: 'Stream',
        groupType: 'stream',
        description: 'd',
        externalId: 'S-1',
        parentFunctionalGroupId: parent,
        startDate: '2026-02-01',
      })
      .expect(201);
    expect(res.body).toEqual({ data: { id: expect.any(String) } });
    const id = res.body.data.id;
    const put = await f.put(`/${id}`, { name: 'Stream 2', startDate: '2026-02-01', parentFunctionalGroupId: other }).expect(200);
    expect(put.body).toEqual({ data: { id } });
    const [row] = await t.dataSource.query(
      `SELECT name, group_type, description, external_id, end_date FROM functional_groups WHERE id = $1`,
      [id],
    );
    expect(row).toEqual({ name: 'Stream 2', group_type: 'stream', description: null, external_id: null, end_date: null });
    expect(await f.placements(id)).toEqual([{ parent, start: '2026-02-01', end: null }]);
    await f.put(`/${id}`, { name: 'Stream 3', groupType: null, startDate: '2026-02-01' }).expect(200);
    expect((await t.dataSource.query(`SELECT group_type FROM functional_groups WHERE id = $1`, [id]))[0].group_type).toBeNull();
  });

  it('02/write rule 1 + errors: unknown fields, missing name or startDate, bad dates are 400 INVALID_INPUT with details and no errorId', async () => {
    const f = fs(t, org);
    const unknown = await f.post('', { name: 'X', startDate: '2026-01-01', colour: 'red' }).expect(400);
    expect(unknown.body.error).toEqual({
      code: 'INVALID_INPUT',
      message: expect.any(String),
      details: [expect.objectContaining({ field: 'colour' })],
    });
    const missing = await f.post('', { description: 'x' }).expect(400);
    expect(missing.body.error.code).toBe('INVALID_INPUT');
    expect(missing.body.error.details.map((d: { field: string }) => d.field).sort()).toEqual(['name', 'startDate']);
    expect(missing.body.error.errorId).toBeUndefined();
    expect(err(await f.post('', { name: 'X', startDate: '2026-02-30' }))).toEqual({ status: 400, code: 'INVALID_INPUT' });
    const id = await f.group();
    expect(err(await f.put(`/${id}`, { name: 'X', startDate: '2026-01-01', extra: 1 }))).toEqual({ status: 400, code: 'INVALID_INPUT' });
  });

  it('02/errors: INVALID_DATES when an end date is before its start date', async () => {
    const f = fs(t, org);
    expect(err(await f.post('', { name: 'X', startDate: '2026-03-01', endDate: '2026-02-28' }))).toEqual({
      status: 400,
      code: 'INVALID_DATES',
    });
    const id = await f.group();
    expect(err(await f.put(`/${id}`, { name: 'X', startDate: '2026-01-01', endDate: '2025-12-31' }))).toEqual({
      status: 400,
      code: 'INVALID_DATES',
    });
    // A one-day group is fine: both days inclusive.
    await f.post('', { name: 'One day', startDate: '2026-03-01', endDate: '2026-03-01' }).expect(201);
  });

  it('02/errors: DUPLICATE_EXTERNAL_ID when another group has that externalId (unique per plan)', async () => {
    const f = fs(t, org);
    await f.group({ externalId: 'DUP-G' });
    expect(err(await f.post('', { name: 'B', startDate: '2026-01-01', externalId: 'DUP-G' }))).toEqual({
      status: 409,
      code: 'DUPLICATE_EXTERNAL_ID',
    });
    // Another plan of the same organization: a scenario forked before may use it, and its own reuse is refused.
    const plan = await t.createTenant();
    const scenario = (await t.admin('post', `/organizations/${plan.orgId}/scenarios`).send({ name: 'What if' }).expect(201)).body.data.id;
    const inScenario = fs(t, plan, scenario);
    await inScenario.group({ externalId: 'DUP-G' });
    await fs(t, plan).group({ externalId: 'DUP-G' });
    expect(err(await inScenario.post('', { name: 'B', startDate: '2026-01-01', externalId: 'DUP-G' }))).toEqual({
      status: 409,
      code: 'DUPLICATE_EXTERNAL_ID',
    });
    // Another organization's.
    const other = await t.createTenant();
    await fs(t, other).group({ externalId: 'DUP-G' });
  });

  it("02/errors: NOT_FOUND for an unknown group, parent or another organization's group", async () => {
    const f = fs(t, org);
    const other = await t.createTenant();
    const foreign = await fs(t, other).group();
    expect(err(await f.put(`/${foreign}`, { name: 'X', startDate: '2026-01-01' }))).toEqual({ status: 404, code: 'NOT_FOUND' });
    expect(err(await f.post('', { name: 'X', startDate: '2026-01-01', parentFunctionalGroupId: foreign }))).toEqual({
      status: 404,
      code: 'NOT_FOUND',
    });
    expect(err(await f.post(`/${foreign}/move`, { parentFunctionalGroupId: null, effectiveDate: '2026-05-01' }))).toEqual({
      status: 404,
      code: 'NOT_FOUND',
    });
  });

  it("02/errors: OUTSIDE_ACTIVE_DATES when a group would sit under a parent outside the parent's dates", async () => {
    const f = fs(t, org);
    const parent = await f.group({ startDate: '2026-01-01', endDate: '2026-12-31' });
    expect(err(await f.post('', { name: 'C', startDate: '2025-12-31', parentFunctionalGroupId: parent }))).toEqual({
      status: 409,
      code: 'OUTSIDE_ACTIVE_DATES',
    });
    expect(err(await f.post('', { name: 'C', startDate: '2026-06-01', parentFunctionalGroupId: parent }))).toEqual({
      status: 409,
      code: 'OUTSIDE_ACTIVE_DATES',
    });
    await f.post('', { name: 'C', startDate: '2026-01-01', endDate: '2026-12-31', parentFunctionalGroupId: parent }).expect(201);
  });

  it('02/transitions move: the new placement starts on effectiveDate; earlier days keep the old parent; the change is a functional_group update', async () => {
    const f = fs(t, org);
    const a = await f.group({ name: 'A' });
    const b = await f.group({ name: 'B' });
    const g = await f.group({ name: 'G', parentFunctionalGroupId: a, startDate: '2026-01-01' });
    expect((await f.post(`/${g}/move`, { parentFunctionalGroupId: b, effectiveDate: '2026-07-01' }).expect(200)).body).toEqual({
      data: { id: g },
    });
    expect(await f.placements(g)).toEqual([
      { parent: a, start: '2026-01-01', end: '2026-06-30' },
      { parent: b, start: '2026-07-01', end: null },
    ]);
    const changes = (await f.changes(g)).filter((c) => c.entityType === 'functional_group');
    expect(changes.map((c) => c.changeType)).toEqual(['create', 'update']);
    expect(changes[1].before).toMatchObject({ id: g, parentFunctionalGroupId: a });
    expect(changes[1].after).toMatchObject({ id: g, parentFunctionalGroupId: b });
    expect(changes[1].dispatchStatus).not.toBeNull();
  });

  it("02/transitions move: on the placement's first day the move replaces it; on the group's last day it covers one day", async () => {
    const f = fs(t, org);
    const a = await f.group({ name: 'A' });
    const b = await f.group({ name: 'B' });
    const g = await f.group({ name: 'G', parentFunctionalGroupId: a, startDate: '2026-03-01', endDate: '2026-03-31' });
    await f.post(`/${g}/move`, { parentFunctionalGroupId: b, effectiveDate: '2026-03-01' }).expect(200);
    expect(await f.placements(g)).toEqual([{ parent: b, start: '2026-03-01', end: '2026-03-31' }]);
    await f.post(`/${g}/move`, { parentFunctionalGroupId: a, effectiveDate: '2026-03-31' }).expect(200);
    expect(await f.placements(g)).toEqual([
      { parent: b, start: '2026-03-01', end: '2026-03-30' },
      { parent: a, start: '2026-03-31', end: '2026-03-31' },
    ]);
    expect(err(await f.post(`/${g}/move`, { parentFunctionalGroupId: b, effectiveDate: '2026-04-01' }))).toEqual({
      status: 409,
      code: 'OUTSIDE_ACTIVE_DATES',
    });
    expect(err(await f.post(`/${g}/move`, { parentFunctionalGroupId: b, effectiveDate: '2026-02-28' }))).toEqual({
      status: 409,
      code: 'OUTSIDE_ACTIVE_DATES',
    });
  });

  it('02/transitions move: leap day: a move on 2028-03-01 ends the old placement on 2028-02-29', async () => {
    const f = fs(t, org);
    const a = await f.group({ name: 'A' });
    const g = await f.group({ name: 'G', startDate: '2028-01-01' });
    await f.post(`/${g}/move`, { parentFunctionalGroupId: a, effectiveDate: '2028-03-01' }).expect(200);
    expect(await f.placements(g)).toEqual([
      { parent: null, start: '2028-01-01', end: '2028-02-29' },
      { parent: a, start: '2028-03-01', end: null },
    ]);
  });

  it('02/write rule 2: body needs parentFunctionalGroupId (null allowed) and effectiveDate; unknown fields rejected', async () => {
    const f = fs(t, org);
    const g = await f.group();
    expect(err(await f.post(`/${g}/move`, { effectiveDate: '2026-05-01' }))).toEqual({ status: 400, code: 'INVALID_INPUT' });
    expect(err(await f.post(`/${g}/move`, { parentFunctionalGroupId: null }))).toEqual({ status: 400, code: 'INVALID_INPUT' });
    expect(err(await f.post(`/${g}/move`, { parentFunctionalGroupId: null, effectiveDate: '2026-05-01', why: 'x' }))).toEqual({
      status: 400,
      code: 'INVALID_INPUT',
    });
    await f.post(`/${g}/move`, { parentFunctionalGroupId: null, effectiveDate: '2026-05-01' }).expect(200);
  });

  it('02/errors: HIERARCHY_CYCLE under itself, under a descendant, and under a group that becomes a descendant only on a later day', async () => {
    const f = fs(t, org);
    const a = await f.group({ name: 'A' });
    const b = await f.group({ name: 'B', parentFunctionalGroupId: a });
    const c = await f.group({ name: 'C', parentFunctionalGroupId: b });
    expect(err(await f.post(`/${a}/move`, { parentFunctionalGroupId: a, effectiveDate: '2026-05-01' }))).toEqual({
      status: 409,
      code: 'HIERARCHY_CYCLE',
    });
    expect(err(await f.post(`/${a}/move`, { parentFunctionalGroupId: c, effectiveDate: '2026-05-01' }))).toEqual({
      status: 409,
      code: 'HIERARCHY_CYCLE',
    });
    // X is not beneath Y today, but will be from 2026-09-01: moving Y under X from 2026-06-01 would be a cycle then.
    const x = await f.group({ name: 'X' });
    const y = await f.group({ name: 'Y' });
    await f.post(`/${x}/move`, { parentFunctionalGroupId: y, effectiveDate: '2026-09-01' }).expect(200);
    expect(err(await f.post(`/${y}/move`, { parentFunctionalGroupId: x, effectiveDate: '2026-06-01' }))).toEqual({
      status: 409,
      code: 'HIERARCHY_CYCLE',
    });
    // Before X moves, a past-only arrangement is no cycle: Y under X until X moves is refused only because it is ongoing.
    expect(await f.placements(y)).toEqual([{ parent: null, start: '2026-01-01', end: null }]);
  });

  it('02/errors: FUTURE_CHANGES_EXIST when a move is already scheduled after effectiveDate', async () => {
    const f = fs(t, org);
    const a = await f.group({ name: 'A' });
    const b = await f.group({ name: 'B' });
    const g = await f.group({ name: 'G' });
    await f.post(`/${g}/move`, { parentFunctionalGroupId: a, effectiveDate: '2026-09-01' }).expect(200);
    expect(err(await f.post(`/${g}/move`, { parentFunctionalGroupId: b, effectiveDate: '2026-06-01' }))).toEqual({
      status: 409,
      code: 'FUTURE_CHANGES_EXIST',
    });
    await f.post(`/${g}/move`, { parentFunctionalGroupId: b, effectiveDate: '2026-10-01' }).expect(200);
  });

  it('02/errors: OVERLAPPING_PARENTS: the database refuses two placements of one group on the same day (btree_gist exclusion)', async () => {
    const f = fs(t, org);
    const g = await f.group();
    const [{ plan_id: planId }] = await t.dataSource.query(`SELECT plan_id FROM functional_groups WHERE id = $1`, [g]);
    let caught: unknown = null;
    try {
      await t.dataSource.query(
        `INSERT INTO functional_group_placements (plan_id, id, organization_id, group_id, parent_group_id, start_date, end_date) VALUES ($1, 'cplacementoverlap00000001', $2, $3, NULL, '2026-06-01', '2026-06-01')`,
        [planId, org.orgId, g],
      );
    } catch (error) {
      caught = error;
    }
    expect(translateDbError(caught)?.code).toBe('OVERLAPPING_PARENTS');
  });

  it('02/transitions retire: a group retires once its positions and sub-groups are retired; FUTURE_CHANGES_EXIST for a later start; OUTSIDE_ACTIVE_DATES for an ongoing one', async () => {
    const f = fs(t, org);
    const g = await f.group({ name: 'G' });
    const sub = await f.group({ name: 'Sub', parentFunctionalGroupId: g });
    const seat = await f.position(g);
    expect(err(await f.put(`/${g}`, { name: 'G', startDate: '2026-01-01', endDate: '2026-06-30' }))).toEqual({
      status: 409,
      code: 'OUTSIDE_ACTIVE_DATES',
    });
    await f.put(`/${sub}`, { name: 'Sub', startDate: '2026-01-01', endDate: '2026-06-30' }).expect(200);
    expect(err(await f.put(`/${g}`, { name: 'G', startDate: '2026-01-01', endDate: '2026-06-30' }))).toEqual({
      status: 409,
      code: 'OUTSIDE_ACTIVE_DATES',
    });
    await f
      .put(`/positions/${seat}`, { functionalGroupId: g, name: 'Seat', requiredFte: 1, startDate: '2026-01-01', endDate: '2026-06-30' })
      .expect(200);
    const later = await f.position(g, { startDate: '2026-08-01' });
    expect(err(await f.put(`/${g}`, { name: 'G', startDate: '2026-01-01', endDate: '2026-06-30' }))).toEqual({
      status: 409,
      code: 'FUTURE_CHANGES_EXIST',
    });
    await f
      .put(`/positions/${later}`, { functionalGroupId: g, name: 'Seat', requiredFte: 1, startDate: '2026-06-01', endDate: '2026-06-30' })
      .expect(200);
    await f.put(`/${g}`, { name: 'G', startDate: '2026-01-01', endDate: '2026-06-30' }).expect(200);
    expect(await f.placements(g)).toEqual([{ parent: null, start: '2026-01-01', end: '2026-06-30' }]);
    const retire = (await f.changes(g)).filter((c) => c.entityType === 'functional_group').pop()!;
    expect(retire).toMatchObject({ changeType: 'update', before: { endDate: null }, after: { id: g, endDate: '2026-06-30' } });
    // Its own move scheduled after the date: FUTURE_CHANGES_EXIST.
    const h = await f.group({ name: 'H' });
    await f.post(`/${h}/move`, { parentFunctionalGroupId: g, effectiveDate: '2026-03-01' }).expect(409);
    const k = await f.group({ name: 'K' });
    await f.post(`/${h}/move`, { parentFunctionalGroupId: k, effectiveDate: '2026-09-01' }).expect(200);
    expect(err(await f.put(`/${h}`, { name: 'H', startDate: '2026-01-01', endDate: '2026-08-31' }))).toEqual({
      status: 409,
      code: 'FUTURE_CHANGES_EXIST',
    });
    await f.put(`/${h}`, { name: 'H', startDate: '2026-01-01', endDate: '2026-09-01' }).expect(200);
    expect(await f.placements(h)).toEqual([
      { parent: null, start: '2026-01-01', end: '2026-08-31' },
      { parent: k, start: '2026-09-01', end: '2026-09-01' },
    ]);
  });
});
