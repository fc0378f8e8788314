/**
 * Bulk seeding for the read benchmarks (`reference-data`, `employees`): organizations made through the
 * application API, then job roles, cost centres, teams, projects, employees, salary adjustments,
 * assignments and custom attribute values inserted straight into PostgreSQL with
 * `INSERT ... SELECT FROM generate_series`. Names come from word lists, so that a search term matches a
 * known small share of the rows (see TEAM_SEARCHES, EMPLOYEE_SEARCHES). Ids are CUID-shaped (the service
 * treats other ids as externalIds): `c` + 24 hex characters of md5(<org>:<kind>:<n>).
 */
import type { Client } from 'pg';
import { BenchTenant, createTenant, ServiceProcess } from './harness';

export interface SeedOrg extends BenchTenant {
  planId: string;
  /** E-mail domain of its people. */
  domain: string;
  currency: string;
}

/** `count` organizations (user, API key with `permissions`), each with its live plan. */
export async function createOrganizations(
  service: ServiceProcess,
  client: Client,
  count: number,
  permissions: string[],
): Promise<SeedOrg[]> {
  const currencies = ['USD', 'EUR', 'GBP', 'CAD', 'AUD'];
  const orgs: SeedOrg[] = [];
  for (let i = 0; i < count; i++) {
    const tenant = await createTenant(service, permissions);
    const { rows } = await client.query<{ id: string }>(`SELECT id FROM plans WHERE organization_id = $1 AND kind = 'LIVE'`, [
      tenant.orgId,
    ]);
    orgs.push({ ...tenant, planId: rows[0].id, domain: `org${i + 1}.example.com`, currency: currencies[i % currencies.length] });
  }
  return orgs;
}

/** The SQL expression of the CUID-shaped id of record `n` (an SQL expression) of a kind in an organization ($1). */
const idOf = (kind: string, n: string) => `('c' || substr(md5($1 || ':${kind}:' || (${n})), 1, 24))`;

/** The id the seeding gave record `n` of a kind (same formula as idOf, computed in SQL by the caller). */
export async function seededIds(client: Client, orgId: string, kind: string, ns: number[]): Promise<string[]> {
  const { rows } = await client.query<{ id: string }>(
    `SELECT ${idOf(kind, 'n')} AS id FROM unnest($2::int[]) WITH ORDINALITY AS u(n, o) ORDER BY o`,
    [orgId, ns],
  );
  return rows.map((r) => r.id);
}

// ---------------------------------------------------------------------------------------------------
// Word lists

