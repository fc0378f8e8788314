import { TestApp } from '../support/test-app';
import { fs } from './support';

describe('people and vacancies holding seats (decisions/people with document 02: nothing is deleted)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await TestApp.start();
  });
  afterAll(() => t.close());

  it('an employee, contractor or vacancy holding a seat today or later cannot be deleted (409); once the occupancy ended, it can', async () => {
    const org = await t.createTenant({ functionalGroupsEnabled: true });
    const f = fs(t, org);
    const group = await f.group();
    const seat = await f.position(group, { requiredFte: 1 });
    const employee = await f.employee();
    const contractor = await f.contractor();
    const vacancy = await f.vacancy();
    const a = await f.assign(seat, { employeeId: employee, fte: 0.4 });
    await f.assign(seat, { contractorId: contractor, fte: 0.3 });
    await f.assign(seat, { vacancyId: vacancy, fte: 0.3 });
    for (const path of [`/employees/${employee}`, `/contractors/${contractor}`, `/vacancies/${vacancy}`]) {
      const res = await org.api('delete', path).expect(409);
      expect(res.body.error.message).toContain('seat assignments');
    }
    await f
      .put(`/assignments/${a}`, {
        functionalPositionId: seat,
        employeeId: employee,
        fte: 0.4,
        startDate: '2026-01-01',
        endDate: '2026-01-31',
      })
      .expect(200);
    await org.api('delete', `/employees/${employee}`).expect(204);
    // The ended occupancy stays as history.
    expect(await f.assignments(seat)).toHaveLength(3);
  });
});
