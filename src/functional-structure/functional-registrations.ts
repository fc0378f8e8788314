import { Injectable, OnModuleInit } from '@nestjs/common';
import type { ObjectLiteral } from 'typeorm';
import { ContractorsService } from '../contractors/contractors.service';
import { toIsoDateTime } from '../common/dates';
import { registerConstraint } from '../common/errors/db-errors';
import { EmployeesService } from '../employees/employees.service';
import type { PlanningTable } from '../scenarios/planning-tables';
import { ScenariosService } from '../scenarios/scenarios.service';
import { VacanciesService } from '../vacancies/vacancies.service';
import { PLACEMENTS, REPORTS } from './dated-links';
import { FunctionalAssignmentEntity } from './entities/functional-assignment.entity';
import { FunctionalGroupPlacementEntity } from './entities/functional-group-placement.entity';
import { FunctionalGroupEntity } from './entities/functional-group.entity';
import { FunctionalPositionReportEntity } from './entities/functional-position-report.entity';
import { FunctionalPositionEntity } from './entities/functional-position.entity';
import { FunctionalOccupanciesService } from './functional-occupancies.service';
import { assignmentPayload, groupPayload, linkPayload, positionPayload } from './payloads';

registerConstraint('uq_functional_groups_external_id', {
  code: 'DUPLICATE_EXTERNAL_ID',
  message: 'Another functional group already has that externalId',
});
registerConstraint('uq_functional_positions_external_id', {
  code: 'DUPLICATE_EXTERNAL_ID',
  message: 'Another functional position already has that externalId',
});
registerConstraint('ex_functional_group_placements_overlap', {
  code: 'OVERLAPPING_PARENTS',
  message: 'A functional group would have two parents on the same day',
});
registerConstraint('ex_functional_position_reports_overlap', {
  code: 'CONFLICT',
  message: 'A position would report to two positions on the same day',
});
registerConstraint('ck_functional_assignments_fte', { code: 'INVALID_FTE', message: 'An FTE must be above 0 and at most 1' });
registerConstraint('ck_functional_positions_fte', { code: 'INVALID_FTE', message: 'A requiredFte must be above 0 and at most 1' });
registerConstraint('ck_functional_assignments_one_resource', {
  code: 'EXACTLY_ONE_RESOURCE',
  message: 'Exactly one of employeeId, contractorId and vacancyId must be set',
});
for (const name of [
  'ck_functional_groups_dates',
  'ck_functional_group_placements_dates',
  'ck_functional_positions_dates',
  'ck_functional_position_reports_dates',
  'ck_functional_assignments_dates',
]) {
  registerConstraint(name, { code: 'INVALID_DATES', message: 'An end date is before its start date' });
}

/**
 * How the functional structure plugs into other modules at start-up: its planning tables for scenario
 * forks and merges (parents first), and the delete hooks that keep seated people and vacancies.
 */
@Injectable()
export class FunctionalStructureRegistrations implements OnModuleInit {
  constructor(
    private readonly scenarios: ScenariosService,
    private readonly occupancies: FunctionalOccupanciesService,
    private readonly employees: EmployeesService,
    private readonly contractors: ContractorsService,
    private readonly vacancies: VacanciesService,
  ) {}

  onModuleInit(): void {
    const table = (
      name: string,
      entity: PlanningTable['entity'],
      entityType: string,
      payload: (row: ObjectLiteral) => Record<string, unknown>,
    ) => this.scenarios.registerTable({ table: name, entity, entityTypes: [entityType], payload, entityTypeOf: () => entityType });
    // Merge payloads add updatedAt: a move changes only placement rows, and bumps the group's (or seat's)
    // updatedAt so that the merge still sees, and announces, the group or seat as updated.
    const stamped = (r: ObjectLiteral) => ({ updatedAt: toIsoDateTime(r.updatedAt as Date) });
    table('functional_groups', FunctionalGroupEntity, 'functional_group', (r) => ({
      ...groupPayload(r as FunctionalGroupEntity),
      ...stamped(r),
    }));
    table(PLACEMENTS.table, FunctionalGroupPlacementEntity, PLACEMENTS.entityType, linkPayload);
    table('functional_positions', FunctionalPositionEntity, 'functional_position', (r) => ({
      ...positionPayload(r as FunctionalPositionEntity),
      ...stamped(r),
    }));
    table(REPORTS.table, FunctionalPositionReportEntity, REPORTS.entityType, linkPayload);
    table('functional_assignments', FunctionalAssignmentEntity, 'functional_assignment', (r) =>
      assignmentPayload(r as FunctionalAssignmentEntity),
    );
    this.employees.registerDeleteHook((tx, id) => this.occupancies.refuseIfSeated(tx, 'employee_id', id));
    this.contractors.registerDeleteHook((tx, id) => this.occupancies.refuseIfSeated(tx, 'contractor_id', id));
    this.vacancies.registerDeleteHook((tx, id) => this.occupancies.refuseIfSeated(tx, 'vacancy_id', id));
  }
}
