import { Tenant, TestApp } from '../support/test-app';
import { onScenario, PLANNER_RIGHTS, scenarioWithHire, setPolicy, user } from './support';

const MONTH = new Date().toISOString().slice(0, 7);

describe('07 §3.2 the impact recorded at submit and the steps it skips', () => {
  let t: TestApp;
  let org: Tenant;
  let planner: string;
  let lead: string;
  let engineering: string;
  let budget: string;
  beforeAll(async () => {
    t = await TestApp.start();
    org = await t.createTenant();
    planner = await user(t, org, PLANNER_RIGHTS);
    lead = await user(t, org, PLANNER_RIGHTS);
    engineering = (await org.create.costCentre({ name: 'Engineering' })).id;
    const lines = [{ key: engineering, month: MONTH, cost: 1_000 }];
    const body = { name: 'This month', dimension: 'costCentre', fromMonth: MONTH, toMonth: MONTH, currencyCode: 'USD', lines };
    budget = (await org.api('post', '/budgets').send(body).expect(201)).body.data.id;
  });
  afterAll(() => t.close());

  it('07/§3.2: a step whose when does not hold on the impact is SKIPPED; the budget part is for the first step naming a budget', async () => {
    await setPolicy(t, org, {
      required: true,
      steps: [
        { name: 'Board', approverCapability: 'approve_scenarios', when: { costDeltaAbove: 1_000_000 } },
        { name: 'Budget owner', approverUserIds: [lead], when: { overBudgetId: budget } },
        { name: 'Finance', approverUserIds: [lead], when: { costDeltaAbove: 100_000 } },
      ],
    });
    const scenario = await scenarioWithHire(t, org, planner, engineering);
    const round = (await onScenario(t, org, scenario, 'post', '/submit', planner).expect(200)).body.data;
    // 120,000 a year is 10,000 in the budget's one month, 9,000 over its line of 1,000.
    expect(round.impact).toMatchObject({ costDelta: 120_000, budget: { budgetId: budget, linesOver: 1, overBy: 9_000 } });
    expect(round.steps.map((s: { name: string; status: string }) => [s.name, s.status])).toEqual([
      ['Board', 'SKIPPED'],
      ['Budget owner', 'PENDING'],
      ['Finance', 'PENDING'],
    ]);
  });

  it('07/§3.2: when no step applies the round is APPROVED at submit, and so is the scenario', async () => {
    await setPolicy(t, org, {
      required: true,
      steps: [
        { name: 'Board', approverCapability: 'approve_scenarios', when: { costDeltaAbove: 1_000_000 } },
        { name: 'Unknown budget', approverUserIds: [lead], when: { overBudgetId: 'cnosuchbudget000000000000' } },
      ],
    });
    const scenario = (await t.admin('post', `/organizations/${org.orgId}/scenarios`, planner).send({ name: 'Nothing' }).expect(201)).body
      .data.id;
    const round = (await onScenario(t, org, scenario, 'post', '/submit', planner).expect(200)).body.data;
    expect(round).toMatchObject({
      status: 'APPROVED',
      impact: { costDelta: 0, headcountDelta: 0, fteDelta: 0, byCostCentre: [], budget: null },
      steps: [{ status: 'SKIPPED' }, { status: 'SKIPPED' }],
    });
    expect((await t.admin('get', `/organizations/${org.orgId}/scenarios/${scenario}`).expect(200)).body.data.status).toBe('APPROVED');
    await onScenario(t, org, scenario, 'post', '/merge', planner).expect(403);
    await onScenario(t, org, scenario, 'post', '/merge', org.userId).expect(200);
  });

  it("07/§3.2: the budget part is the budget's variance in the scenario, cut from the impact's forecast or forecast on its own", async () => {
    const next = (n: number) => {
      const d = new Date(`${MONTH}-01T00:00:00Z`);
      d.setUTCMonth(d.getUTCMonth() + n);
      return d.toISOString().slice(0, 7);
    };
    await org
      .api('post', '/exchange-rates')
      .send({ fromCurrency: 'EUR', toCurrency: 'USD', rate: 1.25, effectiveDate: '2025-01-01' })
      .expect(201);
    const line = (key: string | null, month: string, cost: number) => ({ key, month, cost });
    const budgets = {
      // By cost centre from the submit month in the organization's currency: cut from the impact's forecast.
      cut: {
        dimension: 'costCentre',
        fromMonth: MONTH,
        toMonth: next(2),
        currencyCode: 'USD',
        lines: [0, 1, 2].map((n) => line(engineering, next(n), 4_000 * n)),
      },
      // From the next month, by nothing, in euros, or past the impact's 12 months: each forecast on its own.
      later: {
        dimension: 'costCentre',
        fromMonth: next(1),
        toMonth: next(1),
        currencyCode: 'USD',
        lines: [line(engineering, next(1), 2_000)],
      },
      whole: { dimension: 'none', fromMonth: MONTH, toMonth: MONTH, currencyCode: 'USD', lines: [line(null, MONTH, 500)] },
      euros: { dimension: 'costCentre', fromMonth: MONTH, toMonth: MONTH, currencyCode: 'EUR', lines: [line(engineering, MONTH, 7_000)] },
      long: {
        dimension: 'costCentre',
        fromMonth: MONTH,
        toMonth: next(13),
        currencyCode: 'USD',
        lines: [line(engineering, next(13), 9_000)],
      },
    };
    for (const [name, body] of Object.entries(budgets)) {
      const id = (
        await org
          .api('post', '/budgets')
          .send({ name, ...body })
          .expect(201)
      ).body.data.id;
      await setPolicy(t, org, { required: true, steps: [{ name: 'Budget owner', approverUserIds: [lead], when: { overBudgetId: id } }] });
      const scenario = await scenarioWithHire(t, org, planner, engineering);
      const round = (await onScenario(t, org, scenario, 'post', '/submit', planner).expect(200)).body.data;
      const variance = (await org.api('get', `/budgets/${id}/variance?scenarioId=${scenario}`).expect(200)).body.data;
      const over = variance.groups.flatMap((g: { months: { over: boolean; variance: { cost: number } }[] }) =>
        g.months.filter((m) => m.over),
      );
      const overBy = Math.round(over.reduce((sum: number, m: { variance: { cost: number } }) => sum + m.variance.cost, 0) * 100) / 100;
      expect([name, round.impact.budget]).toEqual([name, { budgetId: id, linesOver: over.length, overBy }]);
      expect([name, over.length]).toEqual([name, { cut: 3, later: 1, whole: 1, euros: 1, long: 14 }[name]]);
    }
  });
});
