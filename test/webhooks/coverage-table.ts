import type request from 'supertest';
import type { TestApp, Tenant } from '../support/test-app';
import { Receiver, Received, verifySignature } from './receiver';
import { settled } from './support';

/** Document 02's table, row by row: each request as this file sends it, and exactly the events it must deliver (sorted). */
export const COVERAGE: Record<string, string[]> = {
  'POST /teams': ['team:create'],
  'PATCH /teams/:id': ['team:update'],
  'DELETE /teams/:id': ['team:delete'],
  'POST /projects': ['project:create'],
  'PATCH /projects/:id': ['project:update'],
  'DELETE /projects/:id': ['project:delete'],
  'POST /employees (with allocations and salary)': [
    'employee:create',
    'employee_project_allocation:create',
    'employee_team_allocation:create',
    'salary_adjustment:create',
  ],
  'PATCH /employees/:id (with new allocations and salary)': [
    'employee:update',
    'employee_project_allocation:create',
    'employee_team_allocation:create',
    'salary_adjustment:create',
  ],
  'DELETE /employees/:id': ['employee:delete'],
  'POST /employees/:id/salary-adjustments': ['salary_adjustment:create'],
  'PATCH /employees/:id/salary-adjustments/:id': ['salary_adjustment:update'],
  'DELETE /employees/:id/salary-adjustments/:id': ['salary_adjustment:delete'],
  'POST /contractors (with allocations and rate)': [
    'contractor:create',
    'contractor_project_allocation:create',
    'contractor_rate:create',
    'contractor_team_allocation:create',
  ],
  'PATCH /contractors/:id (with new allocations and rate)': [
    'contractor:update',
    'contractor_project_allocation:create',
    'contractor_rate:create',
    'contractor_team_allocation:create',
  ],
  'DELETE /contractors/:id': ['contractor:delete'],
  'POST /contractors/:id/rate-adjustments': ['contractor_rate:create'],
  'PATCH /contractors/:id/rate-adjustments/:id': ['contractor_rate:update'],
  'DELETE /contractors/:id/rate-adjustments/:id': ['contractor_rate:delete'],
  'POST /vacancies': ['vacancy:create'],
  'PATCH /vacancies/:id': ['vacancy:update'],
  'DELETE /vacancies/:id': ['vacancy:delete'],
  'POST /vacancies/:id/fill (employee)': ['employee:create', 'salary_adjustment:create', 'vacancy:update'],
  'POST /vacancies/:id/fill (contractor)': ['contractor:create', 'vacancy:update'],
  'POST /functional-groups': ['functional_group:create'],
  'POST /functional-groups/positions': ['functional_position:create'],
  'POST /functional-groups/assignments': ['functional_assignment:create'],
  'PUT /functional-groups/assignments/:id (end)': ['functional_assignment:update'],
  'PUT /functional-groups/positions/:id (retire)': ['functional_position:update'],
  'PUT /functional-groups/:id': ['functional_group:update'],
  'POST /functional-groups/access': ['functional_group:update'],
  'DELETE /functional-groups/access/:id': ['functional_group:update'],
};

/** What the receiver got for each row of COVERAGE sent: the kinds and the event ids. */
export class CoverageLog {
  private readonly sent = new Map<string, { kinds: string[]; ids: string[] }>();

  record(row: string, kinds: string[], ids: string[]): void {
    if (!(row in COVERAGE)) throw new Error(`${row} is not a row of the coverage table`);
    this.sent.set(row, { kinds, ids });
  }

  /** Every row was sent, and each delivered exactly its events, each once (distinct event ids). */
  expectEveryRowDelivered(): void {
    expect(Object.keys(COVERAGE).filter((row) => !this.sent.has(row))).toEqual([]);
    for (const [row, kinds] of Object.entries(COVERAGE)) {
      const got = this.sent.get(row)!;
      expect({ row, kinds: got.kinds }).toEqual({ row, kinds });
      expect({ row, distinctEvents: new Set(got.ids).size }).toEqual({ row, distinctEvents: kinds.length });
    }
  }
}

/** The app, receiver, tenant and endpoint secret of a coverage test (read when a request is sent). */
export interface CoverageSetup {
  t: TestApp;
  receiver: Receiver;
  tenant: Tenant;
  secret: string;
  path: string;
}

/** What the receiver got because of one request: signed events of the tenant, as `entity_type:change_type`, sorted. */
export interface Delivered {
  kinds: string[];
  events: Received[];
  body: { data: Record<string, unknown> };
}

/** A function that runs one request and returns what the receiver got because of it (and only it). */
export function deliveredBy(setup: () => CoverageSetup) {
  return async (send: () => request.Test, status: number, via: 'api key' | 'application' = 'api key'): Promise<Delivered> => {
    const { t, receiver, tenant, secret, path } = setup();
    await settled(t, tenant.orgId);
    const before = receiver.on(path).length;
    const res = await send().expect(status);
    await settled(t, tenant.orgId);
    const events = receiver.on(path).slice(before);
    for (const event of events) {
      expect(verifySignature(event.raw, event.headers['x-service-signature'], secret)).toBe(true);
      expect(event.body.organization_id).toBe(tenant.orgId);
      if (via === 'api key') expect(event.body.initiator).toEqual({ type: 'api_key', id: tenant.keyId });
    }
    return { kinds: events.map((e) => `${e.body.entity_type}:${e.body.change_type}`).sort(), events, body: res.body };
  };
}
