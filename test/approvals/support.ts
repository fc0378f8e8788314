import { API_PERMISSIONS } from '../../src/common/auth/permissions';
import { bodies } from '../support/fixtures';
import { Tenant, TestApp } from '../support/test-app';

/** Every permission a key can hold and view_costs, without manage_scenarios nor approve_scenarios. */
export const PLANNER_RIGHTS = [...API_PERMISSIONS, 'view_costs'];

let counter = 0;

/** A user of the organization with these rights; returns its id. */
export async function user(t: TestApp, org: Tenant, permissions: string[]): Promise<string> {
  const n = ++counter;
  const res = await t
    .admin('post', `/organizations/${org.orgId}/users`)
    .send({ email: `approver${n}.${process.pid}.${org.orgId}@example.com`, name: `Approver ${n}`, permissions })
    .expect(201);
  return res.body.data.id;
}

/** Sets the organization's approval policy (as the application itself). */
export async function setPolicy(t: TestApp, org: Tenant, policy: Record<string, unknown>): Promise<void> {
  await t.admin('patch', `/organizations/${org.orgId}`).send({ scenarioApproval: policy }).expect(200);
}

/** A scenario owned by `owner`, with one employee at 120,000 USD a year (10,000 a month) added in it. */
export async function scenarioWithHire(t: TestApp, org: Tenant, owner: string, costCentreId?: string): Promise<string> {
  const scenario = (await t.admin('post', `/organizations/${org.orgId}/scenarios`, owner).send({ name: 'Hire' }).expect(201)).body.data.id;
  const salary = { effectiveDate: '2025-01-01', salary: 120_000, currencyCode: 'USD' };
  await t
    .admin('post', `/organizations/${org.orgId}/scenarios/${scenario}/employees`, owner)
    .send(bodies.employee({ startDate: '2025-01-01', salary, ...(costCentreId ? { costCentreId } : {}) }))
    .expect(201);
  return scenario;
}

/** A request to `/admin/v1/organizations/<org>/scenarios/<scenario><path>` as `actingUser`. */
export function onScenario(t: TestApp, org: Tenant, scenario: string, method: 'get' | 'post', path: string, actingUser?: string) {
  return t.admin(method, `/organizations/${org.orgId}/scenarios/${scenario}${path}`, actingUser);
}
