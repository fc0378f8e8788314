import { changesOf } from '../support/changes';
import { TestApp, Tenant } from '../support/test-app';

describe('contractors and rate adjustments (docs/decisions.md, "People, assignments and compensation")', () => {
  let t: TestApp;
  let tenant: Tenant;
  beforeAll(async () => {
    t = await TestApp.start();
    tenant = await t.createTenant();
  });
  afterAll(() => t.close());

  it('decisions/contractors: create with defaults (contractorType individual) and nested rateAdjustment and teamAssignment, each recorded', async () => {
    const org = await t.createTenant();
    const team = (await org.api('post', '/teams').send({ name: 'T', externalId: 'T1' }).expect(201)).body.data.id;
    const loc = (await org.api('post', '/locations').send({ name: 'Lisbon', currencyCode: 'EUR' }).expect(201)).body.data.id;
    const res = await org
      .api('post', '/contractors')
      .send({
        name: 'Acme Consulting',
        startDate: '2026-03-01',
        geographyId: loc,
        rateAdjustment: { effectiveDate: '2026-03-01', rate: 650, rateType: 'daily', currencyCode: 'EUR' },
        teamAssignment: { teamId: 'T1', fte: 1, startDate: '2026-03-01' },
      })
      .expect(201);
    expect(res.body.data).toMatchObject({
      name: 'Acme Consulting',
      contractorType: 'individual',
      email: null,
      defaultCurrencyCode: 'EUR',
      geographyId: loc,
      externalId: null,
    });
    const rows = await changesOf(t, org.orgId);
    expect(rows.map((r) => r.entityType)).toEqual(['team', 'geography', 'contractor', 'contractor_rate', 'contractor_team_allocation']);
    expect(rows[3].after).toMatchObject({ rate: '650', rateType: 'daily', contractorId: res.body.data.id });
    expect(rows[4].after).toMatchObject({ contractorId: res.body.data.id, targetId: team });
  });

  it('decisions/contractors: validation: name and startDate required, rateType from the four values, email unique when given, managerId an employee (404)', async () => {
    const res = await tenant.api('post', '/contractors').send({}).expect(400);
    expect(res.body.error.details.map((d: { field: string }) => d.field).sort()).toEqual(['name', 'startDate']);
    const bad = await tenant
      .api('post', '/contractors')
      .send({
        name: 'X',
        startDate: '2026-01-01',
        rateAdjustment: { effectiveDate: '2026-01-01', rate: 1, rateType: 'weekly', currencyCode: 'EUR' },
      })
      .expect(400);
    expect(bad.body.error.details[0].field).toBe('rateAdjustment.rateType');
    await tenant.api('post', '/contractors').send({ name: 'A', startDate: '2026-01-01', email: 'a@vendor.test' }).expect(201);
    expect(
      (await tenant.api('post', '/contractors').send({ name: 'B', startDate: '2026-01-01', email: 'A@vendor.test' }).expect(400)).body.error
        .details[0].field,
    ).toBe('email');
    await tenant.api('post', '/contractors').send({ name: 'C', startDate: '2026-01-01', managerId: 'NOBODY' }).expect(404);
  });

  it('decisions/contractors: PATCH is partial with additive nested objects; DELETE removes rates and assignments and records one contractor delete', async () => {
    const org = await t.createTenant();
    await org.api('post', '/teams').send({ name: 'T', externalId: 'T1' }).expect(201);
    const id = (
      await org
        .api('post', '/contractors')
        .send({
          name: 'C',
          startDate: '2026-01-01',
          externalId: 'C-1',
          rateAdjustment: { effectiveDate: '2026-01-01', rate: 100, rateType: 'hourly', currencyCode: 'USD' },
        })
        .expect(201)
    ).body.data.id;
    const patched = await org
      .api('patch', '/contractors/C-1')
      .send({
        contractorType: 'agency',
        externalId: null,
        rateAdjustment: { effectiveDate: '2026-06-01', rate: 120, rateType: 'hourly', currencyCode: 'USD' },
        teamAssignment: { teamId: 'T1', fte: 0.5, startDate: '2026-06-01' },
      })
      .expect(200);
    expect(patched.body.data).toMatchObject({ contractorType: 'agency', externalId: null, name: 'C' });
    const rates = await org.api('get', `/contractors/${id}/rate-adjustments`).expect(200);
    expect(rates.body.data.map((r: { rate: number }) => r.rate)).toEqual([120, 100]);
    await org.api('delete', `/contractors/${id}`).expect(204);
    const left = await t.dataSource.query(
      `SELECT (SELECT count(*) FROM rate_adjustments WHERE organization_id = $1)::int AS r, (SELECT count(*) FROM assignments WHERE organization_id = $1)::int AS a`,
      [org.orgId],
    );
    expect(left[0]).toEqual({ r: 0, a: 0 });
    const last = (await changesOf(t, org.orgId)).pop()!;
    expect({ entityType: last.entityType, changeType: last.changeType }).toEqual({ entityType: 'contractor', changeType: 'delete' });
  });

  it('decisions/rate adjustments: rate adjustments routes need compensation permissions and stay with their contractor', async () => {
    const a = (await tenant.api('post', '/contractors').send({ name: 'RA', startDate: '2026-01-01' }).expect(201)).body.data.id;
    const b = (await tenant.api('post', '/contractors').send({ name: 'RB', startDate: '2026-01-01' }).expect(201)).body.data.id;
    const rate = (
      await tenant
        .api('post', `/contractors/${a}/rate-adjustments`)
        .send({ effectiveDate: '2026-01-01', rate: 50.5, rateType: 'monthly', currencyCode: 'GBP' })
        .expect(201)
    ).body.data;
    expect(rate).toMatchObject({ contractorId: a, rate: 50.5, rateType: 'monthly', currencyCode: 'GBP', reason: null });
    await tenant.api('patch', `/contractors/${b}/rate-adjustments/${rate.id}`).send({ rate: 1 }).expect(404);
    expect((await tenant.api('patch', `/contractors/${a}/rate-adjustments/${rate.id}`).send({ rate: 60 }).expect(200)).body.data.rate).toBe(
      60,
    );
    const viewer = await t.createTenant({ keyPermissions: ['contractors_view', 'contractors_edit'] });
    const c = (await viewer.api('post', '/contractors').send({ name: 'V', startDate: '2026-01-01' }).expect(201)).body.data.id;
    await viewer.api('get', `/contractors/${c}/rate-adjustments`).expect(403);
    await viewer
      .api('post', '/contractors')
      .send({
        name: 'V2',
        startDate: '2026-01-01',
        rateAdjustment: { effectiveDate: '2026-01-01', rate: 1, rateType: 'daily', currencyCode: 'EUR' },
      })
      .expect(403);
  });

  it('contractors: list search and sort, by-id customAttributes, tenant isolation and permissions', async () => {
    const org = await t.createTenant();
    for (const name of ['zeta ltd', 'Alpha LLC', 'beta gmbh'])
      await org.api('post', '/contractors').send({ name, startDate: '2026-01-01' }).expect(201);
    const names = (await org.api('get', '/contractors').expect(200)).body.data.map((c: { name: string }) => c.name);
    expect(names).toEqual(['Alpha LLC', 'beta gmbh', 'zeta ltd']);
    expect((await org.api('get', '/contractors?search=LTD').expect(200)).body.data).toHaveLength(1);
    const one = (await org.api('get', '/contractors?search=alpha').expect(200)).body.data[0];
    expect((await org.api('get', `/contractors/${one.id}`).expect(200)).body.data.customAttributes).toEqual([]);
    await tenant.api('get', `/contractors/${one.id}`).expect(404);
    const noAccess = await t.createTenant({ keyPermissions: ['employees_view'] });
    await noAccess.api('get', '/contractors').expect(403);
  });
});
