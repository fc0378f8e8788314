/**
 * Baseline of the `vacancies` benchmark (run by bench/baseline-server.ts): GET /vacancies?limit=&page=
 * (excludeFilled default true) done by hand with pg and the SQL texts the service sends (TypeORM's,
 * captured and checked on every run): the guard's key lookup; on one connection the page query with the
 * isFilled expression and (page full) the count query; then one query for isFilled of the page's rows
 * that have a filler. No validation, framework, logging or rate limiting.
 */
import type { Pool } from 'pg';
import { VacancyEntity } from '../src/vacancies/entities/vacancy.entity';
import type { BaselineHandler } from './baseline-server';
import { authenticate, entityColumns, listEnvelope, listPage, listQuery, NOT_FOUND, num, UNAUTHORIZED } from './baseline-common';

const ROUTE = /^\/api\/v1\/org\/([^/?]+)\/vacancies(?:\?.*)?$/;

const FIELDS = entityColumns(VacancyEntity);
const COLUMNS = FIELDS.map((f) => `"r"."${f}" AS "r_${f}"`).join(', ');

/** src/vacancies/vacancies.service.ts isFilledSql, verbatim. */
export function isFilledSql(alias: string, todayParam: string): string {
  return `(CASE
    WHEN ${alias}.filled_by_live_employee_id IS NOT NULL THEN EXISTS (SELECT 1 FROM employees f WHERE f.plan_id = ${alias}.plan_id
      AND f.id = ${alias}.filled_by_live_employee_id AND (f.end_date IS NULL OR f.end_date > ${todayParam}))
    WHEN ${alias}.filled_by_live_contractor_id IS NOT NULL THEN EXISTS (SELECT 1 FROM contractors f WHERE f.plan_id = ${alias}.plan_id
      AND f.id = ${alias}.filled_by_live_contractor_id AND (f.end_date IS NULL OR f.end_date > ${todayParam}))
    ELSE false END)`;
}

// TypeORM quotes `r.<column>` where the column is a property's database name (the filler columns), not `r.plan_id` after `= `.
const WHERE = `"r"."organization_id" = $1 AND "r"."plan_id" = $2 AND NOT ${isFilledSql('r', '$3').replace(
  /\br\.(filled_by_live_employee_id|filled_by_live_contractor_id)/g,
  '"r"."$1"',
)}`;
export const PAGE_SQL = (limit: number, offset: number) =>
  `SELECT ${COLUMNS} FROM "vacancies" "r" WHERE ${WHERE} ORDER BY LOWER("r"."role") ASC, "r"."role" ASC, "r"."id" ASC LIMIT ${limit} OFFSET ${offset}`;
export const COUNT_SQL = `SELECT COUNT(1) AS "cnt" FROM "vacancies" "r" WHERE ${WHERE}`;
const FILLED = `SELECT v.id FROM vacancies v WHERE v.plan_id = $1 AND v.id = ANY($2) AND ${isFilledSql('v', '$3')}`;

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
    const found = await pool.query<{ id: string }>(FILLED, [auth.livePlanId, withFiller, today]);
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
