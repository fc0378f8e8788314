import { Change, changesOf } from '../support/changes';
import type { Tenant, TestApp } from '../support/test-app';

let people = 0;

/** Helpers over document 02's write endpoints for one tenant. */
export function fs(t: TestApp, org: Tenant, scenarioId?: string) {
  const q = scenarioId ? `?scenarioId=${scenarioId}` : '';
  const path = (p: string) => `/functional-groups${p}${q}`;
  return {
    path,
    post: (p: string, body: object) => org.api('post', path(p)).send(body),
    put: (p: string, body: object) => org.api('put', path(p)).send(body),
    async group(body: Record<string, unknown> = {}): Promise<string> {
      const res = await org.api('post', path('')).send({ name: 'Area', startDate: '2026-01-01', ...body });
      if (res.status !== 201) throw new Error(`group create: ${res.status} ${JSON.stringify(res.body)}`);
      return res.body.data.id;
    },
    async position(functionalGroupId: string, body: Record<string, unknown> = {}): Promise<string> {
      const res = await org
        .api('post', path('/positions'))
        .send({ functionalGroupId, name: 'Seat', requiredFte: 1, startDate: '2026-01-01', ...body });
      if (res.status !== 201) throw new Error(`position create: ${res.status} ${JSON.stringify(res.body)}`);
      return res.body.data.id;
    },
    async assign(functionalPositionId: string, body: Record<string, unknown>): Promise<string> {
      const res = await org.api('post', path('/assignments')).send({ functionalPositionId, fte: 1, startDate: '2026-01-01', ...body });
      if (res.status !== 201) throw new Error(`assignment create: ${res.status} ${JSON.stringify(res.body)}`);
      return res.body.data.id;
    },
    async employee(body: Record<string, unknown> = {}): Promise<string> {
      const n = ++people;
      const res = await org
        .api('post', '/employees')
        .send({ firstName: 'E', lastName: `P${n}`, email: `fs${n}.${process.pid}@example.com`, startDate: '2025-01-01', ...body });
      if (res.status !== 201) throw new Error(`employee create: ${res.status} ${JSON.stringify(res.body)}`);
      return res.body.data.id;
    },
    async contractor(body: Record<string, unknown> = {}): Promise<string> {
      const res = await org.api('post', '/contractors').send({ name: 'C', startDate: '2025-01-01', ...body });
      if (res.status !== 201) throw new Error(`contractor create: ${res.status} ${JSON.stringify(res.body)}`);
      return res.body.data.id;
    },
    async vacancy(body: Record<string, unknown> = {}): Promise<string> {
      const res = await org.api('post', '/vacancies').send({ role: 'Hire', ...body });
      if (res.status !== 201) throw new Error(`vacancy create: ${res.status} ${JSON.stringify(res.body)}`);
      return res.body.data.id;
    },
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
