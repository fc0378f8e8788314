import type { OpenAPIObject, OperationObject, ParameterObject, ReferenceObject, RequestBodyObject, SchemaObject } from '@nestjs/swagger';
import { demoDefinitionId, demoId, EXAMPLE_ID } from '../common/http/examples';
import type { ResourceDemo } from '../crud/resources';

/** The demo record a `{id}` names, by the path segment before it. */
const RECORD_BY_COLLECTION: Readonly<Record<string, string>> = {
  employees: EXAMPLE_ID.employee,
  contractors: EXAMPLE_ID.contractor,
  vacancies: EXAMPLE_ID.vacancy,
  teams: EXAMPLE_ID.team,
  projects: EXAMPLE_ID.project,
  assignments: EXAMPLE_ID.assignment,
  'job-roles': EXAMPLE_ID.jobRole,
  locations: EXAMPLE_ID.location,
  'cost-centres': EXAMPLE_ID.costCentre,
  'value-streams': EXAMPLE_ID.valueStream,
  'resource-types': EXAMPLE_ID.resourceType,
  'work-types': demoId('wt', 1),
  drivers: demoId('drv', 1),
  'exchange-rates': demoId('fx', 1),
  'custom-attributes': EXAMPLE_ID.customAttributeDefinition,
  'salary-adjustments': EXAMPLE_ID.salaryAdjustment,
  'rate-adjustments': EXAMPLE_ID.rateAdjustment,
  terms: demoId('term', 1),
  'functional-groups': EXAMPLE_ID.functionalGroup,
  groups: EXAMPLE_ID.functionalGroup,
  positions: EXAMPLE_ID.functionalPosition,
  access: demoId('grant', 1),
  budgets: EXAMPLE_ID.budget,
};

/** The kind of demo id a DELETE of `{id}` under the collection takes: a record made for deleting (number 99). */
const DELETABLE_KIND: Readonly<Record<string, string>> = {
  employees: 'emp',
  contractors: 'ctr',
  vacancies: 'vac',
  teams: 'team',
  projects: 'proj',
  assignments: 'asg',
  'job-roles': 'role',
  locations: 'loc',
  'cost-centres': 'cc',
  'value-streams': 'vs',
  'resource-types': 'rt',
  'work-types': 'wt',
  drivers: 'drv',
  'exchange-rates': 'fx',
  'custom-attributes': 'cad',
  'salary-adjustments': 'sal',
  'rate-adjustments': 'rate',
  terms: 'term',
  access: 'grant',
  budgets: 'bud',
};

/** The definition of each record type's custom attribute in the demo, by the collection that holds the values. */
const DEFINITION_BY_COLLECTION: Readonly<Record<string, number>> = {
  teams: 1,
  projects: 2,
  employees: 3,
  contractors: 4,
  vacancies: 5,
  groups: 6,
  positions: 7,
  budgets: 8,
};

/** Other path and header parameters, by name. */
const BY_NAME: Readonly<Record<string, string>> = {
  orgId: EXAMPLE_ID.organization,
  userId: EXAMPLE_ID.user,
  keyId: demoId('key', 99),
  endpointId: demoId('hook', 1),
  scenarioId: EXAMPLE_ID.scenario,
  projectId: EXAMPLE_ID.project,
  linkId: EXAMPLE_ID.projectLink,
  metricId: EXAMPLE_ID.metric,
  sourceId: demoId('src', 1),
  integrationId: demoId('intg', 1),
  'X-Acting-User': EXAMPLE_ID.user,
};

/** Deleted by the DELETE examples: records made for deleting, nothing else refers to them. */
const DELETABLE_BY_NAME: Readonly<Record<string, string>> = {
  keyId: demoId('key', 99),
  endpointId: demoId('hook', 99),
  linkId: demoId('link', 99),
  integrationId: demoId('intg', 99),
  scenarioId: demoId('scn', 99),
};

/**
 * Examples of path and header parameters naming records of the demo organization, so that "Try it out"
 * works as filled in: reads and writes name the demo's example records, DELETEs records made for deleting.
 */
