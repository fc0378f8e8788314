import { RetentionPurge } from '../../src/personal-data/retention-purge';
import { erase, findEverywhere } from '../personal-data/support';
import { changesOf, lastSeq, updateChanges } from '../support/changes';
import { TestApp, Tenant } from '../support/test-app';
import { Receiver, waitFor } from '../webhooks/receiver';
import { createEndpoint } from '../webhooks/support';

const DAY = 24 * 60 * 60 * 1000;

/** Employment terms through scenarios, erase and retention (07 §5.3). */
describe('employment terms in scenarios, erase and retention (07 §5.3)', () => {
  let t: TestApp;
  let receiver: Receiver;
  beforeAll(async () => {
    t = await TestApp.start();
    receiver = await Receiver.start(200);
  });
  afterAll(async () => {
    await t.close();
    await receiver.close();
  });

  /** The terms of a plan, as stored: day, fields, fte and cost centre. */
  const termsIn = async (tenant: Tenant, planId: string) =>
    t.dataSource.query(
      `SELECT employee_id, effective_date, fields, fte, cost_centre_id FROM employment_terms
        WHERE organization_id = $1 AND plan_id = $2 ORDER BY employee_id, effective_date`,
      [tenant.orgId, planId],
    );
  const livePlan = async (tenant: Tenant) => (await t.liveContext(tenant)).planId;
  const scenarioOf = async (tenant: Tenant, name: string) =>
    (await t.admin('post', `/organizations/${tenant.orgId}/scenarios`).send({ name }).expect(201)).body.data.id as string;
  const inScenario = (tenant: Tenant, scenario: string, rest: string) => `/organizations/${tenant.orgId}/scenarios/${scenario}${rest}`;

  /** A person with a salary and two terms: half time from 2026-04-01, another cost centre from 2027-03-01. */
  async function partTimer(tenant: Tenant, lastName = 'Halftime') {
    const [ops, finance] = [await tenant.create.costCentre(), await tenant.create.costCentre()];
    const employee = await tenant.create.employee({
      lastName,
      startDate: '2025-01-01',
      costCentreId: ops.id,
      salary: { effectiveDate: '2025-01-01', salary: 120000, currencyCode: 'USD' },
      terms: [
        { effectiveDate: '2026-04-01', fte: 0.5 },
        { effectiveDate: '2027-03-01', costCentreId: finance.id },
      ],
    });
    return { employee, ops, finance };
  }

  it('07/§5.3: a scenario copies the terms; a term added or changed in it reaches live on merge, with employment_term events', async () => {
    const tenant = await t.createTenant();
    const { employee, ops } = await partTimer(tenant);
    await createEndpoint(t, tenant, { url: receiver.url(`/terms-${tenant.orgId}`), entityTypes: ['employment_term'] });
    const live = await livePlan(tenant);
    const scenario = await scenarioOf(tenant, 'Back to full time');
    // The copy: the same terms in the scenario's plan.
    expect((await termsIn(tenant, scenario)).map((r: { effective_date: string }) => r.effective_date)).toEqual([
      '2026-04-01',
      '2027-03-01',
    ]);

    await t
      .admin('patch', inScenario(tenant, scenario, `/employees/${employee.id}`))
      .send({
        terms: [
          { effectiveDate: '2026-04-01', fte: 0.8 },
          { effectiveDate: '2027-06-01', fte: 1, costCentreId: ops.id },
        ],
      })
      .expect(200);
    // Live is untouched until the merge; no event was sent for the scenario's writes.
    expect((await termsIn(tenant, live)).map((r: { fte: string | null }) => r.fte)).toEqual(['0.5000', null]);

    const merged = await t.admin('post', inScenario(tenant, scenario, '/merge'), tenant.userId).expect(200);
    expect(merged.body.data.changes).toEqual({ employment_term: 2 });
    expect(await termsIn(tenant, live)).toEqual([
      { employee_id: employee.id, effective_date: '2026-04-01', fields: ['fte'], fte: '0.8000', cost_centre_id: null },
      expect.objectContaining({ effective_date: '2027-03-01', fte: null }),
      { employee_id: employee.id, effective_date: '2027-06-01', fields: ['costCentreId', 'fte'], fte: '1.0000', cost_centre_id: ops.id },
    ]);
    const read = async (asOf: string) => (await tenant.api('get', `/employees/${employee.id}?asOf=${asOf}`).expect(200)).body.data;
    expect((await read('2026-05-01')).fte).toBe(0.8);
    expect((await read('2027-07-01')).costCentreId).toBe(ops.id);
    const events = await waitFor('the merged term events', () => {
      const got = receiver.on(`/terms-${tenant.orgId}`);
      return got.length >= 2 ? got : undefined;
    });
    expect(events.map((e) => [e.body.entity_type, e.body.change_type, e.body.after?.effectiveDate]).sort()).toEqual([
      ['employment_term', 'create', '2027-06-01'],
      ['employment_term', 'update', '2026-04-01'],
    ]);
  });

  it('07/§5.3: erase leaves the terms (live and scenario) and the figures they make; their changes hold nothing of the person', async () => {
    const tenant = await t.createTenant();
    const { employee } = await partTimer(tenant, 'Vordenbrook');
    const scenario = await scenarioOf(tenant, 'Kept');
    const live = await livePlan(tenant);
    const figures = async () => [
      (await tenant.api('get', '/forecast?from=2026-01&months=24&groupBy=costCentre').expect(200)).body,
      (await tenant.api('get', '/forecast?from=2026-01&months=24').expect(200)).body,
    ];
    const [liveTerms, scenarioTerms, before] = [await termsIn(tenant, live), await termsIn(tenant, scenario), await figures()];
    expect((await findEverywhere(t, ['Vordenbrook'])).length).toBeGreaterThan(0);

    await erase(t, tenant, { employeeId: employee.id }).expect(200);
    expect(await findEverywhere(t, ['Vordenbrook'])).toEqual([]);
    expect(await termsIn(tenant, live)).toEqual(liveTerms);
    expect(await termsIn(tenant, scenario)).toEqual(scenarioTerms);
    expect(await figures()).toEqual(before);
    const termChanges = await changesOf(t, tenant.orgId, { entityType: 'employment_term' });
    expect(termChanges).toHaveLength(2);
    expect(termChanges.every((c) => c.after?.employeeId === employee.id && !JSON.stringify(c.after).includes('Vordenbrook'))).toBe(true);
  });

  it('07/§5.3: retention purges old term changes but never the terms; a scenario forked before the horizon still merges its term change', async () => {
    const now = new Date();
    const tenant = await t.createTenant();
    const { employee } = await partTimer(tenant);
    const live = await livePlan(tenant);
    await updateChanges(t, tenant.orgId, {}, { createdAt: new Date(now.getTime() - 300 * DAY) });
    const mark = await lastSeq(t, tenant.orgId);
    const scenario = await scenarioOf(tenant, 'Old plan');
    await t.dataSource.query(`UPDATE plans SET forked_at = $3 WHERE organization_id = $1 AND id = $2`, [
      tenant.orgId,
      scenario,
      new Date(now.getTime() - 250 * DAY),
    ]);
    await t
      .admin('patch', inScenario(tenant, scenario, `/employees/${employee.id}`))
      .send({ terms: [{ effectiveDate: '2026-04-01', fte: 0.6 }] })
      .expect(200);
    await updateChanges(t, tenant.orgId, { afterSeq: mark }, { createdAt: new Date(now.getTime() - 200 * DAY) });
    await t.admin('patch', `/organizations/${tenant.orgId}`).send({ changeRetentionDays: 90 }).expect(200);
    await t.get(RetentionPurge).purge(now);

    // The live creates before the fork are gone; the scenario's own term change is kept for its merge.
    const left = await changesOf(t, tenant.orgId);
    expect(left.map((c) => [c.entityType, c.changeType, c.planId === scenario])).toEqual([['employment_term', 'update', true]]);
    expect((await termsIn(tenant, live)).map((r: { fte: string | null }) => r.fte)).toEqual(['0.5000', null]);
    const merged = await t.admin('post', inScenario(tenant, scenario, '/merge'), tenant.userId).expect(200);
    expect(merged.body.data.changes).toEqual({ employment_term: 1 });
    expect((await termsIn(tenant, live)).map((r: { fte: string | null }) => r.fte)).toEqual(['0.6000', null]);
    await t.get(RetentionPurge).purge(now);
    expect((await changesOf(t, tenant.orgId)).map((c) => [c.entityType, c.actorType])).toEqual([['employment_term', 'merge']]);
    expect(await termsIn(tenant, live)).toHaveLength(2);
  });
});
