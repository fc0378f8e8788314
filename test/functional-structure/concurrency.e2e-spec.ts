import { TestApp, Tenant } from '../support/test-app';
import { fs } from './support';

/**
 * 02/write rule 5 under concurrency: capacity checks take advisory locks on the seat and
 * the person, so parallel requests cannot all pass. On PostgreSQL (DATABASE_URL) the requests run in
 * parallel transactions; on the embedded database its one session serializes them, and the same
 * outcome must hold.
 */
describe('functional capacity under concurrency', () => {
  let t: TestApp;
  let org: Tenant;
  beforeAll(async () => {
    t = await TestApp.start();
    org = await t.createTenant();
  });
  afterAll(() => t.close());

  /** The highest summed FTE on any day (over the start days) of the assignments matching `where`. */
  async function peak(where: string, id: string): Promise<number> {
    const [row] = await t.dataSource.query(
      `SELECT max((SELECT sum(b.fte) FROM functional_assignments b WHERE b.organization_id = $2 AND b.${where} = $1 AND b.start_date <= a.start_date AND (b.end_date IS NULL OR b.end_date >= a.start_date)))::float AS peak
         FROM functional_assignments a WHERE a.organization_id = $2 AND a.${where} = $1`,
      [id, org.orgId],
    );
    return row.peak;
  }

  it('02/write rule 5: 50 parallel 0.3-FTE assignments of one person to 50 seats: exactly 3 accepted, no day over 1.0', async () => {
    const f = fs(t, org);
    const g = await f.group();
    const seats: string[] = [];
    for (let i = 0; i < 50; i++) seats.push(await f.position(g));
    const person = await f.employee();
    const results = await Promise.all(
      seats.map((seat, i) =>
        f.post('/assignments', {
          functionalPositionId: seat,
          employeeId: person,
          fte: 0.3,
          startDate: i % 2 ? '2026-01-01' : '2026-03-01',
        }),
      ),
    );
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 201).length).toBe(3);
    expect(statuses.filter((s) => s !== 201).every((s) => s === 409)).toBe(true);
    expect(results.filter((r) => r.status === 409).every((r) => r.body.error.code === 'OVER_ALLOCATED')).toBe(true);
    expect(await peak('employee_id', person)).toBeLessThanOrEqual(1);
  });

  it('02/write rule 5: 50 parallel 0.3-FTE assignments of 50 people to one 1.0 seat: exactly 3 accepted, no day over the requiredFte', async () => {
    const f = fs(t, org);
    const seat = await f.position(await f.group());
    const people: string[] = [];
    for (let i = 0; i < 50; i++) people.push(await f.employee());
    const results = await Promise.all(
      people.map((employeeId) => f.post('/assignments', { functionalPositionId: seat, employeeId, fte: 0.3, startDate: '2026-01-01' })),
    );
    expect(results.filter((r) => r.status === 201).length).toBe(3);
    expect(results.filter((r) => r.status !== 201).every((r) => r.status === 409 && r.body.error.code === 'OVER_ALLOCATED')).toBe(true);
    expect(await peak('functional_position_id', seat)).toBeLessThanOrEqual(1);
  });
});
