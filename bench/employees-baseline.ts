/**
 * Baseline of the `employees` benchmark (run by bench/baseline-server.ts), done by hand with pg and the
 * SQL texts the service sends (TypeORM's, captured):
 * - GET /employees?limit=&search=: the guard's key lookup, the page query and (page full) the count query.
 * - GET /employees/:id?include=currentSalary,assignments: key lookup, the employee, its custom attribute
 *   values, its salary history, its assignments active today (one query each, like the service).
 * - POST /employees with a nested salary: key lookup, then in one transaction: insert the employee, read
 *   it back, insert the salary adjustment, read it back, insert the two record_changes rows; commit.
 * No validation, framework, logging or rate limiting.
 */
import type { Pool, PoolClient } from 'pg';
import { activeOfHoldersSql } from '../src/assignments/assignments.repository';
import { insertRowsSql, selectRowsSql } from '../src/crud/row-sql';
import { newId } from '../src/common/ids';
import { SalaryAdjustmentEntity } from '../src/compensation/entities/salary-adjustment.entity';
import { valuesQuery } from '../src/custom-attributes/custom-attribute-values.repository';
import { changeFlushStatements, type ChangeInput } from '../src/database/unit-of-work';
import { withPersonExternalIds } from '../src/database/person-external-ids';
import { EmployeeEntity } from '../src/employees/entities/employee.entity';
import type { BaselineHandler } from './baseline-server';
import {
  authenticate,
  BaselineAuth,
  likePattern,
  listEnvelope,
  listPage,
  listQuery,
  NOT_FOUND,
  num,
  UNAUTHORIZED,
  entityColumns,
  entityMetadata,
} from './baseline-common';

const LIST = /^\/api\/v1\/org\/([^/?]+)\/employees(?:\?.*)?$/;
const ONE = /^\/api\/v1\/org\/([^/?]+)\/employees\/([^/?]+)(?:\?(.*))?$/;

type Row = Record<string, string | null>;

const EMPLOYEE_FIELDS = entityColumns(EmployeeEntity);
const columns = (alias: string, fields: string[]) => fields.map((f) => `"${alias}"."${f}" AS "${alias}_${f}"`).join(', ');

const LIST_COLUMNS = columns('r', EMPLOYEE_FIELDS);
// What CrudService sends (the spec's `recordAttributes`: by organization and plan; values plan, type, id, organization).
const CUSTOM_ATTRIBUTES = valuesQuery({ planId: '', organizationId: '' }, '', '').text;
const metadata = entityMetadata();
/** RecordRows.findOne's statement for an employee by id (selectRowsSql: organization, plan, id; LIMIT 1). */
const FIND_EMPLOYEE = metadata.then(
  (dataSource) => selectRowsSql(dataSource, EmployeeEntity, { organizationId: '', planId: '', id: '' }, { limit: 1 }).sql,
);
/** SalaryAdjustmentsService.historyForMany's statement (RecordRows.findWhere: organization, plan, employees; newest first). */
const SALARY_HISTORY = metadata.then(
  (dataSource) =>
    selectRowsSql(
      dataSource,
      SalaryAdjustmentEntity,
      { organizationId: '', planId: '', employeeId: [] },
      { order: { effectiveDate: 'DESC', createdAt: 'DESC' } },
    ).sql,
);
async function insertOne(client: PoolClient, entity: new () => unknown, row: Record<string, unknown>): Promise<Row> {
  const [{ sql, params }] = insertRowsSql(await metadata, entity, [row]);
  return (await client.query<Row>(sql, params)).rows[0];
}
const iso = (value: unknown) => (value as Date).toISOString();

function employeeDto(r: Row, p: string) {
  return {
    id: r[`${p}id`],
    externalId: r[`${p}external_id`],
    firstName: r[`${p}first_name`],
    lastName: r[`${p}last_name`],
    name: r[`${p}name`],
    email: r[`${p}email`],
    internalEmployeeId: r[`${p}internal_employee_id`],
    startDate: r[`${p}start_date`],
    endDate: r[`${p}end_date`],
    noticeDate: r[`${p}notice_date`],
    managerId: r[`${p}manager_id`],
    jobRoleId: r[`${p}job_role_id`],
    workTypeId: r[`${p}work_type_id`],
    geographyId: r[`${p}geography_id`],
    defaultCurrencyCode: r[`${p}default_currency_code`],
    costCentreId: r[`${p}cost_centre_id`],
    fte: Number(r[`${p}fte`]),
    createdAt: iso(r[`${p}created_at`]),
    updatedAt: iso(r[`${p}updated_at`]),
  };
}

