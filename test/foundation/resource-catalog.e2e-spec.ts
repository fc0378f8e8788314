import { API_PERMISSIONS } from '../../src/common/auth/permissions';
import { DiscoveryService } from '@nestjs/core';
import { CUSTOM_ATTRIBUTE_RECORD_TYPES, ENTITY_TYPES, HISTORY_ONLY_TYPES, isEntityType } from '../../src/common/entity-types';
import { registeredConstraintNames } from '../../src/common/errors/db-errors';
import { CrudService } from '../../src/crud/crud.service';
import type { CrudEntity } from '../../src/crud/crud.types';
import { parentsFirst, ResourceCatalog } from '../../src/crud/resources';
import { RecordChangeEntity } from '../../src/database/entities/record-change.entity';
import { WEBHOOK_ENTITY_TYPES } from '../../src/webhooks/webhook-event';
import { TestApp } from '../support/test-app';

// Walks every resource of the app: CI runs it against a generated one too (.ci/run, "resource generator").

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
    for (const parent of ['employees', 'contractors', 'vacancies', 'teams', 'projects']) before(parent, 'assignments');
    for (const parent of ['employees', 'teams', 'functional_groups', 'functional_positions']) before(parent, 'custom_attribute_values');
    before('employees', 'vacancies');
    before('projects', 'project_links');
    before('employees', 'salary_adjustments');
    before('contractors', 'rate_adjustments');
    before('functional_groups', 'functional_group_placements');
    before('functional_groups', 'functional_positions');
    before('functional_positions', 'functional_assignments');
    before('functional_positions', 'functional_position_reports');
  });

  it('06/§3.1: the merge order derives from what tables point at: each after its parents, by level then name; a cycle fails', () => {
    const tables = ['c', 'b', 'a', 'd'].map((table) => ({ table }));
    const parents = new Map([
      ['a', ['b']],
      ['b', []],
      ['c', []],
      ['d', ['a', 'c']],
    ]);
    expect(parentsFirst(tables, parents).map((x) => x.table)).toEqual(['b', 'c', 'a', 'd']);
    expect(() => parentsFirst(tables, new Map([...parents, ['b', ['d']]]))).toThrow('cycle');
  });

  it('architecture/resource descriptors: the change feed shows exactly the entity types with records, each under its declared API view permission', () => {
    const catalog = t.get(ResourceCatalog);
    const permissionOf = Object.fromEntries(WEBHOOK_ENTITY_TYPES.map((type) => [type, catalog.viewPermissionOf(type) ?? null]));
    for (const permission of Object.values(permissionOf)) if (permission !== null) expect(API_PERMISSIONS).toContain(permission);
    // Entity types without records in this service (yet) have none: the feed never shows them.
    const expected = {
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
    };
    expect(Object.fromEntries(Object.keys(expected).map((type) => [type, permissionOf[type]]))).toEqual(expected);
    // A resource added later (the generator's) is shown under its own view permission.
    for (const type of Object.keys(permissionOf).filter((type) => !(type in expected))) {
      expect(API_PERMISSIONS).toContain(permissionOf[type]);
    }
  });

  it('06/§3.1: every constraint name a descriptor declares exists in the database (a typo would fall back to a generic message)', async () => {
    const declared = registeredConstraintNames();
    expect(declared.length).toBeGreaterThan(20);
    // A unique index reports its own name on a violation, as a constraint does.
    const rows: { name: string }[] = await t.dataSource.query(
      `SELECT conname AS name FROM pg_constraint c JOIN pg_namespace n ON n.oid = c.connamespace WHERE n.nspname = current_schema()
       UNION SELECT indexname FROM pg_indexes WHERE schemaname = current_schema()`,
    );
    const existing = new Set(rows.map((r) => r.name));
    expect(declared.filter((name) => !existing.has(name))).toEqual([]);
  });

  it('06/§3.1: every resource service records only known entity types, and each document 02 type it records is shown by GET /changes', () => {
    const catalog = t.get(ResourceCatalog);
    const services = t
      .get(DiscoveryService)
      .getProviders()
      .map((wrapper) => wrapper.instance as unknown)
      .filter((instance): instance is CrudService<CrudEntity, unknown, unknown, unknown> => instance instanceof CrudService);
    expect(services.length).toBeGreaterThan(10);
    const recorded = new Set<string>();
    for (const service of services) {
      recorded.add(service.spec.entityType);
      for (const table of catalog.planningTables().filter((p) => p.table === service.spec.table))
        table.entityTypes.forEach((e) => recorded.add(e));
    }
    const known: readonly string[] = [...ENTITY_TYPES, ...HISTORY_ONLY_TYPES];
    expect([...recorded].filter((type) => !known.includes(type))).toEqual([]);
    const hidden = [...recorded].filter((type) => isEntityType(type) && catalog.viewPermissionOf(type) === undefined);
    expect(hidden).toEqual([]);
  });

  it('06/§3.1: every record type with custom attributes is a resource whose values the app reads and removes with the record', () => {
    const services = t
      .get(DiscoveryService)
      .getProviders()
      .map((wrapper) => wrapper.instance as unknown)
      .filter((instance): instance is CrudService<CrudEntity, unknown, unknown, unknown> => instance instanceof CrudService);
    const carrying = services.filter((s) => s.attributes).map((s) => s.spec.entityType);
    // Functional groups and seats keep their values through the functional structure's own writers.
    expect([...carrying, 'functional_group', 'functional_position'].sort()).toEqual([...CUSTOM_ATTRIBUTE_RECORD_TYPES].sort());
    for (const s of services.filter((s) => s.attributes)) expect(s.attributes!.type).toBe(s.spec.entityType.toUpperCase());
  });

  it('06/§3.1: every resource service declares its sort allow-list once (statics), each field an entity column, the default among them', () => {
    const services = t
      .get(DiscoveryService)
      .getProviders()
      .map((wrapper) => wrapper.instance as unknown)
      .filter((instance): instance is CrudService<CrudEntity, unknown, unknown, unknown> => instance instanceof CrudService);
    for (const service of services) {
      const { sort, defaultSort } = service.constructor as unknown as { sort: Record<string, string>; defaultSort: string };
      const columns = t.dataSource.getMetadata(service.spec.entity).columns.map((c) => c.propertyName);
      expect({ table: service.spec.table, unknown: Object.values(sort).filter((p) => !columns.includes(p)) }).toEqual({
        table: service.spec.table,
        unknown: [],
      });
      expect(Object.keys(sort)).toContain(defaultSort);
    }
  });
});
