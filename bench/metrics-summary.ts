/**
 * `npm run bench -- metrics-summary`: the assistant tool `get_business_metrics_summary`
 * through `POST /mcp` (JSON-RPC tools/call, stateless Streamable HTTP, JSON answer) on PostgreSQL, for one
 * organization with 20 active metrics x 10 sources x a year of daily readings (73,000 readings, aiValue
 * on half of them) and 2,000 employees with salaries and team assignments (for the cost of the metrics'
 * scopes: 8 ORGANIZATION, 6 COST_CENTRE, 6 TEAM). Goal: p50 < 100 ms from one client.
 * Two windows: the whole year (every reading aggregated) and the default 30 days ending today.
 * The answer is checked once (20 metrics, 3,650 readings each over the year, costs present).
 * BENCH_DURATION (s per run, default 10), BENCH_ROUNDS (default 2), BENCH_CONNECTIONS (default 1,4),
 * BENCH_CPU_PROF (a directory: the service runs with --cpu-prof there).
 */
import { size } from './smoke';
import { addDays, todayUtc } from '../src/common/dates';
import { createDatabase, LoadResult, machine, printTable, round, runBenchmark, runLoad, startService } from './harness';
import {
  createOrganizations,
  SeedOrg,
  seedCostCentres,
  seedJobRoles,
  seedPeople,
  seedProjects,
  seedTeams,
  vacuumAnalyze,
} from './seed-data';
import type { Client } from 'pg';

const METRICS = size(20, 10);
const SOURCES = size(10, 2);
const DAYS = size(365, 40);
const PEOPLE = { employees: size(2000, 20), jobRoles: size(50, 3), teams: size(50, 10), projects: size(20, 3), costCentres: size(20, 5) };
const idOf = (kind: string, n: string) => `('c' || substr(md5($1 || ':${kind}:' || (${n})), 1, 24))`;

/** 20 metrics (scopes by m % 10: 0-3 ORGANIZATION, 4-6 COST_CENTRE, 7-9 TEAM), 10 sources each, a daily reading per source for `DAYS` days up to `last`. */
async function seedMetrics(client: Client, org: SeedOrg, last: string): Promise<void> {
  await client.query(
    `INSERT INTO business_metrics (id, organization_id, key, name, unit, description, active, cost_scope_type, cost_scope_id)
     SELECT ${idOf('bm', 'm')}, $1, 'metric-' || lpad(m::text, 2, '0'), 'Metric ' || m, 'tickets', NULL, true,
            CASE WHEN m % 10 < 4 THEN 'ORGANIZATION' WHEN m % 10 < 7 THEN 'COST_CENTRE' ELSE 'TEAM' END,
            CASE WHEN m % 10 < 4 THEN NULL WHEN m % 10 < 7 THEN ${idOf('cc', `m % ${PEOPLE.costCentres}`)} ELSE ${idOf('tm', `m % ${PEOPLE.teams}`)} END
       FROM generate_series(0, $2 - 1) m`,
    [org.orgId, METRICS],
  );
  await client.query(
    `INSERT INTO business_metric_sources (id, organization_id, metric_id, name, paused, feed_status, last_push_at)
     SELECT ${idOf('bs', `m * 100 + s`)}, $1, ${idOf('bm', 'm')}, 'Source ' || s, false, 'HEALTHY', now()
       FROM generate_series(0, $2 - 1) m, generate_series(0, $3 - 1) s`,
    [org.orgId, METRICS, SOURCES],
  );
  await client.query(
    `INSERT INTO business_metric_readings (source_id, period_start, period_end, organization_id, metric_id, value, ai_value)
     SELECT ${idOf('bs', `m * 100 + s`)}, $4::date - d, $4::date - d, $1, ${idOf('bm', 'm')},
            10 + (m * 7 + s * 13 + d) % 90, CASE WHEN (s + d) % 2 = 0 THEN ((m * 7 + s * 13 + d) % 90) / 3 END
       FROM generate_series(0, $2 - 1) m, generate_series(0, $3 - 1) s, generate_series(0, $5 - 1) d`,
    [org.orgId, METRICS, SOURCES, last, DAYS],
  );
}

