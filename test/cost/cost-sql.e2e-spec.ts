import fc from 'fast-check';
import { addDays } from '../../src/common/dates';
import { roundMoney } from '../../src/cost/cost-math';
import { CostService } from '../../src/cost/cost.service';
import { TestApp } from '../support/test-app';

/**
 * One set of cost rules (docs/decisions.md "Cost"): the SQL path of the forecast (cost-sql.ts, folded by
 * foldMonthCosts) and the CostBook of document 02's figures give the same month costs for random
 * salary and rate histories (amounts in force, mid-month changes, rate types, location multiplier,
 * conversion, a currency without a rate left out, start and end days).
 */
describe('cost service: the forecast SQL path and the CostBook agree (04/§1.3)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await TestApp.start();
  });
  afterAll(() => t.close());

  const BASE = '2025-11-01';
  const adjustment = fc.record({
    offset: fc.integer({ min: 0, max: 240 }),
    amount: fc.integer({ min: 1_000, max: 200_000 }),
    currency: fc.constantFrom('USD', 'EUR', 'GBP'),
    rateType: fc.constantFrom('hourly', 'daily', 'monthly', 'annually'),
  });
  const person = fc.record({
    contractor: fc.boolean(),
    start: fc.integer({ min: 0, max: 200 }),
    length: fc.option(fc.integer({ min: 0, max: 150 }), { nil: null }),
    paris: fc.boolean(),
    adjustments: fc.uniqueArray(adjustment, { minLength: 1, maxLength: 4, selector: (a) => a.offset }),
  });

  it('month costs of random people, January to June 2026, equal to the cent', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(person, { minLength: 1, maxLength: 5 }), async (people) => {
        const org = await t.createTenant({ reportingCurrency: 'USD' });
        const paris = (await org.api('post', '/locations').send({ name: 'Paris', costMultiplier: 1.5 }).expect(201)).body.data.id;
        await org
          .api('post', '/exchange-rates')
          .send({ fromCurrency: 'EUR', toCurrency: 'USD', rate: 1.2, effectiveDate: '2020-01-01' })
          .expect(201);
        const book: { kind: 'employee' | 'contractor'; id: string; start: string; end: string | null }[] = [];
        for (const [i, p] of people.entries()) {
          const start = addDays(BASE, p.start);
          const end = p.length === null ? null : addDays(start, p.length);
          const common = { startDate: start, endDate: end, geographyId: p.paris ? paris : null };
          const id: string = p.contractor
            ? (
                await org
                  .api('post', '/contractors')
                  .send({ name: `C${i}`, ...common })
                  .expect(201)
              ).body.data.id
            : (await org.create.employee(common)).id;
          for (const a of p.adjustments) {
            const effectiveDate = addDays(BASE, a.offset);
            if (p.contractor) {
              await org
                .api('post', `/contractors/${id}/rate-adjustments`)
                .send({ effectiveDate, rate: a.amount / 100, rateType: a.rateType, currencyCode: a.currency })
                .expect(201);
            } else {
              await org
                .api('post', `/employees/${id}/salary-adjustments`)
                .send({ effectiveDate, salary: a.amount, currencyCode: a.currency })
                .expect(201);
            }
          }
          book.push({ kind: p.contractor ? 'contractor' : 'employee', id, start, end });
        }
        const forecast = (await org.api('get', '/forecast?from=2026-01&months=6').expect(200)).body.data;
        const ctx = await t.liveContext(org);
        const costs = await t.get<CostService>(CostService).book({ ctx, em: t.dataSource.manager }, book);
        const expected = [0, 0, 0, 0, 0, 0];
        for (const p of book) {
          costs.monthCosts(p, '2026-01', 6, { start: p.start, end: p.end, fte: 1 }).forEach((v, k) => (expected[k] += v));
        }
        // Equal to the cent (a sum in another order may round the other way at exactly half a cent), every month of the six.
        expect(forecast.totals).toHaveLength(6);
        forecast.totals.forEach((m: { cost: number }, k: number) =>
          expect(Math.abs(Math.round(m.cost * 100) - Math.round(roundMoney(expected[k]) * 100))).toBeLessThanOrEqual(1),
        );
      }),
      // A fixed seed keeps CI reproducible; COST_SEED explores others.
      { numRuns: 8, seed: Number(process.env.COST_SEED ?? 1414) },
    );
  });
});