const SENIORITY = ['Junior', 'Associate', 'Mid-level', 'Senior', 'Staff', 'Principal', 'Lead', 'Distinguished', 'Apprentice', 'Interim'];
const LEVELS = ['L1', 'L2', 'L3', 'L4', 'L5', 'L6', 'L5', 'L7', 'L0', 'L4'];
// prettier-ignore
const SPECIALTIES = [
  'Payments', 'Checkout', 'Search', 'Identity', 'Billing', 'Fraud', 'Mobile', 'Web', 'Data Platform', 'Platform',
  'Growth', 'Pricing', 'Catalog', 'Logistics', 'Inventory', 'Messaging', 'Notifications', 'Onboarding', 'Reporting', 'Security',
  'Infrastructure', 'Cloud', 'Network', 'Compliance', 'Tax', 'Treasury', 'Payroll', 'Benefits', 'Recruiting', 'Learning',
  'Customer Success', 'Partnerships', 'Marketplace', 'Ads', 'Analytics', 'Experimentation', 'Localization', 'Accessibility', 'Content', 'Media',
  'Maps', 'Routing', 'Risk', 'Trust and Safety', 'Support', 'Retail', 'Supply Chain', 'Procurement', 'Facilities', 'Legal Operations',
];
// prettier-ignore
const DISCIPLINES: [string, string][] = [
  ['Software Engineer', 'Engineering'], ['Data Engineer', 'Engineering'], ['QA Engineer', 'Engineering'], ['Site Reliability Engineer', 'Engineering'],
  ['Engineering Manager', 'Engineering'], ['Product Manager', 'Product'], ['Product Owner', 'Product'], ['Product Designer', 'Design'],
  ['UX Researcher', 'Design'], ['Data Scientist', 'Data'], ['Data Analyst', 'Data'], ['Business Analyst', 'Operations'],
  ['Operations Manager', 'Operations'], ['Program Manager', 'Operations'], ['Account Executive', 'Sales'], ['Solutions Consultant', 'Sales'],
  ['Financial Analyst', 'Finance'], ['Accountant', 'Finance'], ['HR Business Partner', 'People'], ['Recruiter', 'People'],
];
/** Team names: `<area> <focus> <kind> <n>`; an "<area> <focus>" pair is 1/200 of the teams. */
const TEAM_AREAS = [
  'Payments',
  'Checkout',
  'Search',
  'Identity',
  'Billing',
  'Fraud',
  'Mobile',
  'Web',
  'Warehouse',
  'Platform',
  'Growth',
  'Pricing',
  'Catalog',
  'Logistics',
  'Inventory',
  'Messaging',
  'Notifications',
  'Onboarding',
  'Reporting',
  'Security',
];
const TEAM_FOCUS = [
  'Core',
  'API',
  'Experience',
  'Insights',
  'Infrastructure',
  'Services',
  'Tooling',
  'Operations',
  'Quality',
  'Integrations',
];
const TEAM_KINDS = ['Squad', 'Pod', 'Crew', 'Team'];
const CITIES = [
  'Berlin',
  'Lisbon',
  'Toronto',
  'Austin',
  'Singapore',
  'Nairobi',
  'Dublin',
  'Krakow',
  'Bangalore',
  'Sao Paulo',
  'Sydney',
  'Leeds',
];
const TRIBES = ['Commerce', 'Consumer', 'Enterprise', 'Foundations', 'Money', 'Marketplace', 'Operations', 'Insight'];
/** Searches of GET /teams?search=: each matches 1/200 of an organization's teams (0.5%). */
export const TEAM_SEARCHES = ['fraud insights', 'checkout tooling', 'identity core', 'pricing api', 'logistics quality'];