export function addParameterExamples(path: string, method: string, op: OperationObject, demos: readonly ResourceDemo[] = []): void {
  const segments = path.split('/');
  for (const param of (op.parameters ?? []) as ParameterObject[]) {
    if (param.example !== undefined || (param.in !== 'path' && param.in !== 'header')) continue;
    const value = exampleOf(param.name, segments, method, demos);
    if (value !== undefined) param.example = value;
  }
}

function exampleOf(name: string, segments: string[], method: string, demos: readonly ResourceDemo[]): string | undefined {
  const at = segments.indexOf(`{${name}}`);
  const collection = segments[at - 1];
  const isLast = at === segments.length - 1;
  const demo = (of: string) => demos.find((d) => d.collection === of);
  if (method === 'delete' && isLast) {
    if (name === 'id' && DELETABLE_KIND[collection]) return demoId(DELETABLE_KIND[collection], 99);
    if (name === 'id' && demo(collection)) return demoId(demo(collection)!.kind, 99);
    if (DELETABLE_BY_NAME[name]) return DELETABLE_BY_NAME[name];
  }
  if (name === 'definitionId' && demo(segments[at - 3])) return demoDefinitionId(demo(segments[at - 3])!.kind);
  if (name === 'definitionId') return demoId('cad', DEFINITION_BY_COLLECTION[segments[at - 3]] ?? 1);
  if (name === 'id' && demo(collection)) return demoId(demo(collection)!.kind, 1);
  if (name === 'parentId') return collection === 'contractors' ? EXAMPLE_ID.contractor : EXAMPLE_ID.employee;
  if (name === 'id' && collection === 'assignments' && segments.includes('functional-groups')) return EXAMPLE_ID.functionalAssignment;
  if (name === 'id') return RECORD_BY_COLLECTION[collection];
  // The approver of the demo's approval policy decides (the submitter, the demo user, may not).
  if (name === 'X-Acting-User' && segments.at(-1) === 'approvals') return demoId('user', 3);
  // The planner: a member of the demo scenario, and the user a PATCH example changes (never the demo key's owner).
  if (name === 'userId' && (collection === 'members' || method === 'patch')) return demoId('user', 2);
  return BY_NAME[name];
}

const emp2 = 'chloe.martin.2@demo.example.com';

/**
 * Property examples set over those of the decorators, `Schema.property`: a PATCH example repeats the demo
 * record's own unique values (so it never collides with a record the create example made), and a
 * unique field a create example would repeat on a second click is left out (null).
 */
const SCHEMA_EXAMPLES: Readonly<Record<string, unknown>> = {
  'UpdateUserDto.email': 'planner@example.com',
  'UpdateUserDto.name': 'Demo Planner',
  'UpdateJobRoleDto.title': 'Software Engineer',
  'UpdateJobRoleDto.level': 'L3',
  'UpdateVacancyDto.filledByLiveEmployeeId': null,
  'UpdateJobRoleDto.externalId': 'JR-01',
  'UpdateLocationDto.externalId': 'LOC-BERLIN',
  'UpdateCostCentreDto.code': 'CC-101',
  'UpdateCostCentreDto.externalId': 'CC-101',
  'UpdateValueStreamDto.code': 'VS-PAYMENTS',
  'UpdateValueStreamDto.externalId': 'VS-1',
  'UpdateResourceTypeDto.externalId': null,
  'CreateResourceTypeDto.externalId': null,
  'FunctionalAssignmentBodyDto.employeeId': demoId('emp', 20),
  'UpdateDriverDto.key': 'active_merchants',
  'UpdateExchangeRateDto.effectiveDate': '2020-01-01',
  'UpdateCustomAttributeDefinitionDto.entityType': 'TEAM',
  'UpdateCustomAttributeDefinitionDto.attributeKey': 'officeFloor',
  'UpdateCustomAttributeDefinitionDto.name': 'Office floor',
  'UpdateTeamDto.externalId': 'TEAM-PAYMENTS',
  'UpdateProjectDto.externalId': 'PRJ-01',
  'UpdateProjectDto.projectCode': 'CHK-2026',
  'UpdateProjectLinkDto.key': 'CHK-1',
  'UpdateEmployeeDto.email': emp2,
  'UpdateEmployeeDto.externalId': 'EMP-0002',
  'UpdateEmployeeDto.internalEmployeeId': 'E-10002',
  'UpdateContractorDto.email': 'jordan@contractors.demo.example.com',
  'UpdateContractorDto.externalId': 'CTR-01',
  'UpdateVacancyDto.externalId': 'REQ-3101',
  'UpdateScenarioDto.status': 'OPEN',
  'UpdateBusinessMetricDto.key': 'tickets-resolved',
  'CreateBusinessMetricDto.key': 'deploys',
  'CreateBusinessMetricDto.name': 'Deployments',
  'CreateBusinessMetricDto.unit': 'deploys',
  'CreateBusinessMetricDto.description': 'Production deployments in the period.',
  'FunctionalGroupBodyDto.externalId': null,
  'FunctionalPositionBodyDto.externalId': null,
  'FillVacancyDto.email': 'mia.wong@example.com',
  'MoveGroupDto.parentFunctionalGroupId': demoId('grp', 1),
  'StructureMoveDto.targetPositionId': demoId('pos', 11),
};

