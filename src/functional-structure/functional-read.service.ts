import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import type { RequestContext } from '../access/request-context';
import { addDays, toIsoDateTime, todayUtc } from '../common/dates';
import { DomainError } from '../common/errors/domain-error';
import { CostBook, CostService } from '../cost/cost.service';
import { loadCustomAttributeValues } from '../custom-attributes/custom-attribute-values.reader';
import type { CustomAttributeValueDto } from '../custom-attributes/dto/custom-attribute-value.dto';
import { activeOn, overlaps } from './dated';
import type { FunctionalListQueryDto, FunctionalPageQueryDto } from './dto/functional-read.dto';
import { addMonths, ancestry, BridgeMonth, GroupParents, computeFigures, Figures, headcountBridge, lastDayOf, OccupancyRow, SeatTotals, window30 } from './figures';
import type {
  FunctionalChangeDto,
  FunctionalGroupDetailDto,
  FunctionalGroupListDto,
  FunctionalGroupViewDto,
  FunctionalMovementDto,
  FunctionalPositionPageDto,
  FunctionalSummaryDto,
  FunctionalTreeDto,
  FunctionalTreeNodeDto,
} from './dto/functional-read-responses.dto';
import type { FunctionalAccess } from './entities/functional-access-grant.entity';
import { EDIT_ALL_FUNCTIONAL_GROUPS, FunctionalAccessService, Viewer } from './functional-access.service';

export const TREE_LIMIT = 500;

