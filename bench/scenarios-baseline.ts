/**
 * Baseline of the `scenarios` benchmark's diff (run by bench/baseline-server.ts): `GET .../scenarios/:id/diff` done
 * by hand with pg and the service's own SQL: the admin token, the organization's live plan and the acting user (the
 * guard's statements), the scenario with the user's access (SCENARIO_ACCESS_SQL), the entity types its history
 * names (CHANGED_TYPES_SQL), the page of changes (scenarioChangesSql) and the page's rows in both plans
 * (rowsOfPlansSql), answered as the records' columns. No validation, framework, logging, payload mapping or
 * access rule beyond "may read".
 */
import { scenarioRights } from '../src/access/scenario-access';
import { sqlLiteral } from '../src/crud/resources';
import { recordFromRow } from '../src/crud/row-sql';
import { EmployeeEntity } from '../src/employees/entities/employee.entity';
import { SCENARIO_ACCESS_SQL, type ScenarioAccessRow } from '../src/organizations/organizations.repository';
import { CHANGED_TYPES_SQL, ChangeRow, ChangeTable, rowsOfPlansSql, scenarioChangesSql } from '../src/scenarios/scenarios.repository';
import { VacancyEntity } from '../src/vacancies/entities/vacancy.entity';
import type { BaselineHandler, BaselineResponse } from './baseline-server';
import { entityColumns, entityMetadata, listEnvelope, listQuery, NOT_FOUND, UNAUTHORIZED } from './baseline-common';

const ROUTE = /^\/admin\/v1\/organizations\/([^/?]+)\/scenarios\/([^/?]+)\/diff(?:\?.*)?$/;

/** The guard's look-ups for an application-API request with X-Acting-User (OrganizationsRepository.livePlanId, .user). */
const LIVE_PLAN_SQL = `SELECT p.id AS live_plan_id FROM organizations o JOIN plans p ON p.organization_id = o.id AND p.kind = 'LIVE' WHERE o.id = $1`;
const ACTING_USER_SQL = `SELECT id, email, active, permissions FROM users WHERE id = $1 AND organization_id = $2`;

/** The view permission of each entity type the benchmark's diff lists. */
const VIEW_PERMISSION: Record<string, string> = { employee: 'employees_view', vacancy: 'vacancies_view' };

const FORBIDDEN: BaselineResponse = { status: 403, body: { error: { code: 'FORBIDDEN', message: 'missing permission' } } };

/**
 * The planning tables the benchmark's scenario changes, in the order the ResourceCatalog declares them (employees
 * before vacancies), with their entities: the service builds the same statement from its catalog (checked text
 * for text by assertSameSql).
 */
const TABLES: (ChangeTable & { entity: new () => unknown })[] = [
  {
    table: 'employees',
    entity: EmployeeEntity,
    columns: entityColumns(EmployeeEntity),
    entityTypes: ['employee'],
    entityTypeSql: () => sqlLiteral('employee'),
  },
  {
    table: 'vacancies',
    entity: VacancyEntity,
    columns: entityColumns(VacancyEntity),
    entityTypes: ['vacancy'],
    entityTypeSql: () => sqlLiteral('vacancy'),
  },
];

const metadata = entityMetadata();

export const baselineHandler: BaselineHandler = async (req, pool) => {
  const match = ROUTE.exec(req.url);
  if (req.method !== 'GET' || !match) return NOT_FOUND;
  if (req.headers.authorization !== `Bearer ${process.env.ADMIN_TOKEN}`) return UNAUTHORIZED;
  const [, orgId, scenarioId] = match;
  const live = (await pool.query<{ live_plan_id: string }>(LIVE_PLAN_SQL, [orgId])).rows[0]?.live_plan_id;
  if (!live) return NOT_FOUND;
  const acting = typeof req.headers['x-acting-user'] === 'string' ? req.headers['x-acting-user'] : null;
  const user = acting
    ? (await pool.query<{ active: boolean; permissions: string[] }>(ACTING_USER_SQL, [acting, orgId])).rows[0]
    : undefined;
  if (acting && !user?.active) return NOT_FOUND;
  const mayView = (type: string) => !user || user.permissions.includes('*') || user.permissions.includes(VIEW_PERMISSION[type]);
  const scenario = (await pool.query<ScenarioAccessRow>(SCENARIO_ACCESS_SQL, [scenarioId, orgId, acting])).rows[0];
  if (!scenario || !scenarioRights(scenario, acting).read) return NOT_FOUND;
  const page = listQuery(req.url);
  const named = new Set((await pool.query<{ entity_type: string }>(CHANGED_TYPES_SQL, [orgId, scenarioId])).rows.map((r) => r.entity_type));
  const tables = TABLES.filter((table) => table.entityTypes.some((type) => named.has(type)));
  if (!tables.length) return listEnvelope([], 0, page);
  const params = [orgId, scenarioId, live, scenario.forked_at, null, page.limit, page.offset];
  const found = (await pool.query<ChangeRow & { total: number }>(scenarioChangesSql(tables), params)).rows;
  const changes = found.filter((row) => row.id !== null);
  if (changes.some((c) => !mayView(c.entity_type))) return FORBIDDEN;
  const records = new Map<string, Map<string, Record<string, unknown>>>([
    [scenarioId, new Map()],
    [live, new Map()],
  ]);
  const dataSource = await metadata;
  // One read per table, in the order the page first names them (as ScenarioChanges.rows).
  for (const part of new Set(changes.map((c) => c.part))) {
    const table = tables[part];
    const ids = changes.filter((c) => c.part === part).map((c) => c.id);
    const { sql, params: values } = rowsOfPlansSql(dataSource, table.entity, orgId, [scenarioId, live], ids);
    for (const raw of (await pool.query<Record<string, unknown>>(sql, values)).rows) {
      const record = recordFromRow(dataSource, table.entity as new () => Record<string, unknown>, raw);
      records.get(record.planId as string)!.set(record.id as string, record);
    }
  }
  const data = changes.map((c) => ({
    entityType: c.entity_type,
    entityId: c.id,
    change: c.change,
    live: c.change === 'create' ? null : (records.get(live)!.get(c.id) ?? null),
    scenario: c.change === 'delete' ? null : (records.get(scenarioId)!.get(c.id) ?? null),
    conflict: c.conflict,
  }));
  return listEnvelope(data, found[0]?.total ?? 0, page);
};