// prettier-ignore
const FIRST_NAMES = [
  'James', 'Mary', 'Wei', 'Aisha', 'Carlos', 'Priya', 'Olivia', 'Mateo', 'Fatima', 'Hiroshi',
  'Emma', 'Liam', 'Sofia', 'Noah', 'Amara', 'Lucas', 'Chloe', 'Arjun', 'Ingrid', 'Tomasz',
  'Zanele', 'Diego', 'Hannah', 'Kwame', 'Elena', 'Yusuf', 'Grace', 'Mikhail', 'Leila', 'Samuel',
  'Ana', 'Benjamin', 'Mei', 'Omar', 'Isabella', 'Daniel', 'Nadia', 'Felix', 'Keiko', 'Joseph',
  'Maria', 'David', 'Aaliyah', 'Pedro', 'Sara', 'Thomas', 'Yara', 'Ethan', 'Lucia', 'Kenji',
  'Charlotte', 'Henry', 'Ngozi', 'Pablo', 'Freya', 'Oscar', 'Ravi', 'Astrid', 'Jamal', 'Camille',
  'Victor', 'Anya', 'Jonas', 'Lina', 'Rafael', 'Sienna', 'Tariq', 'Eva', 'Hugo', 'Ines',
  'Kofi', 'Laura', 'Malik', 'Nora', 'Ali', 'Paula', 'Ruben', 'Selin', 'Tobias', 'Ursula',
  'Vikram', 'Wanjiru', 'Xavier', 'Yasmin', 'Zoe', 'Adrian', 'Bianca', 'Cyrus', 'Dalia', 'Emil',
  'Farah', 'Gabriel', 'Hana', 'Ivan', 'Julia', 'Kai', 'Leon', 'Marta', 'Nikhil', 'Olga',
];
// prettier-ignore
const LAST_NAMES = [
  'Smith', 'Garcia', 'Chen', 'Okafor', 'Muller', 'Rossi', 'Kowalski', 'Nguyen', 'Silva', 'Tanaka',
  'Johnson', 'Patel', 'Dubois', 'Haddad', 'Novak', 'Jensen', 'Fernandes', 'Kim', 'Osei', 'Bianchi',
  'Williams', 'Martinez', 'Wang', 'Adeyemi', 'Schneider', 'Ricci', 'Nowak', 'Tran', 'Santos', 'Suzuki',
  'Brown', 'Lopez', 'Li', 'Mensah', 'Fischer', 'Romano', 'Wisniewski', 'Pham', 'Oliveira', 'Watanabe',
  'Jones', 'Gonzalez', 'Zhang', 'Abubakar', 'Weber', 'Colombo', 'Wojcik', 'Hoang', 'Souza', 'Takahashi',
  'Miller', 'Rodriguez', 'Liu', 'Eze', 'Meyer', 'Ferrari', 'Kaminski', 'Vu', 'Pereira', 'Ito',
  'Davis', 'Hernandez', 'Yang', 'Boateng', 'Wagner', 'Esposito', 'Lewandowski', 'Dang', 'Costa', 'Yamamoto',
  'Wilson', 'Perez', 'Huang', 'Nwosu', 'Becker', 'Russo', 'Zielinski', 'Bui', 'Rodrigues', 'Nakamura',
  'Anderson', 'Sanchez', 'Zhao', 'Asante', 'Hoffmann', 'Greco', 'Szymanski', 'Do', 'Almeida', 'Kobayashi',
  'Taylor', 'Ramirez', 'Wu', 'Chukwu', 'Schulz', 'Bruno', 'Wozniak', 'Ngo', 'Carvalho', 'Kato',
  'Thomas', 'Torres', 'Zhou', 'Afolabi', 'Koch', 'Gallo', 'Dabrowski', 'Duong', 'Gomes', 'Yoshida',
  'Moore', 'Flores', 'Xu', 'Owusu', 'Richter', 'Conti', 'Kozlowski', 'Ly', 'Martins', 'Yamada',
  'Jackson', 'Rivera', 'Sun', 'Balogun', 'Klein', 'De Luca', 'Jankowski', 'Truong', 'Araujo', 'Sasaki',
  'Martin', 'Gomez', 'Ma', 'Obi', 'Wolf', 'Mancini', 'Mazur', 'Lam', 'Ribeiro', 'Yamaguchi',
  'Lee', 'Diaz', 'Hu', 'Appiah', 'Schroeder', 'Marino', 'Krawczyk', 'Phan', 'Barbosa', 'Matsumoto',
  'Thompson', 'Reyes', 'Guo', 'Danso', 'Neumann', 'Rizzo', 'Piotrowski', 'Vo', 'Castro', 'Inoue',
  'White', 'Morales', 'He', 'Ogunleye', 'Schwarz', 'Lombardi', 'Grabowski', 'Quach', 'Cardoso', 'Kimura',
  'Harris', 'Cruz', 'Lin', 'Okonkwo', 'Zimmermann', 'Moretti', 'Pawlowski', 'Trinh', 'Teixeira', 'Hayashi',
  'Clark', 'Ortiz', 'Luo', 'Adjei', 'Braun', 'Barbieri', 'Michalski', 'Ha', 'Correia', 'Shimizu',
  'Lewis', 'Gutierrez', 'Gao', 'Amoah', 'Hartmann', 'Fontana', 'Krol', 'Luong', 'Moreira', 'Yamazaki',
];
/**
 * Searches of GET /employees?search=: last names that no other first name, last name or e-mail
 * contains, each 1/200 of an organization's employees (0.5%).
 */
