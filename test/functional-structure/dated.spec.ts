import { activeOn, isActiveOn, overlaps, rangesOverlap, within } from '../../src/functional-structure/dated';

describe('dated helpers (DESIGN mechanism 7; 02 "start and end days inclusive")', () => {
  const march = { startDate: '2026-03-01', endDate: '2026-03-31' };
  const ongoing = { startDate: '2026-03-01', endDate: null };

  it('02/dates: active on the first and the last day, not the day before or after; null end is ongoing', () => {
    expect([
      isActiveOn(march, '2026-02-28'),
      isActiveOn(march, '2026-03-01'),
      isActiveOn(march, '2026-03-31'),
      isActiveOn(march, '2026-04-01'),
    ]).toEqual([false, true, true, false]);
    expect(isActiveOn(ongoing, '2999-12-31')).toBe(true);
    expect(isActiveOn({ startDate: '2028-02-29', endDate: '2028-02-29' }, '2028-02-29')).toBe(true);
  });

  it('02/dates: ranges sharing one day overlap; back-to-back ranges do not', () => {
    expect(rangesOverlap(march, { startDate: '2026-03-31', endDate: '2026-04-30' })).toBe(true);
    expect(rangesOverlap(march, { startDate: '2026-04-01', endDate: null })).toBe(false);
    expect(rangesOverlap(ongoing, { startDate: '2030-01-01', endDate: null })).toBe(true);
  });

  it('02/dates: within needs both ends inside; an ongoing record is not within a bounded one', () => {
    expect(within(march, ongoing)).toBe(true);
    expect(within(ongoing, march)).toBe(false);
    expect(within({ startDate: '2026-02-28', endDate: '2026-03-05' }, march)).toBe(false);
    expect(within(march, march)).toBe(true);
  });

  it('as-of SQL builders name the alias and the parameters they are given', () => {
    expect(activeOn('g', '$2')).toBe(`(g.start_date <= $2::date AND (g.end_date IS NULL OR g.end_date >= $2::date))`);
    expect(overlaps('a', '$3', '$4')).toContain(`COALESCE(a.end_date, 'infinity'::date) >= $3::date`);
  });
});
