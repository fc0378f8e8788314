/**
 * Baseline of the `readings` benchmark (run by bench/baseline-server.ts): POST
 * /api/v1/org/:orgId/business-metrics/readings done by hand with pg: the API-key lookup the service's
 * guard runs (same query, same hash comparison), JSON.parse, and the service's own upsert statement
 * (READINGS_UPSERT_SQL). No validation, de-duplication, rate limiting, framework or logging.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { Pool } from 'pg';
import { newId } from '../src/common/ids';
import { READINGS_UPSERT_SQL } from '../src/business-metrics/readings.repository';
import { BASELINE_KEY_QUERY } from './baseline-common';
import type { BaselineHandler } from './baseline-server';

const PATH = /^\/api\/v1\/org\/([^/]+)\/business-metrics\/readings$/;

interface Body {
  metric: string;
  source: string;
  readings: {
    periodStart: string;
    periodEnd: string;
    value: number;
    aiValue?: number | null;
    externalRef?: string | null;
    note?: string | null;
  }[];
}

async function authenticate(pool: Pool, header: string | undefined): Promise<string | null> {
  const key = header?.startsWith('Bearer ') ? header.slice(7) : '';
  const { rows } = await pool.query<{ organization_id: string; key_hash: string }>(BASELINE_KEY_QUERY, [key.slice(0, 12)]);
  const row = rows[0];
  if (!row || !timingSafeEqual(Buffer.from(createHash('sha256').update(key).digest('hex')), Buffer.from(row.key_hash))) return null;
  return row.organization_id;
}

export const baselineHandler: BaselineHandler = async (req, pool) => {
  const match = PATH.exec(req.url);
  if (req.method !== 'POST' || !match) return { status: 404, body: { error: { code: 'NOT_FOUND', message: 'no route' } } };
  const orgId = await authenticate(pool, req.headers.authorization);
  if (!orgId || orgId !== match[1]) return { status: 401, body: { error: { code: 'UNAUTHORIZED', message: 'bad key' } } };
  const body = JSON.parse(req.body.toString('utf8')) as Body;
  const readings = body.readings;
  const { rows } = await pool.query<{ metric_id: string; metric_key: string; source_id: string; source_name: string }>(
    READINGS_UPSERT_SQL,
    [
      orgId,
      body.metric,
      newId(),
      body.source.trim(),
      readings.map((r) => r.periodStart),
      readings.map((r) => r.periodEnd),
      readings.map((r) => r.value),
      readings.map((r) => r.aiValue ?? null),
      readings.map((r) => r.externalRef ?? null),
      readings.map((r) => r.note ?? null),
    ],
  );
  const row = rows[0];
  if (!row) return { status: 404, body: { error: { code: 'NOT_FOUND', message: 'no metric' } } };
  return {
    status: 200,
    body: {
      data: {
        metric: { id: row.metric_id, slug: row.metric_key },
        source: { id: row.source_id, name: row.source_name },
        written: readings.length,
      },
    },
  };
};
