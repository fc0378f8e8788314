import { EXAMPLE_ID } from '../common/http/examples';

/**
 * What the OpenAPI document says about names the DTOs share: tags, path parameters, formats and
 * examples by property name, and one error example per status. finishOpenApiDocument applies them.
 * Decorators stay the source where they exist: a table entry only fills what a decorator left out.
 */

/** Public API tags first, then the application API (`Application: ...`), each with its description. */
export const TAGS: readonly { name: string; description: string }[] = [
  { name: 'API key', description: 'Public API. Who the API key is: a cheap check of a key and its effective permissions.' },
  { name: 'Employees', description: 'Public API. People on the payroll, with nested salary, team and project assignments on create.' },
  { name: 'Contractors', description: 'Public API. People on a contract rate, with nested rate adjustments and assignments.' },
  { name: 'Vacancies', description: 'Public API. Open roles with salary range and assignments; filled by a new employee or contractor.' },
  {
    name: 'Compensation',
    description: 'Public API. Salary adjustments of employees and rate adjustments of contractors (compensation permissions).',
  },
  { name: 'Teams', description: 'Public API. The team hierarchy with cost centre and value stream.' },
  { name: 'Projects', description: 'Public API. Projects with delivery status, estimated cost and owner.' },
  {
    name: 'Assignments',
    description: 'Public API. FTE of employees, contractors and vacancies on teams and projects, and team-to-project allocations.',
  },
  {
    name: 'Job roles',
    description: 'Public API reference data. Job titles with family and level; also created through a nested `jobRole`.',
  },
  { name: 'Locations', description: 'Public API reference data. Work locations with country, currency and cost multiplier.' },
  { name: 'Cost centres', description: 'Public API reference data. Cost centres that teams, people and projects are charged to.' },
  { name: 'Value streams', description: 'Public API reference data. Value streams that teams and projects deliver to.' },
  { name: 'Resource types', description: 'Public API reference data. Kinds of resource (internal, contractor, ...).' },
  {
    name: 'Work types (deprecated: use resource-types)',
    description: 'Public API, deprecated alias of Resource types kept for clients of version 1.0.',
  },
  { name: 'Drivers', description: 'Public API reference data. Business drivers identified by their `key`.' },
  {
    name: 'Exchange rates',
    description: 'Public API reference data. Currency rates by pair and effective day, and the conversion they give.',
  },
  {
    name: 'Custom attributes',
    description: 'Public API. Definitions of custom attributes; values are set on each record under `/{id}/custom-attributes`.',
  },
  {
    name: 'Forecast',
    description:
      'Public API. Headcount, vacancies and cost per month from the plan (live or a scenario), grouped and compared, in JSON or CSV.',
  },
  {
    name: 'Budgets',
    description:
      'Public API. Budgets of cost, headcount and FTE per month, by cost centre, by team or whole, and their variance against the forecast.',
  },
  {
    name: 'Changes',
    description: 'Public API (HR sync). The feed of every committed change in commit order, paged by an opaque cursor.',
  },
  {
    name: 'Functional structure',
    description: 'Public API. Functional groups, positions (seats), occupants, access grants and moves, dated.',
  },
  {
    name: 'Business metrics',
    description: 'Public API. Readings pushed by outside systems (own rate limit: 120 requests per minute per key).',
  },
  { name: 'Health', description: 'Liveness and readiness probes; no authentication.' },
  { name: 'Application: organizations and users', description: 'Application API (ADMIN_TOKEN). Organizations, their settings and users.' },
  { name: 'Application: API keys', description: 'Application API (ADMIN_TOKEN). Issues and revokes the API keys of users.' },
  {
    name: 'Application: webhook endpoints',
    description: 'Application API (ADMIN_TOKEN). Webhook endpoints, test deliveries and signing secrets.',
  },
  {
    name: 'Application: integrations',
    description:
      'Application API (ADMIN_TOKEN). Custom integrations: push hooks (signed events) and scheduled PULL hooks acting as a user.',
  },
  {
    name: 'Application: scenarios',
    description: 'Application API (ADMIN_TOKEN). What-if scenarios: create, edit records inside, lock and merge.',
  },
  {
    name: 'Application: personal data',
    description: "Application API (ADMIN_TOKEN). Erasing a person's personal data everywhere it is kept (destructive).",
  },
  {
    name: 'Application: project links',
    description: 'Application API (ADMIN_TOKEN). Tickets of project-management tools linked to projects.',
  },
  {
    name: 'Application: business metrics',
    description: 'Application API (ADMIN_TOKEN). Metric definitions, their sources and stored readings.',
  },
];

/** Descriptions of path parameters, by name. */
export const PATH_PARAMETERS: Readonly<Record<string, string>> = {
  orgId: "The organization's id (the demo organization's id is printed at startup; `GET /api/v1/org/{orgId}/me` returns it).",
  id: 'The record id, or its externalId where the resource has one.',
  parentId: "The employee's or contractor's id, or its externalId.",
  definitionId: "The custom attribute definition's id.",
  userId: "The user's id.",
  keyId: "The API key's id.",
  endpointId: "The webhook endpoint's id.",
  scenarioId: "The scenario's id.",
  projectId: "The project's id.",
  linkId: "The project link's id.",
  metricId: "The business metric's id or key.",
  sourceId: "The metric source's id.",
};

