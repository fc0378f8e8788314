import { TestApp, Tenant } from '../support/test-app';

describe('includes on lists (04 §4.6)', () => {
  let t: TestApp;
  let tenant: Tenant;
  let teamId: string;
  beforeAll(async () => {
    t = await TestApp.start();
    tenant = await t.createTenant();
    teamId = (await tenant.create.team({ name: 'Platform' })).id;
  });
  afterAll(() => t.close());

  const employee = async (salaries: number[], withTeam: boolean) => {
    const { id } = await tenant.create.employee({
      startDate: '2026-01-05',
      salary: { effectiveDate: '2026-01-05', salary: salaries[0], currencyCode: 'EUR' },
      ...(withTeam ? { teamAssignment: { teamId, fte: 0.5, startDate: '2026-01-05' } } : {}),
    });
    for (const [i, salary] of salaries.slice(1).entries()) {
      await tenant
        .api('post', `/employees/${id}/salary-adjustments`)
        .send({ effectiveDate: `2026-0${i + 2}-01`, salary, currencyCode: 'EUR' })
        .expect(201);
    }
    return id;
  };
  const contractor = async (rates: number[], withTeam: boolean) => {
    const { id } = await tenant.create.contractor({
      startDate: '2026-01-05',
      rateAdjustment: { effectiveDate: '2026-01-05', rate: rates[0], rateType: 'daily', currencyCode: 'EUR' },
      ...(withTeam ? { teamAssignment: { teamId, fte: 1, startDate: '2026-01-05' } } : {}),
    });
    for (const [i, rate] of rates.slice(1).entries()) {
      await tenant
        .api('post', `/contractors/${id}/rate-adjustments`)
        .send({ effectiveDate: `2026-0${i + 2}-01`, rate, rateType: 'daily', currencyCode: 'EUR' })
        .expect(201);
    }
    return id;
  };

  it('04/§4.6: GET /employees accepts include=currentSalary,assignments and answers each row as its by-id read does', async () => {
    const a = await employee([80000, 85000], true);
    const b = await employee([70000], false);
    const list = await tenant.api('get', '/employees?include=currentSalary,assignments&limit=100').expect(200);
    for (const id of [a, b]) {
      const row = list.body.data.find((e: { id: string }) => e.id === id);
      const one = await tenant.api('get', `/employees/${id}?include=currentSalary,assignments`).expect(200);
      const { customAttributes: _ignored, ...byId } = one.body.data;
      expect(row).toEqual(byId);
    }
    const rowA = list.body.data.find((e: { id: string }) => e.id === a);
    expect(rowA.currentSalary).toMatchObject({ salary: 85000, effectiveDate: '2026-02-01' });
    expect(rowA.assignments).toEqual([expect.objectContaining({ targetId: teamId, fte: 0.5 })]);
    expect(list.body.data.find((e: { id: string }) => e.id === b).assignments).toEqual([]);
    const plain = await tenant.api('get', '/employees?limit=100').expect(200);
    expect(plain.body.data[0].currentSalary).toBeUndefined();
  });

  it('04/§4.6: GET /contractors and GET /contractors/:id accept include=currentRate,rateHistory,assignments', async () => {
    const c = await contractor([500, 550, 600], true);
    const one = await tenant.api('get', `/contractors/${c}?include=currentRate,rateHistory,assignments`).expect(200);
    expect(one.body.data.currentRate).toMatchObject({ rate: 600, rateType: 'daily', contractorId: c });
    expect(one.body.data.rateHistory.map((r: { rate: number }) => r.rate)).toEqual([600, 550, 500]);
    expect(one.body.data.assignments).toEqual([expect.objectContaining({ targetId: teamId, fte: 1 })]);
    const list = await tenant.api('get', '/contractors?include=currentRate,rateHistory,assignments&limit=100').expect(200);
    const { customAttributes: _ignored, ...byId } = one.body.data;
    expect(list.body.data.find((r: { id: string }) => r.id === c)).toEqual(byId);
  });

  it('04/§4.6: an include that is not allowed is 400; rate and salary includes need compensation_view, assignments assignments_view', async () => {
    const bad = await tenant.api('get', '/contractors?include=currentSalary').expect(400);
    expect(bad.body.error.details[0].field).toBe('include');
    await tenant.api('get', '/employees?include=manager').expect(400);
    const viewer = await t.createKey(tenant, ['employees_view', 'contractors_view']);
    const as = (path: string) => t.http().get(`/api/v1/org/${tenant.orgId}${path}`).set('Authorization', `Bearer ${viewer.key}`);
    await as('/employees?include=currentSalary').expect(403);
    await as('/employees?include=assignments').expect(403);
    await as('/contractors?include=currentRate').expect(403);
    await as('/contractors?include=assignments').expect(403);
    const c = await contractor([400], false);
    await as(`/contractors/${c}?include=rateHistory`).expect(403);
    await as('/contractors').expect(200);
  });
});
