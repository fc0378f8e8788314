import { parseTimestamptz, pgParseTimestamptz } from './pg-timestamps';

/** The same answer as pg's own parser: a Date of the same instant, or the same non-Date value. */
function expectAsPg(text: string): void {
  const ours = parseTimestamptz(text);
  const pgs = pgParseTimestamptz(text);
  if (pgs instanceof Date) {
    expect(ours).toBeInstanceOf(Date);
    expect([text, (ours as Date).getTime()]).toEqual([text, pgs.getTime()]);
  } else {
    expect([text, ours]).toEqual([text, pgs]);
  }
}

describe('timestamptz parsing (pg-timestamps.ts)', () => {
  it('gives the instant pg parser gives for 5,000 timestamps as PostgreSQL writes them (fractions of 0-6 digits, offsets)', () => {
    const pad = (n: number, width: number) => String(n).padStart(width, '0');
    const offsets = ['+00', '-05', '+05:30', '-03:30', '+14', '-12', '+00:00:30', '-00:44:30'];
    for (let k = 0; k < 5_000; k++) {
      // Spread over years 100-9999, every month, day, hour, minute and second, 0-6 fraction digits, each offset.
      const base = new Date(
        Date.UTC(100 + ((k * 7919) % 9_900), (k * 31) % 12, 1 + ((k * 17) % 28), (k * 7) % 24, (k * 13) % 60, (k * 29) % 60),
      );
      const digits = k % 7;
      const fraction = digits ? `.${pad((k * 104_729) % 10 ** digits, digits)}` : '';
      const text = `${base.toISOString().slice(0, 19).replace('T', ' ')}${fraction}${offsets[k % offsets.length]}`;
      expectAsPg(text);
    }
  });

  it('leaves to pg parser what it does not read itself, with the same answers', () => {
    for (const text of [
      '0001-01-01 00:00:00+00',
      '0099-12-31 23:59:59.999+00',
      '0100-01-01 00:00:00+00',
      '12026-11-27 18:45:00+00',
      '2026-11-27 18:45:00+00 BC',
      'infinity',
      '-infinity',
      '2026-11-27 18:45:00.+00',
      '2026-11-27 18:45:00',
      '2026-11-27T18:45:00Z',
      '2026-11-27 18:45:0x+00',
      '1969-12-31 23:59:59.999999+00',
      '1970-01-01 00:00:00.0005+00',
    ])
      expectAsPg(text);
    expect(parseTimestamptz('2026-11-27 18:45:00.123456+05:30')).toEqual(new Date('2026-11-27T13:15:00.123Z'));
  });
});
