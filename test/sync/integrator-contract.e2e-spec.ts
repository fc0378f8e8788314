import type { Response } from 'supertest';
import { TestApp, Tenant } from '../support/test-app';

/**
 * The integrator's contract: a typo never loses data silently (every JSON body, nested objects and
 * bulk items included), writes hand back the ETag the next write needs, one problem gets one detail,
 * and `search` finds the ids an integrator holds.
 */
describe("the integrator's contract (06 §2, 03 §1.13)", () => {
  let t: TestApp;
  let org: Tenant;

  beforeAll(async () => {
    t = await TestApp.start();
    org = await t.createTenant();
  });
  afterAll(() => t.close());

  /** The answer is 400 with exactly these unknown fields named, one detail each (other details allowed). */
  function unknownFields(res: Response, fields: string[], code = 'VALIDATION_ERROR'): void {
    expect(`${res.status} ${res.body.error?.code}`).toBe(`400 ${code}`);
    const named = (res.body.error.details as { field: string; message: string }[]).filter((d) =>
      d.message.endsWith('is not a known field'),
    );
    expect(named.map((d) => d.field).sort()).toEqual([...fields].sort());
    for (const d of named) expect(d.message).toBe(`${d.field} is not a known field`);
  }

  const count = async (table: string): Promise<number> =>
    Number((await t.dataSource.query(`SELECT count(*)::int AS n FROM ${table} WHERE organization_id = $1`, [org.orgId]))[0].n);

  describe('03/§1.13: unknown body fields are 400 naming each one; nothing is written', () => {
    it('03/§1.13 public creates and PATCH: `salaryy` and `department` on POST /employees, each named; nothing created', async () => {
      const before = await count('employees');
      const res = await org.api('post', '/employees').send({
        firstName: 'Typo',
        lastName: 'Person',
        email: `typo.${process.pid}@example.com`,
        startDate: '2026-01-01',
        salaryy: 5,
        department: 'X',
      });
      unknownFields(res, ['salaryy', 'department']);
      expect(res.body.error.details).toHaveLength(2);
      expect(await count('employees')).toBe(before);
      const team = await org.create.team({ name: 'Strict' });
      unknownFields(await org.api('patch', `/teams/${team.id}`).send({ name: 'Renamed', colour: 'red' }), ['colour']);
      expect((await org.api('get', `/teams/${team.id}`).expect(200)).body.data.name).toBe('Strict');
      unknownFields(await org.api('post', '/locations').send({ name: 'Leeds', postcode: 'LS1' }), ['postcode']);
    });

    it('03/§1.13 nested objects: an unknown field inside salary or a nested assignment is named by its dot path', async () => {
      const team = await org.create.team({ name: 'Nested' });
      const res = await org.api('post', '/employees').send({
        firstName: 'Nested',
        lastName: 'Typo',
        email: `nested.${process.pid}@example.com`,
        startDate: '2026-01-01',
        salary: { effectiveDate: '2026-01-01', salary: 1, currencyCode: 'EUR', bonuss: 3 },
        teamAssignment: { teamId: team.id, fte: 1, startDate: '2026-01-01', rolee: 'lead' },
      });
      unknownFields(res, ['salary.bonuss', 'teamAssignment.rolee']);
    });

    it('03/§1.13 bulk items: each item with an unknown field fails alone, naming it; the others are written', async () => {
      const res = await org
        .api('post', '/teams/bulk')
        .send({
          records: [
            { externalId: 'TB-1', name: 'Good' },
            { externalId: 'TB-2', name: 'Bad', colour: 'red', size: 3 },
          ],
        })
        .expect(200);
      expect(res.body.data).toMatchObject({ created: 1, failed: 1 });
      const failed = res.body.data.results[1];
      expect(failed.error.code).toBe('VALIDATION_ERROR');
      expect(failed.error.details.map((d: { field: string }) => d.field).sort()).toEqual(['colour', 'size']);
      await org.api('get', '/teams/TB-2').expect(404);
    });

    it('03/§1.13 fill, readings (the batch and each reading) and custom attribute values refuse unknown fields', async () => {
      const vacancy = await org.create.vacancy({ role: 'Hire' });
      unknownFields(
        await org
          .api('post', `/vacancies/${vacancy.id}/fill`)
          .send({ startDate: '2026-06-01', currencyCode: 'EUR', firstName: 'New', lastName: 'Hire', salary: 1, bonuss: 2 }),
        ['bonuss'],
      );
      await t.admin('post', `/organizations/${org.orgId}/business-metrics`).send({ key: 'strict', name: 'Strict', unit: 'x' }).expect(201);
      const reading = { periodStart: '2026-01-01', periodEnd: '2026-01-31', value: 1 };
      unknownFields(
        await org
          .api('post', '/business-metrics/readings')
          .send({ metric: 'strict', source: 'S', readings: [{ ...reading, valu: 2 }], batch: 1 }),
        ['readings.0.valu', 'batch'],
      );
      await org
        .api('post', '/business-metrics/readings')
        .send({ metric: 'strict', source: 'S', readings: [reading] })
        .expect(200);
      const def = await org
        .api('post', '/custom-attributes')
        .send({ entityType: 'TEAM', name: 'Sponsor', attributeKey: 'sponsor', fieldType: 'STRING' })
        .expect(201);
      const team = await org.create.team({ name: 'Attrs' });
      unknownFields(
        await org.api('put', `/teams/${team.id}/custom-attributes/${def.body.data.id}`).send({ stringValue: 'CFO', numbr: 1 }),
        ['numbr'],
      );
    });

    it('03/§1.13 functional structure: unknown fields are INVALID_INPUT naming each (its error dialect)', async () => {
      const res = await org.api('post', '/functional-groups').send({ name: 'Area', startDate: '2026-01-01', colour: 'red' });
      unknownFields(res, ['colour'], 'INVALID_INPUT');
    });

    it('03/§1.13 application API: organization create and PATCH, users and API keys refuse unknown fields', async () => {
      unknownFields(await t.admin('post', '/organizations').send({ name: 'Typo org', reportingCurrency: 'USD', owner: 'me' }), ['owner']);
      unknownFields(
        await t
          .admin('post', `/organizations/${org.orgId}/users`)
          .send({ email: `u.${process.pid}@example.com`, name: 'U', permissions: [], role: 'x' }),
        ['role'],
      );
      unknownFields(
        await t.admin('post', `/organizations/${org.orgId}/users/${org.userId}/api-keys`).send({ name: 'k', permissions: [], expires: 1 }),
        ['expires'],
      );
      unknownFields(await t.admin('patch', `/organizations/${org.orgId}`).send({ nam: 'Renamed' }), ['nam']);
    });
  });

  describe('06/§2.5: one problem, one detail', () => {
    it('06/§2.5: a field that fails several checks gets its most basic one only (firstName: 42), limit=abc one detail', async () => {
      const res = await org
        .api('post', '/employees')
        .send({ firstName: 42, lastName: 'L', email: `one.${process.pid}@example.com`, startDate: '2026-01-01' });
      expect(res.status).toBe(400);
      expect(res.body.error.details).toEqual([{ field: 'firstName', message: 'firstName must be a string' }]);
      const limit = await org.api('get', '/employees?limit=abc').expect(400);
      expect(limit.body.error.details).toHaveLength(1);
      expect(limit.body.error.details[0].field).toBe('limit');
    });
  });

  describe('06/§2.3: writes hand back the ETag the next write needs', () => {
    it('06/§2.3: POST and PATCH of employees, contractors, vacancies, projects and teams carry the ETag their by-id read has', async () => {
      const def = await org
        .api('post', '/custom-attributes')
        .send({ entityType: 'EMPLOYEE', name: 'Badge', attributeKey: 'badge', fieldType: 'STRING' })
        .expect(201);
      const bodies: Record<string, [object, object]> = {
        employees: [
          {
            firstName: 'Tag',
            lastName: 'Ged',
            email: `tag.${process.pid}@example.com`,
            startDate: '2026-01-01',
          },
          { lastName: 'Tagged' },
        ],
        contractors: [{ name: 'Tag C', startDate: '2026-01-01' }, { name: 'Tag C2' }],
        vacancies: [{ role: 'Tag V' }, { role: 'Tag V2' }],
        projects: [{ name: 'Tag P', startDate: '2026-01-01' }, { name: 'Tag P2' }],
        teams: [{ name: 'Tag T' }, { name: 'Tag T2' }],
      };
      expect(def.body.data.attributeKey).toBe('badge');
      for (const [resource, [create, patch]] of Object.entries(bodies)) {
        const created = await org.api('post', `/${resource}`).send(create);
        expect(`${resource} ${created.status} ${JSON.stringify(created.body.error ?? '')}`).toBe(`${resource} 201 ""`);
        const id = created.body.data.id as string;
        const read = async () => (await org.api('get', `/${resource}/${id}`).expect(200)).headers.etag;
        expect(`${resource} ${created.headers.etag}`).toBe(`${resource} ${await read()}`);
        // The employee's read carries its custom attribute values: the PATCH answer's tag covers them too.
        if (resource === 'employees')
          await org.api('put', `/employees/${id}/custom-attributes/${def.body.data.id}`).send({ stringValue: 'B1' }).expect(200);
        const current = await read();
        const patched = await org.api('patch', `/${resource}/${id}`).set('If-Match', current).send(patch).expect(200);
        expect(patched.headers.etag).not.toBe(current);
        expect(`${resource} ${patched.headers.etag}`).toBe(`${resource} ${await read()}`);
      }
    });
  });

  describe('06/§2.6: search finds what integrators hold', () => {
    it('06/§2.6: employees match externalId and internalEmployeeId exactly; contractors externalId; names still match in part', async () => {
      const other = await t.createTenant();
      await other.create.employee({ firstName: 'Sync', lastName: 'Seven', externalId: 'HR-SYNC-0007', internalEmployeeId: 'EMP-77' });
      await other.create.employee({ firstName: 'Sync', lastName: 'Eight', externalId: 'HR-SYNC-0008', internalEmployeeId: 'EMP-78' });
      await other.create.contractor({ name: 'Contract Nine', externalId: 'CT-9' });
      const names = async (path: string) =>
        ((await other.api('get', path).expect(200)).body.data as { lastName?: string; name?: string }[]).map((r) => r.lastName ?? r.name);
      expect(await names('/employees?search=HR-SYNC-0007')).toEqual(['Seven']);
      expect(await names('/employees?search=EMP-78')).toEqual(['Eight']);
      expect(await names('/employees?search=HR-SYNC')).toEqual([]);
      expect(await names('/employees?search=sync')).toEqual(['Eight', 'Seven']);
      expect(await names('/contractors?search=CT-9')).toEqual(['Contract Nine']);
    });
  });
});
