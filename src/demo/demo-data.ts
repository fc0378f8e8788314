import { demoId } from '../common/http/examples';

/**
 * One write of the demo seed: sent to the running app as a client would send it (so every rule of the
 * API holds), with `ids` queued as the ids the written records take, in the order they are drawn.
 */
export interface DemoStep {
  method: 'POST' | 'PATCH' | 'PUT';
  /** Under `/api/v1/org/{orgId}` (public API, demo key) or `/admin/v1/organizations/{orgId}` (`admin`). */
  path: string;
  admin?: boolean;
  ids: string[];
  body: unknown;
}

const FIRST = [
  'Ana',
  'Ben',
  'Chloé',
  'David',
  'Emma',
  'Felix',
  'Greta',
  'Hugo',
  'Inês',
  'Jonas',
  'Kira',
  'Lukas',
  'Maya',
  'Nils',
  'Olivia',
];
const LAST = ['Silva', 'Becker', 'Martin', 'Costa', 'Weber', 'Nguyen', 'Fischer', 'Santos', 'Miller', 'Schulz', 'Rossi', 'Keller'];

const TEAMS = [
  { name: 'Engineering', externalId: 'TEAM-ENG', cc: 1, vs: 1, parent: 0 },
  { name: 'Payments Platform', externalId: 'TEAM-PAYMENTS', cc: 1, vs: 1, parent: 1 },
  { name: 'Checkout Experience', externalId: 'TEAM-CHK', cc: 1, vs: 2, parent: 1 },
  { name: 'Data & Insights', externalId: 'TEAM-DATA', cc: 2, vs: 2, parent: 0 },
  { name: 'Customer Operations', externalId: 'TEAM-OPS', cc: 2, vs: 3, parent: 0 },
  { name: 'Sales', externalId: 'TEAM-SALES', cc: 3, vs: 2, parent: 0 },
];

const ROLES = [
  ['Software Engineer', 'Engineering', 'L3'],
  ['Senior Software Engineer', 'Engineering', 'L4'],
  ['Engineering Manager', 'Engineering', 'M1'],
  ['Product Manager', 'Product', 'L4'],
  ['Data Analyst', 'Data', 'L3'],
  ['Product Designer', 'Design', 'L3'],
  ['Support Specialist', 'Operations', 'L2'],
  ['Account Executive', 'Sales', 'L3'],
];

/** Locations: Berlin and Lisbon pay in EUR, New York in USD (the organization reports in USD). */
const LOCATIONS = [
  { name: 'Berlin', externalId: 'LOC-BERLIN', countryCode: 'DE', currencyCode: 'EUR', costMultiplier: 1 },
  { name: 'New York', externalId: 'LOC-NYC', countryCode: 'US', currencyCode: 'USD', costMultiplier: 1.3 },
  { name: 'Lisbon', externalId: 'LOC-LIS', countryCode: 'PT', currencyCode: 'EUR', costMultiplier: 0.8 },
];

const n2 = (n: number) => String(n).padStart(2, '0');

