/**
 * Baseline of the `reference-data` benchmark (run by bench/baseline-server.ts): GET /job-roles and
 * GET /teams lists done by hand with pg: the guard's API-key lookup, then the page query and (when the
 * page is full) the count query, with the SQL texts the service sends (TypeORM's, captured), mapped to
 * the same JSON. No validation, framework, logging or rate limiting.
 */
import type { Pool } from 'pg';
import type { BaselineHandler } from './baseline-server';
import { authenticate, likePattern, listEnvelope, listPage, listQuery, NOT_FOUND, UNAUTHORIZED } from './baseline-common';

const ROUTE = /^\/api\/v1\/org\/([^/?]+)\/(job-roles|teams)(?:\?.*)?$/;

const JOB_ROLE_COLUMNS =
  `"r"."organization_id" AS "r_organization_id", "r"."id" AS "r_id", "r"."created_at" AS "r_created_at", "r"."updated_at" AS "r_updated_at", ` +
  `"r"."title" AS "r_title", "r"."external_id" AS "r_external_id", "r"."family" AS "r_family", "r"."level" AS "r_level", "r"."description" AS "r_description"`;
const TEAM_COLUMNS =
  `"r"."organization_id" AS "r_organization_id", "r"."plan_id" AS "r_plan_id", "r"."id" AS "r_id", "r"."created_at" AS "r_created_at", ` +
  `"r"."updated_at" AS "r_updated_at", "r"."name" AS "r_name", "r"."external_id" AS "r_external_id", "r"."description" AS "r_description", ` +
  `"r"."cost_centre_id" AS "r_cost_centre_id", "r"."value_stream_id" AS "r_value_stream_id", "r"."parent_team_id" AS "r_parent_team_id"`;

type Row = Record<string, string | null> & { r_created_at: Date; r_updated_at: Date };

async function jobRoles(pool: Pool, orgId: string, url: string) {
  const q = listQuery(url);
  const params: unknown[] = [orgId];
  let where = `"r"."organization_id" = $1`;
  if (q.search) {
    params.push(likePattern(q.search));
    where += ` AND ("r"."title" ILIKE $2 OR "r"."family" ILIKE $2)`;
  }
  const { rows, total } = await listPage<Row>(
    pool,
    `SELECT ${JOB_ROLE_COLUMNS} FROM "job_roles" "r" WHERE ${where} ORDER BY LOWER("r"."title")${q.search ? " || ''" : ''} ASC, "r"."title" ASC, "r"."id" ASC LIMIT ${q.limit} OFFSET ${q.offset}`,
    `SELECT COUNT(1) AS "cnt" FROM "job_roles" "r" WHERE ${where}`,
    params,
  );
  const data = rows.map((r) => ({
    id: r.r_id,
    title: r.r_title,
    externalId: r.r_external_id,
    family: r.r_family,
    level: r.r_level,
    description: r.r_description,
    createdAt: r.r_created_at.toISOString(),
    updatedAt: r.r_updated_at.toISOString(),
  }));
  return listEnvelope(data, total, q);
}

async function teams(pool: Pool, orgId: string, planId: string, url: string) {
  const q = listQuery(url);
  const params: unknown[] = [orgId, planId];
  let where = `"r"."organization_id" = $1 AND "r"."plan_id" = $2`;
  if (q.search) {
    params.push(likePattern(q.search));
    // The teams spec's searchSql (one expression, one trigram index: idx_teams_search_trgm).
    where += ` AND (("r"."name" || ' ' || coalesce("r"."description", '')) ILIKE $3)`;
  }
  const { rows, total } = await listPage<Row>(
    pool,
    `SELECT ${TEAM_COLUMNS} FROM "teams" "r" WHERE ${where} ORDER BY LOWER("r"."name")${q.search ? " || ''" : ''} ASC, "r"."name" ASC, "r"."id" ASC LIMIT ${q.limit} OFFSET ${q.offset}`,
    `SELECT COUNT(1) AS "cnt" FROM "teams" "r" WHERE ${where}`,
    params,
  );
  const data = rows.map((r) => ({
    id: r.r_id,
    name: r.r_name,
    externalId: r.r_external_id,
    description: r.r_description,
    costCentreId: r.r_cost_centre_id,
    valueStreamId: r.r_value_stream_id,
    parentTeamId: r.r_parent_team_id,
    createdAt: r.r_created_at.toISOString(),
    updatedAt: r.r_updated_at.toISOString(),
  }));
  return listEnvelope(data, total, q);
}

export const baselineHandler: BaselineHandler = async (req, pool) => {
  const match = ROUTE.exec(req.url);
  if (req.method !== 'GET' || !match) return NOT_FOUND;
  const auth = await authenticate(pool, req, match[1]);
  if (!auth) return UNAUTHORIZED;
  return match[2] === 'job-roles'
    ? jobRoles(pool, auth.organizationId, req.url)
    : teams(pool, auth.organizationId, auth.livePlanId, req.url);
};
