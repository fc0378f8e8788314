import fc from 'fast-check';
import { calendarArrays, foldMonthCosts, monthSpans } from '../cost/cost-math';
import { delta, foldForecast, ForecastMetric, ForecastRow, monthDto, sumMonths } from './forecast-math';
import { dayWeights, IDENTITY_FACTORS, monthFactors } from './forecast-weights';

const row = (grp: string | null, idx: number, metric: ForecastMetric, v1: number, v2 = 0, v3 = 0): ForecastRow => ({
  grp,
  idx,
  metric,
  v1,
  v2,
  v3,
});

const spans = monthSpans('2026-01', 3); // 31, 28, 31 days

describe('forecast month math (04/§2)', () => {
  it('04/§1.3 day weighting: an amount in force from 01-16 to 03-31 costs 16/31 of it in January, all of it after', () => {
    // cost-sql.ts rows of one item [2026-01-16, 2026-03-31] at 3,100 a month: +3,100 and -3,100 x 15 days in
    // January (its first day is the 16th), -3,100 and +3,100 x 31 days in March (its last day is the 31st).
    const full = [3_100, 0, -3_100];
    const days = [-3_100 * 15, 0, 3_100 * 31];
    expect(foldMonthCosts(full, days, spans)).toEqual([(3_100 * 16) / 31, 3_100, 3_100]);
  });

  it('04/§1.3 day weighting: an item inside one month costs its days over the month’s days', () => {
    // [02-10, 02-20] at 2,800: +2,800 - 2,800 x 9 and -2,800 + 2,800 x 20 in February = 2,800 x 11 / 28.
    expect(foldMonthCosts([0, 0, 0], [0, -2_800 * 9 + 2_800 * 20, 0], spans)[1]).toBeCloseTo((2_800 * 11) / 28, 9);
  });

  it('04/§1.1: the SQL calendar runs from the day before the window to the day after it', () => {
    const { monthIndex, dayOfMonth } = calendarArrays(monthSpans('2026-02', 2));
    expect(monthIndex).toEqual([-1, ...Array(28).fill(0), ...Array(31).fill(1), 2]);
    expect(dayOfMonth).toEqual([31, ...Array.from({ length: 28 }, (_, i) => i + 1), ...Array.from({ length: 31 }, (_, i) => i + 1), 1]);
  });

  it('04/§2: opening + joiners - leavers = closing every month, and a month opens with the previous closing', () => {
    const events = fc.array(
      fc.record({
        idx: fc.integer({ min: 0, max: 2 }),
        metric: fc.constantFrom<ForecastMetric>('join_e', 'join_c', 'leave_e', 'leave_c'),
        n: fc.integer({ min: 0, max: 5 }),
      }),
    );
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 50 }), fc.integer({ min: 0, max: 50 }), events, (openE, openC, rows) => {
        const months = foldForecast(
          [row(null, -1, 'open_e', openE), row(null, -1, 'open_c', openC), ...rows.map((r) => row(null, r.idx, r.metric, r.n))],
          spans,
          true,
        ).get(null)!;
        expect(months[0].opening).toBe(openE + openC);
        months.forEach((m, k) => {
          expect(m.opening + m.joiners - m.leavers).toBe(m.closing);
          expect(m.employees + m.contractors).toBe(m.closing);
          if (k > 0) expect(m.opening).toBe(months[k - 1].closing);
        });
      }),
    );
  });
});