/** A `RETURNING *` row under the select aliases (`<prefix>_<column>`) the DTO mappers read. */

function salaryDto(r: Row, p: string) {
  return {
    id: r[`${p}id`],
    employeeId: r[`${p}employee_id`],
    effectiveDate: r[`${p}effective_date`],
    salary: num(r[`${p}salary`]) ?? 0,
    bonus: num(r[`${p}bonus`]),
    currencyCode: r[`${p}currency_code`],
    reason: r[`${p}reason`],
    createdAt: iso(r[`${p}created_at`]),
    updatedAt: iso(r[`${p}updated_at`]),
  };
}

/** The service's decimalToString (webhook payloads). */
function decimalText(value: string | null): string | null {
  if (value === null || !value.includes('.')) return value;
  return value.replace(/0+$/, '').replace(/\.$/, '');
}

async function list(pool: Pool, auth: BaselineAuth, url: string) {
  const q = listQuery(url);
  const params: unknown[] = [auth.organizationId, auth.livePlanId];
  let where = `"r"."organization_id" = $1 AND "r"."plan_id" = $2`;
  if (q.search) {
    params.push(likePattern(q.search), q.search);
    // EMPLOYEE_SEARCH_SQL (one expression, one trigram index: idx_employees_search_trgm), or an id exactly.
    where +=
      ` AND (("r"."first_name" || ' ' || "r"."last_name" || ' ' || "r"."email") ILIKE $3` +
      ` OR "r"."external_id" = $4 OR "r"."internal_employee_id" = $4)`;
  }
  const { rows, total } = await listPage<Row>(
    pool,
    `SELECT ${LIST_COLUMNS} FROM "employees" "r" WHERE ${where} ORDER BY LOWER("r"."last_name")${q.search ? " || ''" : ''} ASC, "r"."last_name" ASC, "r"."id" ASC LIMIT ${q.limit} OFFSET ${q.offset}`,
    `SELECT COUNT(1) AS "cnt" FROM "employees" "r" WHERE ${where}`,
    params,
  );
  // The page's employment terms (the values in force today; the bench's people have none).
  if (rows.length) await pool.query(TERMS_OF_PAGE, [auth.organizationId, auth.livePlanId, rows.map((r) => r.r_id)]);
  return listEnvelope(
    rows.map((r) => employeeDto(r, 'r_')),
    total,
    q,
  );
}

/** The employment terms of some employees (the values in force today; the bench's people have none). */
const TERMS_OF_PAGE = `SELECT * FROM "employment_terms" WHERE "organization_id" = $1 AND "plan_id" = $2 AND "employee_id" = ANY($3) ORDER BY "effective_date" ASC`;

async function read(pool: Pool, auth: BaselineAuth, id: string, query: string) {
  const includes = new Set((new URLSearchParams(query).get('include') ?? '').split(',').map((s) => s.trim()));
  const plan = auth.livePlanId;
  const { rows } = await pool.query<Row>(await FIND_EMPLOYEE, [auth.organizationId, plan, id]);
  if (!rows[0]) return NOT_FOUND;
  await pool.query(TERMS_OF_PAGE, [auth.organizationId, plan, [rows[0].id]]);
  const employee: Record<string, unknown> = employeeDto(rows[0], '');
  const values = await pool.query<Row>(CUSTOM_ATTRIBUTES, [plan, 'EMPLOYEE', employee.id, auth.organizationId]);
  employee.customAttributes = values.rows.map((v) => ({
    id: v.id,
    definitionId: v.definition_id,
    entityType: v.entity_type,
    entityId: v.entity_id,
    stringValue: v.string_value,
    numberValue: num(v.number_value),
    dateValue: v.date_value,
    dateRangeStart: v.date_range_start,
    dateRangeEnd: v.date_range_end,
    definition: { id: v.definition_id, name: v.name, attributeKey: v.attribute_key, fieldType: v.field_type },
  }));
  if (includes.has('currentSalary') || includes.has('salaryHistory')) {
    const history = (await pool.query<Row>(await SALARY_HISTORY, [auth.organizationId, plan, [employee.id]])).rows.map((r) =>
      salaryDto(r, ''),
    );
    if (includes.has('currentSalary')) employee.currentSalary = history[0] ?? null;
    if (includes.has('salaryHistory')) employee.salaryHistory = history;
  }
  if (includes.has('assignments')) {
    const { sql, params } = activeOfHoldersSql(
      { organizationId: auth.organizationId, planId: plan },
      'employeeId',
      [employee.id as string],
      new Date().toISOString().slice(0, 10),
    );
    const active = await pool.query<Row>(sql, params);
    // EmbeddedAssignmentDto: the holder is the employee itself.
    employee.assignments = active.rows.map((a) => ({
      id: a.id,
      type: a.type,
      targetId: a.target_id,
      fte: num(a.fte) ?? 0,
      startDate: a.start_date,
      endDate: a.end_date,
      createdAt: iso(a.created_at),
      updatedAt: iso(a.updated_at),
    }));
  }
  return { status: 200, body: { data: employee } };
}