function referenceSteps(): DemoStep[] {
  const steps: DemoStep[] = [];
  const post = (path: string, id: string, body: unknown) => steps.push({ method: 'POST', path, ids: [id], body });
  ['Engineering', 'Operations', 'Sales & Marketing', 'Capitalised Development'].forEach((name, i) =>
    post('/cost-centres', demoId('cc', i + 1), { name, code: `CC-${i + 1}01`, externalId: `CC-${i + 1}01` }),
  );
  LOCATIONS.forEach((l, i) => post('/locations', demoId('loc', i + 1), l));
  ROLES.forEach(([title, family, level], i) =>
    post('/job-roles', demoId('role', i + 1), { title, family, level, externalId: `JR-${n2(i + 1)}` }),
  );
  ['Payments', 'Growth', 'Operations'].forEach((name, i) =>
    post('/value-streams', demoId('vs', i + 1), { name, code: `VS-${name.toUpperCase()}`, externalId: `VS-${i + 1}` }),
  );
  ['Permanent', 'External'].forEach((name, i) => post('/resource-types', demoId('rt', i + 1), { name, externalId: `RT-${i + 1}` }));
  post('/work-types', demoId('wt', 1), { name: 'Product development' });
  post('/drivers', demoId('drv', 1), { name: 'Active merchants', key: 'active_merchants', unit: 'merchants' });
  // EUR salaries and rates convert to the organization's USD (and back, for the converter's examples).
  post('/exchange-rates', demoId('fx', 1), { fromCurrency: 'EUR', toCurrency: 'USD', rate: 1.09, effectiveDate: '2020-01-01' });
  post('/exchange-rates', demoId('fx', 2), { fromCurrency: 'EUR', toCurrency: 'USD', rate: 1.08, effectiveDate: '2026-01-01' });
  post('/exchange-rates', demoId('fx', 3), { fromCurrency: 'USD', toCurrency: 'EUR', rate: 0.92, effectiveDate: '2020-01-01' });
  post('/exchange-rates', demoId('fx', 4), { fromCurrency: 'GBP', toCurrency: 'USD', rate: 1.27, effectiveDate: '2020-01-01' });
  TEAMS.forEach((t, i) =>
    post('/teams', demoId('team', i + 1), {
      name: t.name,
      externalId: t.externalId,
      costCentreId: demoId('cc', t.cc),
      valueStreamId: demoId('vs', t.vs),
      parentTeamId: t.parent ? demoId('team', t.parent) : null,
    }),
  );
  return steps;
}

function projectSteps(): DemoStep[] {
  const projects = [
    {
      name: 'Checkout redesign',
      projectCode: 'CHK-2026',
      startDate: '2025-10-01',
      endDate: '2026-09-30',
      cc: 1,
      post: 4,
      vs: 2,
      status: 'DONE',
    },
    {
      name: 'Payments API v2',
      projectCode: 'PAY-2026',
      startDate: '2026-01-01',
      endDate: '2027-06-30',
      cc: 1,
      post: 0,
      vs: 1,
      status: 'IN_PROGRESS',
    },
    {
      name: 'Data platform',
      projectCode: 'DATA-2026',
      startDate: '2026-03-01',
      endDate: null,
      cc: 2,
      post: 0,
      vs: 2,
      status: 'IN_PROGRESS',
    },
    {
      name: 'Support automation',
      projectCode: 'OPS-2027',
      startDate: '2027-01-01',
      endDate: '2027-12-31',
      cc: 2,
      post: 0,
      vs: 3,
      status: 'TODO',
    },
  ];
  return projects.map((p, i) => ({
    method: 'POST',
    path: '/projects',
    ids: [demoId('proj', i + 1)],
    body: {
      name: p.name,
      projectCode: p.projectCode,
      externalId: `PRJ-${n2(i + 1)}`,
      startDate: p.startDate,
      endDate: p.endDate,
      costCentreId: demoId('cc', p.cc),
      postCompletionCostCentreId: p.post ? demoId('cc', p.post) : null,
      valueStreamId: demoId('vs', p.vs),
      deliveryStatus: p.status,
      priority: i + 1,
      estimatedCost: 250000 + i * 50000,
    },
  }));
}

/** Team of employee `n` (1-based): the first is the head of engineering, then ten a team. */
const teamOf = (n: number) => (n === 1 ? 1 : 1 + ((n - 2) % 6));
const roleOf = (team: number, n: number) =>
  [
    [3, 2, 1],
    [2, 1, 1],
    [4, 6, 1],
    [5, 5, 5],
    [7, 7, 7],
    [8, 8, 8],
  ][team - 1][n % 3];

/** Employee `n`'s first day: between 2019 and 2025. */
export const employeeStart = (n: number) => `${2019 + (n % 7)}-${n2(1 + (n % 12))}-01`;

