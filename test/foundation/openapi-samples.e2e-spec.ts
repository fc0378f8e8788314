import { EXAMPLE_ID } from '../../src/common/http/examples';
import { ResourceCatalog } from '../../src/crud/resources';
import { Tenant, TestApp } from '../support/test-app';
import { committedDocument, requestExamplesOf, requestSchemaOf, sampleOf } from '../support/openapi-sample';
import { replaceExampleIds } from '../support/record-bodies';

// Walks every resource of the app: CI runs it against a generated one too (.ci/run, "resource generator").

/**
 * The request sample Swagger UI shows for each create operation (required fields
 * only, built from the committed document as Swagger UI builds it) is accepted with 201. Creates run
 * in an order where references exist; path ids, and the few fields the sample cannot know (the id of
 * a record made a step earlier), are the only substitutions. The full example (every optional field
 * included) is accepted too, once its example ids name records of the organization.
 */
type Ids = Record<string, string>;
interface Step {
  path: string;
  /** Path parameters other than orgId. */
  params?: (ids: Ids) => Ids;
  /** Fields whose value is the id of a record made earlier. */
  refs?: (ids: Ids) => Record<string, unknown>;
  /** Name under which the new record's id is kept. */
  save?: string;
  actingUser?: boolean;
  /** Fields of the full example replaced so that it does not collide with a record made earlier (unique fields). */
  unique?: Record<string, unknown>;
  /** The sample's values that name demo records (EXAMPLE_ID) stand for the records of those kinds made earlier. */
  exampleIds?: boolean;
}

const PUBLIC = '/api/v1/org/{orgId}';
const ADMIN = '/admin/v1/organizations/{orgId}';
const STEPS: Step[] = [
  { path: `${PUBLIC}/job-roles`, save: 'jobRole' },
  { path: `${PUBLIC}/locations`, save: 'location' },
  { path: `${PUBLIC}/cost-centres`, save: 'costCentre' },
  // A budget's example line names the cost centre made a step earlier.
  { path: `${PUBLIC}/budgets` },
  { path: `${PUBLIC}/value-streams`, save: 'valueStream' },
  { path: `${PUBLIC}/resource-types`, save: 'resourceType' },
  // The deprecated alias writes the same records: another externalId.
  { path: `${PUBLIC}/work-types`, unique: { externalId: 'RT-CTR', name: 'Contractor' } },
  { path: `${PUBLIC}/drivers` },
  { path: `${PUBLIC}/exchange-rates` },
  { path: `${PUBLIC}/custom-attributes` },
  { path: `${PUBLIC}/teams`, save: 'team' },
  { path: `${PUBLIC}/projects`, save: 'project' },
  { path: `${PUBLIC}/employees`, save: 'employee' },
  { path: `${PUBLIC}/employees/{parentId}/salary-adjustments`, params: (ids) => ({ parentId: ids.employee }) },
  { path: `${PUBLIC}/employees/{parentId}/terms`, params: (ids) => ({ parentId: ids.employee }) },
  { path: `${PUBLIC}/contractors`, save: 'contractor' },
  { path: `${PUBLIC}/contractors/{parentId}/rate-adjustments`, params: (ids) => ({ parentId: ids.contractor }) },
  { path: `${PUBLIC}/vacancies`, save: 'vacancy' },
  // An assignment has exactly one holder besides its target: the sample cannot know which.
  { path: `${PUBLIC}/assignments`, refs: (ids) => ({ targetId: ids.team, employeeId: ids.employee }) },
  { path: `${PUBLIC}/functional-groups`, save: 'group' },
  { path: `${PUBLIC}/functional-groups/positions`, refs: (ids) => ({ functionalGroupId: ids.group }), save: 'position' },
  { path: `${PUBLIC}/functional-groups/assignments`, refs: (ids) => ({ functionalPositionId: ids.position, employeeId: ids.employee }) },
  { path: `${PUBLIC}/functional-groups/access`, refs: (ids) => ({ functionalGroupId: ids.group, resourceId: ids.userId }) },
  { path: '/admin/v1/organizations' },
  { path: `${ADMIN}/users`, save: 'user' },
  { path: `${ADMIN}/users/{userId}/api-keys`, params: (ids) => ({ userId: ids.user }) },
  { path: `${ADMIN}/webhook-endpoints`, actingUser: true },
  { path: `${ADMIN}/integrations`, refs: (ids) => ({ actAsUserId: ids.userId }) },
  { path: `${ADMIN}/projects/{projectId}/links`, params: (ids) => ({ projectId: ids.project }), actingUser: true },
  { path: `${ADMIN}/business-metrics` },
  { path: `${ADMIN}/scenarios`, save: 'scenario' },
  {
    path: `${ADMIN}/scenarios/{scenarioId}/teams`,
    params: (ids) => ({ scenarioId: ids.scenario }),
    unique: { externalId: 'TEAM-SCN' },
  },
  {
    path: `${ADMIN}/scenarios/{scenarioId}/projects`,
    params: (ids) => ({ scenarioId: ids.scenario }),
    unique: { externalId: 'PRJ-SCN' },
  },
  // The scenario holds a copy of the live employee: a second person needs another e-mail.
  {
    path: `${ADMIN}/scenarios/{scenarioId}/employees`,
    params: (ids) => ({ scenarioId: ids.scenario }),
    refs: () => ({ email: 'jordan.lee@example.com' }),
    unique: { email: 'kim.novak@example.com', externalId: 'HR-2001' },
  },
  {
    path: `${ADMIN}/scenarios/{scenarioId}/contractors`,
    params: (ids) => ({ scenarioId: ids.scenario }),
    unique: { email: 'lee.park@example.com', externalId: 'CTR-2002' },
  },
  {
    path: `${ADMIN}/scenarios/{scenarioId}/vacancies`,
    params: (ids) => ({ scenarioId: ids.scenario }),
    unique: { externalId: 'REQ-SCN' },
  },
  {
    path: `${ADMIN}/scenarios/{scenarioId}/assignments`,
    params: (ids) => ({ scenarioId: ids.scenario }),
    refs: (ids) => ({ targetId: ids.team, employeeId: ids.employee }),
  },
  {
    path: `${ADMIN}/scenarios/{scenarioId}/members`,
    params: (ids) => ({ scenarioId: ids.scenario }),
    refs: (ids) => ({ userId: ids.userId }),
  },
];

