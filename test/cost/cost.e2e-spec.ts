import { CostService } from '../../src/cost/cost.service';
import { TestApp } from '../support/test-app';

describe('cost service (docs/decisions.md, "Cost")', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await TestApp.start();
  });
  afterAll(() => t.close());

  it('salary in force, rate normalised to a month, fte, location multiplier and conversion to the reporting currency at the current rate', async () => {
    const org = await t.createTenant({ reportingCurrency: 'USD' });
    const loc = (await org.api('post', '/locations').send({ name: 'Paris', currencyCode: 'EUR', costMultiplier: 1.5 }).expect(201)).body
      .data.id;
    await org
      .api('post', '/exchange-rates')
      .send({ fromCurrency: 'EUR', toCurrency: 'USD', rate: 1.2, effectiveDate: '2020-01-01' })
      .expect(201);
    const e = (
      await org.create.employee({ geographyId: loc, salary: { effectiveDate: '2026-01-01', salary: 120000, currencyCode: 'EUR' } })
    ).id;
    await org
      .api('post', `/employees/${e}/salary-adjustments`)
      .send({ effectiveDate: '2026-04-16', salary: 240000, currencyCode: 'EUR' })
      .expect(201);
    const c = (
      await org
        .api('post', '/contractors')
        .send({
          name: 'Day Rate Ltd',
          startDate: '2026-01-01',
          rateAdjustment: { effectiveDate: '2026-01-01', rate: 600, rateType: 'daily', currencyCode: 'USD' },
        })
        .expect(201)
    ).body.data.id;
    const ctx = await t.liveContext(org);
    const book = await t.get<CostService>(CostService).book({ ctx, em: t.dataSource.manager }, [
      { kind: 'employee', id: e },
      { kind: 'contractor', id: c },
    ]);
    expect(book.currency).toBe('USD');
    // March: 120000 EUR / 12 = 10000 EUR = 12000 USD, x 1.5 (Paris) x 0.5 fte = 9000.
    expect(book.monthCost({ kind: 'employee', id: e }, '2026-03', { start: '2026-01-01', end: null, fte: 0.5 })).toBeCloseTo(9000, 6);
    // April: 15 days at 12000 USD/month and 15 days at 24000 USD/month, x 1.5: (6000 + 12000) x 1.5 = 27000.
    expect(book.monthCost({ kind: 'employee', id: e }, '2026-04', { start: '2026-01-01', end: null, fte: 1 })).toBeCloseTo(27000, 6);
    // Contractor: 600 USD/day x 260/12, no location (multiplier 1), only from 2026-03-11 (21 of 31 days).
    expect(book.monthCost({ kind: 'contractor', id: c }, '2026-03', { start: '2026-03-11', end: null, fte: 1 })).toBeCloseTo(
      ((600 * 260) / 12) * (21 / 31),
      6,
    );
    expect(CostService.canSeeCost({ ...ctx, capabilities: new Set() })).toBe(false);
    expect(CostService.canSeeCost({ ...ctx, permissions: new Set(['employees_view']) })).toBe(false);
    expect(
      CostService.canSeeCost({ ...ctx, capabilities: new Set(['view_costs']), permissions: new Set(['financials_view_summary']) }),
    ).toBe(true);
  });
});
