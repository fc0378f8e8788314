import type request from 'supertest';
import type { components, operations, paths } from '../generated/openapi';
import type { Method } from './test-app';

/**
 * Typed records for tests: `tenant.create.employee({ ... })` POSTs a complete valid body (the generated
 * `Create...Dto`, the given fields over unique defaults), expects 201 and returns the answer's `data`,
 * typed from the generated document (test/generated/openapi.d.ts). Tests that check a body's validation
 * send that body themselves; these are for the records a test needs but does not examine.
 */

export type Schemas = components['schemas'];

const ORG = '/api/v1/org/{orgId}';
type OrgPath = keyof paths & `${typeof ORG}${string}`;
type PostOf<P extends OrgPath> = paths[P] extends { post: infer O } ? O : never;

/** The JSON body of `POST <path>` (the path as in the document, under `/api/v1/org/{orgId}`). */
export type CreateBody<P extends OrgPath> = PostOf<P> extends { requestBody?: { content: { 'application/json': infer B } } } ? B : never;
/** The `data` of the 201 answer to `POST <path>`. */
export type Created<P extends OrgPath> =
  PostOf<P> extends { responses: { 201: { content: { 'application/json': { data: infer D } } } } } ? D : never;

/** One page of `GET /changes`. */
export type ChangesPage = operations['Changes_list']['responses'][200]['content']['application/json'];
/** One change of the feed: document 02's event object plus `cursor`. */
export type FeedChange = ChangesPage['data'][number];

/** A request to `/api/v1/org/<orgId><path>` with the tenant's key (Tenant.api). */
export type OrgApi = (method: Method, path: string) => request.Test;

/** Where a functional-structure record is written: the live plan, or the scenario of `scenarioId`. */
export interface InPlan {
  scenarioId?: string;
}

let counter = 0;
/** A number no other default of this test file has taken. */
const next = (): number => ++counter;

