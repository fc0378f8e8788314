/**
 * Baseline of the `forecast` benchmark (run by bench/baseline-server.ts): GET /forecast?from=&months=&groupBy=
 * in ONE SQL statement after the guard's key lookup: the rates into the reporting currency (direct, else
 * inverse, in force today), the per-person, per-segment and per-vacancy event rows (the text of
 * `forecastSql`, so that both sides do the same per-row work), the running sums over a months x groups grid
 * with window functions, and the group names. Node only sums the totals and writes the JSON.
 * No validation, framework, logging, rate limiting or cost visibility check.
 */
import type { Pool } from 'pg';
import { calendarArrays, monthSpans } from '../src/cost/cost-math';
import { forecastSettings, forecastStatement } from '../src/forecasts/forecast.repository';
import { GROUP_NAMES, isAllocation } from '../src/forecasts/forecast-sql';
import type { ForecastGroupBy } from '../src/forecasts/dto/forecast-query.dto';
import type { BaselineHandler } from './baseline-server';
import { authenticate, NOT_FOUND, UNAUTHORIZED } from './baseline-common';

const ROUTE = /^\/api\/v1\/org\/([^/?]+)\/forecast(?:\?(.*))?$/;

const RATES = `rates AS (
  SELECT DISTINCT ON (currency) currency, rate FROM (
    SELECT o.reporting_currency::text AS currency, 1::float8 AS rate, 0 AS pref FROM organizations o WHERE o.id = $6
    UNION ALL
    SELECT * FROM (SELECT DISTINCT ON (x.from_currency) x.from_currency::text, x.rate::float8, 1
                     FROM exchange_rates x JOIN organizations o ON o.id = x.organization_id AND x.to_currency = o.reporting_currency
                    WHERE x.organization_id = $6 AND x.effective_date <= $5::date ORDER BY x.from_currency, x.effective_date DESC) d
    UNION ALL
    SELECT * FROM (SELECT DISTINCT ON (x.to_currency) x.to_currency::text, 1 / x.rate::float8, 2
                     FROM exchange_rates x JOIN organizations o ON o.id = x.organization_id AND x.from_currency = o.reporting_currency
                    WHERE x.organization_id = $6 AND x.effective_date <= $5::date ORDER BY x.to_currency, x.effective_date DESC) i
  ) r ORDER BY currency, pref)`;

const sqlCache = new Map<string, string>();

/**
 * The one statement: $1 plan, $2 from, $3 to, $4 and $8 the calendar arrays, $5 today, $6 organization, $7 months.
 * People's month-end levels move with join/leave rows, or with their lvl rows under the allocation groupings
 * (whose joiners and leavers are split counts only); day-weighted FTE = closing + the rows' day terms / days.
 */
