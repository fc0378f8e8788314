/**
 * Baseline of the `vacancies` benchmark (run by bench/baseline-server.ts): GET /vacancies?limit=&page=
 * (excludeFilled default true) done by hand with pg and the SQL texts the service sends (TypeORM's,
 * captured and checked on every run): the guard's key lookup; on one connection the page query with the
 * isFilled expression and (page full) the count query; then one query for isFilled of the page's rows
 * that have a filler. No validation, framework, logging or rate limiting.
 */
import type { Pool } from 'pg';
import { VacancyEntity } from '../src/vacancies/entities/vacancy.entity';
import { FILLED_IDS_SQL, isFilledSql } from '../src/vacancies/vacancies.repository';
import type { BaselineHandler } from './baseline-server';
import { authenticate, entityColumns, listEnvelope, listPage, listQuery, NOT_FOUND, num, UNAUTHORIZED } from './baseline-common';

const ROUTE = /^\/api\/v1\/org\/([^/?]+)\/vacancies(?:\?.*)?$/;

const FIELDS = entityColumns(VacancyEntity);
const COLUMNS = FIELDS.map((f) => `"r"."${f}" AS "r_${f}"`).join(', ');

/**
 * TypeORM's query builder quotes `r.<name>` preceded by ' ', '=' or '(' and followed by ' ', '=', ')', ','
 * or the end of a line when <name> is a column (QueryBuilder.replacePropertyNamesForTheWholeQuery; a name
 * running into a line break is left alone): the service's condition as the list sends it.
 */
const asTypeOrmSends = (sql: string) =>
  sql.replace(/([ =(])r\.([^ =(),]+)(?=[ =),]|$)/gm, (match, before: string, name: string) =>
    /^[a-z_]+$/.test(name) ? `${before}"r"."${name}"` : match,
  );
const WHERE = `"r"."organization_id" = $1 AND "r"."plan_id" = $2 AND NOT ${asTypeOrmSends(isFilledSql('r', '$3', { organization: '$1', plan: '$2' }))}`;
export const PAGE_SQL = (limit: number, offset: number) =>
  `SELECT ${COLUMNS} FROM "vacancies" "r" WHERE ${WHERE} ORDER BY LOWER("r"."role") ASC, "r"."role" ASC, "r"."id" ASC LIMIT ${limit} OFFSET ${offset}`;
export const COUNT_SQL = `SELECT COUNT(1) AS "cnt" FROM "vacancies" "r" WHERE ${WHERE}`;

type Row = Record<string, string | null> & { r_created_at: Date; r_updated_at: Date };

export const baselineHandler: BaselineHandler = async (req, pool: Pool) => {
  const match = ROUTE.exec(req.url);
  if (req.method !== 'GET' || !match) return NOT_FOUND;
  const auth = await authenticate(pool, req, match[1]);
  if (!auth) return UNAUTHORIZED;
  const q = listQuery(req.url);
  const today = new Date().toISOString().slice(0, 10);
  const params: unknown[] = [auth.organizationId, auth.livePlanId, today];
  const { rows, total } = await listPage<Row>(pool, PAGE_SQL(q.limit, q.offset), COUNT_SQL, params);
  const withFiller = rows.filter((r) => r.r_filled_by_live_employee_id || r.r_filled_by_live_contractor_id).map((r) => r.r_id);
  const filled = new Set<string>();
  if (withFiller.length) {
    const found = await pool.query<{ id: string }>(FILLED_IDS_SQL, [auth.livePlanId, withFiller, today, auth.organizationId]);
    for (const r of found.rows) filled.add(r.id);
  }
  const data = rows.map((r) => ({
    id: r.r_id,
    externalId: r.r_external_id,
    role: r.r_role,
    description: r.r_description,
    status: r.r_status,
    fte: num(r.r_fte) ?? 1,
    targetStartDate: r.r_target_start_date,
    targetFillDate: r.r_target_fill_date,
    jobRoleId: r.r_job_role_id,
    workTypeId: r.r_work_type_id,
    geographyId: r.r_geography_id,
    costCentreId: r.r_cost_centre_id,
    salary: num(r.r_salary),
    salaryMin: num(r.r_salary_min),
    salaryMax: num(r.r_salary_max),
    currencyCode: r.r_currency_code,
    filledByLiveEmployeeId: r.r_filled_by_live_employee_id,
    filledByLiveContractorId: r.r_filled_by_live_contractor_id,
    isFilled: filled.has(r.r_id as string),
    hiringManagerId: r.r_hiring_manager_id,
    createdAt: r.r_created_at.toISOString(),
    updatedAt: r.r_updated_at.toISOString(),
  }));
  return listEnvelope(data, total, q);
};
