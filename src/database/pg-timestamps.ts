import { types } from 'pg';

/** pg's own `timestamptz` parser (postgres-date), taken before `parseTimestamptz` replaces it. */
export const pgParseTimestamptz: (text: string) => Date | number | null = types.getTypeParser(types.builtins.TIMESTAMPTZ, 'text');

const digit = (text: string, i: number): number => {
  const d = text.charCodeAt(i) - 48;
  return d >= 0 && d <= 9 ? d : NaN;
};
const two = (text: string, i: number): number => digit(text, i) * 10 + digit(text, i + 1);

/**
 * `timestamptz` text as PostgreSQL writes it (DateStyle ISO: `2026-11-27 18:45:00.123456+00`, an offset of
 * `+HH`, `+HH:MM` or `+HH:MM:SS`) to the Date pg's own parser gives, without its three regular expressions:
 * every listed record carries two timestamps, and their parsing was a twentieth of a list's CPU
 * (bench/RESULTS.md). Anything else (a year before 100 or after 9999, BC, infinity, another shape) goes
 * to pg's parser. Fractions of a millisecond are cut as pg's parser cuts them (`1000 * parseFloat`).
 */
export function parseTimestamptz(text: string): Date | number | null {
  const n = text.length;
  if (n < 22 || text.charCodeAt(4) !== 45 || text.charCodeAt(7) !== 45 || text.charCodeAt(10) !== 32) return pgParseTimestamptz(text);
  if (text.charCodeAt(13) !== 58 || text.charCodeAt(16) !== 58) return pgParseTimestamptz(text);
  const year = two(text, 0) * 100 + two(text, 2);
  let i = 19;
  let ms = 0;
  if (text.charCodeAt(i) === 46) {
    const start = i;
    i++;
    while (i < n && digit(text, i) >= 0) i++;
    ms = 1000 * parseFloat(text.slice(start, i));
  }
  const sign = text.charCodeAt(i);
  if (sign !== 43 && sign !== 45) return pgParseTimestamptz(text);
  let offset = two(text, i + 1) * 3600;
  i += 3;
  if (i < n && text.charCodeAt(i) === 58) {
    offset += two(text, i + 1) * 60;
    i += 3;
    if (i < n && text.charCodeAt(i) === 58) {
      offset += two(text, i + 1);
      i += 3;
    }
  }
  const utc = Date.UTC(year, two(text, 5) - 1, two(text, 8), two(text, 11), two(text, 14), two(text, 17), ms);
  // NaN: a character that is not a digit where one belongs.
  if (i !== n || year < 100 || Number.isNaN(utc + offset)) return pgParseTimestamptz(text);
  return new Date(utc - (sign === 45 ? -1 : 1) * offset * 1000);
}
