/**
 * Shared by the baselines of the read benchmarks (`reference-data-baseline.ts`, `employees-baseline.ts`):
 * the guard's API-key lookup (same query, same hash comparison), a list page as the service's CRUD list runs it
 * and the entities' column lists.
 * The SQL texts in the baselines are the ones the service sends, captured from the built service with a
 * `pg` query hook (see bench/README.md, "Checking the SQL").
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { Pool } from 'pg';
import { DataSource, getMetadataArgsStorage } from 'typeorm';
import { dataSourceOptions } from '../src/database/data-source';
import { SnakeNamingStrategy } from '../src/database/snake-naming.strategy';
import type { BaselineRequest, BaselineResponse } from './baseline-server';
import { schemaEntities } from '../src/database/schema-files';

/**
 * The service's entity metadata without a connection (a DataSource whose metadata is built, never
 * initialized): what the service's own SQL builders (src/common/crud/row-sql.ts) need, so that a
 * baseline sends the statements the service sends instead of copies of them.
 */
export async function entityMetadata(): Promise<DataSource> {
  const dataSource = new DataSource(dataSourceOptions('postgresql://unused@127.0.0.1/unused', schemaEntities(), 1));
  await (dataSource as unknown as { buildMetadatas(): Promise<void> }).buildMetadatas();
  return dataSource;
}

/**
 * An entity's database columns in TypeORM's select order (declaration order), read from the entity's
 * decorators as the service's metadata is: a baseline's field list cannot miss a column added later.
 */
export function entityColumns(entity: abstract new (...args: never[]) => unknown): string[] {
  const naming = new SnakeNamingStrategy();
  // The class and the base classes it inherits columns from, as TypeORM reads an entity's inheritance tree.
  const tree: (abstract new (...args: never[]) => unknown)[] = [];
  for (let c = entity; c && c !== Function.prototype; c = Object.getPrototypeOf(c)) tree.push(c);
  return getMetadataArgsStorage()
    .filterColumns(tree)
    .map((c) => c.options.name ?? naming.columnName(c.propertyName, undefined, []));
}

export interface BaselineAuth {
  keyId: string;
  organizationId: string;
  livePlanId: string;
}

/**
 * The key look-up of a plain server: the guard's statement (key and creator by prefix) with the
 * organization's live plan joined, sent on every request (the service verifies a key once a second, see
 * src/access/verified-keys.ts).
 */
export const BASELINE_KEY_QUERY = `
  SELECT k.id, k.organization_id, k.key_hash, k.permissions, k.expires_at, k.revoked_at,
         u.id AS user_id, u.organization_id AS user_org, u.email AS user_email, u.active AS user_active,
         u.permissions AS user_permissions, p.id AS live_plan_id
    FROM api_keys k
    JOIN users u ON u.id = k.user_id
    JOIN plans p ON p.organization_id = k.organization_id AND p.kind = 'LIVE'
   WHERE k.prefix = $1`;

/** The look-up of a plain server: one query by key prefix, then the SHA-256 comparison; null when it fails. */
export async function authenticate(pool: Pool, req: BaselineRequest, orgId: string): Promise<BaselineAuth | null> {
  const header = req.headers.authorization;
  const key = header?.startsWith('Bearer ') ? header.slice(7) : '';
  const { rows } = await pool.query<{
    id: string;
    organization_id: string;
    key_hash: string;
    live_plan_id: string;
    revoked_at: Date | null;
    user_active: boolean;
  }>(BASELINE_KEY_QUERY, [key.slice(0, 12)]);
  const row = rows[0];
  if (!row || !timingSafeEqual(Buffer.from(createHash('sha256').update(key).digest('hex')), Buffer.from(row.key_hash))) return null;
  if (row.revoked_at || !row.user_active || row.organization_id !== orgId) return null;
  return { keyId: row.id, organizationId: row.organization_id, livePlanId: row.live_plan_id };
}

export const UNAUTHORIZED: BaselineResponse = { status: 401, body: { error: { code: 'UNAUTHORIZED', message: 'bad key' } } };
export const NOT_FOUND: BaselineResponse = { status: 404, body: { error: { code: 'NOT_FOUND', message: 'no such route or record' } } };

/** page, limit (default 20) and search of a list URL. */
export function listQuery(url: string): { page: number; limit: number; offset: number; search: string | undefined } {
  const params = new URLSearchParams(url.includes('?') ? url.slice(url.indexOf('?') + 1) : '');
  const page = Number(params.get('page') ?? 1);
  const limit = Number(params.get('limit') ?? 20);
  return { page, limit, offset: (page - 1) * limit, search: params.get('search') ?? undefined };
}

/** The service's likePattern (src/common/http/list-options.ts). */
export function likePattern(search: string): string {
  return `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * A list page as src/common/crud/crud.service.ts list() runs it: the page query and the count query side
 * by side on two pool connections (no transaction).
 */
export async function listPage<Row>(
  pool: Pool,
  pageSql: string,
  countSql: string,
  params: unknown[],
): Promise<{ rows: Row[]; total: number }> {
  const [page, counted] = await Promise.all([pool.query(pageSql, params), pool.query<{ cnt: string }>(countSql, params)]);
  return { rows: page.rows as Row[], total: Number(counted.rows[0].cnt) };
}

/** `{ data, meta }` of a list. */
export function listEnvelope(data: unknown[], total: number, page: { page: number; limit: number; offset: number }): BaselineResponse {
  return {
    status: 200,
    body: { data, meta: { page: page.page, limit: page.limit, total, hasNextPage: page.offset + data.length < total } },
  };
}

/** The service's decimalToNumber. */
export function num(value: string | number | null): number | null {
  return value === null ? null : Number(value);
}
