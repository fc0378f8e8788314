import { Inject, Injectable } from '@nestjs/common';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { DataSource } from 'typeorm';
import { logger } from '../common/logging/json-logger';
import { APP_CONFIG, AppConfig } from '../config/app-config';
import { poolClients } from '../database/pool-clients';

/** Where a webhook delivery went: a webhook endpoint or an integration's push hook. */
export type DeliveryTarget = 'endpoint' | 'push';
export type DeliveryOutcome = 'delivered' | 'failed';
export type PullRunStatus = 'OK' | 'PARTIAL' | 'FAILED';

/** The route label of a request that matched no route: never the raw path (it may hold ids). */
export const UNMATCHED_ROUTE = 'unmatched';

/**
 * The process's default metrics (`process_cpu_seconds_total`, heap, event loop lag, GC...): one set per
 * process, collected from the first app that serves metrics, whatever the number of apps (tests run several).
 */
let processRegistry: Registry | null = null;
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}

/**
 * The Prometheus series of spec 05 §2.1, in a registry of this app. Label values come only from closed
 * sets (methods, route templates, status codes, targets, outcomes, run statuses): the typed methods take
 * no id, key or personal data, so none can reach a label. Counting is always on (a few additions);
 * serving, the HTTP timings and the process metrics are on when METRICS_TOKEN is set (`enabled`).
 */
@Injectable()
export class Metrics {
  readonly enabled: boolean;
  private readonly registry = new Registry();
  private readonly httpDuration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP requests by method, route template and status code: duration in seconds',
    labelNames: ['method', 'route', 'status_code'] as const,
    registers: [this.registry],
  });
  private readonly deliveries = new Counter({
    name: 'wfp_webhook_deliveries_total',
    help: 'Webhook deliveries finished by this instance, by target (endpoint or push hook) and outcome',
    labelNames: ['target', 'outcome'] as const,
    registers: [this.registry],
  });
  private readonly pullRuns = new Counter({
    name: 'wfp_pull_runs_total',
    help: 'PULL hook runs finished by this instance, by status',
    labelNames: ['status'] as const,
    registers: [this.registry],
  });
  private readonly rateLimited = new Counter({
    name: 'wfp_rate_limited_total',
    help: 'Requests refused by the rate limit (429), by route template',
    labelNames: ['route'] as const,
    registers: [this.registry],
  });
  private backlogSource: (() => Promise<number>) | null = null;

  constructor(@Inject(APP_CONFIG) config: AppConfig, dataSource: DataSource) {
    this.enabled = config.metricsToken !== null;
    for (const target of ['endpoint', 'push'] as const)
      for (const outcome of ['delivered', 'failed'] as const) this.deliveries.inc({ target, outcome }, 0);
    for (const status of ['OK', 'PARTIAL', 'FAILED'] as const) this.pullRuns.inc({ status }, 0);
    new Gauge({
      name: 'wfp_db_pool_clients',
      help: 'Clients of the database connection pool: open (total), open and unused (idle), callers waiting for one (waiting)',
      labelNames: ['state'] as const,
      registers: [this.registry],
      collect() {
        const clients = poolClients(dataSource);
        if (!clients) return this.reset();
        for (const state of ['total', 'idle', 'waiting'] as const) this.set({ state }, clients[state]);
      },
    });
    const measureBacklog = (gauge: Gauge) => this.measureBacklog(gauge);
    new Gauge({
      name: 'wfp_webhook_backlog',
      help: 'Live changes not yet dispatched to webhook endpoints and push hooks (all instances)',
      registers: [this.registry],
      collect() {
        return measureBacklog(this);
      },
    });
    if (this.enabled) processMetrics();
  }

  /** The Prometheus text format's content type. */
  get contentType(): string {
    return this.registry.contentType;
  }

  /** Every series of this app, then the process's default metrics. */
  async text(): Promise<string> {
    const [own, process] = await Promise.all([this.registry.metrics(), processMetrics().metrics()]);
    return own + process;
  }

  /** How the webhook backlog is measured (the webhooks module registers it: it owns the outbox's statements). */
  measureWebhookBacklog(source: () => Promise<number>): void {
    this.backlogSource = source;
  }

  /** A finished request; a 429 is also a rate-limit refusal (the rate limit is the only source of 429s). */
  observeRequest(method: string, route: string, statusCode: number, seconds: number): void {
    this.httpDuration.observe({ method, route, status_code: statusCode }, seconds);
    if (statusCode === 429) this.rateLimited.inc({ route });
  }

  webhookDelivery(target: DeliveryTarget, outcome: DeliveryOutcome): void {
    this.deliveries.inc({ target, outcome });
  }

  pullRun(status: PullRunStatus): void {
    this.pullRuns.inc({ status });
  }

  private async measureBacklog(gauge: Gauge): Promise<void> {
    if (!this.backlogSource) return;
    try {
      gauge.set(await this.backlogSource());
    } catch (error) {
      // A scrape still answers while the database does not; a missing value is honest, a stale one is not.
      gauge.reset();
      logger.write('warn', 'webhook backlog not measured', { cause: error instanceof Error ? error.message : String(error) });
    }
  }
}
