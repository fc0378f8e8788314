/**
 * Money and FTE are `numeric` columns: PostgreSQL returns them as strings. The API returns them as
 * JSON numbers; webhook payloads carry them as strings without trailing zeros.
 */
export function decimalToNumber(value: string | number | null | undefined): number | null {
  if (value === null || value === undefined) return null;
  return typeof value === 'number' ? value : Number(value);
}

export function decimalToString(value: string | number | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  const text = typeof value === 'number' ? String(value) : value;
  if (!text.includes('.')) return text;
  return text.replace(/0+$/, '').replace(/\.$/, '');
}

/** Whether a number has at most `places` decimal places (checked on its decimal text). */
export function hasAtMostDecimals(value: number, places: number): boolean {
  if (!Number.isFinite(value)) return false;
  const text = String(value);
  if (text.includes('e')) return Number(value.toFixed(places)) === value;
  const dot = text.indexOf('.');
  return dot === -1 || text.length - dot - 1 <= places;
}
