import { API_PERMISSIONS } from '../../src/common/auth/permissions';
import { ResourceCatalog } from '../../src/crud/resources';
import { RecordChangeEntity } from '../../src/database/entities/record-change.entity';
import { WEBHOOK_ENTITY_TYPES } from '../../src/webhooks/webhook-event';
import { TestApp } from '../support/test-app';

/**
 * docs/architecture.md, "Resource descriptors": resources declare themselves once (`@Resources(...)`, src/crud/resources.ts) and the
 * app collects the declarations. These tests fail when a table or an entity type is left undeclared.
 */
describe('resource descriptors (docs/architecture.md)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await TestApp.start();
  });
  afterAll(() => t.close());

  it('architecture/resource descriptors: every planning table of the database is declared for scenarios, parents first', async () => {
    const catalog = t.get(ResourceCatalog);
    const declared = catalog.planningTables().map((table) => table.table);
    // The change history has a plan_id too, but it is history, not a planning table.
    const rows: { table_name: string }[] = await t.dataSource.query(
      `SELECT table_name FROM information_schema.columns
        WHERE table_schema = current_schema() AND column_name = 'plan_id' AND table_name <> $1
        ORDER BY table_name`,
      [t.dataSource.getMetadata(RecordChangeEntity).tableName],
    );
    expect([...declared].sort()).toEqual(rows.map((r) => r.table_name));
    // Parents before children: a fork inserts in this order, a merge deletes in reverse.
    const before = (parent: string, child: string) => expect(declared.indexOf(parent)).toBeLessThan(declared.indexOf(child));
    before('teams', 'employees');
    before('teams', 'assignments');
    before('projects', 'project_links');
    before('employees', 'salary_adjustments');
    before('contractors', 'rate_adjustments');
    before('functional_groups', 'functional_group_placements');
    before('functional_groups', 'functional_positions');
    before('functional_positions', 'functional_assignments');
  });

  it('architecture/resource descriptors: the change feed shows exactly the entity types with records, each under its declared API view permission', () => {
    const catalog = t.get(ResourceCatalog);
    const permissionOf = Object.fromEntries(WEBHOOK_ENTITY_TYPES.map((type) => [type, catalog.viewPermissionOf(type) ?? null]));
    for (const permission of Object.values(permissionOf)) if (permission !== null) expect(API_PERMISSIONS).toContain(permission);
    // Entity types without records in this service (yet) have none: the feed never shows them.
    expect(permissionOf).toEqual({
      agent_policy: null,
      ai_agent: null,
      ai_policy: null,
      bonus: null,
      capex_claim: null,
      contractor: 'contractors_view',
      contractor_project_allocation: 'assignments_view',
      contractor_rate: 'compensation_view',
      contractor_team_allocation: 'assignments_view',
      cost_center: 'reference_data_view',
      employee: 'employees_view',
      employee_project_allocation: 'assignments_view',
      employee_team_allocation: 'assignments_view',
      functional_assignment: 'functional_groups_view',
      functional_group: 'functional_groups_view',
      functional_position: 'functional_groups_view',
      geography: 'reference_data_view',
      initiative: null,
      objective: null,
      portfolio_lens: null,
      project: 'projects_view',
      salary_adjustment: 'compensation_view',
      team: 'teams_view',
      team_project_allocation: 'assignments_view',
      vacancy: 'vacancies_view',
      vacancy_project_allocation: 'assignments_view',
      vacancy_team_allocation: 'assignments_view',
      value_stream: 'reference_data_view',
    });
  });
});
