import 'reflect-metadata';
import { AppValidationPipe } from '../../src/common/validation/validation.pipe';
import { DomainError } from '../../src/common/errors/domain-error';
import { IngestReadingsDto } from '../../src/business-metrics/dto/reading.dto';
import { checkReadingBatch, isCalendarDay, latestPerPeriodStart } from '../../src/business-metrics/reading-batch';
import { isDateOnly } from '../../src/common/dates';
import { charCount } from '../../src/business-metrics/dto/text-rules';

/** A deterministic pseudo-random generator, so that a failure can be replayed from its seed. */
function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

const VALUES: unknown[] = [
  undefined,
  null,
  0,
  -1,
  1.5,
  10,
  '5',
  'x',
  true,
  {},
  [],
  Number.MAX_VALUE,
  '2026-01-01',
  '2026-02-30',
  '2026-1-1',
  '2025-12-31',
  '2026-03-01',
  '',
  'r'.repeat(200),
  'r'.repeat(201),
  'n'.repeat(2000),
  'n'.repeat(2001),
  '😀'.repeat(200),
  'a\u0000b',
];

function randomBody(next: () => number): Record<string, unknown> {
  const pick = () => VALUES[Math.floor(next() * VALUES.length)];
  const items = Array.from({ length: 1 + Math.floor(next() * 4) }, () => {
    if (next() < 0.05) {
      // class-validator lets an array item through (ValidateNested accepts arrays); the intake refuses it
      // (checked below). JSON has no undefined items. Neither is compared here.
      const value = pick();
      return Array.isArray(value) || value === undefined ? null : value;
    }
    const item: Record<string, unknown> = { periodStart: '2026-01-01', periodEnd: '2026-01-31', value: 10, aiValue: 1 };
    for (const field of ['periodStart', 'periodEnd', 'value', 'aiValue', 'externalRef', 'note']) if (next() < 0.1) item[field] = pick();
    if (next() < 0.03) item.valu = pick();
    return item;
  });
  const body: Record<string, unknown> = { metric: 'm', source: 'S', readings: items };
  if (next() < 0.05) body.metric = pick();
  if (next() < 0.05) body.source = pick();
  if (next() < 0.03) body.readings = pick();
  if (next() < 0.03) body.batch = pick();
  return body;
}

/** The fields the class-validator DTO refuses (the global pipe's answer), or [] when it accepts. */
async function dtoFields(body: Record<string, unknown>): Promise<string[]> {
  try {
    await new AppValidationPipe().transform(structuredClone(body), { type: 'body', metatype: IngestReadingsDto });
    return [];
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    return [...new Set((error.details ?? []).map((d) => d.field))];
  }
}

describe('the reading intake validator (01 "Business metric readings" field rules)', () => {
  it('01/readings field rules: the hand-written check refuses exactly the fields IngestReadingsDto refuses (1,500 random bodies)', async () => {
    const next = rng(20261101);
    let refused = 0;
    for (let n = 0; n < 1500; n++) {
      const body = randomBody(next);
      const checked = checkReadingBatch(body);
      // Rule 3's cross-field rejections are the intake's own; the DTO cannot express them.
      const crossField = new Set(
        checked.details.filter((d) => / must not be (before periodStart|more than value)/.test(d.message)).map((d) => d.field),
      );
      const fields = [...new Set(checked.details.map((d) => d.field))].filter((f) => !crossField.has(f));
      // Messages differ in wording; the fields refused must be the same.
      // When readings is not an array the intake stops there; class-validator goes on into an object's fields.
      const expected = (await dtoFields(body)).filter(
        (f) => !crossField.has(f) && (Array.isArray(body.readings) || !f.startsWith('readings.')),
      );
      expect({ n, body, fields }).toEqual({ n, body, fields: expected });
      if (checked.details.length) refused++;
    }
    // The generator exercises both outcomes.
    expect(refused).toBeGreaterThan(300);
    expect(refused).toBeLessThan(1400);
  });

  it('01/readings rule 3: only periodEnd-before-periodStart and aiValue-above-value problems make a feed rejection', () => {
    const base = { metric: 'm', source: 'S' };
    const ok = { periodStart: '2026-01-02', periodEnd: '2026-01-31', value: 5, aiValue: 1 };
    expect(checkReadingBatch({ ...base, readings: [ok] })).toMatchObject({ details: [], feedRejection: false, source: 'S' });
    expect(checkReadingBatch({ ...base, readings: [{ ...ok, periodEnd: '2026-01-01' }] }).feedRejection).toBe(true);
    expect(checkReadingBatch({ ...base, readings: [{ ...ok, aiValue: 6 }] }).feedRejection).toBe(true);
    expect(
      checkReadingBatch({
        ...base,
        readings: [
          { ...ok, aiValue: 6 },
          { ...ok, note: 3 },
        ],
      }).feedRejection,
    ).toBe(false);
    expect(checkReadingBatch({ ...base, source: '', readings: [{ ...ok, aiValue: 6 }] }).feedRejection).toBe(false);
    // A non-object item (an array too) is refused at its index.
    expect(checkReadingBatch({ ...base, readings: [ok, []] }).details).toEqual([
      { field: 'readings.1', message: 'readings.1 must be an object' },
    ]);
    // A bad periodStart is a field problem, not an ordering problem.
    expect(checkReadingBatch({ ...base, readings: [{ ...ok, periodStart: '2026-02-30' }] }).feedRejection).toBe(false);
  });

  it('01/readings rule 1 (decision): within a batch the later reading of a periodStart wins; the result is sorted by periodStart', () => {
    const r = (periodStart: string, value: number) => ({
      periodStart,
      periodEnd: periodStart,
      value,
      aiValue: null,
      externalRef: null,
      note: null,
    });
    expect(latestPerPeriodStart([r('2026-03-01', 1), r('2026-01-01', 2), r('2026-03-01', 3), r('2026-02-01', 4)])).toEqual([
      r('2026-01-01', 2),
      r('2026-02-01', 4),
      r('2026-03-01', 3),
    ]);
  });

  it("01/readings field rules: the intake's calendar-day check answers as the shared isDateOnly does", () => {
    const candidates: unknown[] = [
      '',
      '2026-01-01 ',
      ' 2026-01-01',
      '2026-1-01',
      '2026/01/01',
      '20260101',
      '2026-01-0a',
      '+026-01-01',
      '2026-01-01T00:00:00Z',
      20260101,
      null,
      undefined,
      {},
    ];
    for (const year of [0, 1, 50, 99, 100, 1600, 1700, 1900, 1999, 2000, 2023, 2024, 2100, 2400, 9999]) {
      for (let month = 0; month <= 13; month++) {
        for (let day = 0; day <= 32; day++) {
          candidates.push(`${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`);
        }
      }
    }
    const disagreements = candidates.filter((value) => isCalendarDay(value) !== isDateOnly(value));
    expect(disagreements).toEqual([]);
    expect(candidates.filter((value) => isCalendarDay(value)).length).toBeGreaterThan(3000);
  });

  it('limits count characters as PostgreSQL does (a surrogate pair is one character)', () => {
    expect(charCount('abc')).toBe(3);
    expect(charCount('😀😀')).toBe(2);
    expect(charCount('\ud800x')).toBe(2);
    expect(charCount('')).toBe(0);
  });
});
