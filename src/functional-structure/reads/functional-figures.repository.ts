import { poolReadManager } from '../../database/pool-reads';
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { PeopleSql } from '../../cost/cost.repository';
import { activeOn, overlaps } from '../dated';
import type { OccupancyRow, SeatTotals } from './figures';
import { CHANGE_COLUMNS, ChangeRow, OCCUPANT_JOINS, OCCUPANT_NAME } from './functional-read.repository';
import type { PlanKey } from '../../database/distribution';
import { GenerateSql } from '../../common/generate-sql';

/** A seat of a subtree whose days overlap the schedule window. */
export type ScheduleSeatRow = {
  id: string;
  functional_group_id: string;
  name: string;
  external_id: string | null;
  required_fte: string;
  start_date: string;
  end_date: string | null;
};

/** An occupancy of a subtree's seat, with the seat's and the occupant's names. */
export type SubtreeOccupancy = {
  id: string;
  seatId: string;
  seatName: string;
  kind: 'employee' | 'contractor' | 'vacancy';
  personId: string;
  name: string;
  fte: string;
  startDate: string;
  endDate: string | null;
};

/** The queries of the figures (tree, summary) and of a group's summary: the plan's seats and occupancies summed or listed by group. */
@Injectable()
export class FunctionalFiguresRepository {
  constructor(private readonly dataSource: DataSource) {}

  /**
   * Per group: seats active on the day, their requiredFte, how many are filled or open (vacancies do not
   * fill), and the fte of vacancy assignments in them that day (plannedFte, spec 03 §1 item 11).
   */
  @GenerateSql({ params: (s) => [s.plan, s.day] })
  seatTotals(plan: PlanKey, day: string): Promise<SeatTotals[]> {
    return poolReadManager(this.dataSource).query(
      `SELECT s.functional_group_id AS "groupId", count(*)::int AS positions, sum(s.required_fte)::text AS "requiredFte",
              (count(*) FILTER (WHERE h.held > 0))::int AS filled, (count(*) FILTER (WHERE COALESCE(h.held, 0) < s.required_fte))::int AS open,
              COALESCE(sum(h.planned), 0)::text AS "plannedFte"
         FROM functional_positions s
         LEFT JOIN (SELECT a.functional_position_id AS seat, sum(a.fte) FILTER (WHERE a.vacancy_id IS NULL) AS held,
                           sum(a.fte) FILTER (WHERE a.vacancy_id IS NOT NULL) AS planned
                      FROM functional_assignments a
                     WHERE a.organization_id = $3 AND a.plan_id = $1 AND ${activeOn('a', '$2')} GROUP BY 1) h ON h.seat = s.id
        WHERE s.organization_id = $3 AND s.plan_id = $1 AND ${activeOn('s', '$2')}
        GROUP BY 1`,
      [plan.planId, day, plan.organizationId],
    );
  }

  /** The employee and contractor occupancies overlapping [from, to], with their seat's group. */
  @GenerateSql({ params: (s) => [s.plan, s.day, s.day] })
  peopleOccupancies(plan: PlanKey, from: string, to: string): Promise<OccupancyRow[]> {
    return poolReadManager(this.dataSource).query(
      `SELECT s.functional_group_id AS "groupId", CASE WHEN a.employee_id IS NOT NULL THEN 'employee' ELSE 'contractor' END AS kind,
              COALESCE(a.employee_id, a.contractor_id) AS "personId", a.fte, a.start_date AS "startDate", a.end_date AS "endDate"
         FROM functional_assignments a
         JOIN functional_positions s ON s.organization_id = a.organization_id AND s.plan_id = a.plan_id AND s.id = a.functional_position_id
        WHERE a.organization_id = $4 AND a.plan_id = $1 AND a.vacancy_id IS NULL AND ${overlaps('a', '$2', '$3')}`,
      [plan.planId, from, to, plan.organizationId],
    );
  }

