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
import { forecastSql, GROUP_COLUMNS } from '../src/forecasts/forecast.repository';
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

/** The one statement: $1 plan, $2 from, $3 to, $4 and $8 the calendar arrays, $5 today, $6 organization, $7 months. */
function statement(groupBy: ForecastGroupBy): string {
  let sql = sqlCache.get(groupBy);
  if (sql) return sql;
  const events = forecastSql(groupBy)
    .replace(/^\s*WITH /, `WITH ${RATES},\n`)
    .replace(/\$7::text\[\]/g, '(SELECT array_agg(currency ORDER BY currency) FROM rates)')
    .replace(/\$8::float8\[\]/g, '(SELECT array_agg(rate ORDER BY currency) FROM rates)')
    .replace(/\$9/g, '(SELECT reporting_currency FROM organizations WHERE id = $6)')
    .replace(/\$11/g, '$8')
    .replace(/\$10/g, '$7');
  const names =
    groupBy === 'none'
      ? 'NULL::text'
      : `(SELECT n.${GROUP_COLUMNS[groupBy].name} FROM ${GROUP_COLUMNS[groupBy].table} n WHERE n.organization_id = $6 AND n.id = g.grp)`;
  const f = (metric: string, v = 'v1') => `coalesce(sum(${v}) FILTER (WHERE metric = '${metric}'), 0)`;
  sql = `WITH ev AS (${events}),
grps AS (SELECT DISTINCT grp FROM ev ${groupBy === 'none' ? 'UNION SELECT NULL' : ''}),
piv AS (SELECT grp, idx, ${f('join_e')} je, ${f('join_c')} jc, ${f('leave_e')} le, ${f('leave_c')} lc, ${f('notice')} nt,
               ${f('cost')} cf, ${f('cost', 'v2')} cd, ${f('vcost')} vf, ${f('vcost', 'v2')} vd, ${f('vopen')} vo, ${f('vopen', 'v2')} vt,
               ${f('hire')} hi, ${f('unpriced')} un, ${f('open_e')} oe, ${f('open_c')} oc
          FROM ev GROUP BY grp, idx),
grid AS (SELECT g.grp, ${names} AS name, m.idx, (($2::date + make_interval(months => m.idx))::date) AS first FROM grps g CROSS JOIN generate_series(0, $7::int - 1) m(idx)),
run AS (
  SELECT grid.grp, grid.name, grid.idx, grid.first, ((grid.first + interval '1 month')::date - grid.first) AS days,
         coalesce(o.oe, 0) + sum(coalesce(p.je, 0) - coalesce(p.le, 0)) OVER w AS employees,
         coalesce(o.oc, 0) + sum(coalesce(p.jc, 0) - coalesce(p.lc, 0)) OVER w AS contractors,
         coalesce(p.je + p.jc, 0) AS joiners, coalesce(p.le + p.lc, 0) AS leavers, coalesce(p.nt, 0) AS notices,
         sum(coalesce(p.vo, 0)) OVER w AS open_vacancies, sum(coalesce(p.vt, 0)) OVER w AS open_fte, coalesce(p.hi, 0) AS hires,
         sum(coalesce(p.un, 0)) OVER w AS unpriced, sum(coalesce(p.cf, 0)) OVER w AS cost_run, coalesce(p.cd, 0) AS cost_days,
         sum(coalesce(p.vf, 0)) OVER w AS vcost_run, coalesce(p.vd, 0) AS vcost_days
    FROM grid
    LEFT JOIN piv p ON p.grp IS NOT DISTINCT FROM grid.grp AND p.idx = grid.idx
    LEFT JOIN piv o ON o.grp IS NOT DISTINCT FROM grid.grp AND o.idx = -1
  WINDOW w AS (PARTITION BY grid.grp ORDER BY grid.idx))
SELECT grp, name, to_char(first, 'YYYY-MM') AS month, employees + contractors - joiners + leavers AS opening, joiners, leavers,
       employees + contractors AS closing, employees, contractors, open_vacancies, round(open_fte::numeric, 4)::float8 AS open_fte, hires, notices,
       employees + contractors + open_vacancies AS forecast_headcount,
       cost_run + cost_days / days AS cost, vcost_run + vcost_days / days AS vcost, unpriced
  FROM run ORDER BY name NULLS LAST, grp NULLS LAST, idx`;
  sqlCache.set(groupBy, sql);
  return sql;
}

const cents = (v: number) => Math.round(v * 100) / 100;

async function forecast(pool: Pool, orgId: string, planId: string, query: URLSearchParams): Promise<unknown> {
  const today = new Date().toISOString().slice(0, 10);
  const from = query.get('from') ?? today.slice(0, 7);
  const months = Number(query.get('months') ?? 12);
  const groupBy = (query.get('groupBy') ?? 'none') as ForecastGroupBy;
  const y = Number(from.slice(0, 4));
  const m = Number(from.slice(5, 7));
  const last = new Date(Date.UTC(y, m - 1 + months, 0)).toISOString().slice(0, 10);
  const calendar = calendarArrays(monthSpans(from, months));
  const { rows } = await pool.query(statement(groupBy), [
    planId,
    `${from}-01`,
    last,
    calendar.monthIndex,
    today,
    orgId,
    months,
    calendar.dayOfMonth,
  ]);
  const groups = new Map<string | null, { key: { id: string; name: string | null } | null; months: Record<string, unknown>[] }>();
  const totals = new Map<string, Record<string, number>>();
  for (const r of rows) {
    let g = groups.get(r.grp);
    if (!g) groups.set(r.grp, (g = { key: r.grp === null ? null : { id: r.grp, name: r.name }, months: [] }));
    const cost = Number(r.cost);
    const vcost = Number(r.vcost);
    const month = {
      month: r.month,
      opening: Number(r.opening),
      joiners: Number(r.joiners),
      leavers: Number(r.leavers),
      closing: Number(r.closing),
      employees: Number(r.employees),
      contractors: Number(r.contractors),
      openVacancies: Number(r.open_vacancies),
      openVacancyFte: Number(r.open_fte),
      plannedHires: Number(r.hires),
      notices: Number(r.notices),
      forecastHeadcount: Number(r.forecast_headcount),
      cost: cents(cost),
      vacancyCost: cents(vcost),
      forecastCost: cents(cost + vcost),
      unpricedVacancies: Number(r.unpriced),
    };
    g.months.push(month);
    const t = totals.get(r.month) ?? {};
    for (const [k, v] of Object.entries(month)) if (typeof v === 'number') t[k] = (t[k] ?? 0) + v;
    t.rawCost = (t.rawCost ?? 0) + cost;
    t.rawVacancyCost = (t.rawVacancyCost ?? 0) + vcost;
    totals.set(r.month, t);
  }
  const totalMonths = [...totals].map(([month, t]) => {
    const { rawCost, rawVacancyCost, ...rest } = t;
    return {
      month,
      ...rest,
      cost: cents(rawCost),
      vacancyCost: cents(rawVacancyCost),
      forecastCost: cents(rawCost + rawVacancyCost),
      openVacancyFte: Math.round(t.openVacancyFte * 1e4) / 1e4,
    };
  });
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
