import type { ObjectLiteral } from 'typeorm';
import { decimalToString } from '../common/decimals';
import { rowPayload } from '../crud/resources';
import type { FunctionalAssignmentEntity } from './entities/functional-assignment.entity';
import type { FunctionalGroupEntity } from './entities/functional-group.entity';
import type { FunctionalPositionEntity } from './entities/functional-position.entity';

/** The change-record (and webhook) payloads of the functional structure's records. */
export function groupPayload(g: FunctionalGroupEntity, parentFunctionalGroupId?: string | null): Record<string, unknown> {
  return {
    id: g.id,
    name: g.name,
    groupType: g.groupType,
    description: g.description,
    externalId: g.externalId,
    ...(parentFunctionalGroupId === undefined ? {} : { parentFunctionalGroupId }),
    startDate: g.startDate,
    endDate: g.endDate,
  };
}

export function positionPayload(p: FunctionalPositionEntity, reportsToPositionId?: string | null): Record<string, unknown> {
  return {
    id: p.id,
    functionalGroupId: p.functionalGroupId,
    name: p.name,
    description: p.description,
    externalId: p.externalId,
    jobRoleId: p.jobRoleId,
    requiredFte: decimalToString(p.requiredFte),
    ...(reportsToPositionId === undefined ? {} : { reportsToPositionId }),
    startDate: p.startDate,
    endDate: p.endDate,
  };
}

export function assignmentPayload(a: FunctionalAssignmentEntity): Record<string, unknown> {
  return {
    id: a.id,
    functionalPositionId: a.functionalPositionId,
    employeeId: a.employeeId,
    contractorId: a.contractorId,
    vacancyId: a.vacancyId,
    fte: decimalToString(a.fte),
    startDate: a.startDate,
    endDate: a.endDate,
  };
}

/** A placement or reporting line as the scenario merge records it (without timestamps). */
export function linkPayload(row: ObjectLiteral): Record<string, unknown> {
  const { createdAt: _c, updatedAt: _u, ...rest } = rowPayload(row);
  return rest;
}