  /** The seats of the groups whose days overlap [from, to], name order. */
  @GenerateSql({ params: (s) => [s.plan, [s.id], s.day, s.day] })
  subtreeSeats(plan: PlanKey, groupIds: string[], from: string, to: string): Promise<ScheduleSeatRow[]> {
    return poolReadManager(this.dataSource).query(
      `SELECT s.id, s.functional_group_id, s.name, s.external_id, s.required_fte, s.start_date, s.end_date FROM functional_positions s
        WHERE s.organization_id = $5 AND s.plan_id = $1 AND s.functional_group_id = ANY($2) AND ${overlaps('s', '$3', '$4')} ORDER BY s.name, s.id`,
      [plan.planId, groupIds, from, to, plan.organizationId],
    );
  }

  /** Every occupancy (people and vacancies) of the groups' seats overlapping [from, to], by occupant name. */
  @GenerateSql({ params: (s) => [s.plan, [s.id], s.day, s.day] })
  subtreeOccupancies(plan: PlanKey, groupIds: string[], from: string, to: string): Promise<SubtreeOccupancy[]> {
    return poolReadManager(this.dataSource).query(
      `SELECT a.id, a.functional_position_id AS "seatId", s.name AS "seatName",
              CASE WHEN a.employee_id IS NOT NULL THEN 'employee' WHEN a.contractor_id IS NOT NULL THEN 'contractor' ELSE 'vacancy' END AS kind,
              COALESCE(a.employee_id, a.contractor_id, a.vacancy_id) AS "personId", ${OCCUPANT_NAME} AS name, a.fte, a.start_date AS "startDate", a.end_date AS "endDate"
         FROM functional_assignments a
         JOIN functional_positions s ON s.organization_id = a.organization_id AND s.plan_id = a.plan_id AND s.id = a.functional_position_id ${OCCUPANT_JOINS}
        WHERE a.organization_id = $5 AND a.plan_id = $1 AND s.functional_group_id = ANY($2) AND ${overlaps('a', '$3', '$4')}
        ORDER BY name, a.start_date, a.id`,
      [plan.planId, groupIds, from, to, plan.organizationId],
    );
  }

  /** The last 20 changes of the groups, their seats and the seats' occupancies, newest first. */
  @GenerateSql({ params: (s) => [s.organizationId, s.planId, [s.id]] })
  subtreeChanges(organizationId: string, planId: string, groupIds: string[]): Promise<ChangeRow[]> {
    return poolReadManager(this.dataSource).query(
      `SELECT ${CHANGE_COLUMNS} FROM record_changes
        WHERE organization_id = $1 AND plan_id = $2 AND entity_type IN ('functional_group', 'functional_position', 'functional_assignment')
          AND (entity_id = ANY($3)
               OR entity_id IN (SELECT id FROM functional_positions WHERE organization_id = $1 AND plan_id = $2 AND functional_group_id = ANY($3))
               OR entity_id IN (SELECT a.id FROM functional_assignments a
                                  JOIN functional_positions s ON s.organization_id = a.organization_id AND s.plan_id = a.plan_id AND s.id = a.functional_position_id
                                 WHERE a.organization_id = $1 AND a.plan_id = $2 AND s.functional_group_id = ANY($3)))
        ORDER BY seq DESC LIMIT 20`,
      [organizationId, planId, groupIds],
    );
  }
}

/**
 * The people holding a seat of the plan on some day of [from, to], as a sub-query for `CostService.book`
 * (`{ selectedBy }`), so that the book loads alongside the occupancies instead of after them.
 */
export function seatHoldersSql(from: string, to: string): PeopleSql {
  return (column, scope, params) => {
    const first = params.add(from);
    const last = params.add(to);
    return `SELECT a.${column} FROM functional_assignments a
             WHERE a.organization_id = ${scope.organization} AND a.plan_id = ${scope.plan} AND a.${column} IS NOT NULL
               AND a.start_date <= ${last}::date AND COALESCE(a.end_date, 'infinity'::date) >= ${first}::date`;
  };
}
