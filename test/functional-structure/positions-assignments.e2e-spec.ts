import { TestApp, Tenant } from '../support/test-app';
import { err, fs } from './support';

describe('functional positions, assignments and structure moves (document 02)', () => {
  let t: TestApp;
  let org: Tenant;
  beforeAll(async () => {
    t = await TestApp.start();
    org = await t.createTenant();
  });
  afterAll(() => t.close());

  const seatBody = (functionalGroupId: string, extra: Record<string, unknown> = {}) => ({
    functionalGroupId,
    name: 'Seat',
    requiredFte: 1,
    startDate: '2026-01-01',
    ...extra,
  });

  it('02/write rule 3: position create 201 and PUT 200 replace the whole position; functionalGroupId cannot change (POSITION_AREA_IMMUTABLE)', async () => {
    const f = fs(t, org);
    const g = await f.group();
    const other = await f.group({ name: 'Other' });
    const res = await f.post('/positions', seatBody(g, { description: 'd', externalId: 'P-1' })).expect(201);
    expect(res.body).toEqual({ data: { id: expect.any(String) } });
    const id = res.body.data.id;
    expect((await f.put(`/positions/${id}`, seatBody(g, { name: 'Lead', requiredFte: 0.5 })).expect(200)).body).toEqual({ data: { id } });
    const [row] = await t.dataSource.query(
      `SELECT name, description, external_id, required_fte::text AS fte FROM functional_positions WHERE id = $1`,
      [id],
    );
    expect(row).toEqual({ name: 'Lead', description: null, external_id: null, fte: '0.5000' });
    expect(err(await f.put(`/positions/${id}`, seatBody(other)))).toEqual({ status: 409, code: 'POSITION_AREA_IMMUTABLE' });
    expect(err(await f.put(`/positions/${id}`, { ...seatBody(g), reportsTo: 'x' }))).toEqual({ status: 400, code: 'INVALID_INPUT' });
    const history = await f.changes(id);
    expect(history.map((c) => [c.entityType, c.changeType])).toEqual([
      ['functional_position', 'create'],
      ['functional_position', 'update'],
    ]);
    expect(history[1].after).toMatchObject({ requiredFte: '0.5', name: 'Lead' });
  });

  it('02/errors: INVALID_INPUT for requiredFte or fte outside (0, 1] or with more than four decimals; four decimals are fine', async () => {
    const f = fs(t, org);
    const g = await f.group();
    for (const requiredFte of [0, -0.5, 1.0001, 0.12345, '1']) {
      expect(err(await f.post('/positions', seatBody(g, { requiredFte })))).toEqual({ status: 400, code: 'INVALID_INPUT' });
    }
    const seat = await f.position(g, { requiredFte: 0.1234 });
    const e = await f.employee();
    for (const fte of [0, 1.5, 0.00001]) {
      expect(err(await f.post('/assignments', { functionalPositionId: seat, employeeId: e, fte, startDate: '2026-01-01' }))).toEqual({
        status: 400,
        code: 'INVALID_INPUT',
      });
    }
    await f.assign(seat, { employeeId: e, fte: 0.1234 });
  });

  it('02/errors: DUPLICATE_EXTERNAL_ID among positions; NOT_FOUND for an unknown group; job roles must exist', async () => {
    const f = fs(t, org);
    const g = await f.group({ externalId: 'SAME-ID' });
    await f.position(g, { externalId: 'SAME-ID' });
    expect(err(await f.post('/positions', seatBody(g, { externalId: 'SAME-ID' })))).toEqual({ status: 409, code: 'DUPLICATE_EXTERNAL_ID' });
    expect(err(await f.post('/positions', seatBody('cnosuchgroup0000000000000')))).toEqual({ status: 404, code: 'NOT_FOUND' });
    expect(err(await f.post('/positions', seatBody(g, { jobRoleId: 'cnosuchrole00000000000000' })))).toEqual({
      status: 400,
      code: 'INVALID_INPUT',
    });
  });

  it("02/errors: OUTSIDE_ACTIVE_DATES for a position outside its group's dates, or an occupancy outside its seat's or person's", async () => {
    const f = fs(t, org);
    const g = await f.group({ startDate: '2026-01-01', endDate: '2026-12-31' });
    expect(err(await f.post('/positions', seatBody(g, { startDate: '2025-12-31' })))).toEqual({
      status: 409,
      code: 'OUTSIDE_ACTIVE_DATES',
    });
    expect(err(await f.post('/positions', seatBody(g)))).toEqual({ status: 409, code: 'OUTSIDE_ACTIVE_DATES' });
    const seat = await f.position(g, { endDate: '2026-12-31' });
    const e = await f.employee({ startDate: '2026-03-01', endDate: '2026-09-30' });
    expect(
      err(
        await f.post('/assignments', { functionalPositionId: seat, employeeId: e, fte: 1, startDate: '2026-02-28', endDate: '2026-06-30' }),
      ),
    ).toEqual({ status: 409, code: 'OUTSIDE_ACTIVE_DATES' });
    expect(err(await f.post('/assignments', { functionalPositionId: seat, employeeId: e, fte: 1, startDate: '2026-03-01' }))).toEqual({
      status: 409,
      code: 'OUTSIDE_ACTIVE_DATES',
    });
    await f.assign(seat, { employeeId: e, startDate: '2026-03-01', endDate: '2026-09-30' });
  });

  it('02/write rule 4: exactly one of employeeId, contractorId, vacancyId (EXACTLY_ONE_RESOURCE); seat and person are immutable on PUT', async () => {
    const f = fs(t, org);
    const g = await f.group();
    const seat = await f.position(g);
    const seat2 = await f.position(g);
    const e = await f.employee();
    const c = await f.contractor();
    expect(err(await f.post('/assignments', { functionalPositionId: seat, fte: 1, startDate: '2026-01-01' }))).toEqual({
      status: 400,
      code: 'EXACTLY_ONE_RESOURCE',
    });
    expect(
      err(await f.post('/assignments', { functionalPositionId: seat, employeeId: e, contractorId: c, fte: 0.5, startDate: '2026-01-01' })),
    ).toEqual({ status: 400, code: 'EXACTLY_ONE_RESOURCE' });
    expect(
      err(
        await f.post('/assignments', {
          functionalPositionId: seat,
          employeeId: 'cnosuchperson000000000000',
          fte: 0.5,
          startDate: '2026-01-01',
        }),
      ),
    ).toEqual({ status: 404, code: 'NOT_FOUND' });
    const res = await f
      .post('/assignments', { functionalPositionId: seat, contractorId: c, fte: 0.5, startDate: '2026-01-01' })
      .expect(201);
    expect(res.body).toEqual({ data: { id: expect.any(String) } });
    const id = res.body.data.id;
    const body = { functionalPositionId: seat, contractorId: c, fte: 0.25, startDate: '2026-01-01', endDate: '2026-05-31' };
    expect((await f.put(`/assignments/${id}`, body).expect(200)).body).toEqual({ data: { id } });
    expect(err(await f.put(`/assignments/${id}`, { ...body, functionalPositionId: seat2 }))).toEqual({
      status: 409,
      code: 'ASSIGNMENT_IDENTITY_IMMUTABLE',
    });
    expect(err(await f.put(`/assignments/${id}`, { ...body, contractorId: undefined, employeeId: e }))).toEqual({
      status: 409,
      code: 'ASSIGNMENT_IDENTITY_IMMUTABLE',
    });
    expect(err(await f.put('/assignments/cnosuchassignment00000000', body))).toEqual({ status: 404, code: 'NOT_FOUND' });
    const history = await f.changes(id);
    expect(history.map((h) => h.changeType)).toEqual(['create', 'update']);
    expect(history[0].after).toEqual({
      id,
      functionalPositionId: seat,
      employeeId: null,
      employeeExternalId: null,
      contractorId: c,
      contractorExternalId: null,
      vacancyId: null,
      fte: '0.5',
      startDate: '2026-01-01',
      endDate: null,
    });
    expect(history[1].after).toMatchObject({ fte: '0.25', endDate: '2026-05-31' });
  });

  it("02/write rule 5: OVER_ALLOCATED when a seat's occupants exceed its requiredFte on any day; back-to-back occupancies are fine", async () => {
    const f = fs(t, org);
    const g = await f.group();
    const seat = await f.position(g, { requiredFte: 1 });
    const [a, b, c] = [await f.employee(), await f.employee(), await f.employee()];
    await f.assign(seat, { employeeId: a, fte: 0.6, startDate: '2026-01-01', endDate: '2026-03-31' });
    // Ends 03-31, next starts 04-01: never two on one day.
    await f.assign(seat, { employeeId: b, fte: 0.6, startDate: '2026-04-01' });
    // Starting on 03-31 overlaps one day: 1.2 > 1.
    expect(
      err(
        await f.post('/assignments', {
          functionalPositionId: seat,
          employeeId: c,
          fte: 0.6,
          startDate: '2026-03-31',
          endDate: '2026-03-31',
        }),
      ),
    ).toEqual({ status: 409, code: 'OVER_ALLOCATED' });
    await f.assign(seat, { employeeId: c, fte: 0.4, startDate: '2026-02-01' });
    // Lowering requiredFte below what is held: OVER_ALLOCATED.
    expect(err(await f.put(`/positions/${seat}`, seatBody(g, { requiredFte: 0.9 })))).toEqual({ status: 409, code: 'OVER_ALLOCATED' });
  });

  it('02/write rule 5: OVER_ALLOCATED when a person would exceed 1.0 across all seats on any day; a vacancy is limited by its own fte', async () => {
    const f = fs(t, org);
    const g = await f.group();
    const [s1, s2, s3] = [await f.position(g), await f.position(g), await f.position(g)];
    const e = await f.employee();
    await f.assign(s1, { employeeId: e, fte: 0.5 });
    await f.assign(s2, { employeeId: e, fte: 0.5, startDate: '2026-01-01', endDate: '2026-02-28' });
    expect(err(await f.post('/assignments', { functionalPositionId: s3, employeeId: e, fte: 0.1, startDate: '2026-02-28' }))).toEqual({
      status: 409,
      code: 'OVER_ALLOCATED',
    });
    await f.assign(s3, { employeeId: e, fte: 0.5, startDate: '2026-03-01' });
    const v = await f.vacancy({ fte: 0.5 });
    await f.assign(s1 === s1 ? await f.position(g) : s1, { vacancyId: v, fte: 0.3 });
    expect(
      err(await f.post('/assignments', { functionalPositionId: await f.position(g), vacancyId: v, fte: 0.3, startDate: '2026-01-01' })),
    ).toEqual({ status: 409, code: 'OVER_ALLOCATED' });
    // Raising one's own share is measured without its old value.
    const own = await f.assign(await f.position(g), { contractorId: await f.contractor(), fte: 0.5 });
    const [row] = await t.dataSource.query(
      `SELECT functional_position_id AS seat, contractor_id AS c FROM functional_assignments WHERE id = $1`,
      [own],
    );
    await f
      .put(`/assignments/${own}`, { functionalPositionId: row.seat, contractorId: row.c, fte: 1, startDate: '2026-01-01' })
      .expect(200);
  });

  it("02/errors: INVALID_FTE when a vacancy's stored fte is outside (0, 1]", async () => {
    const f = fs(t, org);
    const seat = await f.position(await f.group());
    const v = await f.vacancy({ fte: 0 });
    expect(err(await f.post('/assignments', { functionalPositionId: seat, vacancyId: v, fte: 0.5, startDate: '2026-01-01' }))).toEqual({
      status: 400,
      code: 'INVALID_FTE',
    });
  });

  it('02/transitions retire a position: every occupancy must end by the date (one ending the day before is fine); later ones are FUTURE_CHANGES_EXIST', async () => {
    const f = fs(t, org);
    const g = await f.group();
    const seat = await f.position(g);
    const e = await f.employee();
    const id = await f.assign(seat, { employeeId: e, fte: 1, startDate: '2026-01-01' });
    expect(err(await f.put(`/positions/${seat}`, seatBody(g, { endDate: '2026-06-30' })))).toEqual({
      status: 409,
      code: 'OUTSIDE_ACTIVE_DATES',
    });
    await f
      .put(`/assignments/${id}`, { functionalPositionId: seat, employeeId: e, fte: 1, startDate: '2026-01-01', endDate: '2026-06-29' })
      .expect(200);
    const later = await f.assign(seat, { employeeId: await f.employee(), fte: 1, startDate: '2026-08-01' });
    expect(err(await f.put(`/positions/${seat}`, seatBody(g, { endDate: '2026-06-30' })))).toEqual({
      status: 409,
      code: 'FUTURE_CHANGES_EXIST',
    });
    const [{ employee_id: laterPerson }] = await t.dataSource.query(`SELECT employee_id FROM functional_assignments WHERE id = $1`, [
      later,
    ]);
    await f
      .put(`/assignments/${later}`, {
        functionalPositionId: seat,
        employeeId: laterPerson,
        fte: 1,
        startDate: '2026-06-30',
        endDate: '2026-06-30',
      })
      .expect(200);
    await f.put(`/positions/${seat}`, seatBody(g, { endDate: '2026-06-30' })).expect(200);
    const retire = (await f.changes(seat)).pop()!;
    expect(retire).toMatchObject({ entityType: 'functional_position', changeType: 'update', after: { id: seat, endDate: '2026-06-30' } });
    expect(await f.lines(seat)).toEqual([{ target: null, start: '2026-01-01', end: '2026-06-30' }]);
    // An occupancy past the seat's end is refused.
    expect(
      err(
        await f.post('/assignments', {
          functionalPositionId: seat,
          employeeId: await f.employee(),
          fte: 0.5,
          startDate: '2026-06-30',
          endDate: '2026-07-01',
        }),
      ),
    ).toEqual({ status: 409, code: 'OUTSIDE_ACTIVE_DATES' });
  });

  it('02/write rule 6 ASSIGNMENT: the old assignment ends the day before effectiveDate and a new one starts on it', async () => {
    const f = fs(t, org);
    const g = await f.group();
    const [a, b] = [await f.position(g), await f.position(g, { requiredFte: 0.5 })];
    const e = await f.employee();
    const id = await f.assign(a, { employeeId: e, fte: 0.5, startDate: '2026-01-01', endDate: '2026-12-31' });
    const res = await f.post('/structure/move', { kind: 'ASSIGNMENT', id, targetPositionId: b, effectiveDate: '2026-07-01' }).expect(200);
    const moved = res.body.data.id;
    expect(moved).not.toBe(id);
    expect(await f.assignments(a)).toEqual([{ id, start: '2026-01-01', end: '2026-06-30', fte: '0.5000', position: a }]);
    expect(await f.assignments(b)).toEqual([{ id: moved, start: '2026-07-01', end: '2026-12-31', fte: '0.5000', position: b }]);
    expect((await f.changes(id)).pop()).toMatchObject({
      entityType: 'functional_assignment',
      changeType: 'update',
      after: { endDate: '2026-06-30' },
    });
    expect((await f.changes(moved))[0]).toMatchObject({
      entityType: 'functional_assignment',
      changeType: 'create',
      after: { functionalPositionId: b, startDate: '2026-07-01' },
    });
    // The destination is full now.
    const other = await f.assign(a, { employeeId: await f.employee(), fte: 0.5, startDate: '2026-01-01' });
    expect(
      err(await f.post('/structure/move', { kind: 'ASSIGNMENT', id: other, targetPositionId: b, effectiveDate: '2026-08-01' })),
    ).toEqual({ status: 409, code: 'OVER_ALLOCATED' });
  });

  it("02/write rule 6 ASSIGNMENT: on the occupancy's first day the seat is replaced; on its last day one day moves; outside its days OUTSIDE_ACTIVE_DATES; target null is INVALID_INPUT", async () => {
    const f = fs(t, org);
    const g = await f.group();
    const [a, b] = [await f.position(g), await f.position(g)];
    const e = await f.employee();
    const id = await f.assign(a, { employeeId: e, fte: 1, startDate: '2026-03-01', endDate: '2026-03-31' });
    expect(
      (await f.post('/structure/move', { kind: 'ASSIGNMENT', id, targetPositionId: b, effectiveDate: '2026-03-01' }).expect(200)).body.data
        .id,
    ).toBe(id);
    expect(await f.assignments(b)).toEqual([{ id, start: '2026-03-01', end: '2026-03-31', fte: '1.0000', position: b }]);
    const last = (await f.post('/structure/move', { kind: 'ASSIGNMENT', id, targetPositionId: a, effectiveDate: '2026-03-31' }).expect(200))
      .body.data.id;
    expect(await f.assignments(a)).toEqual([{ id: last, start: '2026-03-31', end: '2026-03-31', fte: '1.0000', position: a }]);
    expect(
      err(await f.post('/structure/move', { kind: 'ASSIGNMENT', id: last, targetPositionId: b, effectiveDate: '2026-04-01' })),
    ).toEqual({ status: 409, code: 'OUTSIDE_ACTIVE_DATES' });
    expect(
      err(await f.post('/structure/move', { kind: 'ASSIGNMENT', id: last, targetPositionId: null, effectiveDate: '2026-03-31' })),
    ).toEqual({ status: 400, code: 'INVALID_INPUT' });
    expect(err(await f.post('/structure/move', { kind: 'SEAT', id: last, targetPositionId: b, effectiveDate: '2026-03-31' }))).toEqual({
      status: 400,
      code: 'INVALID_INPUT',
    });
    const retired = await f.position(g, { endDate: '2026-03-15' });
    const x = await f.assign(a, { employeeId: await f.employee(), fte: 0.5, startDate: '2026-03-01', endDate: '2026-03-20' });
    expect(
      err(await f.post('/structure/move', { kind: 'ASSIGNMENT', id: x, targetPositionId: retired, effectiveDate: '2026-03-10' })),
    ).toEqual({ status: 409, code: 'OUTSIDE_ACTIVE_DATES' });
  });

  it('02/write rule 6 ASSIGNMENT: leap day: a move effective 2028-02-29 ends the old occupancy on 2028-02-28', async () => {
    const f = fs(t, org);
    const g = await f.group();
    const [a, b] = [await f.position(g), await f.position(g)];
    const id = await f.assign(a, { employeeId: await f.employee(), fte: 1, startDate: '2028-01-01' });
    await f.post('/structure/move', { kind: 'ASSIGNMENT', id, targetPositionId: b, effectiveDate: '2028-02-29' }).expect(200);
    expect((await f.assignments(a))[0]).toMatchObject({ id, end: '2028-02-28' });
    expect((await f.assignments(b))[0]).toMatchObject({ start: '2028-02-29', end: null });
  });

  it('02/write rule 6 POSITION: a reporting line from effectiveDate; same group only (POSITION_AREA_IMMUTABLE); no cycle (HIERARCHY_CYCLE)', async () => {
    const f = fs(t, org);
    const g = await f.group();
    const other = await f.group({ name: 'Other' });
    const [lead, dev, intern] = [await f.position(g), await f.position(g), await f.position(g)];
    const foreign = await f.position(other);
    expect(
      (await f.post('/structure/move', { kind: 'POSITION', id: dev, targetPositionId: lead, effectiveDate: '2026-04-01' }).expect(200))
        .body,
    ).toEqual({ data: { id: dev } });
    expect(await f.lines(dev)).toEqual([
      { target: null, start: '2026-01-01', end: '2026-03-31' },
      { target: lead, start: '2026-04-01', end: null },
    ]);
    const update = (await f.changes(dev)).filter((c) => c.entityType === 'functional_position').pop()!;
    expect(update).toMatchObject({ changeType: 'update', before: { reportsToPositionId: null }, after: { reportsToPositionId: lead } });
    await f.post('/structure/move', { kind: 'POSITION', id: intern, targetPositionId: dev, effectiveDate: '2026-04-01' }).expect(200);
    expect(
      err(await f.post('/structure/move', { kind: 'POSITION', id: dev, targetPositionId: foreign, effectiveDate: '2026-05-01' })),
    ).toEqual({ status: 409, code: 'POSITION_AREA_IMMUTABLE' });
    expect(err(await f.post('/structure/move', { kind: 'POSITION', id: dev, targetPositionId: dev, effectiveDate: '2026-05-01' }))).toEqual(
      { status: 409, code: 'HIERARCHY_CYCLE' },
    );
    expect(
      err(await f.post('/structure/move', { kind: 'POSITION', id: lead, targetPositionId: intern, effectiveDate: '2026-05-01' })),
    ).toEqual({ status: 409, code: 'HIERARCHY_CYCLE' });
    // Before dev reports to lead (until 03-31) lead -> intern would still be a cycle from 04-01 on: refused.
    expect(
      err(await f.post('/structure/move', { kind: 'POSITION', id: lead, targetPositionId: intern, effectiveDate: '2026-02-01' })),
    ).toEqual({ status: 409, code: 'HIERARCHY_CYCLE' });
    // Back to nobody from 06-01; a line already scheduled later blocks an earlier change.
    await f.post('/structure/move', { kind: 'POSITION', id: dev, targetPositionId: null, effectiveDate: '2026-06-01' }).expect(200);
    expect(
      err(await f.post('/structure/move', { kind: 'POSITION', id: dev, targetPositionId: lead, effectiveDate: '2026-05-01' })),
    ).toEqual({ status: 409, code: 'FUTURE_CHANGES_EXIST' });
    expect(
      err(
        await f.post('/structure/move', {
          kind: 'POSITION',
          id: 'cnosuchposition0000000000',
          targetPositionId: null,
          effectiveDate: '2026-05-01',
        }),
      ),
    ).toEqual({ status: 404, code: 'NOT_FOUND' });
  });
});
