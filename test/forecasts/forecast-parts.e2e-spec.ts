import type { RequestContext } from '../../src/common/auth/request-context';
import { calendarArrays, monthSpans } from '../../src/cost/cost-math';
import { CostService } from '../../src/cost/cost.service';
import { poolClients } from '../../src/database/pool-clients';
import { TxScope, UnitOfWork } from '../../src/database/unit-of-work';
import type { ForecastGroupBy } from '../../src/forecasts/dto/forecast-query.dto';
import type { ForecastRow } from '../../src/forecasts/forecast-math';
import { forecastSettings, ForecastRepository, ForecastWindow } from '../../src/forecasts/forecast.repository';
import { statementAssumptions } from '../../src/forecasts/forecast-sql';
import { dayWeights } from '../../src/forecasts/forecast-weights';
import { addDays } from '../../src/common/dates';
import { NO_ASSUMPTIONS, type ForecastAssumptions } from '../../src/database/entities/organization.entity';
import type { QueryRunner } from 'typeorm';
import { ON_CITUS } from '../support/citus';
import { Tenant, TestApp } from '../support/test-app';

/**
 * The forecast's statement computed in two parts at once (`UnitOfWork.readOnlyParts`, docs/forecast.md "In
 * two parts"): on a PostgreSQL server the records are split by id across two connections sharing one
 * snapshot, and the parts' rows add up to the one statement's; on the embedded database and on Citus
 * the statement runs whole. Spec 04 §2's figures themselves are the other forecast tests' (which run
 * split on a PostgreSQL server).
 */