/**
 * The creates of the modules' resources, from their descriptors (`demo.collection`): each after the app's public
 * records, and inside the scenario once it exists; their references are the records made earlier.
 */
function withModuleSteps(app: TestApp, doc: ReturnType<typeof committedDocument>): Step[] {
  const collections = app
    .get(ResourceCatalog)
    .declarations()
    .flatMap((resource) => (resource.demo ? [resource.demo.collection] : []));
  const live = collections.map((c): Step => ({ path: `${PUBLIC}/${c}`, exampleIds: true }));
  const inScenario = collections.map((c): Step => ({
    path: `${ADMIN}/scenarios/{scenarioId}/${c}`,
    params: (ids) => ({ scenarioId: ids.scenario }),
    exampleIds: true,
    unique:
      'externalId' in (sampleOf(doc, requestSchemaOf(doc, `${PUBLIC}/${c}`, 'post'), false) as object) ? { externalId: `SCN-${c}` } : {},
  }));
  const admin = STEPS.findIndex((step) => step.path === '/admin/v1/organizations');
  return [...STEPS.slice(0, admin), ...live, ...STEPS.slice(admin), ...inScenario];
}

/** Which id of the tenant stands for each example id: the record of its kind made by a step (saved under that name). */
const REAL: Partial<Record<keyof typeof EXAMPLE_ID, string>> = {
  user: 'userId',
  functionalGroup: 'group',
  functionalPosition: 'position',
  postCompletionCostCentre: 'costCentre',
};

