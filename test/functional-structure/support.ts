import { Change, changesOf } from '../support/changes';
import type { Schemas } from '../support/fixtures';
import type { Tenant, TestApp } from '../support/test-app';

/** Helpers over document 02's write endpoints for one tenant. */
export function fs(t: TestApp, org: Tenant, scenarioId?: string) {
  const q = scenarioId ? `?scenarioId=${scenarioId}` : '';
  const path = (p: string) => `/functional-groups${p}${q}`;
  return {
    path,
    post: (p: string, body: object) => org.api('post', path(p)).send(body),
    put: (p: string, body: object) => org.api('put', path(p)).send(body),
    group: async (body: Partial<Schemas['FunctionalGroupBodyDto']> = {}): Promise<string> =>
      (await org.create.functionalGroup({ name: 'Area', ...body }, { scenarioId })).id,
    position: async (functionalGroupId: string, body: Partial<Schemas['FunctionalPositionBodyDto']> = {}): Promise<string> =>
      (await org.create.seat(functionalGroupId, { name: 'Seat', ...body }, { scenarioId })).id,
    assign: async (functionalPositionId: string, body: Partial<Schemas['FunctionalAssignmentBodyDto']>): Promise<string> =>
      (await org.create.occupancy(functionalPositionId, body, { scenarioId })).id,
    /** Live records, from 2025-01-01 (before every seat of these tests). */
    employee: async (body: Partial<Schemas['CreateEmployeeDto']> = {}): Promise<string> =>
      (await org.create.employee({ firstName: 'E', startDate: '2025-01-01', ...body })).id,
    contractor: async (body: Partial<Schemas['CreateContractorDto']> = {}): Promise<string> =>
      (await org.create.contractor({ name: 'C', startDate: '2025-01-01', ...body })).id,
    vacancy: async (body: Partial<Schemas['CreateVacancyDto']> = {}): Promise<string> =>
      (await org.create.vacancy({ role: 'Hire', ...body })).id,
    /** The placements of a group in the plan, oldest first. */
    async placements(groupId: string, planId?: string): Promise<{ parent: string | null; start: string; end: string | null }[]> {
      return t.dataSource.query(
        `SELECT parent_group_id AS parent, start_date AS start, end_date AS "end" FROM functional_group_placements
          WHERE group_id = $1 AND plan_id = COALESCE($2, (SELECT id FROM plans WHERE organization_id = $3 AND kind = 'LIVE')) ORDER BY start_date`,
        [groupId, planId ?? null, org.orgId],
      );
    },
    async lines(positionId: string): Promise<{ target: string | null; start: string; end: string | null }[]> {
      return t.dataSource.query(
        `SELECT reports_to_position_id AS target, start_date AS start, end_date AS "end" FROM functional_position_reports WHERE position_id = $1 ORDER BY start_date`,
        [positionId],
      );
    },
    async assignments(positionId: string): Promise<{ id: string; start: string; end: string | null; fte: string; position: string }[]> {
      return t.dataSource.query(
        `SELECT id, start_date AS start, end_date AS "end", fte::text AS fte, functional_position_id AS position FROM functional_assignments WHERE functional_position_id = $1 ORDER BY start_date`,
        [positionId],
      );
    },
    /** The recorded changes of one record, oldest first. */
    changes: (entityId: string): Promise<Change[]> => changesOf(t, org.orgId, { entityId }),
  };
}

/** The error of a response: `{ status, code }`, for compact assertions. */
export function err(res: { status: number; body: { error?: { code?: string } } }): { status: number; code: string | undefined } {
  return { status: res.status, code: res.body.error?.code };
}