// Same title as above: the folds' tests (split only to keep each block under the size check's 80 lines).
describe('forecast month math (04/§2)', () => {
  it('04/§2: open vacancies, their fte and unpriced vacancies are running sums; planned hires and notices per month', () => {
    const months = foldForecast(
      [
        row('a', 0, 'vopen', 2, 1.5),
        row('a', 2, 'vopen', -1, -0.5),
        row('a', 1, 'hire', 1),
        row('a', 1, 'unpriced', 1),
        row('a', 2, 'unpriced', -1),
        row('a', 0, 'notice', 3),
      ],
      spans,
      false,
    ).get('a')!;
    expect(
      months.map((m) => [m.openVacancies, m.openVacancyFte, m.plannedHires, m.unpricedVacancies, m.notices, m.forecastHeadcount]),
    ).toEqual([
      [2, 1.5, 0, 0, 3, 2],
      [2, 1.5, 1, 1, 0, 2],
      [1, 1, 0, 0, 0, 1],
    ]);
  });

  it('04/§2: totals sum the groups; costs are rounded after summing; §1.5 hides them; delta is scenario minus live', () => {
    const groups = foldForecast(
      [row('a', 0, 'cost', 0.004), row('b', 0, 'cost', 0.004), row('b', -1, 'open_e', 2)],
      monthSpans('2026-01', 1),
      false,
    );
    expect([...groups.keys()]).toEqual(['a', 'b']);
    const [total] = sumMonths([...groups.values()], monthSpans('2026-01', 1));
    expect(monthDto(total, true)).toMatchObject({ cost: 0.01, vacancyCost: 0, forecastCost: 0.01, closing: 2 });
    expect(monthDto(groups.get('a')![0], true).cost).toBe(0);
    expect(monthDto(total, false)).toMatchObject({ cost: null, vacancyCost: null, forecastCost: null, closing: 2 });
    const live = { ...total, closing: 5, forecastHeadcount: 6, cost: 100 };
    expect(delta(total, live, true)).toEqual({ closing: -3, forecastHeadcount: -4, forecastCost: -99.99 });
    expect(delta(total, live, false).forecastCost).toBeNull();
  });

  it('04/§2 averageFte: closing plus the day terms of joiners and leavers over the month’s days', () => {
    // One person opening, one joining on 01-16 (day term 1 - 16 = -15), one leaving with last day 02-10
    // (leave row in February, day term 11 - 1 = 10): January 2 - 15/31 = 1 + 16/31; February 1 + 10/28.
    const months = foldForecast(
      [row(null, -1, 'open_e', 1), row(null, 0, 'join_e', 1, -15), row(null, 1, 'leave_e', 1, 10)],
      spans,
      true,
    ).get(null)!;
    expect(months.map((m) => m.averageFte)).toEqual([2 - 15 / 31, 1 + 10 / 28, 1]);
  });

  it('04/§2 split groupings: levels from lvl rows (idx -1 the opening), joiners and leavers as counts only', () => {
    // Half a person from before the window, moving away on 02-15 (lvl -0.5 in February, day term 0.5 x 14),
    // half a joiner on 01-11 (counted as a joiner, its level from its own lvl row).
    const months = foldForecast(
      [
        row('t', -1, 'lvl_e', 0.5),
        row('t', 1, 'lvl_e', -0.5, 0.5 * 14),
        row('t', 0, 'join_e', 0.5),
        row('t', 0, 'lvl_e', 0.5, -0.5 * 10),
        row('t', 0, 'unpriced_at', 0.25),
      ],
      spans,
      false,
      true,
    ).get('t')!;
    expect(months.map((m) => [m.opening, m.joiners, m.closing, m.averageFte, m.unpricedVacancies])).toEqual([
      [0.5, 0.5, 1, 1 - (0.5 * 10) / 31, 0.25],
      [1, 0, 0.5, 0.5 + (0.5 * 14) / 28, 0],
      [0.5, 0, 0.5, 0.5, 0],
    ]);
  });
});

describe('forecast assumptions as numbers (07/§4.2)', () => {
  const NONE = { attritionRatePerYear: 0, meritIncrease: null, timeToFillDays: 0, onCostPercent: 0 };

  it('07/§4.2: without assumptions the day arrays are the plain calendar and the factors change nothing', () => {
    const days = dayWeights(spans, NONE);
    const { dayOfMonth } = calendarArrays(spans);
    expect(days.before).toEqual(dayOfMonth.map((d, i) => (i === dayOfMonth.length - 1 ? 0 : d - 1)));
    expect(new Set([...days.weight, ...days.merit])).toEqual(new Set([1]));
    expect(new Set(days.loss)).toEqual(new Set([0]));
    expect(monthFactors(spans, NONE)).toEqual(IDENTITY_FACTORS(3));
  });

  it('07/§4.2 attrition: w(d) = (1 - r)^(d / 365) from the first day; a month’s mean, end and start weights; the loss up to a day', () => {
    const a = { ...NONE, attritionRatePerYear: 0.2 };
    const w = (d: number) => Math.pow(0.8, d / 365);
    const f = monthFactors(spans, a);
    expect(f.startWeight[0]).toBe(1);
    expect(f.endWeight[0]).toBeCloseTo(w(30), 12);
    expect(f.startWeight[1]).toBe(f.endWeight[0]);
    expect(f.meanWeight[1]).toBeCloseTo(Array.from({ length: 28 }, (_, i) => w(31 + i)).reduce((x, y) => x + y) / 28, 12);
    const days = dayWeights(spans, a);
    // Index 1 is January 1 (d = 0); index 33 is February 2 (d = 32).
    expect([days.weight[1], days.loss[1]]).toEqual([1, 0]);
    expect(days.weight[33]).toBeCloseTo(w(32), 12);
    expect(days.before[33]).toBeCloseTo(w(31), 12);
    expect(days.loss[33]).toBeCloseTo(w(30) - w(32), 12);
  });

  it('07/§4.2 merit: G compounds at the merit month of each year; an amount starting in month k is divided by G(k)', () => {
    const months = monthSpans('2026-01', 14);
    const a = { ...NONE, meritIncrease: { month: 2, percent: 5 } };
    const g = monthFactors(months, a).merit;
    expect(g[0]).toBe(1);
    expect(g.slice(1, 13).every((v) => v === 1.05)).toBe(true);
    expect(g[13]).toBeCloseTo(1.1025, 12);
    const days = dayWeights(months, a);
    expect([days.merit[0], days.merit[31], days.merit[32]]).toEqual([1, 1, 1 / 1.05]);
  });
});