export const EMPLOYEE_SEARCHES = ['okonkwo', 'wisniewski', 'takahashi', 'zimmermann', 'lewandowski'];

// ---------------------------------------------------------------------------------------------------
// Reference data and teams

/** `count` job roles of an organization: `<seniority> <specialty> <discipline>`, unique up to 10,000. */
export async function seedJobRoles(client: Client, org: SeedOrg, count: number): Promise<void> {
  if (count > SENIORITY.length * SPECIALTIES.length * DISCIPLINES.length) throw new Error('too many job roles for the word lists');
  await client.query(
    `INSERT INTO job_roles (id, organization_id, title, external_id, family, level, description, created_at, updated_at)
     SELECT ${idOf('jr', 'g')}, $1,
            ($2::text[])[1 + g % 10] || ' ' || ($3::text[])[1 + (g / 10) % 50] || ' ' || ($4::text[])[1 + (g / 500) % 20],
            CASE WHEN g % 3 <> 0 THEN 'JR-' || lpad(g::text, 6, '0') END,
            ($5::text[])[1 + (g / 500) % 20],
            ($6::text[])[1 + g % 10],
            CASE WHEN g % 4 <> 0 THEN 'Works on ' || lower(($3::text[])[1 + (g / 10) % 50]) || ' in the ' || lower(($5::text[])[1 + (g / 500) % 20]) || ' job family.' END,
            now() - (g || ' minutes')::interval, now() - ((g % 997) || ' minutes')::interval
       FROM generate_series(0, $7 - 1) g`,
    [org.orgId, SENIORITY, SPECIALTIES, DISCIPLINES.map((d) => d[0]), DISCIPLINES.map((d) => d[1]), LEVELS, count],
  );
}

export async function seedCostCentres(client: Client, org: SeedOrg, count: number): Promise<void> {
  await client.query(
    `INSERT INTO cost_centres (id, organization_id, name, code, external_id, description)
     SELECT ${idOf('cc', 'g')}, $1, ($2::text[])[1 + g % 20] || ' ' || ($3::text[])[1 + (g / 20) % 12], 'CC-' || lpad(g::text, 4, '0'), 'FIN-CC-' || g, NULL
       FROM generate_series(0, $4 - 1) g`,
    [org.orgId, SPECIALTIES.slice(0, 20), CITIES, count],
  );
}

/**
 * `count` teams in the live plan: names `<area> <focus> <kind> <n>` (TEAM_SEARCHES match 1/200 of them), a
 * description on four in five, a cost centre (of `costCentres`), and a parent for all but the first 200.
 */
export async function seedTeams(client: Client, org: SeedOrg, count: number, costCentres: number): Promise<void> {
  await client.query(
    `INSERT INTO teams (plan_id, id, organization_id, name, external_id, description, cost_centre_id, value_stream_id, parent_team_id, created_at, updated_at)
     SELECT $2, ${idOf('tm', 'g')}, $1,
            ($3::text[])[1 + g % 20] || ' ' || ($4::text[])[1 + (g / 20) % 10] || ' ' || ($5::text[])[1 + (g / 200) % 4] || ' ' || (1 + g / 200),
            CASE WHEN g % 2 = 0 THEN 'TEAM-' || lpad(g::text, 6, '0') END,
            CASE WHEN g % 5 <> 0 THEN 'Based in ' || ($6::text[])[1 + g % 12] || '; part of the ' || ($7::text[])[1 + g % 8] || ' tribe.' END,
            CASE WHEN $8 > 0 THEN ${idOf('cc', 'g % $8')} END,
            NULL,
            CASE WHEN g >= 200 THEN ${idOf('tm', 'g % 200')} END,
            now() - (g || ' minutes')::interval, now() - ((g % 997) || ' minutes')::interval
       FROM generate_series(0, $9 - 1) g`,
    [org.orgId, org.planId, TEAM_AREAS, TEAM_FOCUS, TEAM_KINDS, CITIES, TRIBES, costCentres, count],
  );
}

