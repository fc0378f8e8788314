import { isoTimestamp } from './timestamps';

describe('isoTimestamp (timestamps.ts)', () => {
  it('writes what toISOString writes for 20,000 instants from year 1000 to 9999, to the millisecond', () => {
    const first = Date.UTC(1000, 0, 1);
    const step = (Date.UTC(10000, 0, 1) - first) / 20_000;
    for (let k = 0; k < 20_000; k++) {
      // Spread over the years 1000-9999, with every millisecond of the second.
      const date = new Date(first + Math.floor(k * step) + ((k * 37) % 1000));
      expect([isoTimestamp(date), date.getTime()]).toEqual([date.toISOString(), date.getTime()]);
    }
    for (const text of ['1000-01-01T00:00:00.000Z', '9999-12-31T23:59:59.999Z', '2026-11-27T09:05:03.007Z', '2024-02-29T12:00:00.050Z'])
      expect(isoTimestamp(new Date(text))).toBe(text);
  });

  it('leaves other years and invalid dates to toISOString (which throws for an invalid date)', () => {
    for (const date of [
      new Date(Date.UTC(999, 11, 31, 23, 59, 59, 999)),
      new Date(Date.UTC(10000, 0, 1)),
      new Date(-8.64e15),
      new Date(8.64e15),
    ])
      expect(isoTimestamp(date)).toBe(date.toISOString());
    expect(() => isoTimestamp(new Date(NaN))).toThrow(RangeError);
  });
});
