import { poolReadManager } from '../../database/pool-reads';
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { SqlParams } from '../../database/sql-params';
import { activeOn } from '../dated';
import type { FunctionalAccess } from '../entities/functional-access-grant.entity';
import type { GroupParents } from './figures';
import type { PlanKey } from '../../database/distribution';
import { GenerateSql } from '../../common/generate-sql';

/** A group active on the read's day, with its parent that day and whether it has children that day. */
export type GroupRow = {
  id: string;
  name: string;
  group_type: string | null;
  description: string | null;
  external_id: string | null;
  start_date: string;
  end_date: string | null;
  parent_id: string | null;
  has_children: boolean;
  /** What the caller may do with the group (set once visibility is known). */
  viewer_access?: FunctionalAccess;
};

/** Which groups a page lists (all conditions hold together). */
export interface GroupFilter {
  /** Only these groups (the caller's visible ones); undefined: no limit. */
  ids?: string[];
  /** Case-insensitive substring of the name or the description. */
  search?: string;
  /** Only direct children of this group. */
  parentId?: string;
  /** Only groups without a parent. */
  rootsOnly?: boolean;
}

/** Which seats of a group a page lists. */
export interface SeatFilter {
  groupId: string;
  search?: string;
  /** Only seats reporting to this seat. */
  reportsTo?: string;
  /** Only seats reporting to no seat. */
  rootsOnly?: boolean;
}

export interface Page {
  offset: number;
  limit: number;
}

export type SeatViewRow = {
  id: string;
  functional_group_id: string;
  name: string;
  description: string | null;
  external_id: string | null;
  job_role_id: string | null;
  required_fte: string;
  start_date: string;
  end_date: string | null;
  reports_to_position_id: string | null;
};

export type OccupantRow = {
  id: string;
  functional_position_id: string;
  employee_id: string | null;
  contractor_id: string | null;
  vacancy_id: string | null;
  fte: string;
  start_date: string;
  end_date: string | null;
  name: string | null;
};

export type ChangeRow = {
  entity_type: string;
  entity_id: string;
  change_type: string;
  before: unknown;
  after: unknown;
  actor_type: string;
  actor_id: string;
  created_at: Date;
};

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** SQL joins and the display name of the occupant of assignment `a` (employee, contractor or vacancy role). */
export const OCCUPANT_JOINS = `
  LEFT JOIN employees e ON e.organization_id = a.organization_id AND e.plan_id = a.plan_id AND e.id = a.employee_id
  LEFT JOIN contractors c ON c.organization_id = a.organization_id AND c.plan_id = a.plan_id AND c.id = a.contractor_id
  LEFT JOIN vacancies v ON v.organization_id = a.organization_id AND v.plan_id = a.plan_id AND v.id = a.vacancy_id`;
export const OCCUPANT_NAME = `COALESCE(NULLIF(trim(concat_ws(' ', e.first_name, e.last_name)), ''), c.name, v.role)`;

export const CHANGE_COLUMNS = `entity_type, entity_id, change_type, before, after, actor_type, actor_id, created_at`;

/**
 * The queries of document 02's group and seat reads, on one day of one plan (outside any write
 * transaction: the pool). Filters are typed; placeholders are numbered by SqlParams.
 */