type Summary = { metrics: { key: string; readings: number; cost: number | null; volume: number }[] };

function toolCall(args: Record<string, unknown>): string {
  return JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'get_business_metrics_summary', arguments: args } });
}

export async function metricsSummaryBenchmark(): Promise<void> {
  const duration = Number(process.env.BENCH_DURATION ?? 10);
  const rounds = Number(process.env.BENCH_ROUNDS ?? 2);
  const connectionCounts = (process.env.BENCH_CONNECTIONS ?? '1,4').split(',').map(Number);
  await runBenchmark(async () => {
    const db = await createDatabase('wfp_bench_metrics');
    const service = await startService(db, { RATE_LIMIT_PER_MINUTE: '10000000' });
    const [org] = await createOrganizations(service, db.client, 1, ['business_metrics_view', 'financials_view_summary']);
    const today = todayUtc();
    const started = Date.now();
    await seedJobRoles(db.client, org, PEOPLE.jobRoles);
    await seedCostCentres(db.client, org, PEOPLE.costCentres);
    await seedTeams(db.client, org, PEOPLE.teams, PEOPLE.costCentres);
    await seedProjects(db.client, org, PEOPLE.projects);
    await seedPeople(db.client, org, PEOPLE);
    await seedMetrics(db.client, org, today);
    await vacuumAnalyze(db.client, [
      'business_metrics',
      'business_metric_sources',
      'business_metric_readings',
      'employees',
      'salary_adjustments',
      'assignments',
    ]);
    const { rows } = await db.client.query<{ readings: number }>(
      `SELECT count(*)::int AS readings FROM business_metric_readings WHERE organization_id = $1`,
      [org.orgId],
    );
    process.stderr.write(
      `seeded in ${round((Date.now() - started) / 1000)} s: ${rows[0].readings} readings, ${PEOPLE.employees} employees\n`,
    );

    const headers = {
      authorization: `Bearer ${org.key}`,
      accept: 'application/json, text/event-stream',
      'mcp-protocol-version': '2025-06-18',
    };
    const windows: [string, Record<string, unknown>][] = [
      ['year (73,000 readings)', { from: addDays(today, -(DAYS - 1)), to: today }],
      ['default 30 days', {}],
    ];
    // Sanity check of each answer once.
    for (const [label, args] of windows) {
      const t0 = performance.now();
      const res = await fetch(`${service.baseUrl}/mcp`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body: toolCall(args),
      });
      const body = (await res.json()) as { result?: { structuredContent?: Summary; isError?: boolean } };
      const summary = body.result?.structuredContent;
      if (res.status !== 200 || !summary || summary.metrics.length !== METRICS || summary.metrics.some((m) => m.cost === null)) {
        throw new Error(`unexpected answer for ${label}: ${res.status} ${JSON.stringify(body).slice(0, 500)}`);
      }
      const readings = summary.metrics.reduce((sum, m) => sum + m.readings, 0);
      process.stderr.write(
        `${label}: first answer ${round(performance.now() - t0)} ms, ${summary.metrics.length} metrics, ${readings} readings counted\n`,
      );
    }

    const results: LoadResult[] = [];
    for (let r = 0; r < rounds; r++) {
      for (const [label, args] of windows) {
        for (const connections of connectionCounts) {
          results.push(
            await runLoad({
              name: label,
              baseUrl: service.baseUrl,
              method: 'POST',
              path: '/mcp',
              headers,
              body: toolCall(args),
              connections,
              durationSeconds: duration,
            }),
          );
        }
      }
    }
    const { rows: version } = await db.client.query<{ server_version: string }>('SHOW server_version');
    process.stdout.write(
      `\nget_business_metrics_summary via POST /mcp, ${machine()}, PostgreSQL ${version[0].server_version} (service, PostgreSQL and load generator share the machine)\n\n`,
    );
    printTable(
      results.map((x) => ({
        window: x.name,
        clients: x.connections,
        'req/s': round(x.requestsPerSecond),
        'p50 ms': x.p50Ms,
        'p99 ms': x.p99Ms,
        'max ms': x.maxMs,
        failures: x.failures,
      })),
    );
  });
}