const DATE = '2026-01-15';
const DATE_TIME = '2026-01-15T09:30:00.000Z';

/** Format of a property or parameter by name, when its decorator gives none. */
export function formatOf(name: string): 'date' | 'date-time' | undefined {
  if (/At$/.test(name)) return 'date-time';
  if (/(Date|^date|^asOf|^activeOn|^dateRange(Start|End)|^period(Start|End))$/.test(name)) return 'date';
  return undefined;
}

/** Properties and parameters that hold whole numbers. */
export const INTEGERS = new Set([
  'page',
  'limit',
  'offset',
  'total',
  'priority',
  'headcount',
  'joiners',
  'leavers',
  'opening',
  'closing',
  'arrivals30',
  'leavers30',
  'openPositions',
  'filledPositions',
  'positions',
  'totalGroups',
  'totalPositions',
  'written',
  'durationMs',
  'lastResponseStatus',
  'status',
  'teamAllocationsTransferred',
  'projectAllocationsTransferred',
]);

/**
 * Properties named like counts that are not whole numbers: under the forecast's allocation groupings
 * (team, project, projectCostCentre) each day of a person is split over their assignments, so a
 * group's headcount figures are shares (docs/forecast.md); budgets by team budget such shares.
 */
export const FRACTIONAL = new Set([
  ...['ForecastMonthDto', 'ForecastDeltaDto'].flatMap((schema) =>
    ['opening', 'joiners', 'leavers', 'closing'].map((n) => `${schema}.${n}`),
  ),
  ...['BudgetLineInputDto', 'BudgetLineDto', 'VarianceBudgetDto', 'VarianceFiguresDto'].map((schema) => `${schema}.headcount`),
]);

/**
 * Realistic examples, used where a decorator sets none: `Schema.property` first, then `property`.
 * Ids are the made-up EXAMPLE_IDs (the demo organization's ids are made at its first start).
 */
export const EXAMPLES: Readonly<Record<string, unknown>> = {
  startDate: '2026-01-01',
  endDate: '2026-12-31',
  effectiveDate: DATE,
  noticeDate: '2026-11-30',
  targetFillDate: '2026-03-01',
  targetStartDate: '2026-03-16',
  date: DATE,
  asOf: DATE,
  activeOn: DATE,
  dateValue: DATE,
  dateRangeStart: DATE,
  dateRangeEnd: '2026-06-30',
  createdAt: DATE_TIME,
  updatedAt: DATE_TIME,
  changedAt: DATE_TIME,
  email: 'ana.silva@example.com',
  firstName: 'Ana',
  lastName: 'Silva',
  externalId: 'HR-1042',
  currencyCode: 'EUR',
  reportingCurrency: 'USD',
  defaultCurrencyCode: 'EUR',
  fromCurrency: 'EUR',
  toCurrency: 'USD',
  countryCode: 'DE',
  title: 'Senior Software Engineer',
  family: 'Engineering',
  level: 'L4',
  role: 'Backend Engineer',
  description: 'Builds and runs the payment services.',
  iconColor: '#2563EB',
  projectCode: 'PAY-2026',
  fte: 1,
  salary: 85000,
  bonus: 5000,
  salaryMin: 70000,
  salaryMax: 90000,
  costMultiplier: 1.15,
  priority: 1,
  attributeKey: 'shirtSize',
  expiresAt: '2027-01-01T00:00:00.000Z',
  internalEmployeeId: 'E-20417',
  reason: 'Annual review',
  contractorType: 'individual',
  groupType: 'area',
  icon: 'rocket',
  'CreateEmployeeDto.name': 'Ana Silva',
  'UpdateEmployeeDto.name': 'Ana Silva',
  fieldType: 'STRING',
  'CreateJobRoleDto.title': 'Data Engineer',
  'NestedJobRoleDto.title': 'Data Engineer',
  'CreateLocationDto.name': 'Berlin',
  'CreateCostCentreDto.name': 'Engineering',
  'CreateCostCentreDto.code': 'CC-100',
  'CreateValueStreamDto.name': 'Payments',
  'CreateValueStreamDto.code': 'VS-PAY',
  'CreateResourceTypeDto.name': 'Internal',
  'CreateDriverDto.name': 'Active customers',
  'CreateDriverDto.key': 'active_customers',
  'CreateTeamDto.name': 'Payments Platform',
  'CreateProjectDto.name': 'Checkout redesign',
  'CreateContractorDto.name': 'Jordan Lee',
  'CreateCustomAttributeDefinitionDto.name': 'Shirt size',
  'CreateProjectLinkDto.provider': 'jira',
  'CreateProjectLinkDto.key': 'PAY-123',
  'CreateOrganizationDto.name': 'Acme Corporation',
  'CreateUserDto.name': 'Ana Silva',
  'CreateUserDto.email': 'ana.silva@example.com',
  'CreateApiKeyDto.name': 'HR sync',
  'CreateScenarioDto.name': 'Hiring plan 2026',
  'FunctionalGroupBodyDto.name': 'Engineering',
  'FunctionalPositionBodyDto.name': 'Engineering Manager',
  // PATCH bodies are schemas of their own: the create body's names again.
  'UpdateTeamDto.name': 'Payments Platform',
  'UpdateProjectDto.name': 'Checkout redesign',
  'UpdateContractorDto.name': 'Jordan Lee',
  'FillVacancyDto.name': 'Jordan Lee',
  'UpdateLocationDto.name': 'Berlin',
  'UpdateCostCentreDto.name': 'Engineering',
  'UpdateValueStreamDto.name': 'Payments',
  'UpdateResourceTypeDto.name': 'Internal',
  'UpdateDriverDto.name': 'Active customers',
  'UpdateDriverDto.key': 'active_customers',
  'UpdateCustomAttributeDefinitionDto.name': 'Shirt size',
  'UpdateProjectLinkDto.provider': 'jira',
  'UpdateProjectLinkDto.key': 'PAY-123',
  'UpdateOrganizationDto.name': 'Acme Corporation',
  'UpdateUserDto.name': 'Ana Silva',
  'UpdateScenarioDto.name': 'Hiring plan 2026',
  'CreateAssignmentDto.targetId': EXAMPLE_ID.team,
  'UpdateAssignmentDto.targetId': EXAMPLE_ID.team,
  'FillVacancyDto.rate': 650,
  'RateAdjustmentDto.rate': 650,
  required: false,
  active: true,
  enabled: true,
  paused: false,
  functionalGroupsEnabled: true,
  functionalGroupsRestrictedVisibility: false,
  noticePeriodDays: 30,
  changeRetentionDays: 365,
  deliveryRetentionDays: 30,
  personal: false,
};

