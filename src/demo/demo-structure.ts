import { demoId } from '../common/http/examples';
import { employeeStart, type DemoStep } from './demo-data';

const post = (path: string, id: string | string[], body: unknown, admin = false): DemoStep => ({
  method: 'POST',
  path,
  ids: Array.isArray(id) ? id : [id],
  body,
  admin,
});

/** About ten functional groups with seats, most of them held (one by a vacancy, one open). */
export function functionalSteps(): DemoStep[] {
  const groups: [string, string, number][] = [
    ['Company', 'company', 0],
    ['Engineering', 'area', 1],
    ['Payments', 'unit', 2],
    ['Checkout', 'unit', 2],
    ['Data', 'area', 1],
    ['Operations', 'area', 1],
    ['Customer Support', 'unit', 6],
    ['Commercial', 'area', 1],
    ['Sales', 'unit', 8],
    ['Design', 'unit', 2],
  ];
  const steps = groups.map(([name, groupType, parent], i) =>
    post('/functional-groups', demoId('grp', i + 1), {
      name,
      groupType,
      externalId: `FG-${i + 1}`,
      parentFunctionalGroupId: parent ? demoId('grp', parent) : null,
      startDate: '2026-01-01',
    }),
  );
  // Seats: [group, name, job role, holder]; holders are employees by number, `v` a vacancy, 0 none.
  const seats: [number, string, number, number | string][] = [
    [2, 'Head of Engineering', 3, 1],
    [3, 'Payments Lead', 2, 2],
    [3, 'Backend Engineer', 1, 8],
    [3, 'Backend Engineer', 1, 'v'],
    [4, 'Checkout Lead', 2, 3],
    [4, 'Frontend Engineer', 1, 9],
    [5, 'Data Lead', 5, 5],
    [7, 'Support Lead', 7, 6],
    [9, 'Sales Lead', 8, 7],
    [2, 'Staff Engineer', 2, 20],
    [2, 'Principal Engineer', 2, 0],
  ];
  seats.forEach(([group, name, role], i) => {
    steps.push(
      post('/functional-groups/positions', demoId('pos', i + 1), {
        functionalGroupId: demoId('grp', group),
        name,
        jobRoleId: demoId('role', role),
        requiredFte: 1,
        startDate: '2026-01-01',
      }),
    );
  });
  // The first occupancy (the examples' one) holds half of seat 10; the example of a new one adds the other half.
  const order = [9, ...seats.keys()].filter((i, k) => k === 0 || i !== 9);
  let occupant = 0;
  order.forEach((i) => {
    const holder = seats[i][3];
    if (holder === 0) return;
    const who = holder === 'v' ? { vacancyId: demoId('vac', 1) } : { employeeId: demoId('emp', holder as number) };
    steps.push(
      post('/functional-groups/assignments', demoId('occ', ++occupant), {
        functionalPositionId: demoId('pos', i + 1),
        ...who,
        fte: i === 9 ? 0.5 : 1,
        startDate: holder === 'v' ? '2027-01-04' : [employeeStart(holder as number), '2026-01-01'].sort()[1],
      }),
    );
  });
  return steps;
}

/** A custom attribute with a value, a business metric with a year of readings, a project's ticket link. */
export function extraSteps(): DemoStep[] {
  const readings = Array.from({ length: 22 }, (_, i) => {
    const year = 2025 + Math.floor(i / 12);
    const month = (i % 12) + 1;
    const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
    const mm = String(month).padStart(2, '0');
    return { periodStart: `${year}-${mm}-01`, periodEnd: `${year}-${mm}-${last}`, value: 1800 + i * 45, aiValue: 200 + i * 30 };
  });
  return [
    post('/custom-attributes', demoId('cad', 1), {
      entityType: 'TEAM',
      fieldType: 'STRING',
      name: 'Office floor',
      attributeKey: 'officeFloor',
      description: 'Where the team sits.',
    }),
    {
      method: 'PUT',
      path: `/teams/${demoId('team', 2)}/custom-attributes/${demoId('cad', 1)}`,
      ids: [demoId('cav', 1)],
      body: { stringValue: '3rd floor' },
    },
    post(
      '/business-metrics',
      demoId('met', 1),
      {
        key: 'tickets-resolved',
        name: 'Tickets resolved',
        unit: 'tickets',
        description: 'Support tickets closed as resolved in the month.',
        costScope: { type: 'TEAM', id: demoId('team', 5) },
      },
      true,
    ),
    post('/business-metrics/readings', demoId('src', 1), { metric: 'tickets-resolved', source: 'Zendesk', readings }),
    post(
      `/projects/${demoId('proj', 1)}/links`,
      demoId('link', 1),
      { provider: 'jira', key: 'CHK-1', status: 'Done', url: 'https://acme.atlassian.net/browse/CHK-1' },
      true,
    ),
  ];
}

/** One open scenario with a few changes: a new hire, a cancelled vacancy, a project moved later. */
export function scenarioSteps(): DemoStep[] {
  const scn = `/scenarios/${demoId('scn', 1)}`;
  return [
    post(
      '/scenarios',
      demoId('scn', 1),
      { name: 'Hiring plan 2027', description: 'Two more engineers for payments from spring.', visibility: 'ORGANIZATION' },
      true,
    ),
    post(
      `${scn}/employees`,
      demoId('emp', 61),
      {
        firstName: 'Nora',
        lastName: 'Lind',
        email: 'nora.lind@demo.example.com',
        startDate: '2027-04-01',
        geographyId: demoId('loc', 1),
        salary: { salary: 90000, currencyCode: 'EUR', effectiveDate: '2027-04-01' },
        teamAssignment: { teamId: demoId('team', 2), fte: 1, startDate: '2027-04-01' },
      },
      true,
    ),
    post(`${scn}/members`, demoId('mbr', 1), { userId: demoId('user', 2), role: 'EDITOR' }, true),
    { method: 'PATCH', path: `${scn}/vacancies/${demoId('vac', 6)}`, admin: true, ids: [], body: { status: 'cancelled' } },
    { method: 'PATCH', path: `${scn}/projects/${demoId('proj', 4)}`, admin: true, ids: [], body: { startDate: '2027-04-01' } },
    // Made for the DELETE example to delete (number 99), so that the demo's plan survives it.
    post('/scenarios', demoId('scn', 99), { name: 'Discarded what-if', description: 'Nothing depends on it.' }, true),
  ];
}