function employeeSteps(): DemoStep[] {
  const steps: DemoStep[] = [];
  for (let n = 1; n <= 60; n++) {
    const team = teamOf(n);
    const loc = 1 + (n % 3);
    const currency = LOCATIONS[loc - 1].currencyCode;
    const first = FIRST[n % FIRST.length];
    const last = LAST[(n * 7) % LAST.length];
    const startDate = employeeStart(n);
    const base = 52000 + ((n * 3779) % 48000) + (team === 1 ? 15000 : 0);
    steps.push({
      method: 'POST',
      path: '/employees',
      ids: [demoId('emp', n)],
      body: {
        firstName: first,
        lastName: last,
        email: `${first
          .normalize('NFD')
          .replace(/[^a-zA-Z]/g, '')
          .toLowerCase()}.${last.toLowerCase()}.${n}@demo.example.com`,
        externalId: `EMP-${String(n).padStart(4, '0')}`,
        internalEmployeeId: `E-${10000 + n}`,
        startDate,
        managerId: n === 1 ? null : demoId('emp', 1),
        jobRoleId: demoId('role', roleOf(team, n)),
        geographyId: demoId('loc', loc),
        workTypeId: demoId('rt', 1),
        costCentreId: demoId('cc', TEAMS[team - 1].cc),
        defaultCurrencyCode: currency,
        salary: {
          salary: currency === 'USD' ? Math.round(base * 1.25) : base,
          bonus: 5000,
          currencyCode: currency,
          effectiveDate: startDate,
        },
        teamAssignment: { teamId: demoId('team', team), fte: 1, startDate },
      },
    });
  }
  return steps;
}

function contractorSteps(): DemoStep[] {
  const names = ['Jordan Lee', 'Sam Okafor', 'Priya Raman', 'Tomás Ortega', 'Lena Vogt', 'Marco Bianchi', 'Aisha Khan', 'Oskar Berg'];
  return names.map((name, i) => {
    const team = 1 + (i % 6);
    const currency = i % 2 ? 'USD' : 'EUR';
    const startDate = `2025-${n2(1 + i)}-01`;
    return {
      method: 'POST',
      path: '/contractors',
      ids: [demoId('ctr', i + 1)],
      body: {
        name,
        email: `${name
          .split(' ')[0]
          .normalize('NFD')
          .replace(/[^a-zA-Z]/g, '')
          .toLowerCase()}@contractors.demo.example.com`,
        externalId: `CTR-${n2(i + 1)}`,
        contractorType: i === 7 ? 'agency' : 'individual',
        startDate,
        endDate: i < 4 ? '2027-06-30' : null,
        managerId: demoId('emp', 1),
        jobRoleId: demoId('role', i % 2 ? 2 : 1),
        geographyId: demoId('loc', currency === 'USD' ? 2 : 1),
        workTypeId: demoId('rt', 2),
        costCentreId: demoId('cc', TEAMS[team - 1].cc),
        defaultCurrencyCode: currency,
        rateAdjustment: { rate: 550 + i * 40, rateType: 'daily', currencyCode: currency, effectiveDate: startDate },
        teamAssignment: { teamId: demoId('team', team), fte: 1, startDate },
      },
    };
  });
}