/** Sets SCHEMA_EXAMPLES on the document's component schemas. */
export function overrideSchemaExamples(schemas: Record<string, unknown>): void {
  for (const [key, value] of Object.entries(SCHEMA_EXAMPLES)) {
    const [schemaName, property] = key.split('.');
    const prop = (schemas[schemaName] as { properties?: Record<string, { example?: unknown }> } | undefined)?.properties?.[property];
    if (prop) prop.example = value;
  }
}

/**
 * A module resource's PATCH body repeats its demo record 1's values (the record its `{id}` example names), as
 * SCHEMA_EXAMPLES does for the app's own resources: a PATCH sent as filled in changes nothing and never collides with a
 * unique value of another record (the create example's, once created).
 */
export function patchExamplesOfDemoRecords(doc: OpenAPIObject, demos: readonly ResourceDemo[]): void {
  for (const demo of demos) {
    const [record] = demo.records;
    for (const [path, item] of Object.entries(doc.paths)) {
      if (!record || !path.endsWith(`/${demo.collection}/{id}`)) continue;
      const body = item.patch?.requestBody as RequestBodyObject | undefined;
      const ref = (body?.content['application/json']?.schema as ReferenceObject | undefined)?.$ref;
      const schema = ref ? (doc.components?.schemas?.[ref.split('/').pop()!] as SchemaObject | undefined) : undefined;
      for (const [name, property] of Object.entries(schema?.properties ?? {}) as [string, SchemaObject][]) {
        if (name in record) property.example = record[name];
      }
    }
  }
}

/**
 * A bulk upsert's item takes the create's body with its own externalId; where that body has an e-mail, the item gets its
 * own too (`ana.silva.bulk@example.com`), so that the bulk example and the create example make two people whichever is
 * sent first, and never collide on the e-mail.
 */
export function bulkItemExamples(doc: OpenAPIObject): void {
  for (const [path, item] of Object.entries(doc.paths)) {
    if (!path.endsWith('/bulk')) continue;
    const body = item.post?.requestBody as RequestBodyObject | undefined;
    const records = (body?.content['application/json']?.schema as SchemaObject | undefined)?.properties?.records as
      SchemaObject | undefined;
    const [created, own] = ((records?.items as SchemaObject | undefined)?.allOf ?? []) as [ReferenceObject?, SchemaObject?];
    const schema = created?.$ref ? (doc.components?.schemas?.[created.$ref.split('/').pop()!] as SchemaObject | undefined) : undefined;
    const email = (schema?.properties?.email as SchemaObject | undefined)?.example;
    if (typeof email !== 'string' || !own?.properties) continue;
    const [local, domain] = email.split('@');
    own.properties.email = { type: 'string', format: 'email', example: `${local}.bulk@${domain}` };
  }
}
