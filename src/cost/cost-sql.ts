/**
 * The cost rules of `cost-math.ts` as SQL building blocks, for figures that aggregate many people over
 * many months in the database (the forecast): the amount in force on a day (latest adjustment with
 * effectiveDate <= day, the later added winning a tie), normalised to a month with `MONTHLY_FACTOR`,
 * converted at the rates `CostService.pricing` gives (amounts without a rate left out, so the previous
 * amount stays in force, as in `AmountTable`), and day-weighted per month through `foldMonthCosts`.
 * `test/cost/cost-sql.e2e-spec.ts` holds this path to the same figures as `CostBook`.
 */

import { MONTHLY_FACTOR } from './cost-math';

/** `CASE <column> WHEN 'hourly' THEN ... END`: the monthly factor of a contractor rate type, from `MONTHLY_FACTOR`. */
export function monthlyFactorSql(rateTypeColumn: string): string {
  const cases = (Object.keys(MONTHLY_FACTOR) as (keyof typeof MONTHLY_FACTOR)[])
    .filter((k) => k !== 'salary')
    .map((k) => `WHEN '${k}' THEN ${MONTHLY_FACTOR[k]}::float8`)
    .join(' ');
  return `(CASE ${rateTypeColumn} ${cases} END)`;
}

/** A yearly salary column as a monthly amount (`MONTHLY_FACTOR.salary`), as float8. */
export function salaryMonthlySql(salaryColumn: string): string {
  return `(${salaryColumn}::float8 * ${MONTHLY_FACTOR.salary}::float8)`;
}

/** The array parameters of `CostPricing` (`currencies`, `rates`): always $7 and $8 in the statements that use them. */
const PRICING = { currencies: '$7', rates: '$8' };

/** The rate into the reporting currency of a currency column (`CostPricing`), null when there is none. */
export function rateOf(currencyColumn: string): string {
  return `(${PRICING.rates}::float8[])[array_position(${PRICING.currencies}::text[], ${currencyColumn}::text)]`;
}

/**
 * The amounts in force of every employee (`salary`) or contractor (`rate`) of plan `planParam` of
 * organization `organizationParam` with an adjustment on or before `toParam`: `(person_id, seg_start, seg_end, monthly)`, `seg_end` null when
 * open-ended, `monthly` in the reporting currency (before location multiplier and FTE). `people` adds a condition
 * on the person column (` AND ...`, `RecordFilter` of the forecast), none by default.
 */
export function amountSegmentsSql(
  kind: 'employee' | 'contractor',
  organizationParam: string,
  planParam: string,
  toParam: string,
  people: (personColumn: string) => string = () => '',
): string {
  const t =
    kind === 'employee'
      ? { table: 'salary_adjustments', person: 'employee_id', amount: salaryMonthlySql('a.salary') }
      : { table: 'rate_adjustments', person: 'contractor_id', amount: `a.rate::float8 * ${monthlyFactorSql('a.rate_type')}` };
  // OFFSET 0 keeps the inner query whole, so that the window's sort carries three narrow columns.
  return `SELECT person_id, seg_start, lead(seg_start) OVER (PARTITION BY person_id COLLATE "C" ORDER BY seg_start) - 1 AS seg_end, monthly
            FROM (SELECT a.${t.person} AS person_id, a.effective_date AS seg_start, ${t.amount} * ${rateOf('a.currency_code')} AS monthly
                    FROM ${t.table} a
                   WHERE a.organization_id = ${organizationParam} AND a.plan_id = ${planParam} AND a.effective_date <= ${toParam}::date${people(`a.${t.person}`)}
                   ORDER BY a.${t.person} COLLATE "C", a.effective_date
                  OFFSET 0) a
           WHERE monthly IS NOT NULL`;
}

/**
 * The calendar of a window as two array parameters (`calendarArrays` of cost-math.ts), always $4 and $11,
 * indexed by days from the day before the window's first day ($2): the month index (-1 for that day) and
 * the day of the month. Two array look-ups cost less than `date_part` on every row. The window's last day
 * (a month's last day) is $3.
 */
const CALENDAR = { from: '$2', to: '$3', monthIndex: '$4', dayOfMonth: '$11' };

/** The month index (0 = the window's first month) of `day`, a day from the day before the window to the day after it. */
export function monthIndexSql(day: string): string {
  return `(${CALENDAR.monthIndex}::int[])[(${day}) - ${CALENDAR.from}::date + 2]`;
}

/** The day of the month of `day` (same range as `monthIndexSql`). */
export function dayOfMonthSql(day: string): string {
  return `(${CALENDAR.dayOfMonth}::int[])[(${day}) - ${CALENDAR.from}::date + 2]`;
}

/** The value for `day` of a float8 array parameter indexed as the calendar is (`calendarArrays`: same range as `monthIndexSql`). */
export function calendarValueSql(arrayParam: string, day: string): string {
  return `(${arrayParam}::float8[])[(${day}) - ${CALENDAR.from}::date + 2]`;
}

/**
 * Items some of whose days count with a weight (the forecast's attrition): `flag`, a boolean column of the items
 * saying which; `before` and `weight`, calendar arrays (`calendarValueSql`) of the sum of the weights of a day's
 * month before it and of the day's own weight. Their rows' day terms are sums of weights instead of days;
 * `foldMonthCosts` then takes the months' mean weights.
 */
export interface WeightedDays {
  flag: string;
  before: string;
  weight: string;
}

/**
 * Month-cost rows of `items` (a relation with `grp`, `a`, `b`, `amount`: `amount` a month's cost
 * (multiplier and FTE included) in force on every day of [a, b], both inside the window): per group and
 * month index, `full` (added to this and every later month) and `days` (amount x days, divided by the
 * month's days): for an item, +amount from a's month and -amount from b's month, then
 * -amount x (day of a - 1) in a's month and +amount x day of b in b's month. `foldMonthCosts` turns
 * them into the day-weighted month costs. Two rows per item at most, whatever the number of months; one
 * for an item that lasts to the window's last day, whose end rows would add -amount + amount x days / days
 * = 0 to the last month (and there is no month after it): most people's pay, left out of the second sum.
 * `by.key`: a column of the items the rows are also grouped by (after `grp`); `by.weighted`: items whose days
 * are weighted.
 */
export function monthCostRowsSql(items: string, by: { key?: string; weighted?: WeightedDays } = {}): string {
  const key = by.key ? `, ${by.key}` : '';
  const groups = by.key ? '1, 2, 3' : '1, 2';
  const w = by.weighted;
  const start = w
    ? `CASE WHEN ${w.flag} THEN ${calendarValueSql(w.before, 'a')} ELSE ${dayOfMonthSql('a')} - 1 END`
    : `${dayOfMonthSql('a')} - 1`;
  const end = w
    ? `CASE WHEN ${w.flag} THEN ${calendarValueSql(w.before, 'b')} + ${calendarValueSql(w.weight, 'b')} ELSE ${dayOfMonthSql('b')} END`
    : dayOfMonthSql('b');
  return `SELECT grp${key}, ${monthIndexSql('a')} AS idx, sum(amount) AS full_amount, -sum(amount * (${start})) AS day_amount
            FROM ${items} GROUP BY ${groups}
          UNION ALL
          SELECT grp${key}, ${monthIndexSql('b')} AS idx, -sum(amount) AS full_amount, sum(amount * (${end})) AS day_amount
            FROM ${items} WHERE b < ${CALENDAR.to}::date GROUP BY ${groups}`;
}
