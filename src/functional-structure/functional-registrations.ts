import { Injectable, OnModuleInit } from '@nestjs/common';
import type { ObjectLiteral } from 'typeorm';
import { ContractorsService } from '../contractors/contractors.service';
import { toIsoDateTime } from '../common/dates';
import { EmployeesService } from '../employees/employees.service';
import { ResourceDescriptor, Resources } from '../crud/resources';
import { VacanciesService } from '../vacancies/vacancies.service';
import { PLACEMENTS, REPORTS } from './dated-links';
import { FunctionalAssignmentBodyDto, FunctionalGroupBodyDto, FunctionalPositionBodyDto } from './dto/functional-structure.dto';
import {
  FunctionalGroupPatchDto,
  FunctionalGroupWriter,
  FunctionalPositionPatchDto,
  FunctionalPositionWriter,
} from './functional-bulk-writers';
import { FunctionalAssignmentEntity } from './entities/functional-assignment.entity';
import { FunctionalGroupPlacementEntity } from './entities/functional-group-placement.entity';
import { FunctionalGroupEntity } from './entities/functional-group.entity';
import { FunctionalPositionReportEntity } from './entities/functional-position-report.entity';
import { FunctionalPositionEntity } from './entities/functional-position.entity';
import { FunctionalGroupsService } from './groups/functional-groups.service';
import { FunctionalOccupanciesService } from './seats/functional-occupancies.service';
import { FunctionalPositionsService } from './seats/functional-positions.service';
import { assignmentPayload, groupPayload, linkPayload, positionPayload } from './payloads';

const DATES = { code: 'INVALID_DATES', message: 'An end date is before its start date' } as const;
// Merge payloads add updatedAt: a move changes only placement rows, and bumps the group's (or seat's)
// updatedAt so that the merge still sees, and announces, the group or seat as updated.
const stamped = (r: ObjectLiteral) => ({ updatedAt: toIsoDateTime(r.updatedAt as Date) });
const VIEW = 'functional_groups_view';
const EDIT = 'functional_groups_edit';

const GROUPS: ResourceDescriptor = {
  table: 'functional_groups',
  constraints: {
    uq_functional_groups_external_id: {
      code: 'DUPLICATE_EXTERNAL_ID',
      message: 'Another functional group already has that externalId',
    },
    ck_functional_groups_dates: DATES,
  },
  scenario: {
    entity: FunctionalGroupEntity,
    entityTypes: ['functional_group'],
    payload: (r) => ({ ...groupPayload(r as FunctionalGroupEntity), ...stamped(r) }),
    updatedAtIsChange: true,
  },
  changes: { entityTypes: ['functional_group'], permission: VIEW, payload: { dto: FunctionalGroupBodyDto, loose: true } },
  pull: {
    entityType: 'functional_group',
    permission: EDIT,
    create: FunctionalGroupBodyDto,
    update: FunctionalGroupPatchDto,
    functional: true,
    writer: (get) => new FunctionalGroupWriter(get(FunctionalGroupsService)),
  },
};

const PLACEMENT_TABLE: ResourceDescriptor = {
  table: PLACEMENTS.table,
  constraints: {
    ex_functional_group_placements_overlap: {
      code: 'OVERLAPPING_PARENTS',
      message: 'A functional group would have two parents on the same day',
    },
    ck_functional_group_placements_dates: DATES,
  },
  scenario: {
    entity: FunctionalGroupPlacementEntity,
    entityTypes: [PLACEMENTS.entityType],
    view: VIEW,
    payload: linkPayload,
    parents: ['functional_group'],
  },
};

const POSITIONS: ResourceDescriptor = {
  table: 'functional_positions',
  constraints: {
    uq_functional_positions_external_id: {
      code: 'DUPLICATE_EXTERNAL_ID',
      message: 'Another functional position already has that externalId',
    },
    ck_functional_positions_fte: { code: 'INVALID_FTE', message: 'A requiredFte must be above 0 and at most 1' },
    ck_functional_positions_dates: DATES,
  },
  scenario: {
    parents: ['functional_group'],
    entity: FunctionalPositionEntity,
    entityTypes: ['functional_position'],
    payload: (r) => ({ ...positionPayload(r as FunctionalPositionEntity), ...stamped(r) }),
    updatedAtIsChange: true,
  },
  changes: {
    entityTypes: ['functional_position'],
    permission: VIEW,
    payload: { dto: FunctionalPositionBodyDto, decimals: ['requiredFte'], loose: true },
  },
  pull: {
    entityType: 'functional_position',
    permission: EDIT,
    create: FunctionalPositionBodyDto,
    update: FunctionalPositionPatchDto,
    functional: true,
    writer: (get) => new FunctionalPositionWriter(get(FunctionalGroupsService), get(FunctionalPositionsService)),
  },
};

const REPORT_TABLE: ResourceDescriptor = {
  table: REPORTS.table,
  constraints: {
    ex_functional_position_reports_overlap: {
      code: 'CONFLICT',
      message: 'A position would report to two positions on the same day',
    },
    ck_functional_position_reports_dates: DATES,
  },
  scenario: {
    entity: FunctionalPositionReportEntity,
    entityTypes: [REPORTS.entityType],
    view: VIEW,
    payload: linkPayload,
    parents: ['functional_position'],
  },
};

const OCCUPANCIES: ResourceDescriptor = {
  table: 'functional_assignments',
  constraints: {
    ck_functional_assignments_fte: { code: 'INVALID_FTE', message: 'An FTE must be above 0 and at most 1' },
    ck_functional_assignments_one_resource: {
      code: 'EXACTLY_ONE_RESOURCE',
      message: 'Exactly one of employeeId, contractorId and vacancyId must be set',
    },
    ck_functional_assignments_dates: DATES,
  },
  scenario: {
    parents: ['functional_position', 'employee', 'contractor', 'vacancy'],
    entity: FunctionalAssignmentEntity,
    entityTypes: ['functional_assignment'],
    payload: (r) => assignmentPayload(r as FunctionalAssignmentEntity),
  },
  changes: {
    entityTypes: ['functional_assignment'],
    permission: VIEW,
    payload: { dto: FunctionalAssignmentBodyDto, decimals: ['fte'], loose: true },
  },
};

/**
 * The functional structure's tables (constraints, scenario copies parents first, change-feed permission, PULL targets),
 * and the delete hooks that keep seated people and vacancies.
 */
@Resources(GROUPS, PLACEMENT_TABLE, POSITIONS, REPORT_TABLE, OCCUPANCIES)
@Injectable()
export class FunctionalStructureRegistrations implements OnModuleInit {
  constructor(
    private readonly occupancies: FunctionalOccupanciesService,
    private readonly employees: EmployeesService,
    private readonly contractors: ContractorsService,
    private readonly vacancies: VacanciesService,
  ) {}

  onModuleInit(): void {
    this.employees.registerDeleteHook((tx, id) => this.occupancies.refuseIfSeated(tx, 'employee_id', id));
    this.contractors.registerDeleteHook((tx, id) => this.occupancies.refuseIfSeated(tx, 'contractor_id', id));
    this.vacancies.registerDeleteHook((tx, id) => this.occupancies.refuseIfSeated(tx, 'vacancy_id', id));
  }
}
