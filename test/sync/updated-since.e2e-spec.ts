import { TestApp, Tenant } from '../support/test-app';

const TABLES = {
  employees: 'employees',
  contractors: 'contractors',
  vacancies: 'vacancies',
  projects: 'projects',
  teams: 'teams',
  assignments: 'assignments',
} as const;
type ListPath = keyof typeof TABLES;

describe('incremental lists (04 §4.3)', () => {
  let t: TestApp;
  let org: Tenant;
  beforeAll(async () => {
    t = await TestApp.start();
    org = await t.createTenant();
  });
  afterAll(() => t.close());

  /** One new record of the list's kind; returns its id. */
  async function create(path: ListPath): Promise<string> {
    switch (path) {
      case 'employees':
        return (await org.create.employee()).id;
      case 'contractors':
        return (await org.create.contractor()).id;
      case 'vacancies':
        return (await org.create.vacancy()).id;
      case 'projects':
        return (await org.create.project()).id;
      case 'teams':
        return (await org.create.team()).id;
      case 'assignments':
        return (await org.create.assignment({ type: 'team', targetId: await create('teams'), employeeId: await create('employees') })).id;
    }
  }

  const ids = async (path: ListPath, since: string): Promise<string[]> =>
    (await org.api('get', `/${path}?limit=100&updatedSince=${encodeURIComponent(since)}`).expect(200)).body.data.map(
      (r: { id: string }) => r.id,
    );

  it.each(Object.keys(TABLES) as ListPath[])(
    '04/§4.3: GET /%s?updatedSince returns the records with updatedAt >= it (inclusive, any offset)',
    async (path) => {
      const old = await create(path);
      const recent = await create(path);
      await t.dataSource.query(`UPDATE ${TABLES[path]} SET updated_at = '2026-03-01T12:00:00.250Z' WHERE id = $1`, [old]);
      await t.dataSource.query(`UPDATE ${TABLES[path]} SET updated_at = '2026-03-02T12:00:00Z' WHERE id = $1`, [recent]);
      expect(await ids(path, '2026-03-02T00:00:00Z')).toEqual([recent]);
      // The boundary is inclusive, to the millisecond the API shows; an offset names the same instant.
      expect((await ids(path, '2026-03-01T12:00:00.250Z')).sort()).toEqual([old, recent].sort());
      expect((await ids(path, '2026-03-01T13:00:00.250+01:00')).sort()).toEqual([old, recent].sort());
      expect(await ids(path, '2026-03-01T12:00:00.251Z')).toEqual([recent]);
      expect(await ids(path, '2026-03-02T12:00:00.001Z')).toEqual([]);
      // A write moves the record's updatedAt, so it shows up again.
      const detail = (await org.api('get', `/${path}/${old}`).expect(200)).body.data;
      expect(detail.updatedAt).toBe('2026-03-01T12:00:00.250Z');
    },
  );

  it('04/§4.3: an update makes the record appear in the next incremental read', async () => {
    const since = new Date().toISOString();
    const team = await create('teams');
    const before = await ids('teams', since);
    expect(before).toContain(team);
    await t.dataSource.query(`UPDATE teams SET updated_at = '2020-01-01T00:00:00Z' WHERE id = $1`, [team]);
    expect(await ids('teams', since)).not.toContain(team);
    await org
      .api('patch', `/teams/${team}`)
      .send({ name: `Renamed ${team}` })
      .expect(200);
    expect(await ids('teams', since)).toContain(team);
  });

  it.each(['2026-03-01', 'yesterday', '2026-02-30T00:00:00Z', '2026-03-01T24:00:00Z', '2026-03-01T10:00:00', '1700000000', ''])(
    '04/§4.3: updatedSince=%p is not a datetime: 400 naming updatedSince',
    async (value) => {
      const res = await org.api('get', `/employees?updatedSince=${encodeURIComponent(value)}`).expect(400);
      expect(res.body.error).toMatchObject({
        code: 'VALIDATION_ERROR',
        details: [{ field: 'updatedSince', message: expect.stringContaining('ISO 8601 datetime') }],
      });
    },
  );
});
