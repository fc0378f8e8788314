import { changesOf } from '../support/changes';
import { TestApp, Tenant } from '../support/test-app';

describe('vacancies (01 Vacancy, Vacancies endpoints; 03 §1.5)', () => {
  let t: TestApp;
  let tenant: Tenant;
  beforeAll(async () => {
    t = await TestApp.start();
    tenant = await t.createTenant();
  });
  afterAll(() => t.close());

  it('01/vacancy create: status open and fte 1.0 by default, isFilled false, nullable fields null', async () => {
    const res = await tenant.api('post', '/vacancies').send({ role: 'Staff Engineer' }).expect(201);
    expect(res.body.data).toEqual({
      id: expect.any(String),
      externalId: null,
      role: 'Staff Engineer',
      description: null,
      status: 'open',
      fte: 1,
      targetStartDate: null,
      targetFillDate: null,
      jobRoleId: null,
      workTypeId: null,
      geographyId: null,
      costCentreId: null,
      salary: null,
      salaryMin: null,
      salaryMax: null,
      currencyCode: null,
      filledByLiveEmployeeId: null,
      filledByLiveContractorId: null,
      isFilled: false,
      hiringManagerId: null,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
  });

  it('01/vacancy status: the five documented values only; fte in 0-1; currencyCode ISO 4217', async () => {
    for (const status of ['open', 'committed', 'filled', 'cancelled', 'on_hold']) {
      expect((await tenant.api('post', '/vacancies').send({ role: 'R', status }).expect(201)).body.data.status).toBe(status);
    }
    expect((await tenant.api('post', '/vacancies').send({ role: 'R', status: 'paused' }).expect(400)).body.error.details[0].field).toBe(
      'status',
    );
    expect((await tenant.api('post', '/vacancies').send({ role: 'R', fte: 1.5 }).expect(400)).body.error.details[0].field).toBe('fte');
    expect((await tenant.api('post', '/vacancies').send({ role: 'R', fte: 0.5 }).expect(201)).body.data.fte).toBe(0.5);
    expect((await tenant.api('post', '/vacancies').send({ role: 'R', currencyCode: 'eur' }).expect(400)).body.error.details[0].field).toBe(
      'currencyCode',
    );
    const id = (await tenant.api('post', '/vacancies').send({ role: 'Hold me' }).expect(201)).body.data.id;
    expect((await tenant.api('patch', `/vacancies/${id}`).send({ status: 'on_hold' }).expect(200)).body.data.status).toBe('on_hold');
  });

  it('03 §1.5: salary is the source of truth; salaryMin/salaryMax set it to their mean (or the one given) and are echoed', async () => {
    const both = await tenant.api('post', '/vacancies').send({ role: 'S', salaryMin: 80000, salaryMax: 100000 }).expect(201);
    expect(both.body.data).toMatchObject({ salary: 90000, salaryMin: 80000, salaryMax: 100000 });
    const one = await tenant.api('post', '/vacancies').send({ role: 'S', salaryMax: 70000 }).expect(201);
    expect(one.body.data).toMatchObject({ salary: 70000, salaryMin: null, salaryMax: 70000 });
    const direct = await tenant.api('post', '/vacancies').send({ role: 'S', salary: 65000.5 }).expect(201);
    expect(direct.body.data).toMatchObject({ salary: 65000.5, salaryMin: null, salaryMax: null });
    expect(
      (await tenant.api('post', '/vacancies').send({ role: 'S', salaryMin: 10, salaryMax: 5 }).expect(400)).body.error.details[0].field,
    ).toBe('salaryMin');
    await tenant.api('post', '/vacancies').send({ role: 'S', salaryMin: -1 }).expect(400);
    const patched = await tenant.api('patch', `/vacancies/${both.body.data.id}`).send({ salaryMax: 120000 }).expect(200);
    expect(patched.body.data).toMatchObject({ salary: 100000, salaryMin: 80000, salaryMax: 120000 });
    await tenant.api('patch', `/vacancies/${both.body.data.id}`).send({ salaryMax: 50000 }).expect(400);
  });

  it('01/vacancy: hiringManagerId is an employee (unresolvable: 404); nested jobRole resolves; externalId rules', async () => {
    const boss = (await tenant.create.employee({ startDate: '2025-01-01', externalId: 'E-HM' })).id;
    const res = await tenant
      .api('post', '/vacancies')
      .send({ role: 'R', hiringManagerId: 'E-HM', jobRole: { title: 'Recruiter', externalId: 'JR-REC' }, externalId: 'V-1' })
      .expect(201);
    expect(res.body.data.hiringManagerId).toBe(boss);
    expect(res.body.data.jobRoleId).toBe((await tenant.api('get', '/job-roles/JR-REC').expect(200)).body.data.id);
    await tenant.api('post', '/vacancies').send({ role: 'R', hiringManagerId: 'E-NONE' }).expect(404);
    expect((await tenant.api('post', '/vacancies').send({ role: 'R', externalId: 'V-1' }).expect(400)).body.error.details[0].field).toBe(
      'externalId',
    );
    expect((await tenant.api('get', '/vacancies/V-1').expect(200)).body.data.id).toBe(res.body.data.id);
  });

  it('01/vacancy isFilled: true while the filler is active; filledBy* are settable by PATCH and mutually exclusive', async () => {
    const org = await t.createTenant();
    const e = (await org.create.employee({ startDate: '2025-01-01' })).id;
    const c = (await org.create.contractor({ startDate: '2025-01-01' })).id;
    const v = (await org.api('post', '/vacancies').send({ role: 'Filled by patch' }).expect(201)).body.data.id;
    expect((await org.api('patch', `/vacancies/${v}`).send({ filledByLiveEmployeeId: e }).expect(200)).body.data).toMatchObject({
      filledByLiveEmployeeId: e,
      isFilled: true,
    });
    expect((await org.api('patch', `/vacancies/${v}`).send({ filledByLiveContractorId: c }).expect(400)).body.error.details[0].field).toBe(
      'filledByLiveContractorId',
    );
    expect(
      (await org.api('patch', `/vacancies/${v}`).send({ filledByLiveEmployeeId: null, filledByLiveContractorId: c }).expect(200)).body.data,
    ).toMatchObject({ filledByLiveEmployeeId: null, filledByLiveContractorId: c, isFilled: true });
    await org
      .api('patch', `/vacancies/${v}`)
      .send({ filledByLiveEmployeeId: 'cxxxxxxxxxxxxxxxxxxxxxxxx', filledByLiveContractorId: null })
      .expect(400);
    // The filler's endDate passes: not filled any more (and the vacancy counts in cost forecasts again).
    await org.api('patch', `/contractors/${c}`).send({ endDate: '2025-12-31' }).expect(200);
    expect((await org.api('get', `/vacancies/${v}`).expect(200)).body.data.isFilled).toBe(false);
    const future = new Date(Date.now() + 10 * 86400000).toISOString().slice(0, 10);
    await org.api('patch', `/contractors/${c}`).send({ endDate: future }).expect(200);
    expect((await org.api('get', `/vacancies/${v}`).expect(200)).body.data.isFilled).toBe(true);
  });

  it('01/vacancies list: excludeFilled defaults to true; false includes filled ones; search role or description; sortBy role', async () => {
    const org = await t.createTenant();
    const e = (await org.create.employee({ startDate: '2025-01-01' })).id;
    await org.api('post', '/vacancies').send({ role: 'zeta analyst', description: 'numbers' }).expect(201);
    await org.api('post', '/vacancies').send({ role: 'Alpha designer' }).expect(201);
    const filled = (await org.api('post', '/vacancies').send({ role: 'Beta engineer', description: 'APIs' }).expect(201)).body.data.id;
    await org.api('patch', `/vacancies/${filled}`).send({ filledByLiveEmployeeId: e }).expect(200);
    const roles = async (q: string) => (await org.api('get', `/vacancies${q}`).expect(200)).body.data.map((v: { role: string }) => v.role);
    expect(await roles('')).toEqual(['Alpha designer', 'zeta analyst']);
    expect(await roles('?excludeFilled=false')).toEqual(['Alpha designer', 'Beta engineer', 'zeta analyst']);
    expect(await roles('?excludeFilled=false&search=apis')).toEqual(['Beta engineer']);
    expect(await roles('?search=NUMBERS')).toEqual(['zeta analyst']);
    expect((await org.api('get', '/vacancies?excludeFilled=false').expect(200)).body.meta.total).toBe(3);
    await org.api('get', '/vacancies?excludeFilled=maybe').expect(400);
  });

  it('01/vacancy by-id read: customAttributes, include=assignments (document 01 shape) and filledByEmployee; an unknown include is 400', async () => {
    const org = await t.createTenant();
    const team = (await org.create.team({ name: 'T' })).id;
    const v = (await org.api('post', '/vacancies').send({ role: 'With allocations' }).expect(201)).body.data.id;
    const a = (
      await org
        .api('post', '/assignments')
        .send({ type: 'team', targetId: team, vacancyId: v, fte: 1, startDate: '2026-01-01' })
        .expect(201)
    ).body.data;
    const read = await org.api('get', `/vacancies/${v}?include=assignments,filledByEmployee`).expect(200);
    expect(read.body.data.customAttributes).toEqual([]);
    expect(read.body.data.filledByEmployee).toBeNull();
    expect(read.body.data.assignments).toEqual([
      {
        id: a.id,
        type: 'team',
        targetId: team,
        fte: 1,
        startDate: '2026-01-01',
        endDate: null,
        createdAt: expect.any(String),
        updatedAt: expect.any(String),
      },
    ]);
    expect((await org.api('get', `/vacancies/${v}?include=owner`).expect(400)).body.error.details[0].field).toBe('include');
    const [rec] = await changesOf(t, org.orgId, { entityId: a.id });
    expect(rec.entityType).toBe('vacancy_team_allocation');
  });

  it('02 events: vacancy create, update and delete are recorded; deleting a vacancy removes its assignments', async () => {
    const org = await t.createTenant();
    const team = (await org.create.team({ name: 'T' })).id;
    const v = (await org.api('post', '/vacancies').send({ role: 'R', salary: 1000.5 }).expect(201)).body.data.id;
    await org.api('post', '/assignments').send({ type: 'team', targetId: team, vacancyId: v, fte: 1, startDate: '2026-01-01' }).expect(201);
    await org.api('patch', `/vacancies/${v}`).send({ role: 'R2' }).expect(200);
    await org.api('delete', `/vacancies/${v}`).expect(204);
    const rows = await changesOf(t, org.orgId, { entityType: 'vacancy' });
    expect(rows.map((r) => r.changeType)).toEqual(['create', 'update', 'delete']);
    expect(rows[0].after).toMatchObject({ role: 'R', salary: '1000.5', fte: '1' });
    const [{ n }] = await t.dataSource.query(`SELECT count(*)::int AS n FROM assignments WHERE organization_id = $1`, [org.orgId]);
    expect(n).toBe(0);
  });

  it('03 §2: vacancies_view reads, vacancies_edit writes; another organization’s vacancy is 404', async () => {
    const viewer = await t.createTenant({ keyPermissions: ['vacancies_view'] });
    await viewer.api('get', '/vacancies').expect(200);
    await viewer.api('post', '/vacancies').send({ role: 'R' }).expect(403);
    const v = (await tenant.api('post', '/vacancies').send({ role: 'Mine' }).expect(201)).body.data.id;
    await viewer.api('get', `/vacancies/${v}`).expect(404);
    await viewer.api('post', `/vacancies/${v}/fill`).send({}).expect(403);
  });
});
