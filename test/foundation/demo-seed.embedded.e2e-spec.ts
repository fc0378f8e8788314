import request from 'supertest';
import { API_PERMISSIONS } from '../../src/common/auth/permissions';
import { EXAMPLE_ID } from '../../src/common/http/examples';
import { logger, LOG_DESTINATIONS } from '../../src/common/logging/json-logger';
import { TestApp } from '../support/test-app';

// Walks every resource of the app: CI runs it against a generated one too (.ci/run, "resource generator").

/** 06/§1.1: every list, figure and read of the demo holds something. */
async function expectBelievableDemo(t: TestApp, orgId: string, key: string): Promise<void> {
  expect(orgId).toBe(EXAMPLE_ID.organization);
  const api = (path: string) => request(t.server).get(`/api/v1/org/${orgId}${path}`).set('Authorization', `Bearer ${key}`).expect(200);
  const totals: Record<string, number> = {};
  for (const list of [
    'employees',
    'contractors',
    'vacancies',
    'teams',
    'projects',
    'assignments',
    'cost-centres',
    'locations',
    'job-roles',
    'value-streams',
    'exchange-rates',
    'custom-attributes',
  ]) {
    const body = (await api(`/${list}?limit=100`)).body as { data: unknown[]; meta?: { total?: number } };
    totals[list] = body.meta?.total ?? body.data.length;
  }
  expect(totals).toMatchObject({
    employees: 62,
    contractors: 10,
    teams: 7,
    projects: 5,
    'cost-centres': 5,
    locations: 4,
    'job-roles': 9,
    'value-streams': 4,
  });
  for (const total of Object.values(totals)) expect(total).toBeGreaterThan(0);
  const rate = await api('/exchange-rates/convert?from=EUR&to=USD&date=2026-01-15&amount=100');
  expect(rate.body.data).toBeDefined();
  for (const groupBy of ['none', 'team', 'project', 'costCentre', 'location', 'jobRole']) {
    const forecast = await api(`/forecast?from=2026-01&months=12&groupBy=${groupBy}`);
    const months = (forecast.body.data.groups as { months: { cost: number }[] }[]).flatMap((g) => g.months);
    expect(months.reduce((sum, m) => sum + m.cost, 0)).toBeGreaterThan(1_000_000);
  }
  const byTeam = await api('/forecast?from=2026-01&months=12&groupBy=team');
  const teams = (byTeam.body.data.groups as { key: unknown; months: { cost: number }[] }[]).filter((g) =>
    JSON.stringify(g.key ?? null).includes('cdemoteam00000000000000'),
  );
  expect(teams.length).toBeGreaterThanOrEqual(6);
  for (const group of teams) expect(group.months.every((m) => m.cost > 0)).toBe(true);
  const tree = await api('/functional-groups/tree?asOf=2026-06-01');
  expect(JSON.stringify(tree.body)).toContain(EXAMPLE_ID.functionalGroup);
  await api(`/functional-groups/${EXAMPLE_ID.functionalGroup}/summary?asOf=2026-06-01`);
  const diff = await t.admin('get', `/organizations/${orgId}/scenarios/${EXAMPLE_ID.scenario}/diff`).expect(200);
  expect(JSON.stringify(diff.body)).toContain('Nora');
  const readings = await t.admin('get', `/organizations/${orgId}/business-metrics/${EXAMPLE_ID.metric}/readings`).expect(200);
  expect(readings.body.meta.total).toBe(22);
  // 04/§2: a vacancy counts in openVacancies from its target start (the six open ones start in January to April 2027).
  const vacancies = await api('/forecast?from=2026-12&months=5');
  expect(vacancies.body.data.totals.map((m: { openVacancies: number }) => m.openVacancies)).toEqual([0, 2, 4, 5, 6]);
  // 07/§6.1: the people without a team allocation are a labelled group.
  const unallocated = (await api('/forecast?groupBy=team')).body.data.groups.at(-1);
  expect([unallocated.key, unallocated.label]).toEqual([null, 'No team']);
}

describe('first start demo seed', () => {
  it('06/§1.1: an empty embedded database gets the demo company (written quietly: one log line) with fixed ids, a * user and a key with every permission (04/§2: its vacancies count from their target starts)', async () => {
    // What the JSON logger writes while the demo is written: one summary line, no request line per write.
    const lines: string[] = [];
    jest.spyOn(LOG_DESTINATIONS.out, 'write').mockImplementation((chunk: string) => lines.push(chunk) > 0);
    const t = await TestApp.start({ SEED_DEMO: 'true', DATABASE_URL: '', LOG_LEVEL: 'info' });
    try {
      logger.setLevel('silent');
      jest.restoreAllMocks();
      const written = lines.filter((l) => l.includes('"msg":"demo organization written"')).map((l) => JSON.parse(l));
      expect(written).toEqual([expect.objectContaining({ organizationId: EXAMPLE_ID.organization, writes: expect.any(Number) })]);
      expect(written[0].writes).toBeGreaterThan(150);
      expect(lines.filter((l) => l.includes('"msg":"request"'))).toEqual([]);
      const demo = t.running.demo;
      expect(demo).not.toBeNull();
      const org = await t.admin('get', `/organizations/${demo!.organizationId}`).expect(200);
      expect(org.body.data.functionalGroupsEnabled).toBe(true);
      const users = await t.admin('get', `/organizations/${demo!.organizationId}/users`).expect(200);
      expect(users.body.data).toEqual([
        expect.objectContaining({ id: demo!.userId, permissions: ['*'], active: true }),
        expect.objectContaining({ email: 'planner@example.com' }),
        expect.objectContaining({ email: 'approver@example.com', permissions: expect.arrayContaining(['approve_scenarios']) }),
      ]);
      expect(org.body.data.scenarioApproval).toMatchObject({ required: false, steps: [{ name: 'Finance' }] });
      const me = await request(t.server)
        .get(`/api/v1/org/${demo!.organizationId}/me`)
        .set('Authorization', `Bearer ${demo!.apiKey}`)
        .expect(200);
      expect(me.body.data.permissions).toEqual([...API_PERMISSIONS].sort());
      await expectBelievableDemo(t, demo!.organizationId, demo!.apiKey);
    } finally {
      await t.close();
    }
  }, 300_000);

  it('06/§1.1: SEED_DEMO=false, DEMO=off and NODE_ENV=production seed nothing', async () => {
    for (const env of [{ SEED_DEMO: 'false' }, { SEED_DEMO: 'true', DEMO: 'off' }, { SEED_DEMO: 'true', NODE_ENV: 'production' }] as Record<
      string,
      string
    >[]) {
      const t = await TestApp.start({ ...env, DATABASE_URL: '' });
      try {
        expect(t.running.demo).toBeNull();
        const orgs = await t.admin('get', '/organizations').expect(200);
        expect(orgs.body.meta.total).toBe(0);
      } finally {
        await t.close();
      }
    }
  }, 300_000);

  it('an admin token is generated when ADMIN_TOKEN is unset', async () => {
    const t = await TestApp.start({ ADMIN_TOKEN: '', DATABASE_URL: '' });
    try {
      expect(t.running.adminTokenGenerated).toBe(true);
      expect(t.running.adminToken).toMatch(/^[0-9a-f]{64}$/);
      await t.admin('get', '/organizations').expect(200);
    } finally {
      await t.close();
    }
  }, 300_000);
});