function statement(groupBy: ForecastGroupBy): string {
  let sql = sqlCache.get(groupBy);
  if (sql) return sql;
  const split = isAllocation(groupBy);
  const events = forecastStatement(groupBy)
    .sql.replace(/^\s*WITH /, `WITH ${RATES},\n`)
    .replace(/\$7::text\[\]/g, '(SELECT array_agg(currency ORDER BY currency) FROM rates)')
    .replace(/\$8::float8\[\]/g, '(SELECT array_agg(rate ORDER BY currency) FROM rates)')
    .replace(/\$9/g, '(SELECT reporting_currency FROM organizations WHERE id = $6)')
    .replace(/\$11/g, '$8')
    .replace(/\$10/g, '$7');
  const naming = groupBy === 'none' ? null : GROUP_NAMES[groupBy];
  const names = !naming
    ? 'NULL::text'
    : `(SELECT n.${naming.name} FROM ${naming.table} n WHERE n.organization_id = $6 AND ${naming.planScoped ? 'n.plan_id = $1 AND ' : ''}n.id = g.grp)`;
  const f = (metric: string, v = 'v1') => `coalesce(sum(${v}) FILTER (WHERE metric = '${metric}'), 0)`;
  // Level changes and day terms of people: lvl rows under the allocation groupings, join/leave rows otherwise.
  const level = split ? { e: 'p.lve', c: 'p.lvc', days: 'p.lvd' } : { e: 'p.je - p.le', c: 'p.jc - p.lc', days: 'p.jd + p.ld' };
  sql = `WITH ev AS (${events}),
grps AS (SELECT DISTINCT grp FROM ev ${groupBy === 'none' ? 'UNION SELECT NULL' : ''}),
piv AS (SELECT grp, idx, ${f('join_e')} je, ${f('join_c')} jc, ${f('leave_e')} le, ${f('leave_c')} lc, ${f('notice')} nt,
               ${f('join_e', 'v2')} + ${f('join_c', 'v2')} jd, ${f('leave_e', 'v2')} + ${f('leave_c', 'v2')} ld,
               ${f('lvl_e')} lve, ${f('lvl_c')} lvc, ${f('lvl_e', 'v2')} + ${f('lvl_c', 'v2')} lvd,
               ${f('cost')} cf, ${f('cost', 'v2')} cd, ${f('vcost')} vf, ${f('vcost', 'v2')} vd, ${f('vopen')} vo, ${f('vopen', 'v2')} vt,
               ${f('vopen', 'v3')} vt3, ${f('hire')} hi, ${f('unpriced')} un, ${f('unpriced_at')} ua, ${f('unpriced_p')} upp,
               ${f('open_e')} + ${f('lvl_e')} oe, ${f('open_c')} + ${f('lvl_c')} oc
          FROM ev GROUP BY grp, idx),
grid AS (SELECT g.grp, ${names} AS name, m.idx, (($2::date + make_interval(months => m.idx))::date) AS first FROM grps g CROSS JOIN generate_series(0, $7::int - 1) m(idx)),
steps AS (
  SELECT grid.*, ((grid.first + interval '1 month')::date - grid.first) AS days, coalesce(o.oe, 0) AS oe, coalesce(o.oc, 0) AS oc,
         coalesce(${level.e}, 0) AS de, coalesce(${level.c}, 0) AS dc, coalesce(${level.days}, 0) AS fte_days,
         coalesce(p.je + p.jc, 0) AS joiners, coalesce(p.le + p.lc, 0) AS leavers, coalesce(p.nt, 0) AS notices,
         coalesce(p.vo, 0) AS vo, coalesce(p.vt, 0) AS vt, coalesce(p.vt3, 0) AS vt3, coalesce(p.hi, 0) AS hires,
         coalesce(p.un, 0) AS un, coalesce(p.ua, 0) AS ua, coalesce(p.upp, 0) AS unpriced_people, coalesce(p.cf, 0) AS cf, coalesce(p.cd, 0) AS cost_days,
         coalesce(p.vf, 0) AS vf, coalesce(p.vd, 0) AS vcost_days
    FROM grid
    LEFT JOIN piv p ON p.grp IS NOT DISTINCT FROM grid.grp AND p.idx = grid.idx
    LEFT JOIN piv o ON o.grp IS NOT DISTINCT FROM grid.grp AND o.idx = -1),
run AS (
  SELECT steps.*, oe + sum(de) OVER w AS employees, oc + sum(dc) OVER w AS contractors, sum(vo) OVER w AS open_vacancies,
         sum(vt) OVER w AS open_fte, sum(un) OVER w + ua AS unpriced, sum(cf) OVER w AS cost_run, sum(vf) OVER w AS vcost_run
    FROM steps WINDOW w AS (PARTITION BY grp ORDER BY idx))
SELECT grp, name, to_char(first, 'YYYY-MM') AS month, employees + contractors - de - dc AS opening, joiners, leavers,
       employees + contractors AS closing, employees, contractors, open_vacancies, open_fte, hires, notices,
       employees + contractors + open_vacancies AS forecast_headcount,
       cost_run + cost_days / days AS cost, vcost_run + vcost_days / days AS vcost, unpriced, unpriced_people,
       employees + contractors + fte_days / days AS average_fte, open_fte + vt3 / days AS average_vacancy_fte
  FROM run ORDER BY name NULLS LAST, grp NULLS LAST, idx`;
  sqlCache.set(groupBy, sql);
  return sql;
}

const cents = (v: number) => Math.round(v * 100) / 100;
const r4 = (v: number) => Math.round(v * 10_000) / 10_000 + 0;