describe('OpenAPI request samples', () => {
  let app: TestApp;
  let tenant: Tenant;
  let steps: Step[];
  const doc = committedDocument();

  beforeAll(async () => {
    app = await TestApp.start();
    tenant = await app.createTenant();
    steps = withModuleSteps(app, doc);
  });
  afterAll(() => app.close());

  it('decisions/OpenAPI document: every create operation (POST answering 201) is covered here', () => {
    const creates = Object.entries(doc.paths)
      .filter(([, item]) => item.post && '201' in item.post.responses)
      .map(([path]) => path)
      .sort();
    expect(steps.map((s) => s.path).sort()).toEqual(creates);
  });

  it("decisions/OpenAPI document: Swagger UI's required-fields sample of each create is accepted with 201", async () => {
    const ids: Ids = { orgId: tenant.orgId, userId: tenant.userId };
    const refused: string[] = [];
    for (const step of steps) {
      const required = sampleOf(doc, requestSchemaOf(doc, step.path, 'post'));
      const sample = (step.exampleIds ? await replaceExampleIds(required, async (kind) => ids[REAL[kind] ?? kind]) : required) as object;
      const body = { ...sample, ...step.refs?.(ids) };
      const params: Ids = { orgId: tenant.orgId, ...step.params?.(ids) };
      const url = step.path.replace(/\{(\w+)\}/g, (_m, name: string) => params[name]);
      const admin = url.startsWith('/admin/v1');
      let req = app
        .http()
        .post(url)
        .set('Authorization', `Bearer ${admin ? app.running.adminToken : tenant.key}`);
      if (step.actingUser) req = req.set('X-Acting-User', tenant.userId);
      const res = await req.send(body);
      if (res.status !== 201) refused.push(`${step.path} ${res.status} ${JSON.stringify(body)} -> ${JSON.stringify(res.body)}`);
      else if (!res.headers.location) refused.push(`${step.path}: 201 without the documented Location`);
      else if (step.save) ids[step.save] = res.body.data.id;
    }
    expect(refused).toEqual([]);
  });

  it('decisions/OpenAPI document: the full example of each create, optional fields included, is accepted with 201', async () => {
    const other = await app.createTenant();
    const ids: Ids = { orgId: other.orgId, userId: other.userId };
    const post = (path: string, body: unknown, actingUser = false, params: Ids = ids) => {
      const url = path.replace(/\{(\w+)\}/g, (_m, name: string) => params[name]);
      const admin = url.startsWith('/admin/v1');
      const req = app
        .http()
        .post(url)
        .set('Authorization', `Bearer ${admin ? app.running.adminToken : other.key}`);
      return (actingUser ? req.set('X-Acting-User', other.userId) : req).send(body as object);
    };
    // The examples name a parent team and a manager: records of the same kinds made before the first example.
    ids.parentTeam = (await post(`${PUBLIC}/teams`, { name: 'Platform' }).expect(201)).body.data.id;
    const manager = { firstName: 'Lena', lastName: 'Berg', email: 'lena.berg@example.com', startDate: '2025-01-01' };
    ids.manager = (await post(`${PUBLIC}/employees`, manager).expect(201)).body.data.id;
    const unknown: string[] = [];
    const substitute = (value: unknown, where: string): unknown => {
      if (Array.isArray(value)) return value.map((v) => substitute(v, where));
      if (value && typeof value === 'object')
        return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, substitute(v, `${where}.${k}`)]));
      const key = (Object.keys(EXAMPLE_ID) as (keyof typeof EXAMPLE_ID)[]).find((k) => EXAMPLE_ID[k] === value);
      if (!key) return value;
      const id = ids[REAL[key] ?? key];
      if (!id) unknown.push(`${where}: ${key}`);
      return id;
    };
    const refused: string[] = [];
    for (const step of steps) {
      const [example] = requestExamplesOf(doc, step.path, 'post') as Record<string, unknown>[];
      const body = { ...(substitute(example, step.path) as Record<string, unknown>), ...step.refs?.(ids), ...step.unique };
      // No scheduled PULL run against the example's host during the test.
      if (body.pull) body.pull = { ...(body.pull as object), enabled: false };
      const res = await post(step.path, body, step.actingUser, { ...ids, ...step.params?.(ids) });
      if (res.status !== 201) refused.push(`${step.path} ${res.status} ${JSON.stringify(body)} -> ${JSON.stringify(res.body)}`);
      else if (step.save) ids[step.save] = res.body.data.id;
    }
    expect(unknown).toEqual([]);
    expect(refused).toEqual([]);
  });
});