export async function seedProjects(client: Client, org: SeedOrg, count: number): Promise<void> {
  await client.query(
    `INSERT INTO projects (plan_id, id, organization_id, external_id, name, project_code, start_date, priority)
     SELECT $2, ${idOf('pj', 'g')}, $1, 'PRJ-' || g, ($3::text[])[1 + g % 50] || ' programme ' || (1 + g / 50), 'P' || lpad(g::text, 5, '0'),
            date '2022-01-01' + (g * 7) % 1000, g % 5
       FROM generate_series(0, $4 - 1) g`,
    [org.orgId, org.planId, SPECIALTIES, count],
  );
}

// ---------------------------------------------------------------------------------------------------
// People

export interface PeopleVolumes {
  employees: number;
  jobRoles: number;
  teams: number;
  projects: number;
  costCentres: number;
}

/**
 * Employees with 1-3 salary adjustments and 1-2 assignments each, in the live plan:
 * - employee n: first and last name from the lists (EMPLOYEE_SEARCHES match 1/200), e-mail
 *   first.last.n@<domain>, an externalId on four in five, a start date in 2014-2024, a manager
 *   (employee n / 8) for all but the first, a job role, a cost centre; one in twenty has left.
 * - salary adjustments: 1 + n % 3, a year apart from the start date.
 * - assignments: an open team assignment for everyone; n % 4 = 0 also a past team assignment (ended
 *   before the open one started), n % 4 = 2 also an open project assignment (fte 0.2).
 * - custom attribute values: two EMPLOYEE attributes (office, clearance level) on every other employee.
 */
