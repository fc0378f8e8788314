/**
 * `<at> + <interval>` for an interval that reads a column (`make_interval(mins => pull_interval_minutes)`),
 * written so that Citus accepts it in an UPDATE: `timestamptz + interval` is STABLE (its day and month
 * arithmetic depends on TimeZone), and Citus refuses STABLE functions called with column references in
 * UPDATE. The same sum on UTC timestamps is IMMUTABLE and, for intervals of hours, minutes and seconds,
 * the same value on every PostgreSQL.
 */
export function plusInterval(at: string, interval: string): string {
  return `((${at}) AT TIME ZONE 'UTC' + ${interval}) AT TIME ZONE 'UTC'`;
}
