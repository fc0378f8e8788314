import { changesOf, lastSeq } from '../support/changes';
import { TestApp, Tenant } from '../support/test-app';

describe('01 "Fill a vacancy"', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await TestApp.start();
  });
  afterAll(() => t.close());

  /** An organization with a vacancy holding two team and one project assignment, and the references to fall back on. */
  async function setup(): Promise<{ org: Tenant; vacancy: string; refs: Record<string, string> }> {
    const org = await t.createTenant();
    const team = (await org.create.team({ name: 'Team' })).id;
    const team2 = (await org.create.team({ name: 'Team 2' })).id;
    const project = (await org.api('post', '/projects').send({ name: 'Project', startDate: '2026-01-01' }).expect(201)).body.data.id;
    const jobRole = (await org.create.jobRole({ title: 'Engineer' })).id;
    const location = (await org.api('post', '/locations').send({ name: 'Oslo', currencyCode: 'NOK' }).expect(201)).body.data.id;
    const workType = (await org.api('post', '/resource-types').send({ name: 'Permanent' }).expect(201)).body.data.id;
    const manager = (await org.create.employee({ startDate: '2024-01-01' })).id;
    const vacancy = (
      await org
        .api('post', '/vacancies')
        .send({ role: 'Engineer', jobRoleId: jobRole, geographyId: location, workTypeId: workType, hiringManagerId: manager })
        .expect(201)
    ).body.data.id;
    const alloc = (body: Record<string, unknown>) =>
      org
        .api('post', '/assignments')
        .send({ vacancyId: vacancy, fte: 1, ...body })
        .expect(201);
    await alloc({ type: 'team', targetId: team, startDate: '2026-01-01', role: 'Builder' });
    await alloc({ type: 'team', targetId: team2, startDate: '2026-09-01', endDate: '2026-12-31', fte: 0.5 });
    await alloc({ type: 'project', targetId: project, startDate: '2026-01-01', endDate: '2027-06-30' });
    await alloc({ type: 'team', targetId: team2, startDate: '2025-01-01', endDate: '2025-12-31' }); // ended before: untouched
    return { org, vacancy, refs: { team, team2, project, jobRole, location, workType, manager } };
  }

  it('01/fill rules 3 and 5: employee branch: filler, initial salary (in the answer too), fallbacks, assignment transfer, status, exact response', async () => {
    const { org, vacancy, refs } = await setup();
    const seq = await lastSeq(t, org.orgId);
    const res = await org
      .api('post', `/vacancies/${vacancy}/fill`)
      .send({ startDate: '2026-06-01', currencyCode: 'EUR', firstName: 'New', lastName: 'Hire', salary: 95000 })
      .expect(200);
    const employeeId = res.body.data.employee.id;
    expect(res.body).toEqual({
      data: {
        employee: {
          id: expect.any(String),
          firstName: 'New',
          lastName: 'Hire',
          email: expect.stringMatching(/@placeholder\.invalid$/),
          internalEmployeeId: null,
          startDate: '2026-06-01',
          endDate: null,
          managerId: refs.manager,
          jobRoleId: refs.jobRole,
          workTypeId: refs.workType,
          geographyId: refs.location,
          defaultCurrencyCode: 'EUR',
          createdAt: expect.any(String),
          updatedAt: expect.any(String),
          currentSalary: expect.objectContaining({
            employeeId: expect.any(String),
            salary: 95000,
            currencyCode: 'EUR',
            effectiveDate: '2026-06-01',
          }),
        },
        contractor: null,
        vacancyId: vacancy,
        teamAllocationsTransferred: 2,
        projectAllocationsTransferred: 1,
      },
    });
    const v = (await org.api('get', `/vacancies/${vacancy}?include=assignments`).expect(200)).body.data;
    expect(v).toMatchObject({ status: 'filled', filledByLiveEmployeeId: employeeId, filledByLiveContractorId: null, isFilled: true });
    const ends = v.assignments.map((a: { targetId: string; startDate: string; endDate: string | null }) => [
      a.targetId,
      a.startDate,
      a.endDate,
    ]);
    expect(ends).toEqual(
      expect.arrayContaining([
        [refs.team, '2026-01-01', '2026-05-31'],
        [refs.project, '2026-01-01', '2026-05-31'],
        [refs.team2, '2025-01-01', '2025-12-31'],
      ]),
    );
    expect(ends).toHaveLength(3); // the one starting after startDate moved whole
    const mine = (await org.api('get', `/assignments?employeeId=${employeeId}`).expect(200)).body.data;
    expect(
      mine.map((a: { targetId: string; startDate: string; endDate: string | null; fte: number; role: string | null }) => [
        a.targetId,
        a.startDate,
        a.endDate,
        a.fte,
        a.role,
      ]),
    ).toEqual(
      expect.arrayContaining([
        [refs.team, '2026-06-01', null, 1, 'Builder'],
        [refs.team2, '2026-09-01', '2026-12-31', 0.5, null],
        [refs.project, '2026-06-01', '2027-06-30', 1, null],
      ]),
    );
    const salary = (await org.api('get', `/employees/${employeeId}?include=currentSalary`).expect(200)).body.data.currentSalary;
    expect(salary).toMatchObject({ salary: 95000, currencyCode: 'EUR', effectiveDate: '2026-06-01' });
    expect(res.body.data.employee.currentSalary).toEqual(salary);
    // 02 events: vacancy update, employee create, salary_adjustment create; moved allocations are audit-only.
    const events = await changesOf(t, org.orgId, { afterSeq: seq });
    const sent = events.filter((e) => e.dispatchStatus !== null).map((e) => `${e.entityType}:${e.changeType}`);
    expect(sent.sort()).toEqual(['employee:create', 'salary_adjustment:create', 'vacancy:update']);
    expect(events.filter((e) => e.entityType.endsWith('_allocation')).length).toBeGreaterThan(0);
  });

  it('01/fill rule 4: contractor branch: contractor with initial rate, assignments transferred, filledByLiveContractorId', async () => {
    const { org, vacancy, refs } = await setup();
    const seq = await lastSeq(t, org.orgId);
    const res = await org
      .api('post', `/vacancies/${vacancy}/fill`)
      .send({ fillerType: 'contractor', startDate: '2026-06-01', currencyCode: 'GBP', name: 'Agency Ltd', rate: 700, rateType: 'daily' })
      .expect(200);
    const { contractor, employee } = res.body.data;
    expect(employee).toBeNull();
    expect(contractor).toMatchObject({
      name: 'Agency Ltd',
      contractorType: 'individual',
      startDate: '2026-06-01',
      managerId: refs.manager,
      jobRoleId: refs.jobRole,
      defaultCurrencyCode: 'GBP',
    });
    expect(res.body.data).toMatchObject({ vacancyId: vacancy, teamAllocationsTransferred: 2, projectAllocationsTransferred: 1 });
    const rates = (await org.api('get', `/contractors/${contractor.id}/rate-adjustments`).expect(200)).body.data;
    expect(rates).toEqual([expect.objectContaining({ rate: 700, rateType: 'daily', currencyCode: 'GBP', effectiveDate: '2026-06-01' })]);
    expect(contractor.currentRate).toEqual(rates[0]);
    const v = (await org.api('get', `/vacancies/${vacancy}?include=assignments`).expect(200)).body.data;
    expect(v).toMatchObject({ status: 'filled', filledByLiveContractorId: contractor.id, isFilled: true });
    type Row = { targetId: string; startDate: string; endDate: string | null; fte: number; role: string | null };
    const byStart = (a: unknown[], b: unknown[]) => `${String(a[0])} ${String(a[1])}`.localeCompare(`${String(b[0])} ${String(b[1])}`);
    // The vacancy keeps what ran before the start date, cut the day before; the one starting after it moved whole.
    expect(v.assignments.map((a: Row) => [a.targetId, a.startDate, a.endDate]).sort(byStart)).toEqual(
      [
        [refs.team, '2026-01-01', '2026-05-31'],
        [refs.project, '2026-01-01', '2026-05-31'],
        [refs.team2, '2025-01-01', '2025-12-31'],
      ].sort(byStart),
    );
    const theirs = (await org.api('get', `/assignments?contractorId=${contractor.id}`).expect(200)).body.data;
    expect(theirs.map((a: Row) => [a.targetId, a.startDate, a.endDate, a.fte, a.role]).sort(byStart)).toEqual(
      [
        [refs.team, '2026-06-01', null, 1, 'Builder'],
        [refs.team2, '2026-09-01', '2026-12-31', 0.5, null],
        [refs.project, '2026-06-01', '2027-06-30', 1, null],
      ].sort(byStart),
    );
    const sent = (await changesOf(t, org.orgId, { afterSeq: seq }))
      .filter((e) => e.dispatchStatus !== null)
      .map((e) => `${e.entityType}:${e.changeType}`);
    expect(sent.sort()).toEqual(['contractor:create', 'vacancy:update']);
  });

  it('01/fill rule 1: fields of the other branch are 400, and so are missing branch fields; nothing is written', async () => {
    const { org, vacancy } = await setup();
    const seq = await lastSeq(t, org.orgId);
    const wrong = await org
      .api('post', `/vacancies/${vacancy}/fill`)
      .send({ startDate: '2026-06-01', currencyCode: 'EUR', firstName: 'A', lastName: 'B', salary: 1, name: 'X' })
      .expect(400);
    expect(wrong.body.error).toMatchObject({ code: 'VALIDATION_ERROR', details: [{ field: 'name', message: expect.any(String) }] });
    const wrongC = await org
      .api('post', `/vacancies/${vacancy}/fill`)
      .send({
        fillerType: 'contractor',
        startDate: '2026-06-01',
        currencyCode: 'EUR',
        name: 'X',
        rate: 1,
        rateType: 'daily',
        email: 'x@example.com',
        jobRoleId: 'x',
      })
      .expect(400);
    expect(wrongC.body.error.details.map((d: { field: string }) => d.field).sort()).toEqual(['email', 'jobRoleId']);
    const missing = await org
      .api('post', `/vacancies/${vacancy}/fill`)
      .send({ startDate: '2026-06-01', currencyCode: 'EUR', firstName: 'A' })
      .expect(400);
    expect(missing.body.error.details.map((d: { field: string }) => d.field).sort()).toEqual(['lastName', 'salary']);
    await org.api('post', `/vacancies/${vacancy}/fill`).send({ currencyCode: 'EUR', firstName: 'A', lastName: 'B', salary: 1 }).expect(400);
    await org
      .api('post', `/vacancies/${vacancy}/fill`)
      .send({ fillerType: 'robot', startDate: '2026-06-01', currencyCode: 'EUR' })
      .expect(400);
    expect(await changesOf(t, org.orgId, { afterSeq: seq })).toEqual([]);
    expect((await org.api('get', `/vacancies/${vacancy}`).expect(200)).body.data.status).toBe('open');
  });

  it('01/fill rule 2: a vacancy whose isFilled is true is 409 CONFLICT; once the filler left it can be filled again', async () => {
    const { org, vacancy } = await setup();
    const first = await org
      .api('post', `/vacancies/${vacancy}/fill`)
      .send({ startDate: '2026-06-01', currencyCode: 'EUR', firstName: 'A', lastName: 'B', salary: 1, email: 'a.b@example.com' })
      .expect(200);
    const again = await org
      .api('post', `/vacancies/${vacancy}/fill`)
      .send({ startDate: '2026-07-01', currencyCode: 'EUR', firstName: 'C', lastName: 'D', salary: 1 })
      .expect(409);
    expect(again.body).toEqual({ error: { code: 'CONFLICT', message: expect.any(String) } });
    await org.api('patch', `/employees/${first.body.data.employee.id}`).send({ endDate: '2026-06-30' }).expect(200);
    expect((await org.api('get', `/vacancies/${vacancy}`).expect(200)).body.data.isFilled).toBe(false);
    await org
      .api('post', `/vacancies/${vacancy}/fill`)
      .send({ startDate: '2026-07-01', currencyCode: 'EUR', firstName: 'C', lastName: 'D', salary: 1 })
      .expect(200);
  });

  it('01/fill: two concurrent fills of one vacancy: exactly one succeeds', async () => {
    const { org, vacancy } = await setup();
    const attempts = await Promise.all(
      Array.from({ length: 4 }, (_, i) =>
        org
          .api('post', `/vacancies/${vacancy}/fill`)
          .send({ startDate: '2026-06-01', currencyCode: 'EUR', firstName: `P${i}`, lastName: 'Q', salary: 1 }),
      ),
    );
    expect(attempts.map((r) => r.status).sort()).toEqual([200, 409, 409, 409]);
    const [{ n }] = await t.dataSource.query(`SELECT count(*)::int AS n FROM employees WHERE organization_id = $1 AND last_name = 'Q'`, [
      org.orgId,
    ]);
    expect(n).toBe(1);
  });

  it('01 rule 8: a fill sent with scenarioId is 501; a job role given in the body wins over the vacancy’s; the e-mail given is kept', async () => {
    const { org, vacancy } = await setup();
    await org
      .api('post', `/vacancies/${vacancy}/fill?scenarioId=any`)
      .send({ startDate: '2026-06-01', currencyCode: 'EUR', firstName: 'A', lastName: 'B', salary: 1 })
      .expect(501);
    const res = await org
      .api('post', `/vacancies/${vacancy}/fill`)
      .send({
        startDate: '2026-06-01',
        currencyCode: 'EUR',
        firstName: 'A',
        lastName: 'B',
        salary: 1,
        email: 'real@example.com',
        jobRole: { title: 'Principal' },
      })
      .expect(200);
    expect(res.body.data.employee.email).toBe('real@example.com');
    const role = (await org.api('get', `/job-roles/${res.body.data.employee.jobRoleId}`).expect(200)).body.data;
    expect(role.title).toBe('Principal');
  });

  it('decisions/people: deleting the employee who filled a vacancy clears filledByLiveEmployeeId', async () => {
    const { org, vacancy } = await setup();
    const res = await org
      .api('post', `/vacancies/${vacancy}/fill`)
      .send({ startDate: '2026-06-01', currencyCode: 'EUR', firstName: 'A', lastName: 'B', salary: 1 })
      .expect(200);
    await org.api('delete', `/employees/${res.body.data.employee.id}`).expect(204);
    expect((await org.api('get', `/vacancies/${vacancy}`).expect(200)).body.data).toMatchObject({
      filledByLiveEmployeeId: null,
      isFilled: false,
      status: 'filled',
    });
  });
});
