import request from 'supertest';
import { TestApp } from '../support/test-app';

const GROUPINGS = ['none', 'costCentre', 'location', 'jobRole', 'workType', 'team', 'project', 'projectCostCentre'];

/**
 * 07/§5.1: employees migrate to fte 1 and no terms with no change to any figure. On the demo, every forecast grouping is
 * the same before and after every employee gets a term restating the values already in force (fte 1, its own cost
 * centre, job role and location): terms that change nothing change no figure. A scenario forked afterwards holds the
 * terms (compare=live: every delta 0).
 */
describe('07/§5.1 terms that change nothing on the demo', () => {
  it('07/§5.1: every forecast grouping of the demo is unchanged by terms restating the values in force; scenarios copy them', async () => {
    const t = await TestApp.start({ SEED_DEMO: 'true', DATABASE_URL: '' });
    try {
      const demo = t.running.demo!;
      const api = (method: 'get' | 'post', path: string) =>
        request(t.server)[method](`/api/v1/org/${demo.organizationId}${path}`).set('Authorization', `Bearer ${demo.apiKey}`);
      const all = async (query = '') => {
        const out: Record<string, unknown> = {};
        for (const groupBy of GROUPINGS)
          out[groupBy] = (await api('get', `/forecast?from=2026-01&months=12&groupBy=${groupBy}${query}`).expect(200)).body.data;
        return out;
      };
      const before = await all();
      const employees = (await api('get', '/employees?limit=100&asOf=2026-06-01').expect(200)).body.data as Record<string, unknown>[];
      expect(employees.length).toBeGreaterThan(50);
      for (const e of employees) {
        const term = {
          effectiveDate: '2026-06-01',
          fte: e.fte,
          costCentreId: e.costCentreId,
          jobRoleId: e.jobRoleId,
          locationId: e.geographyId,
        };
        await api('post', `/employees/${e.id}/terms`).send(term).expect(201);
      }
      expect(await all()).toEqual(before);
      const scenario = (await t.admin('post', `/organizations/${demo.organizationId}/scenarios`).send({ name: 'Terms' }).expect(201)).body
        .data.id;
      const compared = await all(`&scenarioId=${scenario}&compare=live`);
      for (const f of Object.values(compared) as { totals: { delta: Record<string, number> }[] }[])
        for (const month of f.totals) expect(month.delta).toEqual({ closing: 0, forecastHeadcount: 0, forecastCost: 0 });
      const terms = (await api('get', `/employees/${employees[0].id}/terms`).expect(200)).body.data;
      expect(terms).toHaveLength(1);
    } finally {
      await t.close();
    }
  }, 400_000);
});
