import { todayUtc } from '../common/dates';
import { DEMO_APPROVAL_POLICY, demoDefinitionId, demoId, EXAMPLE_ID } from '../common/http/examples';
import type { ResourceDemo } from '../crud/resources';
import type { DemoStep } from './demo-data';

const post = (path: string, id: string, body: unknown, admin = false): DemoStep => ({ method: 'POST', path, ids: [id], body, admin });

/** A custom attribute definition for each kind of record that has them (the team's is written by extraSteps). */
export function definitionSteps(): DemoStep[] {
  const types = ['PROJECT', 'EMPLOYEE', 'CONTRACTOR', 'VACANCY', 'FUNCTIONAL_GROUP', 'FUNCTIONAL_POSITION', 'BUDGET'];
  return types.map((entityType, i) =>
    post('/custom-attributes', demoId('cad', i + 2), {
      entityType,
      fieldType: 'STRING',
      name: 'Badge name',
      attributeKey: 'badgeName',
      description: 'The name printed on the office badge.',
    }),
  );
}

/** The approval policy of scenarios: off, one step (`DEMO_APPROVAL_POLICY`). */
export function approvalPolicySteps(): DemoStep[] {
  return [{ method: 'PATCH', path: '', admin: true, ids: [], body: { scenarioApproval: DEMO_APPROVAL_POLICY } }];
}

/**
 * The budget of the current year by cost centre: every month of Engineering, Operations and Sales & Marketing
 * budgeted above the forecast, except Engineering's December, which the forecast exceeds (one line over).
 */
export function budgetSteps(): DemoStep[] {
  const year = todayUtc().slice(0, 4);
  const centres = [
    { cc: 1, cost: 360_000, headcount: 38, fte: 38 },
    { cc: 2, cost: 180_000, headcount: 24, fte: 24 },
    { cc: 3, cost: 130_000, headcount: 11, fte: 11 },
  ];
  const lines = centres.flatMap(({ cc, cost, headcount, fte }) =>
    Array.from({ length: 12 }, (_, i) => ({
      key: demoId('cc', cc),
      month: `${year}-${String(i + 1).padStart(2, '0')}`,
      cost: cc === 1 && i === 11 ? 300_000 : cost,
      headcount,
      fte,
    })),
  );
  return [
    post('/budgets', demoId('bud', 1), {
      name: `Budget ${year} by cost centre`,
      dimension: 'costCentre',
      fromMonth: `${year}-01`,
      toMonth: `${year}-12`,
      status: 'APPROVED',
      lines,
    }),
  ];
}

/** Application-API records the examples name: a webhook endpoint, an integration, a functional access grant. */
export function integrationSteps(): DemoStep[] {
  return [
    post(
      '/webhook-endpoints',
      demoId('hook', 1),
      {
        name: 'HR data lake',
        url: 'https://hooks.example.com/workforce',
        entityTypes: ['employee', 'team'],
        eventTypes: ['create', 'update', 'delete'],
      },
      true,
    ),
    // With a PULL hook, so that "run now" works before any PATCH configures one (daily; its source is the example's).
    post(
      '/integrations',
      demoId('intg', 1),
      {
        name: 'HR system',
        actAsUserId: demoId('user', 1),
        pull: { url: 'https://hr.example.com/export/employees', entityType: 'employee', intervalMinutes: 1440 },
      },
      true,
    ),
    post('/functional-groups/access', demoId('grant', 1), {
      functionalGroupId: demoId('grp', 2),
      resourceType: 'USER',
      resourceId: demoId('user', 1),
      access: 'READER',
    }),
  ];
}

/**
 * Records made for the DELETE examples to delete (number 99 of their kind): nothing refers to them.
 * Deleting one of them changes nothing else in the demo.
 */