/** Month fields and the statement's columns holding them (unrounded). */
const FIELDS: [string, string][] = [
  ['opening', 'opening'],
  ['joiners', 'joiners'],
  ['leavers', 'leavers'],
  ['closing', 'closing'],
  ['employees', 'employees'],
  ['contractors', 'contractors'],
  ['openVacancies', 'open_vacancies'],
  ['openVacancyFte', 'open_fte'],
  ['plannedHires', 'hires'],
  ['notices', 'notices'],
  ['forecastHeadcount', 'forecast_headcount'],
  ['cost', 'cost'],
  ['vacancyCost', 'vcost'],
  ['unpricedVacancies', 'unpriced'],
  ['unpricedPeople', 'unpriced_people'],
  ['averageFte', 'average_fte'],
  ['averageVacancyFte', 'average_vacancy_fte'],
];

/** A month as the API shows it: counts to 4 decimals, costs to cents (after summing, for the totals). */
function monthOf(month: string, raw: Record<string, number>): Record<string, unknown> {
  const out: Record<string, unknown> = { month };
  for (const [field] of FIELDS) out[field] = r4(raw[field]);
  return { ...out, cost: cents(raw.cost), vacancyCost: cents(raw.vacancyCost), forecastCost: cents(raw.cost + raw.vacancyCost) };
}

async function forecast(pool: Pool, orgId: string, planId: string, query: URLSearchParams): Promise<unknown> {
  const today = new Date().toISOString().slice(0, 10);
  const from = query.get('from') ?? today.slice(0, 7);
  const months = Number(query.get('months') ?? 12);
  const groupBy = (query.get('groupBy') ?? 'none') as ForecastGroupBy;
  const y = Number(from.slice(0, 4));
  const m = Number(from.slice(5, 7));
  const last = new Date(Date.UTC(y, m - 1 + months, 0)).toISOString().slice(0, 10);
  const calendar = calendarArrays(monthSpans(from, months));
  const params = [planId, `${from}-01`, last, calendar.monthIndex, today, orgId, months, calendar.dayOfMonth];
  // The statement's settings as the service runs it: SET LOCAL in its transaction, and no JIT (the
  // service's connections run with jit=off, src/database/data-source.ts).
  const client = await pool.connect();
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the rows of a hand-written statement
  let rows: any[];
  try {
    await client.query('BEGIN');
    for (const setting of ['jit = off', ...forecastSettings(groupBy)]) await client.query(`SET LOCAL ${setting}`);
    rows = (await client.query(statement(groupBy), params)).rows;
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK');
    throw error;
  } finally {
    client.release();
  }

  const groups = new Map<string | null, { key: { id: string; name: string | null } | null; months: Record<string, unknown>[] }>();
  const totals = new Map<string, Record<string, number>>();
  for (const r of rows) {
    let g = groups.get(r.grp);
    if (!g) groups.set(r.grp, (g = { key: r.grp === null ? null : { id: r.grp, name: r.name }, months: [] }));
    const raw: Record<string, number> = {};
    for (const [field, column] of FIELDS) raw[field] = Number(r[column]);
    g.months.push(monthOf(r.month, raw));
    const t = totals.get(r.month) ?? {};
    for (const [field, v] of Object.entries(raw)) t[field] = (t[field] ?? 0) + v;
    totals.set(r.month, t);
  }
  const totalMonths = [...totals].map(([month, t]) => monthOf(month, t));
  return { data: { from, months, groupBy, groups: [...groups.values()], totals: totalMonths } };
}

export const baselineHandler: BaselineHandler = async (req, pool) => {
  const match = ROUTE.exec(req.url);
  if (req.method !== 'GET' || !match) return NOT_FOUND;
  const auth = await authenticate(pool, req, match[1]);
  if (!auth) return UNAUTHORIZED;
  const query = new URLSearchParams(match[2] ?? '');
  // A scenario is read like live data, from its own plan id (the service checks it belongs to the organization).
  return { status: 200, body: await forecast(pool, auth.organizationId, query.get('scenarioId') ?? auth.livePlanId, query) };
};
