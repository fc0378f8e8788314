import { MONTHLY_FACTOR, occupancyMonthCost, overlapDays, daysInMonth } from './cost-math';

describe('cost arithmetic (issue 10/3)', () => {
  it('normalises rates to a month: hourly x 2080/12, daily x 260/12, monthly x 1, annually / 12', () => {
    expect(100 * MONTHLY_FACTOR.hourly).toBeCloseTo(17333.33, 2);
    expect(500 * MONTHLY_FACTOR.daily).toBeCloseTo(10833.33, 2);
    expect(4000 * MONTHLY_FACTOR.monthly).toBe(4000);
    expect(120000 * MONTHLY_FACTOR.annually).toBe(10000);
  });

  it('counts days inclusively and knows leap years', () => {
    expect(daysInMonth('2028-02')).toBe(29);
    expect(daysInMonth('2026-02')).toBe(28);
    expect(overlapDays('2026-02-10', '2026-02-10', '2026-02-01', '2026-02-28')).toBe(1);
    expect(overlapDays('2026-01-15', null, '2026-02-01', '2026-02-28')).toBe(28);
    expect(overlapDays('2026-03-01', null, '2026-02-01', '2026-02-28')).toBe(0);
  });

  it('a full month costs the monthly amount times fte and multiplier', () => {
    expect(occupancyMonthCost('2026-04', { start: '2026-01-01', end: null, fte: 0.5 }, [{ effectiveDate: '2025-01-01', monthly: 10000 }], 1.2)).toBeCloseTo(6000, 6);
  });

  it('is day-weighted when the occupancy starts or ends inside the month', () => {
    // 15 of 30 days of April.
    expect(occupancyMonthCost('2026-04', { start: '2026-04-16', end: null, fte: 1 }, [{ effectiveDate: '2026-01-01', monthly: 3000 }])).toBeCloseTo(1500, 6);
    expect(occupancyMonthCost('2026-04', { start: '2026-01-01', end: '2026-04-10', fte: 1 }, [{ effectiveDate: '2026-01-01', monthly: 3000 }])).toBeCloseTo(1000, 6);
  });

  it('uses the amount in force on each day (a raise mid-month) and nothing before the first amount', () => {
    const amounts = [
      { effectiveDate: '2026-04-11', monthly: 6000 },
      { effectiveDate: '2026-01-01', monthly: 3000 },
    ];
    // 10 days at 3000, 20 days at 6000, of 30.
    expect(occupancyMonthCost('2026-04', { start: '2026-01-01', end: null, fte: 1 }, amounts)).toBeCloseTo(1000 + 4000, 6);
    expect(occupancyMonthCost('2026-04', { start: '2026-01-01', end: null, fte: 1 }, [{ effectiveDate: '2026-04-21', monthly: 3000 }])).toBeCloseTo(1000, 6);
  });
});
