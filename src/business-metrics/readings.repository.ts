import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { SqlParams } from '../database/sql-params';
import { GenerateSql } from '../common/generate-sql';

/*
 * The readings' SQL. The benchmark's baseline (bench/readings-baseline.ts) imports READINGS_UPSERT_SQL,
 * so that it sends exactly the statement the service sends.
 */

/** The organization's metric with that id, or else with that key ($1 organization, $2 key or id). */
const METRIC_CTE = `metric AS (
    SELECT id, key FROM business_metrics
     WHERE organization_id = $1 AND (id = $2 OR key = $2)
     ORDER BY (id = $2) DESC
     LIMIT 1
  )`;

/**
 * The whole accepted push in one statement (one round trip, atomic): find the metric, find or create
 * the source (case-insensitive name) and mark its feed healthy, and upsert every reading from arrays.
 * No row back means no such metric.
 */
export const READINGS_UPSERT_SQL = `
  WITH ${METRIC_CTE},
  source AS (
    INSERT INTO business_metric_sources AS s (id, organization_id, metric_id, name, feed_status, last_push_at)
    SELECT $3, $1, metric.id, $4, 'HEALTHY', now() FROM metric
    ON CONFLICT (organization_id, metric_id, lower(name)) DO UPDATE SET feed_status = 'HEALTHY', last_push_at = EXCLUDED.last_push_at
    RETURNING s.id, s.name, s.metric_id
  ),
  written AS (
    INSERT INTO business_metric_readings AS r
      (source_id, period_start, period_end, organization_id, metric_id, value, ai_value, external_ref, note)
    SELECT source.id, u.period_start, u.period_end, $1, source.metric_id, u.value, u.ai_value, u.external_ref, u.note
      FROM source,
           unnest($5::date[], $6::date[], $7::numeric[], $8::numeric[], $9::text[], $10::text[])
             AS u(period_start, period_end, value, ai_value, external_ref, note)
    ON CONFLICT (organization_id, source_id, period_start) DO UPDATE
      SET period_end = EXCLUDED.period_end, value = EXCLUDED.value, ai_value = EXCLUDED.ai_value,
          external_ref = EXCLUDED.external_ref, note = EXCLUDED.note, updated_at = EXCLUDED.updated_at
    RETURNING 1
  )
  SELECT metric.id AS metric_id, metric.key AS metric_key, source.id AS source_id, source.name AS source_name,
         (SELECT count(*) FROM written) AS rows
    FROM metric JOIN source ON true`;

/**
 * A push refused for a rule-3 reason, recorded against the source (created FAILING when it is new).
 * Its own statement, committed before the 400 goes out. `paused` and `lastPushAt` are left alone.
 */
export const FEED_FAILURE_SQL = `
  WITH ${METRIC_CTE}
  INSERT INTO business_metric_sources AS s (id, organization_id, metric_id, name, feed_status, last_error_message, last_error_at)
  SELECT $3, $1, metric.id, $4, 'FAILING', $5, now() FROM metric
  ON CONFLICT (organization_id, metric_id, lower(name)) DO UPDATE
    SET feed_status = 'FAILING', last_error_message = EXCLUDED.last_error_message, last_error_at = EXCLUDED.last_error_at
  RETURNING s.id`;

/** One reading with its source's name, as the list reads it. */
export interface ReadingRow {
  metric_id: string;
  source_id: string;
  source_name: string;
  period_start: string;
  period_end: string;
  value: string;
  ai_value: string | null;
  external_ref: string | null;
  note: string | null;
  created_at: Date;
  updated_at: Date;
}

/** The list's filters: one source; periods ending on or after `from`, starting on or before `to`. */
export interface ReadingFilter {
  sourceId?: string;
  from?: string;
  to?: string;
}

/** The push's readings as parallel arrays (`READINGS_UPSERT_SQL`'s $5 to $10). */
export interface ReadingColumns {
  periodStarts: string[];
  periodEnds: string[];
  values: unknown[];
  aiValues: unknown[];
  externalRefs: (string | null)[];
  notes: (string | null)[];
}

/** What an accepted push wrote: the metric, the source and how many readings. */
export interface UpsertRow {
  metric_id: string;
  metric_key: string;
  source_id: string;
  source_name: string;
  rows: number;
}

/** Business metric readings and the feed state of their sources. */
@Injectable()
export class ReadingsRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** One page of the metric's readings (by periodStart, then source) and how many match. */
  @GenerateSql(
    { name: 'unfiltered', params: (s) => [s.organizationId, s.id, {}, 20, 0] },
    { name: 'filtered', params: (s) => [s.organizationId, s.id, { sourceId: s.id, from: s.day, to: s.day }, 20, 0] },
  )
  async page(
    organizationId: string,
    metricId: string,
    filter: ReadingFilter,
    limit: number,
    offset: number,
  ): Promise<{ rows: ReadingRow[]; total: number }> {
    const params = new SqlParams(organizationId, metricId);
    const where = ['r.organization_id = $1', 'r.metric_id = $2'];
    if (filter.sourceId !== undefined) where.push(`r.source_id = ${params.add(filter.sourceId)}`);
    if (filter.from !== undefined) where.push(`r.period_end >= ${params.add(filter.from)}`);
    if (filter.to !== undefined) where.push(`r.period_start <= ${params.add(filter.to)}`);
    const condition = where.join(' AND ');
    const counted = this.dataSource.query(
      `SELECT count(*) AS total FROM business_metric_readings r WHERE ${condition}`,
      params.values,
    ) as Promise<{ total: number }[]>;
    const paged = new SqlParams(...params.values);
    const rows = this.dataSource.query(
      `SELECT r.metric_id, r.source_id, s.name AS source_name, r.period_start, r.period_end, r.value, r.ai_value,
              r.external_ref, r.note, r.created_at, r.updated_at
         FROM business_metric_readings r
         JOIN business_metric_sources s ON s.organization_id = r.organization_id AND s.id = r.source_id
        WHERE ${condition}
        ORDER BY r.period_start, r.source_id
        LIMIT ${paged.add(limit)} OFFSET ${paged.add(offset)}`,
      paged.values,
    ) as Promise<ReadingRow[]>;
    const [[count], list] = await Promise.all([counted, rows]);
    return { rows: list, total: count?.total ?? 0 };
  }

  /** The accepted push in one statement (`READINGS_UPSERT_SQL`); undefined when there is no such metric. */
  @GenerateSql({
    params: (s) => [
      s.organizationId,
      'deploys',
      s.id,
      'ci',
      { periodStarts: [s.day], periodEnds: [s.day], values: [1], aiValues: [null], externalRefs: [null], notes: [null] },
    ],
  })
  async upsert(
    organizationId: string,
    metric: string,
    newSourceId: string,
    source: string,
    readings: ReadingColumns,
  ): Promise<UpsertRow | undefined> {
    const rows: UpsertRow[] = await this.dataSource.query(READINGS_UPSERT_SQL, [
      organizationId,
      metric,
      newSourceId,
      source,
      readings.periodStarts,
      readings.periodEnds,
      readings.values,
      readings.aiValues,
      readings.externalRefs,
      readings.notes,
    ]);
    return rows[0];
  }

  /** Marks the source's feed failing with `message` (`FEED_FAILURE_SQL`). */
  @GenerateSql({ params: (s) => [s.organizationId, 'deploys', s.id, 'ci', 'bad value'] })
  async recordFeedFailure(organizationId: string, metric: string, newSourceId: string, source: string, message: string): Promise<void> {
    await this.dataSource.query(FEED_FAILURE_SQL, [organizationId, metric, newSourceId, source, message]);
  }
}