// Same title as above (split only to keep each block under the size check's 80 lines).
describe('forecast assumptions as numbers (07/§4.2)', () => {
  const NONE = { attritionRatePerYear: 0, meritIncrease: null, timeToFillDays: 0, onCostPercent: 0 };

  it('07/§4.2: opening + joiners - leavers - expectedLeavers = closing, whatever the weights, for people with and without a last day', () => {
    const events = fc.array(
      fc.record({
        idx: fc.integer({ min: 0, max: 2 }),
        metric: fc.constantFrom<ForecastMetric>('join_e', 'join_c', 'leave_e', 'join_ea', 'join_ca'),
        n: fc.integer({ min: 0, max: 5 }),
        loss: fc.double({ min: 0, max: 0.05, noNaN: true }),
      }),
    );
    fc.assert(
      fc.property(fc.double({ min: 0, max: 1, noNaN: true }), events, (rate, rows) => {
        const f = monthFactors(spans, { ...NONE, attritionRatePerYear: rate });
        const months = foldForecast(
          [
            row(null, -1, 'open_e', 3),
            row(null, -1, 'open_ea', 4),
            ...rows.map((r) => row(null, r.idx, r.metric, r.n, 0, r.metric.endsWith('a') ? -r.n * r.loss : 0)),
          ],
          spans,
          true,
          false,
          f,
        ).get(null)!;
        months.forEach((m, k) => {
          expect(m.opening + m.joiners - m.leavers - m.expectedLeavers).toBeCloseTo(m.closing, 9);
          if (k > 0) expect(m.opening).toBeCloseTo(months[k - 1].closing, 12);
        });
      }),
    );
  });

  it('07/§4.2 fold: weighted pay takes the mean weight, employees’ pay the merit factor and the on-cost, contractors’ neither', () => {
    const f = { ...IDENTITY_FACTORS(3), meanWeight: [0.5, 0.5, 0.5], merit: [1, 2, 2], onCost: 0.25 };
    const [jan, feb] = foldForecast(
      [row(null, 0, 'cost', 100), row(null, 0, 'cost_e', 1_000), row(null, 0, 'cost_a', 10_000), row(null, 0, 'cost_e_a', 100_000)],
      spans,
      true,
      false,
      f,
    ).get(null)!;
    expect([jan.cost, jan.onCost]).toEqual([100 + 5_000 + (1_000 + 50_000) * 1.25, (1_000 + 50_000) * 0.25]);
    expect([feb.cost, feb.onCost]).toEqual([100 + 5_000 + (1_000 + 50_000) * 2 * 1.25, (1_000 + 50_000) * 2 * 0.25]);
    expect(foldMonthCosts([10], [-10 * 15], spans, [0.5, 0.5, 0.5])[0]).toBe(10 * 0.5 - (10 * 15) / 31);
  });

  it('07/§4.2: under attrition headcounts are shown to 2 decimals, other counts to 4, and the delta’s headcounts too', () => {
    const [m] = foldForecast([row(null, -1, 'open_ea', 1), row(null, 0, 'vopen', 1, 0.33333)], monthSpans('2026-01', 1), true, false, {
      ...IDENTITY_FACTORS(1),
      endWeight: [0.987654],
    }).get(null)!;
    const dto = monthDto(m, true, { ...m, closing: 0.5 }, true);
    expect([dto.closing, dto.forecastHeadcount, dto.openVacancyFte, dto.delta!.closing]).toEqual([0.99, 1.99, 0.3333, 0.49]);
    expect(monthDto(m, true).closing).toBe(0.9877);
  });
});