export function deletableSteps(): DemoStep[] {
  const d = (kind: string) => demoId(kind, 99);
  const start = '2026-01-01';
  return [
    post('/job-roles', d('role'), { title: 'Intern', externalId: 'JR-99' }),
    post('/locations', d('loc'), { name: 'Remote', externalId: 'LOC-REM', countryCode: 'GB', currencyCode: 'GBP' }),
    post('/cost-centres', d('cc'), { name: 'Closed office', code: 'CC-999' }),
    post('/value-streams', d('vs'), { name: 'Retired stream', code: 'VS-OLD' }),
    post('/resource-types', d('rt'), { name: 'Secondment' }),
    post('/work-types', d('wt'), { name: 'Maintenance' }),
    post('/drivers', d('drv'), { name: 'Retired driver', key: 'retired_driver' }),
    post('/exchange-rates', d('fx'), { fromCurrency: 'GBP', toCurrency: 'EUR', rate: 1.17, effectiveDate: '2025-01-01' }),
    post('/custom-attributes', d('cad'), { entityType: 'TEAM', fieldType: 'STRING', name: 'Old tag', attributeKey: 'oldTag' }),
    post('/teams', d('team'), { name: 'Dissolved team', externalId: 'TEAM-OLD' }),
    post('/budgets', d('bud'), { name: 'Discarded draft', dimension: 'none', fromMonth: '2026-01', toMonth: '2026-03' }),
    post('/projects', d('proj'), { name: 'Cancelled pilot', externalId: 'PRJ-99', startDate: start }),
    post('/employees', d('emp'), {
      firstName: 'Test',
      lastName: 'Leaver',
      email: 'test.leaver@demo.example.com',
      startDate: start,
      externalId: 'EMP-0099',
    }),
    post('/contractors', d('ctr'), { name: 'Short Engagement', externalId: 'CTR-99', startDate: start }),
    // Number 98: people who left, whose personal data the erase examples erase.
    post('/employees', EXAMPLE_ID.erasableEmployee, {
      firstName: 'Former',
      lastName: 'Colleague',
      email: 'former.colleague@demo.example.com',
      startDate: '2021-03-01',
      endDate: '2024-06-30',
      externalId: 'EMP-0098',
    }),
    post('/contractors', EXAMPLE_ID.erasableContractor, {
      name: 'Past Consultant',
      email: 'past.consultant@contractors.demo.example.com',
      externalId: 'CTR-98',
      startDate: '2023-01-01',
      endDate: '2023-12-31',
    }),
    post('/vacancies', d('vac'), { role: 'Withdrawn role', externalId: 'REQ-3199', status: 'cancelled' }),
    post('/assignments', d('asg'), {
      type: 'team',
      targetId: demoId('team', 4),
      employeeId: demoId('emp', 5),
      fte: 0.1,
      startDate: '2026-06-01',
      endDate: '2026-06-30',
    }),
    post(`/employees/${demoId('emp', 2)}/salary-adjustments`, d('sal'), {
      salary: 90000,
      currencyCode: 'EUR',
      effectiveDate: '2027-01-01',
      reason: 'Planned raise',
    }),
    post(`/employees/${demoId('emp', 2)}/terms`, d('term'), { effectiveDate: '2027-06-01', fte: 1 }),
    post(`/contractors/${demoId('ctr', 1)}/rate-adjustments`, d('rate'), {
      rate: 620,
      rateType: 'daily',
      currencyCode: 'EUR',
      effectiveDate: '2027-01-01',
    }),
    post('/functional-groups/access', d('grant'), {
      functionalGroupId: demoId('grp', 5),
      resourceType: 'USER',
      resourceId: demoId('user', 1),
      access: 'READER',
    }),
    post(
      '/webhook-endpoints',
      d('hook'),
      { name: 'Old data lake', url: 'https://hooks.example.com/old', entityTypes: ['team'], eventTypes: ['delete'], enabled: false },
      true,
    ),
    post('/integrations', d('intg'), { name: 'Old HR system', actAsUserId: demoId('user', 1) }, true),
    post(`/projects/${demoId('proj', 1)}/links`, d('link'), { provider: 'jira', key: 'CHK-99', status: 'Won’t do' }, true),
  ];
}

/**
 * A module resource's demo records (its descriptor's `demo`): its custom attribute definition when it carries custom
 * attributes, its records 1, 2, ... and record 99, which the DELETE examples delete.
 */
export function resourceSteps({ demo, customAttributeTypes }: { demo: ResourceDemo; customAttributeTypes: readonly string[] }): DemoStep[] {
  const definitions = customAttributeTypes.map((type) =>
    post('/custom-attributes', demoDefinitionId(demo.kind), {
      entityType: type.toUpperCase(),
      fieldType: 'STRING',
      name: 'Badge name',
      attributeKey: 'badgeName',
      description: 'The name printed on the office badge.',
    }),
  );
  const records = demo.records.map((body, i) => post(`/${demo.collection}`, demoId(demo.kind, i + 1), body));
  return [...definitions, ...records, post(`/${demo.collection}`, demoId(demo.kind, 99), demo.deletable)];
}