/** An id as the service makes them (a CUID). */
export const SAMPLE_ID = 'cm5x8k2q40000qz3h7c1d9e2f';

/** One example body per error status, as the exception filter answers it (document 01 "Errors"). */
export const ERROR_EXAMPLES: Readonly<Record<string, unknown>> = {
  400: {
    error: {
      code: 'VALIDATION_ERROR',
      message: 'startDate must be a real calendar date in YYYY-MM-DD form',
      details: [{ field: 'startDate', message: 'startDate must be a real calendar date in YYYY-MM-DD form' }],
      errorId: '5f0c8e1a-3b7d-4c2e-9a61-0d4b2f7c9e13',
    },
  },
  401: { error: { code: 'UNAUTHORIZED', message: 'Missing or invalid API key' } },
  403: {
    error: {
      code: 'FORBIDDEN',
      message: 'The API key lacks the permission employees_edit',
      errorId: '8a1d2c3e-4f50-4a6b-8c7d-9e0f1a2b3c4d',
    },
  },
  404: { error: { code: 'NOT_FOUND', message: 'Employee HR-1042 not found', errorId: 'c3e4f5a6-b7c8-4d9e-8f01-2a3b4c5d6e7f' } },
  409: { error: { code: 'CONFLICT', message: 'A concurrent change conflicted with this request; retry it' } },
  410: {
    error: {
      code: 'GONE',
      message:
        "Changes this old are no longer retained (the organization's changeRetentionDays); read from the oldest retained cursor MTI0, or resync",
      details: [
        { field: 'after', message: 'after is older than the oldest retained change; value is the cursor to read from', value: 'MTI0' },
      ],
    },
  },
  429: { error: 'too_many_requests', error_description: 'Rate limit exceeded; retry after 12 seconds' },
  412: {
    error: {
      code: 'PRECONDITION_FAILED',
      message: 'Employee HR-1042 has changed since the version named by If-Match; read it again',
    },
  },
  413: { error: { code: 'PAYLOAD_TOO_LARGE', message: 'The request body is larger than the limit' } },
  415: { error: { code: 'UNSUPPORTED_MEDIA_TYPE', message: 'The request body encoding is not supported' } },
  500: { error: { code: 'INTERNAL_ERROR', message: 'Internal server error', errorId: 'f1e2d3c4-b5a6-4978-8695-a4b3c2d1e0f9' } },
  501: { error: { code: 'NOT_IMPLEMENTED', message: 'Creates, updates, deletes and fills are not available in scenarios (scenarioId)' } },
  503: { error: { code: 'SERVICE_UNAVAILABLE', message: 'The database does not answer' } },
};

/** The application API's 401 says which token it wants. */
export const ADMIN_401_EXAMPLE = { error: { code: 'UNAUTHORIZED', message: 'Missing or wrong admin token' } };
/** The application API's 403 is about the acting user, never an API key. */
export const ADMIN_403_EXAMPLE = {
  error: {
    code: 'FORBIDDEN',
    message: 'X-Acting-User must name an active user of the organization',
    errorId: '8a1d2c3e-4f50-4a6b-8c7d-9e0f1a2b3c4d',
  },
};
