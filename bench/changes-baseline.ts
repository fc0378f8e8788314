/**
 * Baseline of the `changes` benchmark (run by bench/baseline-server.ts): GET /changes done by hand with pg: the
 * key look-up, then the feed's one statement (PAGE_SQL: the organization's horizon and the page, each change
 * written as JSON by PostgreSQL) for every entity type, and the same answer text. No validation, framework,
 * logging or rate limiting; the key holds every permission, so every type is visible.
 */
import type { BaselineHandler } from './baseline-server';
import { authenticate, NOT_FOUND, UNAUTHORIZED } from './baseline-common';
import { PAGE_SQL, type ChangeRow } from '../src/changes/changes.repository';
import { CHANGES_DEFAULT_LIMIT } from '../src/changes/changes.service';
import { cursorSuffix, decodeCursor, encodeCursor } from '../src/changes/change-cursor';
import { WEBHOOK_ENTITY_TYPES } from '../src/webhooks/webhook-event';

const ROUTE = /^\/api\/v1\/org\/([^/?]+)\/changes(?:\?(.*))?$/;

export const baselineHandler: BaselineHandler = async (req, pool) => {
  const match = ROUTE.exec(req.url);
  if (req.method !== 'GET' || !match) return NOT_FOUND;
  const auth = await authenticate(pool, req, match[1]);
  if (!auth) return UNAUTHORIZED;
  const query = new URLSearchParams(match[2] ?? '');
  const cursor = query.get('after');
  const after = cursor === null ? '0' : decodeCursor(cursor, auth.organizationId);
  const limit = Number(query.get('limit') ?? CHANGES_DEFAULT_LIMIT);
  const { rows } = await pool.query<ChangeRow>(PAGE_SQL, [
    auth.organizationId,
    after,
    [...WEBHOOK_ENTITY_TYPES],
    limit + 1,
    cursorSuffix(auth.organizationId),
  ]);
  const changes = rows.filter((row) => row.commit_seq !== null);
  const hasMore = changes.length > limit;
  const page = changes.slice(0, limit);
  const horizon = rows[0]?.horizon ?? '0';
  const end = hasMore ? page[page.length - 1].commit_seq! : BigInt(horizon) > BigInt(after) ? horizon : after;
  const meta = { nextCursor: encodeCursor(end, auth.organizationId), hasMore };
  return { status: 200, body: null, text: `{"data":[${page.map((row) => row.change).join(',')}],"meta":${JSON.stringify(meta)}}` };
};
