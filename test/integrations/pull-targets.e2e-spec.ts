import { Injectable, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { PULL_ENTITY_TYPES, type PullEntityType } from '../../src/common/entity-types';
import type { BulkWriter } from '../../src/crud/bulk-upsert';
import { CrudService } from '../../src/crud/crud.service';
import { ResourceCatalog, type ResourceDescriptor, Resources, ResourcesModule } from '../../src/crud/resources';
import { CreateEmployeeDto, UpdateEmployeeDto } from '../../src/employees/dto/employee.dto';
import { EmployeesService } from '../../src/employees/employees.service';
import { FunctionalGroupBodyDto, FunctionalPositionBodyDto } from '../../src/functional-structure/dto/functional-structure.dto';
import {
  FunctionalGroupPatchDto,
  FunctionalGroupWriter,
  FunctionalPositionPatchDto,
  FunctionalPositionWriter,
} from '../../src/functional-structure/functional-bulk-writers';
import { CreateTeamDto, UpdateTeamDto } from '../../src/teams/dto/team.dto';
import { TeamsService } from '../../src/teams/teams.service';
import { TestApp } from '../support/test-app';

// Walks every resource of the app: CI runs it against a generated one too (.ci/run, "resource generator").

/** The permission the single write of each pulled type needs (its bulk route's), as the contract sets it. */
const EDIT: Record<PullEntityType, string> = {
  employee: 'employees_edit',
  contractor: 'contractors_edit',
  vacancy: 'vacancies_edit',
  project: 'projects_edit',
  team: 'teams_edit',
  functional_group: 'functional_groups_edit',
  functional_position: 'functional_groups_edit',
};

describe('PULL hook targets, declared by the resources (04 §5.3, docs/architecture.md "Resource descriptors")', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await TestApp.start();
  });
  afterAll(() => t.close());

  it('04/§5.3: every PULL entity type has a target declared by its resource descriptor, with the permission of its single write', () => {
    const catalog = t.get(ResourceCatalog);
    for (const type of PULL_ENTITY_TYPES) {
      const target = catalog.pullTarget(type);
      expect({ type, entityType: target.entityType, permission: target.permission }).toEqual({
        type,
        entityType: type,
        permission: EDIT[type],
      });
      // Spec 04 §5.4: only functional records are sent (as user events); they need the functional module on.
      expect(target.functional).toBe(type.startsWith('functional_'));
      // The people, vacancies, projects and teams are written by their own CRUD service, as their bulk routes are.
      if (!target.functional) {
        expect(target.service).toBeInstanceOf(CrudService);
        expect((target.service as CrudService<never, unknown, unknown, unknown>).spec.entityType).toBe(type);
      }
    }
    // Services compared by identity: a deep comparison would walk the database client's buffers.
    const employee = catalog.pullTarget('employee');
    expect(employee.service).toBe(t.get(EmployeesService));
    expect([employee.create, employee.update]).toEqual([CreateEmployeeDto, UpdateEmployeeDto]);
    const team = catalog.pullTarget('team');
    expect(team.service).toBe(t.get(TeamsService));
    expect([team.create, team.update]).toEqual([CreateTeamDto, UpdateTeamDto]);
    const group = catalog.pullTarget('functional_group');
    expect([group.create, group.update]).toEqual([FunctionalGroupBodyDto, FunctionalGroupPatchDto]);
    expect(group.service).toBeInstanceOf(FunctionalGroupWriter);
    const position = catalog.pullTarget('functional_position');
    expect([position.create, position.update]).toEqual([FunctionalPositionBodyDto, FunctionalPositionPatchDto]);
    expect(position.service).toBeInstanceOf(FunctionalPositionWriter);
  });
});

describe('PULL hook targets: the catalog refuses to start without exactly one declaration per type', () => {
  const writer: BulkWriter = {
    spec: { table: 'x', planScoped: true },
    createIn: async () => ({ id: 'x' }),
    updateIn: async () => undefined,
  };
  const declaring = (entityType: PullEntityType): ResourceDescriptor => ({
    table: `t_${entityType}`,
    pull: { entityType, permission: 'employees_edit', create: Object, update: Object, writer: () => writer },
  });

  /** Starts an app context holding only the resource catalog and one provider declaring `descriptors`. */
  async function start(descriptors: ResourceDescriptor[]): Promise<ResourceCatalog> {
    @Resources(...descriptors)
    @Injectable()
    class Declaring {}
    @Module({ imports: [ResourcesModule], providers: [Declaring] })
    class Root {}
    const context = await NestFactory.createApplicationContext(Root, { logger: false, abortOnError: false });
    const catalog = context.get(ResourceCatalog);
    await context.close();
    return catalog;
  }

  it('04/§5.3: a PULL entity type no resource declares, or one declared twice, fails the start-up', async () => {
    const all = PULL_ENTITY_TYPES.map(declaring);
    expect((await start(all)).pullTarget('team').service).toBe(writer);
    await expect(start(all.slice(1))).rejects.toThrow(`No resource declares a PULL target for ${PULL_ENTITY_TYPES[0]}`);
    await expect(start([...all, declaring('team')])).rejects.toThrow('Two resources declare the PULL target of team');
  });
});