type GroupRow = {
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

export type GroupView = FunctionalGroupViewDto;
export type TreeNode = FunctionalTreeNodeDto;

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** SQL joins and the display name of the occupant of assignment `a` (employee, contractor or vacancy role). */
const OCCUPANT_JOINS = `
  LEFT JOIN employees e ON e.plan_id = a.plan_id AND e.id = a.employee_id
  LEFT JOIN contractors c ON c.plan_id = a.plan_id AND c.id = a.contractor_id
  LEFT JOIN vacancies v ON v.plan_id = a.plan_id AND v.id = a.vacancy_id`;
const OCCUPANT_NAME = `COALESCE(NULLIF(trim(concat_ws(' ', e.first_name, e.last_name)), ''), c.name, v.role)`;

type ChangeRow = { entity_type: string; entity_id: string; change_type: string; before: unknown; after: unknown; actor_type: string; actor_id: string; created_at: Date };
const changeView = (h: ChangeRow): FunctionalChangeDto => ({
  entityType: h.entity_type,
  entityId: h.entity_id,
  changeType: h.change_type,
  before: h.before,
  after: h.after,
  actorType: h.actor_type,
  actorId: h.actor_id,
  changedAt: toIsoDateTime(h.created_at),
});

/**
 * Document 02's reads of the functional structure, all on the as-of day of `ctx.planId` (live or the
 * scenario named by scenarioId). What the caller sees, and its viewerAccess, come from
 * FunctionalAccessService.viewer (capabilities and access grants); a group it cannot see is a 404.
 */
@Injectable()
export class FunctionalReadService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly cost: CostService,
    private readonly access: FunctionalAccessService,
  ) {}

  private get em(): EntityManager {
    return this.dataSource.manager;
  }

  day(asOf: string | undefined): string {
    return asOf ?? todayUtc();
  }

  /** The groups active on the day with their parent that day, loaded at most once per call. */
  private parentsLoader(planId: string, day: string): () => Promise<GroupParents> {
    let loaded: Promise<GroupParents> | undefined;
    return () =>
      (loaded ??= this.em
        .query(
          `SELECT g.id, p.parent_group_id AS parent_id FROM functional_groups g
             LEFT JOIN functional_group_placements p ON p.plan_id = g.plan_id AND p.group_id = g.id AND ${activeOn('p', '$2')}
            WHERE g.plan_id = $1 AND ${activeOn('g', '$2')}`,
          [planId, day],
        )
        .then((rows: { id: string; parent_id: string | null }[]) => new Map(rows.map((r) => [r.id, r.parent_id]))));
  }

  private viewer(ctx: RequestContext, parents: () => Promise<GroupParents>): Promise<Viewer> {
    return this.access.viewer(ctx, this.em, parents);
  }

  private view(r: GroupRow): GroupView {
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

  /** Groups active on $2 in plan $1 with their parent that day; `has_children` is filled by `withChildren`. */
  private groupSelect(where: string): string {
    return `
      SELECT g.id, g.name, g.group_type, g.description, g.external_id, g.start_date, g.end_date, p.parent_group_id AS parent_id, false AS has_children
        FROM functional_groups g
        LEFT JOIN functional_group_placements p ON p.plan_id = g.plan_id AND p.group_id = g.id AND ${activeOn('p', '$2')}
       WHERE g.plan_id = $1 AND ${activeOn('g', '$2')} ${where}`;
  }

  /** Sets has_children on a page of groups: one query for the page. */
  private async withChildren(planId: string, day: string, rows: GroupRow[]): Promise<GroupRow[]> {
    if (!rows.length) return rows;
    const parents: { id: string }[] = await this.em.query(
      `SELECT DISTINCT c.parent_group_id AS id FROM functional_group_placements c
         JOIN functional_groups cg ON cg.plan_id = c.plan_id AND cg.id = c.group_id
        WHERE c.plan_id = $1 AND c.parent_group_id = ANY($3) AND ${activeOn('c', '$2')} AND ${activeOn('cg', '$2')}`,
      [planId, day, rows.map((r) => r.id)],
    );
    const set = new Set(parents.map((r) => r.id));
    return rows.map((r) => ({ ...r, has_children: set.has(r.id) }));
  }

  /**
   * Every group active on the day with its parent and has_children: two plain queries joined in JS,
   * so the plan does not depend on the planner's row estimates (the tree of 500 groups stays fast).
   */
  private async allGroups(planId: string, day: string): Promise<GroupRow[]> {
    const [groups, placements]: [GroupRow[], { group_id: string; parent_group_id: string | null }[]] = await Promise.all([
      this.em.query(
        `SELECT g.id, g.name, g.group_type, g.description, g.external_id, g.start_date, g.end_date FROM functional_groups g WHERE g.plan_id = $1 AND ${activeOn('g', '$2')}`,
        [planId, day],
      ),
      this.em.query(`SELECT p.group_id, p.parent_group_id FROM functional_group_placements p WHERE p.plan_id = $1 AND ${activeOn('p', '$2')}`, [planId, day]),
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

  /** GET /: search, parentId, rootsOnly, offset, limit; sorted by name. */
  async list(ctx: RequestContext, q: FunctionalListQueryDto): Promise<FunctionalGroupListDto> {
    const day = this.day(q.asOf);
    const params: unknown[] = [ctx.planId, day];
    const parents = this.parentsLoader(ctx.planId, day);
    const viewer = await this.viewer(ctx, parents);
    let where = '';
    if (!viewer.all) {
      params.push(viewer.visible(await parents()));
      where += ` AND g.id = ANY($${params.length})`;
    }
    if (q.search) {
      params.push(`%${escapeLike(q.search)}%`);
      where += ` AND (g.name ILIKE $${params.length} OR g.description ILIKE $${params.length})`;
    }
    if (q.parentId !== undefined) {
      params.push(q.parentId);
      where += ` AND p.parent_group_id = $${params.length}`;
    }
    if (q.rootsOnly) where += ` AND p.parent_group_id IS NULL`;
    const base = this.groupSelect(where);
    const [{ total }] = await this.em.query(`SELECT count(*)::int AS total FROM (${base}) x`, params);
    const rows = await this.withChildren(
      ctx.planId,
      day,
      await this.em.query(`${base} ORDER BY g.name, g.id OFFSET $${params.length + 1} LIMIT $${params.length + 2}`, [...params, q.offset ?? 0, q.limit ?? 20]),
    );
    return {
      groups: rows.map((r) => this.view({ ...r, viewer_access: viewer.access(r.id) ?? 'READER' })),
      total,
      canCreateRoot: ctx.capabilities.has(EDIT_ALL_FUNCTIONAL_GROUPS) && ctx.permissions.has('functional_groups_edit'),
      canShare: this.access.canShareAll(ctx),
    };
  }

  /** The group (by id, or by externalId) active on the day and visible to the caller (with viewer_access), or 404. */
  async findGroup(ctx: RequestContext, idOrExternalId: string, day: string, parents = this.parentsLoader(ctx.planId, day)): Promise<GroupRow> {
    const rows: GroupRow[] = await this.em.query(`${this.groupSelect('AND (g.id = $3 OR g.external_id = $3)')} ORDER BY (g.id = $3) DESC LIMIT 1`, [ctx.planId, day, idOrExternalId]);
    const access = rows[0] ? (await this.viewer(ctx, parents)).access(rows[0].id) : null;
    if (!rows[0] || !access) throw DomainError.notFound('Functional group', idOrExternalId);
    return { ...(await this.withChildren(ctx.planId, day, rows))[0], viewer_access: access };
  }

  /** GET /:id: the group, its parent, a page of seats with occupants, totalPositions, grants and history. */
  async get(ctx: RequestContext, idOrExternalId: string, q: FunctionalPageQueryDto): Promise<FunctionalGroupDetailDto> {
    const day = this.day(q.asOf);
    const parents = this.parentsLoader(ctx.planId, day);
    const row = await this.findGroup(ctx, idOrExternalId, day, parents);
    const grants = await this.access.grants(this.em, ctx.organizationId);
    const parent = row.parent_id ? ((await this.em.query(`SELECT id, name, external_id AS "externalId" FROM functional_groups WHERE plan_id = $1 AND id = $2`, [ctx.planId, row.parent_id]))[0] ?? null) : null;
    const page = await this.seatPage(ctx, day, 'AND s.functional_group_id = $3', [row.id], q.offset ?? 0, q.limit ?? 20);
    const history: ChangeRow[] = await this.em.query(
      `SELECT entity_type, entity_id, change_type, before, after, actor_type, actor_id, created_at FROM record_changes
        WHERE organization_id = $1 AND plan_id = $2 AND entity_id = $3 ORDER BY seq DESC LIMIT 100`,
      [ctx.organizationId, ctx.planId, row.id],
    );
    return {
      ...this.view(row),
      parent,
      positions: page.positions,
      totalPositions: page.total,
      accessGrants: grants.grantsOn(ancestry(await parents())(row.id)),
      history: history.map(changeView),
    };
  }

  /** A page of seats active on the day (name order) with their reporting line and occupants that day. */
  async seatPage(ctx: RequestContext, day: string, where: string, extra: unknown[], offset: number, limit: number): Promise<FunctionalPositionPageDto> {
    const params = [ctx.planId, day, ...extra];
    const base = `
      SELECT s.id, s.functional_group_id, s.name, s.description, s.external_id, s.job_role_id, s.required_fte, s.start_date, s.end_date, r.reports_to_position_id
        FROM functional_positions s
        LEFT JOIN functional_position_reports r ON r.plan_id = s.plan_id AND r.position_id = s.id AND ${activeOn('r', '$2')}
       WHERE s.plan_id = $1 AND ${activeOn('s', '$2')} ${where}`;
    const [{ total }] = await this.em.query(`SELECT count(*)::int AS total FROM (${base}) x`, params);
    type SeatViewRow = {
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
    type OccupantRow = { id: string; functional_position_id: string; employee_id: string | null; contractor_id: string | null; vacancy_id: string | null; fte: string; start_date: string; end_date: string | null; name: string | null };
    const seats: SeatViewRow[] = await this.em.query(`${base} ORDER BY s.name, s.id OFFSET $${params.length + 1} LIMIT $${params.length + 2}`, [...params, offset, limit]);
    const ids = seats.map((s) => s.id);
    const occupants: OccupantRow[] = ids.length
      ? await this.em.query(
          `SELECT a.id, a.functional_position_id, a.employee_id, a.contractor_id, a.vacancy_id, a.fte, a.start_date, a.end_date,
                  ${OCCUPANT_NAME} AS name
             FROM functional_assignments a ${OCCUPANT_JOINS}
            WHERE a.plan_id = $1 AND a.functional_position_id = ANY($3) AND ${activeOn('a', '$2')}
            ORDER BY name, a.id`,
          [ctx.planId, day, ids],
        )
      : [];
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

  /**
   * Figures of every group active on the day (rolled up over descendants), from one load of the
   * plan's groups and placements, each group's seat totals (summed by the database) and the
   * employee/contractor occupancies of the as-of month and 30-day windows: a fixed number of queries,
   * run at once, whatever the size. `book`: the cost book to use when the caller already has one.
   */
  async figures(ctx: RequestContext, day: string, book?: Promise<CostBook> | null): Promise<{ groups: GroupRow[]; figures: Map<string, Figures> }> {
    const month = day.slice(0, 7);
    const w = window30(day);
    const from = `${month}-01` < day ? `${month}-01` : day;
    const monthEnd = new Date(Date.UTC(Number(day.slice(0, 4)), Number(day.slice(5, 7)), 0)).toISOString().slice(0, 10);
    const to = monthEnd > w.arrivalsTo ? monthEnd : w.arrivalsTo;
    const withCost = CostService.canSeeCost(ctx);
    // The loads are independent (the cost book finds the seat holders itself): run them at once on the pool.
    const [groups, seats, occupancies, costBook] = await Promise.all([
      this.allGroups(ctx.planId, day),
      this.em.query(
        `SELECT s.functional_group_id AS "groupId", count(*)::int AS positions, sum(s.required_fte)::text AS "requiredFte",
                (count(*) FILTER (WHERE h.held > 0))::int AS filled, (count(*) FILTER (WHERE COALESCE(h.held, 0) < s.required_fte))::int AS open
           FROM functional_positions s
           LEFT JOIN (SELECT a.functional_position_id AS seat, sum(a.fte) AS held FROM functional_assignments a
                       WHERE a.plan_id = $1 AND a.vacancy_id IS NULL AND ${activeOn('a', '$2')} GROUP BY 1) h ON h.seat = s.id
          WHERE s.plan_id = $1 AND ${activeOn('s', '$2')}
          GROUP BY 1`,
        [ctx.planId, day],
      ) as Promise<SeatTotals[]>,
      this.em.query(
        `SELECT s.functional_group_id AS "groupId", CASE WHEN a.employee_id IS NOT NULL THEN 'employee' ELSE 'contractor' END AS kind,
                COALESCE(a.employee_id, a.contractor_id) AS "personId", a.fte, a.start_date AS "startDate", a.end_date AS "endDate"
           FROM functional_assignments a JOIN functional_positions s ON s.plan_id = a.plan_id AND s.id = a.functional_position_id
          WHERE a.plan_id = $1 AND a.vacancy_id IS NULL AND ${overlaps('a', '$2', '$3')}`,
        [ctx.planId, from, to],
      ) as Promise<OccupancyRow[]>,
      book !== undefined ? book : withCost ? this.cost.book(ctx, this.em, { seatHolders: { from, to } }, { from: `${month}-01`, to: monthEnd }) : null,
    ]);
    const parents = new Map(groups.map((g) => [g.id, g.parent_id]));
    if (costBook) {
      for (const o of occupancies) {
        o.monthCost = costBook.monthCost({ kind: o.kind, id: o.personId }, month, { start: o.startDate, end: o.endDate, fte: Number(o.fte) });
      }
    }
    return { groups, figures: computeFigures(parents, seats, occupancies, day, withCost) };
  }

  /** GET /tree: the visible hierarchy on the day, name order at every level, at most 500 groups. */
  async tree(ctx: RequestContext, asOf: string | undefined): Promise<FunctionalTreeDto> {
    const day = this.day(asOf);
    const { groups: all, figures } = await this.figures(ctx, day);
    const parents: GroupParents = new Map(all.map((g) => [g.id, g.parent_id]));
    const viewer = await this.viewer(ctx, async () => parents);
    const groups = viewer.all ? all : all.filter((g) => viewer.access(g.id) !== null);
    const grants = await this.access.grants(this.em, ctx.organizationId);
    const up = ancestry(parents);
    const byParent = new Map<string | null, GroupRow[]>();
    const ids = new Set(groups.map((g) => g.id));
    for (const g of groups) {
      const key = g.parent_id && ids.has(g.parent_id) ? g.parent_id : null;
      const siblings = byParent.get(key);
      if (siblings) siblings.push(g);
      else byParent.set(key, [g]);
    }
    const byName = (a: GroupRow, b: GroupRow) => (a.name < b.name ? -1 : a.name > b.name ? 1 : a.id < b.id ? -1 : 1);
    let count = 0;
    const build = (parent: string | null): TreeNode[] => {
      const out: TreeNode[] = [];
      for (const g of (byParent.get(parent) ?? []).sort(byName)) {
        if (count >= TREE_LIMIT) break;
        count++;
        const node: TreeNode = { ...this.view({ ...g, viewer_access: viewer.access(g.id) ?? 'READER' }), figures: figures.get(g.id)!, managers: grants.managersOf(up(g.id)), children: [] };
        out.push(node);
        node.children = build(g.id);
      }
      return out;
    };
    const roots = build(null);
    return { groups: roots, totalGroups: groups.length, truncated: groups.length > count };
  }

  /** GET /:id/positions: seats open on the day with occupants; search, parentId (reports to), rootsOnly. */
  async positions(ctx: RequestContext, idOrExternalId: string, q: FunctionalListQueryDto): Promise<FunctionalPositionPageDto> {
    const day = this.day(q.asOf);
    const group = await this.findGroup(ctx, idOrExternalId, day);
    const extra: unknown[] = [group.id];
    let where = 'AND s.functional_group_id = $3';
    if (q.search) {
      extra.push(`%${escapeLike(q.search)}%`);
      where += ` AND (s.name ILIKE $${extra.length + 2} OR s.description ILIKE $${extra.length + 2})`;
    }
    if (q.parentId !== undefined) {
      extra.push(q.parentId);
      where += ` AND r.reports_to_position_id = $${extra.length + 2}`;
    }
    if (q.rootsOnly) where += ' AND r.reports_to_position_id IS NULL';
    return this.seatPage(ctx, day, where, extra, q.offset ?? 0, q.limit ?? 20);
  }

  /** The custom attribute values of a group or a seat active on the day (404 otherwise). */
  async attributes(ctx: RequestContext, kind: 'group' | 'position', id: string, asOf: string | undefined): Promise<CustomAttributeValueDto[]> {
    const day = this.day(asOf);
    if (kind === 'group') {
      const g = await this.findGroup(ctx, id, day);
      return loadCustomAttributeValues(this.em, ctx.planId, 'FUNCTIONAL_GROUP', g.id);
    }
    const rows: { id: string; group_id: string }[] = await this.em.query(
      `SELECT s.id, s.functional_group_id AS group_id FROM functional_positions s JOIN functional_groups g ON g.plan_id = s.plan_id AND g.id = s.functional_group_id
        WHERE s.plan_id = $1 AND s.id = $3 AND ${activeOn('s', '$2')} AND ${activeOn('g', '$2')}`,
      [ctx.planId, day, id],
    );
    if (!rows[0] || !(await this.viewer(ctx, this.parentsLoader(ctx.planId, day))).access(rows[0].group_id)) throw DomainError.notFound('Functional position', id);
    return loadCustomAttributeValues(this.em, ctx.planId, 'FUNCTIONAL_POSITION', rows[0].id);
  }

  /**
   * GET /:id/summary: the group's figures; arrivals and leavers of the next 30 days by name; every seat
   * and occupancy of the next twelve months; the twelve-month headcount bridge; the last 20 changes.
   * The subtree is the group's descendants on the as-of day.
   */
  async summary(ctx: RequestContext, idOrExternalId: string, asOf: string | undefined): Promise<FunctionalSummaryDto> {
    const day = this.day(asOf);
    const group = await this.findGroup(ctx, idOrExternalId, day);
    const [y, m, d] = day.split('-').map(Number);
    const scheduleTo = addDays(new Date(Date.UTC(y + 1, m - 1, d)).toISOString().slice(0, 10), -1);
    const firstMonth = day.slice(0, 7);
    const bridgeFrom = addDays(`${firstMonth}-01`, -1);
    const bridgeTo = lastDayOf(addMonths(firstMonth, 11));
    const to = bridgeTo > scheduleTo ? bridgeTo : scheduleTo;
    const withCost = CostService.canSeeCost(ctx);
    // One cost book for the figures and the bridge: the seat holders of [bridgeFrom, to] for the twelve months.
    const book = withCost ? this.cost.book(ctx, this.em, { seatHolders: { from: bridgeFrom, to } }, { from: `${firstMonth}-01`, to: bridgeTo }) : null;
    book?.catch(() => undefined); // a failure surfaces where the book is awaited, not as an unhandled rejection

    type Occ = { id: string; seatId: string; seatName: string; kind: 'employee' | 'contractor' | 'vacancy'; personId: string; name: string; fte: string; startDate: string; endDate: string | null };
    // The plan's figures and the subtree's own reads are independent: load them at once on the pool.
    const [{ figures }, { seats, occupancies, changes }] = await Promise.all([
      this.figures(ctx, day, book),
      (async () => {
        const groups = await this.allGroups(ctx.planId, day);
        const up = ancestry(new Map(groups.map((g) => [g.id, g.parent_id])));
        const subtree = groups.filter((g) => up(g.id).includes(group.id)).map((g) => g.id);
        const [seats, occupancies, changes] = await Promise.all([
          this.em.query(
            `SELECT s.id, s.functional_group_id, s.name, s.external_id, s.required_fte, s.start_date, s.end_date FROM functional_positions s
              WHERE s.plan_id = $1 AND s.functional_group_id = ANY($2) AND ${overlaps('s', '$3', '$4')} ORDER BY s.name, s.id`,
            [ctx.planId, subtree, day, scheduleTo],
          ) as Promise<{ id: string; functional_group_id: string; name: string; external_id: string | null; required_fte: string; start_date: string; end_date: string | null }[]>,
          this.em.query(
            `SELECT a.id, a.functional_position_id AS "seatId", s.name AS "seatName",
                    CASE WHEN a.employee_id IS NOT NULL THEN 'employee' WHEN a.contractor_id IS NOT NULL THEN 'contractor' ELSE 'vacancy' END AS kind,
                    COALESCE(a.employee_id, a.contractor_id, a.vacancy_id) AS "personId", ${OCCUPANT_NAME} AS name, a.fte, a.start_date AS "startDate", a.end_date AS "endDate"
               FROM functional_assignments a
               JOIN functional_positions s ON s.plan_id = a.plan_id AND s.id = a.functional_position_id ${OCCUPANT_JOINS}
              WHERE a.plan_id = $1 AND s.functional_group_id = ANY($2) AND ${overlaps('a', '$3', '$4')}
              ORDER BY name, a.start_date, a.id`,
            [ctx.planId, subtree, bridgeFrom, to],
          ) as Promise<Occ[]>,
          this.em.query(
            `SELECT entity_type, entity_id, change_type, before, after, actor_type, actor_id, created_at FROM record_changes
              WHERE organization_id = $1 AND plan_id = $2 AND entity_type IN ('functional_group', 'functional_position', 'functional_assignment')
                AND (entity_id = ANY($3)
                     OR entity_id IN (SELECT id FROM functional_positions WHERE plan_id = $2 AND functional_group_id = ANY($3))
                     OR entity_id IN (SELECT a.id FROM functional_assignments a JOIN functional_positions s ON s.plan_id = a.plan_id AND s.id = a.functional_position_id
                                       WHERE a.plan_id = $2 AND s.functional_group_id = ANY($3)))
              ORDER BY seq DESC LIMIT 20`,
            [ctx.organizationId, ctx.planId, subtree],
          ) as Promise<ChangeRow[]>,
        ]);
        return { seats, occupancies, changes };
      })(),
    ]);
    const people = occupancies.filter((o): o is Occ & { kind: 'employee' | 'contractor' } => o.kind !== 'vacancy');
    const w = window30(day);
    const movement = (o: Occ & { kind: 'employee' | 'contractor' }): FunctionalMovementDto => ({
      assignmentId: o.id,
      positionId: o.seatId,
      positionName: o.seatName,
      kind: o.kind,
      personId: o.personId,
      name: o.name,
      fte: Number(o.fte),
      startDate: o.startDate,
      endDate: o.endDate,
    });

    let costs: Map<string, number> | null = null;
    if (book) {
      costs = new Map();
      const costBook = await book;
      if (people.length) {
        // Each occupancy's twelve months in one pass over its person's amounts; every month sums in people order.
        const totals = new Array<number>(12).fill(0);
        for (const o of people) {
          const months = costBook.monthCosts({ kind: o.kind, id: o.personId }, firstMonth, 12, { start: o.startDate, end: o.endDate, fte: Number(o.fte) });
          for (let i = 0; i < 12; i++) totals[i] += months[i];
        }
        for (let i = 0; i < 12; i++) costs.set(addMonths(firstMonth, i), totals[i]);
      }
    }
    const bridge: BridgeMonth[] = headcountBridge(people, firstMonth, 12, costs);

    const bySeat = new Map<string, Occ[]>();
    for (const o of occupancies) {
      if (o.startDate > scheduleTo || (o.endDate !== null && o.endDate < day)) continue;
      const list = bySeat.get(o.seatId);
      if (list) list.push(o);
      else bySeat.set(o.seatId, [o]);
    }
    return {
      ...this.view(group),
      asOf: day,
      figures: figures.get(group.id)!,
      arrivals: people.filter((o) => o.startDate >= w.arrivalsFrom && o.startDate <= w.arrivalsTo).map(movement),
      leavers: people.filter((o) => o.endDate !== null && o.endDate >= w.leaversFrom && o.endDate <= w.leaversTo).map(movement),
      schedule: {
        from: day,
        to: scheduleTo,
        positions: seats.map((s) => ({
          id: s.id,
          functionalGroupId: s.functional_group_id,
          name: s.name,
          externalId: s.external_id,
          requiredFte: Number(s.required_fte),
          startDate: s.start_date,
          endDate: s.end_date,
          occupancies: (bySeat.get(s.id as string) ?? [])
            .map((o) => ({ assignmentId: o.id, kind: o.kind, personId: o.personId, name: o.name, fte: Number(o.fte), startDate: o.startDate, endDate: o.endDate })),
        })),
      },
      bridge,
      recentChanges: changes.map(changeView),
    };
  }
}