@Injectable()
export class FunctionalReadRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** The groups active on the day with their parent that day. */
  @GenerateSql({ params: (s) => [s.plan, s.day] })
  async parents(plan: PlanKey, day: string): Promise<GroupParents> {
    const rows: { id: string; parent_id: string | null }[] = await poolReadManager(this.dataSource).query(
      `SELECT g.id, p.parent_group_id AS parent_id FROM functional_groups g
         LEFT JOIN functional_group_placements p
                ON p.organization_id = g.organization_id AND p.plan_id = g.plan_id AND p.group_id = g.id AND ${activeOn('p', '$2')}
        WHERE g.organization_id = $3 AND g.plan_id = $1 AND ${activeOn('g', '$2')}`,
      [plan.planId, day, plan.organizationId],
    );
    return new Map(rows.map((r) => [r.id, r.parent_id]));
  }

  /** A page of the groups active on the day that match the filter, name order, with their total. */
  @GenerateSql(
    { name: 'all', params: (s) => [s.plan, s.day, {}, { offset: 0, limit: 20 }] },
    {
      name: 'filtered',
      params: (s) => [s.plan, s.day, { ids: [s.id], search: 'eng', parentId: s.id, rootsOnly: true }, { offset: 0, limit: 20 }],
    },
  )
  async groupPage(plan: PlanKey, day: string, filter: GroupFilter, page: Page): Promise<{ total: number; rows: GroupRow[] }> {
    const params = new SqlParams(plan.planId, day);
    const where: string[] = [`g.organization_id = ${params.add(plan.organizationId)}`];
    if (filter.ids) where.push(`g.id = ANY(${params.add(filter.ids)})`);
    if (filter.search) {
      const pattern = params.add(`%${escapeLike(filter.search)}%`);
      where.push(`(g.name ILIKE ${pattern} OR g.description ILIKE ${pattern})`);
    }
    if (filter.parentId !== undefined) where.push(`p.parent_group_id = ${params.add(filter.parentId)}`);
    if (filter.rootsOnly) where.push(`p.parent_group_id IS NULL`);
    const base = groupSelect(where);
    const [{ total }]: { total: number }[] = await poolReadManager(this.dataSource).query(
      `SELECT count(*)::int AS total FROM (${base}) x`,
      params.values,
    );
    const rows: GroupRow[] = await poolReadManager(this.dataSource).query(
      `${base} ORDER BY g.name, g.id OFFSET ${params.add(page.offset)} LIMIT ${params.add(page.limit)}`,
      params.values,
    );
    return { total, rows: await this.withChildren(plan, day, rows) };
  }

  /** The group active on the day whose id (first) or externalId is `ref`, or null. */
  @GenerateSql({ params: (s) => [s.plan, s.day, s.id] })
  async groupByRef(plan: PlanKey, day: string, ref: string): Promise<GroupRow | null> {
    const rows: GroupRow[] = await poolReadManager(this.dataSource).query(
      `${groupSelect(['g.organization_id = $4', '(g.id = $3 OR g.external_id = $3)'])} ORDER BY (g.id = $3) DESC LIMIT 1`,
      [plan.planId, day, ref, plan.organizationId],
    );
    return rows[0] ? (await this.withChildren(plan, day, rows))[0] : null;
  }

  /**
   * Every group active on the day with its parent and has_children: two plain queries joined in JS,
   * so the plan does not depend on the planner's row estimates (the tree of 500 groups stays fast).
   */
  @GenerateSql({ params: (s) => [s.plan, s.day] })
  async allGroups(plan: PlanKey, day: string): Promise<GroupRow[]> {
    const [groups, placements]: [GroupRow[], { group_id: string; parent_group_id: string | null }[]] = await Promise.all([
      poolReadManager(this.dataSource).query(
        `SELECT g.id, g.name, g.group_type, g.description, g.external_id, g.start_date, g.end_date FROM functional_groups g
          WHERE g.organization_id = $3 AND g.plan_id = $1 AND ${activeOn('g', '$2')}`,
        [plan.planId, day, plan.organizationId],
      ),
      poolReadManager(this.dataSource).query(
        `SELECT p.group_id, p.parent_group_id FROM functional_group_placements p
          WHERE p.organization_id = $3 AND p.plan_id = $1 AND ${activeOn('p', '$2')}`,
        [plan.planId, day, plan.organizationId],
      ),
    ]);
    const active = new Set(groups.map((g) => g.id));
    const parentOf = new Map<string, string | null>();
    const withChild = new Set<string>();
    for (const p of placements) {
      if (!active.has(p.group_id)) continue;
      parentOf.set(p.group_id, p.parent_group_id);
      if (p.parent_group_id) withChild.add(p.parent_group_id);
    }
    return groups.map((g) => ({ ...g, parent_id: parentOf.get(g.id) ?? null, has_children: withChild.has(g.id) }));
  }

  /** A group's id, name and externalId whatever its days, or null. */
  @GenerateSql({ params: (s) => [s.plan, s.id] })
  async groupRef(plan: PlanKey, id: string): Promise<{ id: string; name: string; externalId: string | null } | null> {
    const rows: { id: string; name: string; externalId: string | null }[] = await poolReadManager(this.dataSource).query(
      `SELECT id, name, external_id AS "externalId" FROM functional_groups WHERE organization_id = $3 AND plan_id = $1 AND id = $2`,
      [plan.planId, id, plan.organizationId],
    );
    return rows[0] ?? null;
  }

  /** The seat and its group id when both are active on the day, or null. */
  @GenerateSql({ params: (s) => [s.plan, s.day, s.id] })
  async seatOn(plan: PlanKey, day: string, id: string): Promise<{ id: string; group_id: string } | null> {
    const rows: { id: string; group_id: string }[] = await poolReadManager(this.dataSource).query(
      `SELECT s.id, s.functional_group_id AS group_id FROM functional_positions s
         JOIN functional_groups g ON g.organization_id = s.organization_id AND g.plan_id = s.plan_id AND g.id = s.functional_group_id
        WHERE s.organization_id = $4 AND s.plan_id = $1 AND s.id = $3 AND ${activeOn('s', '$2')} AND ${activeOn('g', '$2')}`,
      [plan.planId, day, id, plan.organizationId],
    );
    return rows[0] ?? null;
  }

  /** A page of seats active on the day (name order) with their reporting line, their total, and their occupants that day. */
  @GenerateSql(
    { name: 'all', params: (s) => [s.plan, s.day, { groupId: s.id }, { offset: 0, limit: 20 }] },
    {
      name: 'filtered',
      params: (s) => [s.plan, s.day, { groupId: s.id, search: 'lead', reportsTo: s.id, rootsOnly: true }, { offset: 0, limit: 20 }],
    },
  )
  async seatPage(
    plan: PlanKey,
    day: string,
    filter: SeatFilter,
    page: Page,
  ): Promise<{ total: number; seats: SeatViewRow[]; occupants: OccupantRow[] }> {
    const params = new SqlParams(plan.planId, day);
    const where = [`s.organization_id = ${params.add(plan.organizationId)}`, `s.functional_group_id = ${params.add(filter.groupId)}`];
    if (filter.search) {
      const pattern = params.add(`%${escapeLike(filter.search)}%`);
      where.push(`(s.name ILIKE ${pattern} OR s.description ILIKE ${pattern})`);
    }
    if (filter.reportsTo !== undefined) where.push(`r.reports_to_position_id = ${params.add(filter.reportsTo)}`);
    if (filter.rootsOnly) where.push('r.reports_to_position_id IS NULL');
    const base = `
      SELECT s.id, s.functional_group_id, s.name, s.description, s.external_id, s.job_role_id, s.required_fte, s.start_date, s.end_date, r.reports_to_position_id
        FROM functional_positions s
        LEFT JOIN functional_position_reports r
               ON r.organization_id = s.organization_id AND r.plan_id = s.plan_id AND r.position_id = s.id AND ${activeOn('r', '$2')}
       WHERE s.plan_id = $1 AND ${activeOn('s', '$2')} AND ${where.join(' AND ')}`;
    const [{ total }]: { total: number }[] = await poolReadManager(this.dataSource).query(
      `SELECT count(*)::int AS total FROM (${base}) x`,
      params.values,
    );
    const seats: SeatViewRow[] = await poolReadManager(this.dataSource).query(
      `${base} ORDER BY s.name, s.id OFFSET ${params.add(page.offset)} LIMIT ${params.add(page.limit)}`,
      params.values,
    );
    const ids = seats.map((s) => s.id);
    const occupants: OccupantRow[] = ids.length
      ? await poolReadManager(this.dataSource).query(
          `SELECT a.id, a.functional_position_id, a.employee_id, a.contractor_id, a.vacancy_id, a.fte, a.start_date, a.end_date,
                  ${OCCUPANT_NAME} AS name
             FROM functional_assignments a ${OCCUPANT_JOINS}
            WHERE a.organization_id = $4 AND a.plan_id = $1 AND a.functional_position_id = ANY($3) AND ${activeOn('a', '$2')}
            ORDER BY name, a.id`,
          [plan.planId, day, ids, plan.organizationId],
        )
      : [];
    return { total, seats, occupants };
  }

  /** The last 100 changes recorded for the record, newest first. */
  @GenerateSql({ params: (s) => [s.organizationId, s.planId, s.id] })
  history(organizationId: string, planId: string, entityId: string): Promise<ChangeRow[]> {
    return poolReadManager(this.dataSource).query(
      `SELECT ${CHANGE_COLUMNS} FROM record_changes WHERE organization_id = $1 AND plan_id = $2 AND entity_id = $3 ORDER BY seq DESC LIMIT 100`,
      [organizationId, planId, entityId],
    );
  }

  /** Sets has_children on a page of groups: one query for the page. */
  private async withChildren(plan: PlanKey, day: string, rows: GroupRow[]): Promise<GroupRow[]> {
    if (!rows.length) return rows;
    const parents: { id: string }[] = await poolReadManager(this.dataSource).query(
      `SELECT DISTINCT c.parent_group_id AS id FROM functional_group_placements c
         JOIN functional_groups cg ON cg.organization_id = c.organization_id AND cg.plan_id = c.plan_id AND cg.id = c.group_id
        WHERE c.organization_id = $4 AND c.plan_id = $1 AND c.parent_group_id = ANY($3) AND ${activeOn('c', '$2')} AND ${activeOn('cg', '$2')}`,
      [plan.planId, day, rows.map((r) => r.id), plan.organizationId],
    );
    const set = new Set(parents.map((r) => r.id));
    return rows.map((r) => ({ ...r, has_children: set.has(r.id) }));
  }
}

/**
 * Groups active on $2 in plan $1 with their parent that day; `has_children` is filled by `withChildren`.
 * `where` names the organization (g.organization_id).
 */
function groupSelect(where: readonly string[]): string {
  return `
    SELECT g.id, g.name, g.group_type, g.description, g.external_id, g.start_date, g.end_date, p.parent_group_id AS parent_id, false AS has_children
      FROM functional_groups g
      LEFT JOIN functional_group_placements p
             ON p.organization_id = g.organization_id AND p.plan_id = g.plan_id AND p.group_id = g.id AND ${activeOn('p', '$2')}
     WHERE g.plan_id = $1 AND ${activeOn('g', '$2')}${where.map((w) => ` AND ${w}`).join('')}`;
}