function vacancySteps(): DemoStep[] {
  const open = [
    { role: 'Backend Engineer', jobRole: 1, cc: 1, team: 2, salary: 80000, currency: 'EUR', loc: 1, start: '2027-01-04' },
    { role: 'Senior Backend Engineer', jobRole: 2, cc: 1, team: 2, salary: 120000, currency: 'USD', loc: 2, start: '2027-02-01' },
    { role: 'Product Designer', jobRole: 6, cc: 1, team: 3, salary: 70000, currency: 'EUR', loc: 3, start: '2027-03-01' },
    { role: 'Data Analyst', jobRole: 5, cc: 2, team: 4, salary: 68000, currency: 'EUR', loc: 1, start: '2027-01-18' },
    { role: 'Support Specialist', jobRole: 7, cc: 2, team: 5, salary: 45000, currency: 'EUR', loc: 3, start: '2027-02-15' },
    { role: 'Account Executive', jobRole: 8, cc: 3, team: 6, salary: 95000, currency: 'USD', loc: 2, start: '2027-04-01' },
  ];
  const steps: DemoStep[] = [];
  open.forEach((v, i) => {
    steps.push({
      method: 'POST',
      path: '/vacancies',
      ids: [demoId('vac', i + 1)],
      body: {
        role: v.role,
        externalId: `REQ-${3100 + i + 1}`,
        status: i === 1 ? 'committed' : 'open',
        fte: 1,
        targetFillDate: v.start,
        targetStartDate: v.start,
        jobRoleId: demoId('role', v.jobRole),
        geographyId: demoId('loc', v.loc),
        costCentreId: demoId('cc', v.cc),
        salary: v.salary,
        salaryMin: Math.round(v.salary * 0.9),
        salaryMax: Math.round(v.salary * 1.1),
        currencyCode: v.currency,
        hiringManagerId: demoId('emp', 1),
      },
    });
    steps.push({
      method: 'POST',
      path: '/assignments',
      ids: [demoId('vasg', i + 1)],
      body: { type: 'team', targetId: demoId('team', v.team), vacancyId: demoId('vac', i + 1), fte: 1, startDate: v.start },
    });
  });
  return steps;
}

/** Project allocations: half-time of a dozen people on the three started projects; one record per example. */
function allocationSteps(): DemoStep[] {
  const steps: DemoStep[] = [];
  const add = (id: string, body: Record<string, unknown>) => steps.push({ method: 'POST', path: '/assignments', ids: [id], body });
  add(demoId('asg', 1), {
    type: 'project',
    targetId: demoId('proj', 2),
    employeeId: demoId('emp', 2),
    fte: 0.5,
    role: 'Backend Engineer',
    startDate: '2026-01-01',
  });
  for (let k = 2; k <= 12; k++) {
    const emp = 2 + ((k * 5) % 30);
    const project = 1 + (k % 3);
    const startDate = ['2025-10-01', '2026-01-01', '2026-03-01'][project - 1];
    add(demoId('asg', k), {
      type: 'project',
      targetId: demoId('proj', project),
      employeeId: demoId('emp', emp),
      fte: 0.5,
      startDate,
      endDate: project === 1 ? '2026-09-30' : null,
    });
  }
  add(demoId('asg', 13), { type: 'project', targetId: demoId('proj', 2), contractorId: demoId('ctr', 1), fte: 1, startDate: '2026-01-01' });
  return steps;
}

/** Compensation records the examples name: a raise of the example employee, a new rate of the example contractor. */
function compensationSteps(): DemoStep[] {
  return [
    {
      method: 'POST',
      path: `/employees/${demoId('emp', 2)}/salary-adjustments`,
      ids: [demoId('sal', 1)],
      body: { salary: 88000, bonus: 6000, currencyCode: 'EUR', effectiveDate: '2026-04-01', reason: 'Annual review' },
    },
    // An employment term the examples name; it restates the working time in force, so no figure moves.
    {
      method: 'POST',
      path: `/employees/${demoId('emp', 2)}/terms`,
      ids: [demoId('term', 1)],
      body: { effectiveDate: '2027-01-01', fte: 1 },
    },
    {
      method: 'POST',
      path: `/contractors/${demoId('ctr', 1)}/rate-adjustments`,
      ids: [demoId('rate', 1)],
      body: { rate: 600, rateType: 'daily', currencyCode: 'EUR', effectiveDate: '2026-04-01', reason: 'Annual review' },
    },
  ];
}

export { referenceSteps, projectSteps, employeeSteps, contractorSteps, vacancySteps, allocationSteps, compensationSteps };
