import { toIsoDateTime } from '../../common/dates';
import type { FunctionalChangeDto, FunctionalGroupViewDto, FunctionalPositionPageDto } from '../dto/functional-read-responses.dto';
import type { ChangeRow, GroupRow, OccupantRow, SeatViewRow } from './functional-read.repository';

/** The response shapes of document 02's reads, from the read repositories' rows. */
export function groupView(r: GroupRow): FunctionalGroupViewDto {
  return {
    id: r.id,
    name: r.name,
    groupType: r.group_type,
    description: r.description,
    externalId: r.external_id,
    parentFunctionalGroupId: r.parent_id,
    startDate: r.start_date,
    endDate: r.end_date,
    viewerAccess: r.viewer_access ?? 'READER',
    hasChildren: r.has_children,
  };
}

export function changeView(h: ChangeRow): FunctionalChangeDto {
  return {
    entityType: h.entity_type,
    entityId: h.entity_id,
    changeType: h.change_type,
    before: h.before,
    after: h.after,
    actorType: h.actor_type,
    actorId: h.actor_id,
    changedAt: toIsoDateTime(h.created_at),
  };
}

/** A page of seats, each with its occupants (in the occupants' order). */
export function seatPageView(total: number, seats: readonly SeatViewRow[], occupants: readonly OccupantRow[]): FunctionalPositionPageDto {
  return {
    total,
    positions: seats.map((s) => ({
      id: s.id,
      functionalGroupId: s.functional_group_id,
      name: s.name,
      description: s.description,
      externalId: s.external_id,
      jobRoleId: s.job_role_id,
      requiredFte: Number(s.required_fte),
      reportsToPositionId: s.reports_to_position_id,
      startDate: s.start_date,
      endDate: s.end_date,
      assignments: occupants
        .filter((a) => a.functional_position_id === s.id)
        .map((a) => ({
          id: a.id,
          functionalPositionId: a.functional_position_id,
          employeeId: a.employee_id,
          contractorId: a.contractor_id,
          vacancyId: a.vacancy_id,
          name: a.name,
          fte: Number(a.fte),
          startDate: a.start_date,
          endDate: a.end_date,
        })),
    })),
  };
}
