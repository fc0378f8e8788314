import { isoTimestamp } from './timestamps';

describe('isoTimestamp (timestamps.ts)', () => {
  it('writes what toISOString writes for 20,000 instants from year 1000 to 9999, to the millisecond', () => {
    let seed = 11;
    const random = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed % n;
    };
    const first = Date.UTC(1000, 0, 1);
    const span = Date.UTC(10000, 0, 1) - first;
    for (let k = 0; k < 20_000; k++) {
      const date = new Date(first + Math.floor((random(2 ** 30) / 2 ** 30) * span) + random(1000));
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
