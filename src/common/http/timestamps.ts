const pad2 = (n: number): string => (n < 10 ? `0${n}` : `${n}`);
const pad3 = (n: number): string => (n < 10 ? `00${n}` : n < 100 ? `0${n}` : `${n}`);

/**
 * `date.toISOString()`, written out in JavaScript for the years 1000-9999 (V8's own formatter costs about
 * twice as much, and a listed record carries two timestamps; bench/RESULTS.md); any other date (another
 * year, an invalid date, which throws) goes to `toISOString` itself.
 */
export function isoTimestamp(date: Date): string {
  const year = date.getUTCFullYear();
  if (!(year >= 1000 && year <= 9999)) return date.toISOString();
  return (
    `${year}-${pad2(date.getUTCMonth() + 1)}-${pad2(date.getUTCDate())}T` +
    `${pad2(date.getUTCHours())}:${pad2(date.getUTCMinutes())}:${pad2(date.getUTCSeconds())}.${pad3(date.getUTCMilliseconds())}Z`
  );
}

/** createdAt/updatedAt as ISO 8601 strings, for response DTOs. */
export function timestamps(entity: { createdAt: Date; updatedAt: Date }): { createdAt: string; updatedAt: string } {
  return { createdAt: isoTimestamp(entity.createdAt), updatedAt: isoTimestamp(entity.updatedAt) };
}
