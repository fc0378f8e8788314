import fc from 'fast-check';
import { lineErrors, monthCount, monthErrors, storedLine } from './budget-lines';
import type { BudgetShape } from './budget-lines';

const budget = (lines: BudgetShape['lines'], dimension: BudgetShape['dimension'] = 'costCentre'): BudgetShape => ({
  dimension,
  fromMonth: '2026-01',
  toMonth: '2026-03',
  lines,
});

describe('budget rules (07/§2.1)', () => {
  it('07/§2.1: months are counted across years, both ends included; more than 36 or an end before the start is an error on toMonth', () => {
    expect(monthCount('2026-01', '2026-01')).toBe(1);
    expect(monthCount('2025-11', '2026-02')).toBe(4);
    expect(monthCount('2026-03', '2026-02')).toBe(0);
    fc.assert(
      fc.property(fc.integer({ min: 2000, max: 2100 }), fc.integer({ min: 1, max: 12 }), fc.integer({ min: 0, max: 100 }), (y, m, n) => {
        const from = `${y}-${String(m).padStart(2, '0')}`;
        const end = y * 12 + (m - 1) + n;
        const to = `${Math.floor(end / 12)}-${String((end % 12) + 1).padStart(2, '0')}`;
        return monthCount(from, to) === n + 1;
      }),
    );
    expect(monthErrors({ ...budget([]), toMonth: '2028-12' })).toEqual([]);
    expect(monthErrors({ ...budget([]), toMonth: '2029-01' }).map((e) => e.field)).toEqual(['toMonth']);
    expect(monthErrors({ ...budget([]), toMonth: '2025-12' }).map((e) => e.field)).toEqual(['toMonth']);
  });

  it('07/§2.1: each line is named by its index: month outside, key of the wrong kind or unknown, a key and month repeated', () => {
    const known = new Set(['cc1']);
    const lines = [
      storedLine({ key: 'cc1', month: '2026-01', cost: 1 }),
      storedLine({ key: 'cc1', month: '2026-04', cost: 1 }),
      storedLine({ key: null, month: '2026-02', cost: 1 }),
      storedLine({ key: 'cc9', month: '2026-02', cost: 1 }),
      storedLine({ key: 'cc1', month: '2026-01', cost: 2 }),
    ];
    expect(lineErrors(budget(lines), known).map((e) => e.field)).toEqual(['lines.1.month', 'lines.2.key', 'lines.3.key', 'lines.4.month']);
    expect(
      lineErrors(budget([storedLine({ month: '2026-01', cost: 1 }), storedLine({ key: 'cc1', month: '2026-02', cost: 1 })], 'none'), known),
    ).toEqual([{ field: 'lines.1.key', message: expect.stringContaining('must be null') }]);
  });

  it('07/§2.1: a line is stored as [key, month, cost, headcount, fte], figures as decimal strings, null when not budgeted', () => {
    expect(storedLine({ key: 'cc1', month: '2026-01', cost: 1500.5, headcount: 2, fte: 1.75 })).toEqual([
      'cc1',
      '2026-01',
      '1500.5',
      '2',
      '1.75',
    ]);
    expect(storedLine({ month: '2026-01', cost: 0, headcount: null })).toEqual([null, '2026-01', '0', null, null]);
  });
});