interface CreateBody {
  firstName: string;
  lastName: string;
  email: string;
  startDate: string;
  internalEmployeeId?: string | null;
  salary?: { effectiveDate: string; salary: number; currencyCode: string; bonus?: number | null; reason?: string | null };
}

async function create(pool: Pool, auth: BaselineAuth, raw: Buffer) {
  const body = JSON.parse(raw.toString('utf8')) as CreateBody;
  const org = auth.organizationId;
  const plan = auth.livePlanId;
  const client: PoolClient = await pool.connect();
  try {
    await client.query('START TRANSACTION');
    const employeeId = newId();
    // The fields in the order CrudService builds them (blank(), then the body), as the service inserts them.
    const inserted = await insertOne(client, EmployeeEntity, {
      externalId: null,
      name: null,
      internalEmployeeId: body.internalEmployeeId ?? null,
      endDate: null,
      noticeDate: null,
      managerId: null,
      jobRoleId: null,
      workTypeId: null,
      geographyId: null,
      defaultCurrencyCode: null,
      costCentreId: null,
      fte: '1',
      firstName: body.firstName.trim(),
      lastName: body.lastName.trim(),
      email: body.email.trim(),
      startDate: body.startDate,
      id: employeeId,
      organizationId: org,
      planId: plan,
    });
    const employee = employeeDto(inserted, '');
    const changes = [{ type: 'employee', id: employeeId, after: employee as Record<string, unknown> }];
    if (body.salary) {
      const s = body.salary;
      // Nested dated records are keyed: the one with the same day is looked up first (none for a new employee).
      await client.query(
        `SELECT * FROM "salary_adjustments" WHERE "organization_id" = $1 AND "plan_id" = $2 AND "employee_id" = ANY($3) AND "effective_date" = ANY($4) ORDER BY "created_at" ASC`,
        [org, plan, [employeeId], [s.effectiveDate]],
      );
      const salaryId = newId();
      const insertedSalary = await insertOne(client, SalaryAdjustmentEntity, {
        employeeId,
        bonus: s.bonus == null ? null : String(s.bonus),
        reason: s.reason ?? null,
        effectiveDate: s.effectiveDate,
        salary: String(s.salary),
        currencyCode: s.currencyCode,
        id: salaryId,
        organizationId: org,
        planId: plan,
      });
      const row = insertedSalary;
      changes.push({
        type: 'salary_adjustment',
        id: salaryId,
        after: {
          ...salaryDto(row, ''),
          salary: decimalText(row.salary),
          bonus: decimalText(row.bonus),
        },
      });
    }
    // The answer's values in force today: the new employee's terms (none).
    await client.query(TERMS_OF_PAGE, [org, plan, [employeeId]]);
    const recorded: ChangeInput[] = changes.map((c) => ({
      entityType: c.type,
      entityId: c.id,
      changeType: 'create',
      before: null,
      after: c.after,
    }));
    const actor = { type: 'api_key' as const, id: auth.keyId };
    const named = await withPersonExternalIds(
      { organizationId: org, planId: plan },
      recorded,
      async (sql, params) => (await client.query(sql, params)).rows,
    );
    for (const [sql, params] of changeFlushStatements({ organizationId: org, planId: plan, live: true, actor }, named))
      await client.query(sql, params);
    await client.query('COMMIT');
    return { status: 201, body: { data: employee } };
  } catch (error) {
    await client.query('ROLLBACK');
    throw error;
  } finally {
    client.release();
  }
}

export const baselineHandler: BaselineHandler = async (req, pool) => {
  const one = ONE.exec(req.url);
  const many = one ? null : LIST.exec(req.url);
  const orgId = one?.[1] ?? many?.[1];
  if (!orgId) return NOT_FOUND;
  const auth = await authenticate(pool, req, orgId);
  if (!auth) return UNAUTHORIZED;
  if (one && req.method === 'GET') return read(pool, auth, one[2], one[3] ?? '');
  if (many && req.method === 'GET') return list(pool, auth, req.url);
  if (many && req.method === 'POST') return create(pool, auth, req.body);
  return NOT_FOUND;
};
