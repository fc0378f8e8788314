import { TestApp, Tenant } from '../support/test-app';

/** A type, not an interface: tests spread and spoil readings as plain records. */
export type Reading = {
  periodStart: string;
  periodEnd: string;
  value: number;
  aiValue?: number | null;
  externalRef?: string | null;
  note?: string | null;
};

export interface MetricTenant {
  tenant: Tenant;
  metricId: string;
  metricKey: string;
  /** POST /business-metrics/readings with the tenant's key. */
  push(body: Record<string, unknown>): ReturnType<Tenant['api']>;
  /** The sources of the metric through the application API (by name). */
  sources(): Promise<Record<string, unknown>[]>;
  /** Every stored reading of the metric, straight from the database, in (source, periodStart) order. */
  stored(): Promise<Record<string, unknown>[]>;
}

let metricCounter = 0;

/** A tenant with one metric (key `m-<n>`). */
export async function metricTenant(t: TestApp, options: { keyPermissions?: string[] } = {}): Promise<MetricTenant> {
  const tenant = await t.createTenant(options);
  const key = `m-${++metricCounter}`;
  const metric = await t
    .admin('post', `/organizations/${tenant.orgId}/business-metrics`)
    .send({ key, name: `Metric ${key}`, unit: 'tickets' })
    .expect(201);
  const metricId: string = metric.body.data.id;
  return {
    tenant,
    metricId,
    metricKey: key,
    push: (body) => tenant.api('post', '/business-metrics/readings').send(body),
    sources: async () =>
      (await t.admin('get', `/organizations/${tenant.orgId}/business-metrics/${metricId}/sources?limit=100`).expect(200)).body.data,
    stored: () =>
      t.dataSource.query(
        `SELECT s.name AS source, r.period_start, r.period_end, r.value::float8 AS value, r.ai_value::float8 AS ai_value, r.external_ref, r.note
           FROM business_metric_readings r JOIN business_metric_sources s ON s.organization_id = r.organization_id AND s.id = r.source_id
          WHERE r.organization_id = $1 AND r.metric_id = $2 ORDER BY s.name, r.period_start`,
        [tenant.orgId, metricId],
      ),
  };
}

/** `count` monthly readings from January 2026 on (value i * 10, aiValue i). */
export function monthlyReadings(count: number, extra: Partial<Reading> = {}): Reading[] {
  return Array.from({ length: count }, (_, i) => {
    const year = 2026 + Math.floor(i / 12);
    const month = (i % 12) + 1;
    const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
    const mm = String(month).padStart(2, '0');
    return { periodStart: `${year}-${mm}-01`, periodEnd: `${year}-${mm}-${last}`, value: i * 10, aiValue: i, ...extra };
  });
}

/** `count` daily readings from 2020-01-01 on. */
export function dailyReadings(count: number, value = 5): Reading[] {
  const start = Date.UTC(2020, 0, 1);
  return Array.from({ length: count }, (_, i) => {
    const day = new Date(start + i * 86_400_000).toISOString().slice(0, 10);
    return { periodStart: day, periodEnd: day, value, aiValue: null, externalRef: `ref-${i}`, note: null };
  });
}