describe('04/§2 forecast in two parts (one snapshot, rows that add up to the whole)', () => {
  let t: TestApp;
  let org: Tenant;
  let ctx: RequestContext;
  let uow: UnitOfWork;
  /** Whether this database splits reads: a PostgreSQL server that is not a Citus coordinator. */
  const splits = Boolean(process.env.DATABASE_URL) && !ON_CITUS;
  const GROUPINGS: ForecastGroupBy[] = ['none', 'costCentre', 'team', 'project', 'projectCostCentre'];

  beforeAll(async () => {
    t = await TestApp.start();
    uow = t.get(UnitOfWork);
    org = await t.createTenant({ reportingCurrency: 'USD' });
    const centres = [(await org.create.costCentre()).id, (await org.create.costCentre()).id];
    const teams = [(await org.create.team()).id, (await org.create.team()).id];
    const projects = [
      (await org.create.project({ costCentreId: centres[0], endDate: '2026-02-14', postCompletionCostCentreId: centres[1] })).id,
      (await org.create.project({ costCentreId: centres[1] })).id,
    ];
    // 24 employees, 4 contractors and 4 vacancies with one to three allocations each (some over 1 FTE in
    // sum, some starting or ending mid-month): enough records that both parts get some.
    for (let i = 0; i < 32; i++) {
      const day = `2026-0${1 + (i % 3)}-${String(1 + ((i * 7) % 27)).padStart(2, '0')}`;
      const holder =
        i < 24
          ? {
              employeeId: (
                await org.create.employee({
                  startDate: i % 4 ? '2025-06-01' : day,
                  costCentreId: centres[i % 2],
                  salary: { effectiveDate: '2025-06-01', salary: 50_000 + 1_000 * i, currencyCode: 'USD' },
                  ...(i % 5 === 0 ? { endDate: '2026-04-20' } : {}),
                })
              ).id,
            }
          : i < 28
            ? { contractorId: (await org.create.contractor({ startDate: day, costCentreId: centres[0] })).id }
            : { vacancyId: (await org.create.vacancy({ targetStartDate: day, salary: 40_000, currencyCode: 'USD' })).id };
      await org.create.assignment({ ...holder, type: 'team', targetId: teams[i % 2], fte: 1, startDate: '2025-06-01' });
      if (i % 3 === 0) await org.create.assignment({ ...holder, type: 'team', targetId: teams[(i + 1) % 2], fte: 0.5, startDate: day });
      await org.create.assignment({ ...holder, type: 'project', targetId: projects[i % 2], fte: 0.6, startDate: '2025-06-01' });
      if (i % 2 === 0)
        await org.create.assignment({ ...holder, type: 'project', targetId: projects[(i + 1) % 2], fte: 0.7, startDate: day });
    }
    ctx = await t.liveContext(org);
  });
  afterAll(() => t.close());

  const ALL_FOUR: ForecastAssumptions = {
    attritionRatePerYear: 0.2,
    meritIncrease: { month: 3, percent: 4 },
    timeToFillDays: 40,
    onCostPercent: 20,
  };
  const windowOf = (groupBy: ForecastGroupBy, a: ForecastAssumptions = NO_ASSUMPTIONS): ForecastWindow => {
    const spans = monthSpans('2026-01', 6);
    return {
      assume: statementAssumptions(a),
      days: dayWeights(spans, a),
      fill: addDays('2026-01-01', a.timeToFillDays),
      planId: ctx.planId,
      organizationId: ctx.organizationId,
      from: '2026-01-01',
      to: '2026-06-30',
      calendar: calendarArrays(spans),
      months: 6,
      today: '2026-01-10',
      groupBy,
    };
  };
  /** Rows summed per group, month and metric (the parts may each return a row of the same key). */
  const summed = (rows: ForecastRow[]) => {
    const sums = new Map<string, number[]>();
    for (const row of rows) {
      const key = `${row.grp}|${row.idx}|${row.metric}`;
      const sum = sums.get(key) ?? [0, 0, 0];
      [row.v1, row.v2, row.v3].forEach((v, k) => (sum[k] += Number(v)));
      sums.set(key, sum);
    }
    return sums;
  };
  const employeeCount = async ({ em }: TxScope) =>
    Number(((await em.query(`SELECT count(*)::int AS n FROM employees WHERE organization_id = $1`, [org.orgId])) as { n: number }[])[0].n);

  it.each(GROUPINGS.flatMap((groupBy) => [[groupBy, 'none'] as const, [groupBy, 'all four'] as const]))(
    'groupBy=%s, assumptions %s (07/§4): the parts’ rows add up to the one statement’s, on two connections where the database splits reads',
    async (groupBy, assumptions) => {
      const repository = t.get(ForecastRepository);
      const pricing = await t.get(CostService).pricing(uow.read(ctx));
      const w = windowOf(groupBy, assumptions === 'none' ? NO_ASSUMPTIONS : ALL_FOUR);
      const whole = await uow.readOnly(ctx, forecastSettings(groupBy), (scope) => repository.rows(scope, w, pricing));
      const parts = await uow.readOnlyParts(ctx, forecastSettings(groupBy), (scope, part) => repository.rows(scope, w, pricing, part));
      expect(parts).toHaveLength(splits ? 2 : 1);
      if (splits) for (const rows of parts) expect(rows.length).toBeGreaterThan(0);
      const expected = summed(whole);
      const got = summed(parts.flat());
      expect([...got.keys()].sort()).toEqual([...expected.keys()].sort());
      for (const [key, sum] of expected) sum.forEach((v, k) => expect(Math.abs(got.get(key)![k] - v)).toBeLessThan(1e-6));
    },
  );

  it('the parts read one snapshot: a record created after the read began is seen by neither', async () => {
    const before = await employeeCount(uow.read(ctx));
    let written!: () => void;
    const created = new Promise<void>((resolve) => (written = resolve));
    const seen = await uow.readOnlyParts(ctx, [], async (scope, part) => {
      if (part.index === 1) {
        await created;
        return employeeCount(scope);
      }
      const count = await employeeCount(scope);
      // On the embedded database the read runs whole on its one backend: nothing to write beside it.
      if (splits) await org.create.employee();
      written();
      return count;
    });
    expect(seen).toEqual(splits ? [before, before] : [before]);
    expect(await employeeCount(uow.read(ctx))).toBe(splits ? before + 1 : before);
  });

  it('with no connection to spare the read runs whole: a second connection is never waited for', async () => {
    const held: QueryRunner[] = [];
    try {
      // Every connection the pool has or may open but one held here: the read's transaction takes the last one.
      for (let c = poolClients(t.dataSource)!; c.max - c.total + c.idle > 1; c = poolClients(t.dataSource)!) {
        const runner = t.dataSource.createQueryRunner();
        await runner.connect();
        held.push(runner);
      }
      const parts = await uow.readOnlyParts(ctx, [], async (scope, part) => ({ part, employees: await employeeCount(scope) }));
      expect(parts).toEqual([{ part: { index: 0, count: 1 }, employees: expect.any(Number) }]);
    } finally {
      for (const runner of held) await runner.release();
    }
    const free = await uow.readOnlyParts(ctx, [], async (_scope, part) => part.count);
    expect(free).toEqual(splits ? [2, 2] : [1]);
  });
});
