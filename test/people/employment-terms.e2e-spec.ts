import { changesOf, lastSeq } from '../support/changes';
import { fixClock, type TestClock } from '../support/clock';
import { Tenant, TestApp } from '../support/test-app';

describe('07/§5.1 employment terms', () => {
  let t: TestApp;
  let org: Tenant;
  let clock: TestClock;
  beforeAll(async () => {
    t = await TestApp.start();
    org = await t.createTenant();
  });
  afterEach(() => clock?.restore());
  afterAll(() => t.close());

  it('07/§5.1: fte is 1 by default, takes 0 < fte <= 1 with 4 decimals, and is returned', async () => {
    expect((await org.create.employee()).fte).toBe(1);
    expect((await org.create.employee({ fte: 0.5 })).fte).toBe(0.5);
    for (const fte of [0, -0.5, 1.5, 0.12345]) {
      const res = await org
        .api('post', '/employees')
        .send({ firstName: 'A', lastName: 'B', email: `x${fte}@e.com`, startDate: '2026-01-01', fte });
      expect(res.status).toBe(400);
      expect(res.body.error.details[0].field).toBe('fte');
    }
  });

  it('07/§5.1: terms have routes; the top-level values are those in force today, or on asOf', async () => {
    clock = fixClock('2026-03-10T12:00:00Z');
    const [alpha, beta] = [await org.create.costCentre(), await org.create.costCentre()];
    const paris = await org.create.location({ name: 'Paris terms' });
    const e = await org.create.employee({ startDate: '2025-01-01', costCentreId: alpha.id });
    const first = await org.api('post', `/employees/${e.id}/terms`).send({ effectiveDate: '2026-02-01', fte: 0.5 }).expect(201);
    expect(first.body.data).toEqual({
      id: expect.any(String),
      employeeId: e.id,
      effectiveDate: '2026-02-01',
      fte: 0.5,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    const move = await org
      .api('post', `/employees/${e.id}/terms`)
      .send({ effectiveDate: '2026-04-15', costCentreId: beta.id, locationId: paris.id })
      .expect(201);
    const today = (await org.api('get', `/employees/${e.id}`).expect(200)).body.data;
    expect([today.fte, today.costCentreId, today.geographyId]).toEqual([0.5, alpha.id, null]);
    const later = (await org.api('get', `/employees/${e.id}?asOf=2026-04-15`).expect(200)).body.data;
    expect([later.fte, later.costCentreId, later.geographyId]).toEqual([0.5, beta.id, paris.id]);
    const before = (await org.api('get', `/employees/${e.id}?asOf=2026-01-31`).expect(200)).body.data;
    expect([before.fte, before.costCentreId]).toEqual([1, alpha.id]);
    const listed = (await org.api('get', `/employees?asOf=2026-05-01&search=${encodeURIComponent(e.email)}`).expect(200)).body.data;
    expect(listed.map((x: { costCentreId: string }) => x.costCentreId)).toEqual([beta.id]);

    const terms = (await org.api('get', `/employees/${e.id}/terms`).expect(200)).body.data;
    expect(terms.map((x: { effectiveDate: string }) => x.effectiveDate)).toEqual(['2026-04-15', '2026-02-01']);
    await org.api('patch', `/employees/${e.id}/terms/${move.body.data.id}`).send({ effectiveDate: '2026-03-01' }).expect(200);
    expect((await org.api('get', `/employees/${e.id}`).expect(200)).body.data.costCentreId).toBe(beta.id);
    await org.api('delete', `/employees/${e.id}/terms/${move.body.data.id}`).expect(204);
    expect((await org.api('get', `/employees/${e.id}`).expect(200)).body.data.costCentreId).toBe(alpha.id);
  });

  it("07/§5.1: one term per employee and day (400 on effectiveDate); bad values are 400; another employee's term is 404", async () => {
    const e = await org.create.employee({ startDate: '2025-01-01' });
    await org.api('post', `/employees/${e.id}/terms`).send({ effectiveDate: '2026-02-01', fte: 0.8 }).expect(201);
    const dup = await org.api('post', `/employees/${e.id}/terms`).send({ effectiveDate: '2026-02-01', fte: 0.6 }).expect(400);
    expect(dup.body.error.details[0].field).toBe('effectiveDate');
    const bad = await org.api('post', `/employees/${e.id}/terms`).send({ effectiveDate: '2026-02-30', fte: 2 }).expect(400);
    expect(bad.body.error.details.map((d: { field: string }) => d.field).sort()).toEqual(['effectiveDate', 'fte']);
    const unknown = await org
      .api('post', `/employees/${e.id}/terms`)
      .send({ effectiveDate: '2026-03-01', costCentreId: 'no-such' })
      .expect(400);
    expect(unknown.body.error.details[0].field).toBe('costCentreId');
    const other = await org.create.employee();
    const term = (await org.api('get', `/employees/${e.id}/terms`).expect(200)).body.data[0];
    await org.api('patch', `/employees/${other.id}/terms/${term.id}`).send({ fte: 0.3 }).expect(404);
  });

  it('07/§5.1: a PATCH of a term field records a term effective today; the past keeps its values', async () => {
    clock = fixClock('2026-03-10T12:00:00Z');
    const [alpha, beta] = [await org.create.costCentre(), await org.create.costCentre()];
    const e = await org.create.employee({ startDate: '2025-01-01', costCentreId: alpha.id });
    const seq = await lastSeq(t, org.orgId);
    const patched = await org.api('patch', `/employees/${e.id}`).send({ costCentreId: beta.id, fte: 0.75 }).expect(200);
    expect([patched.body.data.costCentreId, patched.body.data.fte]).toEqual([beta.id, 0.75]);
    const terms = (await org.api('get', `/employees/${e.id}/terms`).expect(200)).body.data;
    expect(terms).toEqual([expect.objectContaining({ effectiveDate: '2026-03-10', costCentreId: beta.id, fte: 0.75 })]);
    expect((await org.api('get', `/employees/${e.id}?asOf=2026-03-09`).expect(200)).body.data.costCentreId).toBe(alpha.id);
    // The same values again change nothing; another change the same day goes into that day's term.
    await org.api('patch', `/employees/${e.id}`).send({ costCentreId: beta.id }).expect(200);
    await org.api('patch', `/employees/${e.id}`).send({ fte: 1 }).expect(200);
    const again = (await org.api('get', `/employees/${e.id}/terms`).expect(200)).body.data;
    expect(again).toEqual([expect.objectContaining({ effectiveDate: '2026-03-10', costCentreId: beta.id, fte: 1 })]);
    const changes = await changesOf(t, org.orgId, { afterSeq: seq, entityType: 'employment_term' });
    expect(changes.map((c) => c.changeType)).toEqual(['create', 'update']);
  });

  it("07/§5.1: before the start, a PATCH changes the employee's own values (no term)", async () => {
    clock = fixClock('2026-03-10T12:00:00Z');
    const cc = await org.create.costCentre();
    const e = await org.create.employee({ startDate: '2026-06-01' });
    await org.api('patch', `/employees/${e.id}`).send({ costCentreId: cc.id }).expect(200);
    expect((await org.api('get', `/employees/${e.id}/terms`).expect(200)).body.data).toEqual([]);
    expect((await org.api('get', `/employees/${e.id}?asOf=2026-06-01`).expect(200)).body.data.costCentreId).toBe(cc.id);
  });
});
