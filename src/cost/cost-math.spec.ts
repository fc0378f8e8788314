import { AmountTable, DatedAmount, dayNumber, daysInMonth, MONTHLY_FACTOR, monthSpans, occupancyMonthCost, overlapDays } from './cost-math';

/** The first implementation (Date objects, a sort and a walk over every amount per month): the figures must not move. */
function referenceMonthCost(
  month: string,
  occupancy: { start: string; end: string | null; fte: number },
  amounts: readonly DatedAmount[],
  multiplier = 1,
): number {
  const [y, m] = month.split('-').map(Number);
  const total = new Date(Date.UTC(y, m, 0)).getUTCDate();
  const first = `${month}-01`;
  const last = `${month}-${String(total).padStart(2, '0')}`;
  const days = (day: string) => Date.UTC(Number(day.slice(0, 4)), Number(day.slice(5, 7)) - 1, Number(day.slice(8, 10))) / 86_400_000;
  const dayBefore = (day: string) =>
    new Date(Date.UTC(Number(day.slice(0, 4)), Number(day.slice(5, 7)) - 1, Number(day.slice(8, 10)) - 1)).toISOString().slice(0, 10);
  const sorted = [...amounts].sort((a, b) => (a.effectiveDate < b.effectiveDate ? -1 : a.effectiveDate > b.effectiveDate ? 1 : 0));
  let cost = 0;
  for (let i = 0; i < sorted.length; i++) {
    const next = sorted[i + 1]?.effectiveDate;
    const segEnd = next ? dayBefore(next) : null;
    const from0 = sorted[i].effectiveDate > occupancy.start ? sorted[i].effectiveDate : occupancy.start;
    const to0 = segEnd === null ? occupancy.end : occupancy.end === null || segEnd < occupancy.end ? segEnd : occupancy.end;
    const from = from0 > first ? from0 : first;
    const to = to0 === null || to0 > last ? last : to0;
    cost += (sorted[i].monthly * (to < from ? 0 : days(to) - days(from) + 1)) / total;
  }
  return cost * occupancy.fte * multiplier;
}

describe('02/cost: cost arithmetic', () => {
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
    expect(
      occupancyMonthCost('2026-04', { start: '2026-01-01', end: null, fte: 0.5 }, [{ effectiveDate: '2025-01-01', monthly: 10000 }], 1.2),
    ).toBeCloseTo(6000, 6);
  });

  it('is day-weighted when the occupancy starts or ends inside the month', () => {
    // 15 of 30 days of April.
    expect(
      occupancyMonthCost('2026-04', { start: '2026-04-16', end: null, fte: 1 }, [{ effectiveDate: '2026-01-01', monthly: 3000 }]),
    ).toBeCloseTo(1500, 6);
    expect(
      occupancyMonthCost('2026-04', { start: '2026-01-01', end: '2026-04-10', fte: 1 }, [{ effectiveDate: '2026-01-01', monthly: 3000 }]),
    ).toBeCloseTo(1000, 6);
  });

  it('uses the amount in force on each day (a raise mid-month) and nothing before the first amount', () => {
    const amounts = [
      { effectiveDate: '2026-04-11', monthly: 6000 },
      { effectiveDate: '2026-01-01', monthly: 3000 },
    ];
    // 10 days at 3000, 20 days at 6000, of 30.
    expect(occupancyMonthCost('2026-04', { start: '2026-01-01', end: null, fte: 1 }, amounts)).toBeCloseTo(1000 + 4000, 6);
    expect(
      occupancyMonthCost('2026-04', { start: '2026-01-01', end: null, fte: 1 }, [{ effectiveDate: '2026-04-21', monthly: 3000 }]),
    ).toBeCloseTo(1000, 6);
  });

  it('counts day numbers and months without Date objects, across years and leap days', () => {
    for (const day of ['1970-01-01', '2000-02-29', '2024-12-31', '2028-03-01', '2100-03-01', '1999-12-31']) {
      expect(dayNumber(day)).toBe(Date.UTC(Number(day.slice(0, 4)), Number(day.slice(5, 7)) - 1, Number(day.slice(8, 10))) / 86_400_000);
    }
    expect(monthSpans('2026-11', 3).map((s) => [s.month, s.days])).toEqual([
      ['2026-11', 30],
      ['2026-12', 31],
      ['2027-01', 31],
    ]);
    expect(monthSpans('2028-02', 1)[0]).toEqual({
      month: '2028-02',
      first: dayNumber('2028-02-01'),
      last: dayNumber('2028-02-29'),
      days: 29,
    });
  });
});

describe('02/cost: cost arithmetic', () => {
  it('gives every month of a run the figure of the first implementation, to the last bit (amounts in any order, ties, gaps, open and closed occupancies)', () => {
    let seed = 42;
    const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
    const dayIn = (from: number, span: number) =>
      new Date(Date.UTC(2025, 0, 1) + Math.floor(random() * span + from) * 86_400_000).toISOString().slice(0, 10);
    const months = monthSpans('2026-01', 14);
    for (let person = 0; person < 300; person++) {
      const amounts: DatedAmount[] = Array.from({ length: 1 + Math.floor(random() * 5) }, () => ({
        effectiveDate: dayIn(0, 900),
        monthly: Math.round(random() * 1e7) / 100 / 3,
      }));
      if (person % 7 === 0) amounts.push({ ...amounts[0], monthly: amounts[0].monthly + 1 });
      const multiplier = person % 3 === 0 ? 1.15 : 1;
      const table = new AmountTable();
      const slot = table.person('p', multiplier);
      for (const a of amounts) table.add(slot, a.effectiveDate, a.monthly);
      table.seal();
      for (let k = 0; k < 4; k++) {
        const start = dayIn(200, 600);
        const end = k % 2 ? null : dayIn(dayNumber(start) - dayNumber('2025-01-01'), 300);
        const fte = [1, 0.5, 0.25, 0.8][k];
        const out: number[] = [];
        table.costsInto('p', months, dayNumber(start), end === null ? Infinity : dayNumber(end), fte, out);
        months.forEach((span, i) => expect(out[i]).toBe(referenceMonthCost(span.month, { start, end, fte }, amounts, multiplier)));
        expect(occupancyMonthCost(months[3].month, { start, end, fte }, amounts, multiplier)).toBe(out[3]);
      }
    }
    expect(new AmountTable().seal().costsInto('nobody', months, 0, Infinity, 1, [])).toBe(false);
  });
});