export async function seedPeople(client: Client, org: SeedOrg, v: PeopleVolumes): Promise<void> {
  const start = `(date '2014-01-01' + ((g * 37) % 3650))`;
  await client.query(
    `INSERT INTO employees (plan_id, id, organization_id, external_id, first_name, last_name, name, email, internal_employee_id, start_date, end_date,
                            notice_date, manager_id, job_role_id, work_type_id, geography_id, default_currency_code, cost_centre_id, created_at, updated_at)
     SELECT $2, ${idOf('em', 'g')}, $1,
            CASE WHEN g % 5 <> 0 THEN 'E' || lpad(g::text, 7, '0') END,
            f, l, f || ' ' || l,
            lower(replace(f, ' ', '')) || '.' || lower(replace(l, ' ', '')) || '.' || g || '@' || $5,
            'HR-' || g, ${start},
            CASE WHEN g % 20 = 7 THEN ${start} + 900 END,
            CASE WHEN g % 20 = 7 THEN ${start} + 870 END,
            CASE WHEN g > 0 THEN ${idOf('em', 'g / 8')} END,
            ${idOf('jr', `g % ${v.jobRoles}`)}, NULL, NULL, $6,
            ${idOf('cc', `g % ${v.costCentres}`)},
            now() - (g || ' seconds')::interval, now() - ((g % 997) || ' minutes')::interval
       FROM generate_series(0, $7 - 1) g,
            LATERAL (SELECT ($3::text[])[1 + (g * 7) % 100] AS f, ($4::text[])[1 + (g * 13 + g / 200) % 200] AS l) n`,
    [org.orgId, org.planId, FIRST_NAMES, LAST_NAMES, org.domain, org.currency, v.employees],
  );
  await client.query(
    `INSERT INTO salary_adjustments (plan_id, id, organization_id, employee_id, effective_date, salary, bonus, currency_code, reason, created_at, updated_at)
     SELECT $2, ${idOf('sa', `g * 3 + k`)}, $1, ${idOf('em', 'g')}, ${start} + 365 * k,
            40000 + (g * 7919) % 120000 + 2500 * k, CASE WHEN g % 3 = 0 THEN 1000 + (g % 40) * 250 END, $3,
            CASE k WHEN 0 THEN 'Hire' WHEN 1 THEN 'Annual review' ELSE 'Promotion' END,
            now() - ((g + k) || ' seconds')::interval, now() - ((g + k) || ' seconds')::interval
       FROM generate_series(0, $4 - 1) g, generate_series(0, g % 3) k`,
    [org.orgId, org.planId, org.currency, v.employees],
  );
  await client.query(
    `INSERT INTO assignments (plan_id, id, organization_id, type, target_id, employee_id, fte, start_date, end_date, role, created_at, updated_at)
     SELECT $2, ${idOf('as', 'g * 2')}, $1, 'team', ${idOf('tm', `g % ${v.teams}`)}, ${idOf('em', 'g')},
            CASE WHEN g % 4 = 2 THEN 0.8 ELSE 1 END, CASE WHEN g % 4 = 0 THEN ${start} + 400 ELSE ${start} END, NULL,
            CASE WHEN g % 10 = 0 THEN 'Tech lead' END, now(), now()
       FROM generate_series(0, $3 - 1) g
     UNION ALL
     SELECT $2, ${idOf('as', 'g * 2 + 1')}, $1,
            CASE WHEN g % 4 = 0 THEN 'team' ELSE 'project' END,
            CASE WHEN g % 4 = 0 THEN ${idOf('tm', `(g + 1) % ${v.teams}`)} ELSE ${idOf('pj', `g % ${v.projects}`)} END,
            ${idOf('em', 'g')}, CASE WHEN g % 4 = 0 THEN 1 ELSE 0.2 END, ${start},
            CASE WHEN g % 4 = 0 THEN ${start} + 399 END, NULL, now(), now()
       FROM generate_series(0, $3 - 1) g
      WHERE g % 2 = 0`,
    [org.orgId, org.planId, v.employees],
  );
  await client.query(
    `INSERT INTO custom_attribute_definitions (id, organization_id, name, attribute_key, entity_type, field_type, options, required, description)
     VALUES (${idOf('cad', '1')}, $1, 'Office', 'office', 'EMPLOYEE', 'STRING', NULL, false, 'Main office'),
            (${idOf('cad', '2')}, $1, 'Clearance level', 'clearance_level', 'EMPLOYEE', 'NUMBER', NULL, false, NULL)`,
    [org.orgId],
  );
  await client.query(
    `INSERT INTO custom_attribute_values (plan_id, id, organization_id, definition_id, entity_type, entity_id, string_value, number_value)
     SELECT $2, ${idOf('cav', 'g * 2 + d')}, $1, ${idOf('cad', 'd + 1')}, 'EMPLOYEE', ${idOf('em', 'g')},
            CASE WHEN d = 0 THEN ($3::text[])[1 + g % 12] END, CASE WHEN d = 1 THEN g % 5 END
       FROM generate_series(0, $4 - 1) g, generate_series(0, 1) d
      WHERE g % 2 = 0`,
    [org.orgId, org.planId, CITIES, v.employees],
  );
}

/** VACUUM (ANALYZE) of the tables seeded (statistics and visibility maps, as autovacuum would leave them). */
export async function vacuumAnalyze(client: Client, tables: string[]): Promise<void> {
  await client.query(`VACUUM (ANALYZE) ${tables.join(', ')}`);
}

/**
 * What-if experiments: BENCH_SETUP_SQL (statements separated by `;`) runs after the seeding and before the
 * VACUUM (ANALYZE), e.g. a proposed index. Returns it for the report ('' when unset). Figures measured with
 * it describe a proposal, not the project's schema.
 */
export async function applySetupSql(client: Client): Promise<string> {
  const sql = process.env.BENCH_SETUP_SQL?.trim() ?? '';
  if (sql) {
    process.stderr.write(`BENCH_SETUP_SQL (what-if): ${sql}\n`);
    await client.query(sql);
  }
  return sql;
}