/** POSTs the body to the document path and returns the 201 answer's data; any other status throws with the answer. */
async function post<P extends OrgPath>(api: OrgApi, path: P, body: CreateBody<P>, where: InPlan = {}): Promise<Created<P>> {
  const url = `${path.slice(ORG.length)}${where.scenarioId ? `?scenarioId=${where.scenarioId}` : ''}`;
  const res = await api('post', url).send(body as object);
  if (res.status !== 201) throw new Error(`POST ${url}: expected 201, got ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data as Created<P>;
}

type Body<K extends keyof Schemas> = Partial<Schemas[K]>;

/**
 * Complete valid bodies, the given fields over unique defaults, for a test that sends the request itself
 * (to see a refusal, or with another key): `send(bodies.employee({ managerId: 'EMP-NOBODY' }))`.
 */
export const bodies = {
  /** An employee: Ada Person<n>, person<n>.<pid>@example.com, from 2026-01-01. */
  employee: (overrides: Body<'CreateEmployeeDto'> = {}): Schemas['CreateEmployeeDto'] => {
    const n = next();
    return {
      firstName: 'Ada',
      lastName: `Person${n}`,
      email: `person${n}.${process.pid}@example.com`,
      startDate: '2026-01-01',
      ...overrides,
    };
  },
  /** A contractor: Contractor <n>, from 2026-01-01. */
  contractor: (overrides: Body<'CreateContractorDto'> = {}): Schemas['CreateContractorDto'] => ({
    name: `Contractor ${next()}`,
    startDate: '2026-01-01',
    ...overrides,
  }),
  /** An open vacancy of 1 FTE: Role <n>. */
  vacancy: (overrides: Body<'CreateVacancyDto'> = {}): Schemas['CreateVacancyDto'] => ({
    role: `Role ${next()}`,
    status: 'open',
    fte: 1,
    ...overrides,
  }),
  /** A top-level team: Team <n>. */
  team: (overrides: Body<'CreateTeamDto'> = {}): Schemas['CreateTeamDto'] => ({ name: `Team ${next()}`, ...overrides }),
  /** A project from 2026-01-01 with the documented defaults (BACKLOG, priority 0, #6B7280). */
  project: (overrides: Body<'CreateProjectDto'> = {}): Schemas['CreateProjectDto'] => ({
    name: `Project ${next()}`,
    startDate: '2026-01-01',
    deliveryStatus: 'BACKLOG',
    priority: 0,
    iconColor: '#6B7280',
    ...overrides,
  }),
  /** A team or project allocation of one holder (employee, contractor, vacancy or team), 1 FTE from 2026-01-01. */
  assignment: (
    overrides: Body<'CreateAssignmentDto'> & Pick<Schemas['CreateAssignmentDto'], 'type' | 'targetId'>,
  ): Schemas['CreateAssignmentDto'] => ({ fte: 1, startDate: '2026-01-01', ...overrides }),
};

/** The record builders of one tenant (`tenant.create`): each POSTs a complete valid body, expects 201 and returns `data`. */
export function fixtures(api: OrgApi) {
  return {
    employee: (overrides?: Body<'CreateEmployeeDto'>): Promise<Schemas['EmployeeDto']> =>
      post(api, `${ORG}/employees`, bodies.employee(overrides)),
    contractor: (overrides?: Body<'CreateContractorDto'>): Promise<Schemas['ContractorDto']> =>
      post(api, `${ORG}/contractors`, bodies.contractor(overrides)),
    vacancy: (overrides?: Body<'CreateVacancyDto'>): Promise<Schemas['VacancyDto']> =>
      post(api, `${ORG}/vacancies`, bodies.vacancy(overrides)),
    team: (overrides?: Body<'CreateTeamDto'>): Promise<Schemas['TeamDto']> => post(api, `${ORG}/teams`, bodies.team(overrides)),
    project: (overrides?: Body<'CreateProjectDto'>): Promise<Schemas['ProjectDto']> =>
      post(api, `${ORG}/projects`, bodies.project(overrides)),
    assignment: (
      overrides: Body<'CreateAssignmentDto'> & Pick<Schemas['CreateAssignmentDto'], 'type' | 'targetId'>,
    ): Promise<Schemas['AssignmentDto']> => post(api, `${ORG}/assignments`, bodies.assignment(overrides)),
    /** A job role: Role title <n>. */
    jobRole: (overrides: Body<'CreateJobRoleDto'> = {}): Promise<Schemas['JobRoleDto']> =>
      post(api, `${ORG}/job-roles`, { title: `Role title ${next()}`, ...overrides }),
    /** A cost centre: Cost centre <n>. */
    costCentre: (overrides: Body<'CreateCostCentreDto'> = {}): Promise<Schemas['CostCentreDto']> =>
      post(api, `${ORG}/cost-centres`, { name: `Cost centre ${next()}`, ...overrides }),
    /** A value stream: Value stream <n>. */
    valueStream: (overrides: Body<'CreateValueStreamDto'> = {}): Promise<Schemas['ValueStreamDto']> =>
      post(api, `${ORG}/value-streams`, { name: `Value stream ${next()}`, ...overrides }),
    /** A location (geography): Location <n>, cost multiplier 1, no currency unless given. */
    location: (overrides: Body<'CreateLocationDto'> = {}): Promise<Schemas['LocationDto']> =>
      post(api, `${ORG}/locations`, { name: `Location ${next()}`, costMultiplier: 1, ...overrides }),
    /** A resource (work) type: Work type <n>. */
    workType: (overrides: Body<'CreateResourceTypeDto'> = {}): Promise<Schemas['ResourceTypeDto']> =>
      post(api, `${ORG}/resource-types`, { name: `Work type ${next()}`, ...overrides }),
    /** A top-level functional group from 2026-01-01: Group <n>. */
    functionalGroup: (overrides: Body<'FunctionalGroupBodyDto'> = {}, where?: InPlan): Promise<Schemas['WrittenIdDto']> =>
      post(api, `${ORG}/functional-groups`, { name: `Group ${next()}`, startDate: '2026-01-01', ...overrides }, where),
    /** A seat of 1 FTE in the group from 2026-01-01: Seat <n>. */
    seat: (
      functionalGroupId: string,
      overrides: Body<'FunctionalPositionBodyDto'> = {},
      where?: InPlan,
    ): Promise<Schemas['WrittenIdDto']> =>
      post(
        api,
        `${ORG}/functional-groups/positions`,
        { functionalGroupId, name: `Seat ${next()}`, requiredFte: 1, startDate: '2026-01-01', ...overrides },
        where,
      ),
    /** An occupancy of the seat, 1 FTE from 2026-01-01; name the holder (employeeId, contractorId or vacancyId). */
    occupancy: (
      functionalPositionId: string,
      overrides: Body<'FunctionalAssignmentBodyDto'> = {},
      where?: InPlan,
    ): Promise<Schemas['WrittenIdDto']> =>
      post(api, `${ORG}/functional-groups/assignments`, { functionalPositionId, fte: 1, startDate: '2026-01-01', ...overrides }, where),
  };
}

export type Fixtures = ReturnType<typeof fixtures>;

/** What to ask the changes feed besides the cursor. */
export interface FeedQuery {
  /** Document 02 entity types; omitted: every type the key may view. */
  entityTypes?: FeedChange['entity_type'][];
  /** Changes per answer (1 to 1,000); 1,000 unless given. */
  limit?: number;
}

/**
 * Every change of the tenant's live data after `cursor` (from the oldest retained change when omitted),
 * read from `GET /changes` following `nextCursor` until `hasMore` is false, and the cursor to poll on from.
 */
export async function changesSince(
  tenant: { api: OrgApi },
  cursor?: string,
  query: FeedQuery = {},
): Promise<{ changes: FeedChange[]; cursor: string }> {
  const changes: FeedChange[] = [];
  let after = cursor;
  for (;;) {
    const params = new URLSearchParams({ limit: String(query.limit ?? 1000) });
    if (after) params.set('after', after);
    if (query.entityTypes) params.set('entityTypes', query.entityTypes.join(','));
    const res = await tenant.api('get', `/changes?${params.toString()}`).expect(200);
    const page = res.body as ChangesPage;
    changes.push(...page.data);
    after = page.meta.nextCursor;
    if (!page.meta.hasMore) return { changes, cursor: after };
  }
}
