import { Injectable } from '@nestjs/common';
import type { RequestContext } from '../../common/auth/request-context';
import { todayUtc } from '../../common/dates';
import { DomainError } from '../../common/errors/domain-error';
import { CustomAttributeValuesRepository } from '../../custom-attributes/custom-attribute-values.repository';
import type { CustomAttributeValueDto } from '../../custom-attributes/dto/custom-attribute-value.dto';
import type { FunctionalGroupDetailDto, FunctionalGroupListDto, FunctionalPositionPageDto } from '../dto/functional-read-responses.dto';
import type { FunctionalListQueryDto, FunctionalPageQueryDto } from '../dto/functional-read.dto';
import { ancestry, GroupParents } from './figures';
import { EDIT_ALL_FUNCTIONAL_GROUPS, FunctionalAccessService, Viewer } from '../access/functional-access.service';
import { FunctionalReadRepository, GroupFilter, GroupRow, Page, SeatFilter } from './functional-read.repository';
import { changeView, groupView, seatPageView } from './read-views';
import type { PlanKey } from '../../database/distribution';
import { UnitOfWork } from '../../database/unit-of-work';

/**
 * Document 02's reads of groups and seats, all on the as-of day of `ctx.planId` (live or the scenario
 * named by scenarioId). What the caller sees, and its viewerAccess, come from
 * FunctionalAccessService.viewer (capabilities and access grants); a group it cannot see is a 404.
 * The tree is FunctionalFiguresService's, a group's summary FunctionalSummaryService's.
 */
@Injectable()
export class FunctionalReadService {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly rows: FunctionalReadRepository,
    private readonly access: FunctionalAccessService,
    private readonly values: CustomAttributeValuesRepository,
  ) {}

  day(asOf: string | undefined): string {
    return asOf ?? todayUtc();
  }

  /** The groups active on the day with their parent that day, loaded at most once per call. */
  parentsLoader(plan: PlanKey, day: string): () => Promise<GroupParents> {
    let loaded: Promise<GroupParents> | undefined;
    return () => (loaded ??= this.rows.parents(plan, day));
  }

  viewer(ctx: RequestContext, parents: () => Promise<GroupParents>): Promise<Viewer> {
    return this.access.viewer(this.uow.read(ctx), parents);
  }

  /** GET /: search, parentId, rootsOnly, offset, limit; sorted by name. */
  async list(ctx: RequestContext, q: FunctionalListQueryDto): Promise<FunctionalGroupListDto> {
    const day = this.day(q.asOf);
    const parents = this.parentsLoader(ctx, day);
    const viewer = await this.viewer(ctx, parents);
    const filter: GroupFilter = {
      ids: viewer.all ? undefined : viewer.visible(await parents()),
      search: q.search || undefined,
      parentId: q.parentId,
      rootsOnly: q.rootsOnly,
    };
    const { total, rows } = await this.rows.groupPage(ctx, day, filter, pageOf(q));
    return {
      groups: rows.map((r) => groupView({ ...r, viewer_access: viewer.access(r.id) ?? 'READER' })),
      total,
      canCreateRoot: ctx.capabilities.has(EDIT_ALL_FUNCTIONAL_GROUPS) && ctx.permissions.has('functional_groups_edit'),
      canShare: this.access.canShareAll(ctx),
    };
  }

  /** The group (by id, or by externalId) active on the day and visible to the caller (with viewer_access), or 404. */
  async findGroup(ctx: RequestContext, idOrExternalId: string, day: string, parents = this.parentsLoader(ctx, day)): Promise<GroupRow> {
    const row = await this.rows.groupByRef(ctx, day, idOrExternalId);
    const access = row ? (await this.viewer(ctx, parents)).access(row.id) : null;
    if (!row || !access) throw DomainError.notFound('Functional group', idOrExternalId);
    return { ...row, viewer_access: access };
  }

  /** GET /:id: the group, its parent, a page of seats with occupants, totalPositions, grants and history. */
  async get(ctx: RequestContext, idOrExternalId: string, q: FunctionalPageQueryDto): Promise<FunctionalGroupDetailDto> {
    const day = this.day(q.asOf);
    const parents = this.parentsLoader(ctx, day);
    const row = await this.findGroup(ctx, idOrExternalId, day, parents);
    const grants = await this.access.grants(this.uow.read(ctx));
    const parent = row.parent_id ? await this.rows.groupRef(ctx, row.parent_id) : null;
    const page = await this.seatPage(ctx, day, { groupId: row.id }, pageOf(q));
    const history = await this.rows.history(ctx.organizationId, ctx.planId, row.id);
    return {
      ...groupView(row),
      parent,
      positions: page.positions,
      totalPositions: page.total,
      accessGrants: grants.grantsOn(ancestry(await parents())(row.id)),
      history: history.map(changeView),
    };
  }

  /** A page of seats active on the day (name order) with their reporting line and occupants that day. */
  async seatPage(ctx: RequestContext, day: string, filter: SeatFilter, page: Page): Promise<FunctionalPositionPageDto> {
    const { total, seats, occupants } = await this.rows.seatPage(ctx, day, filter, page);
    return seatPageView(total, seats, occupants);
  }

  /** GET /:id/positions: seats open on the day with occupants; search, parentId (reports to), rootsOnly. */
  async positions(ctx: RequestContext, idOrExternalId: string, q: FunctionalListQueryDto): Promise<FunctionalPositionPageDto> {
    const day = this.day(q.asOf);
    const group = await this.findGroup(ctx, idOrExternalId, day);
    return this.seatPage(
      ctx,
      day,
      { groupId: group.id, search: q.search || undefined, reportsTo: q.parentId, rootsOnly: q.rootsOnly },
      pageOf(q),
    );
  }

  /** The custom attribute values of a group or a seat active on the day (404 otherwise). */
  async attributes(
    ctx: RequestContext,
    kind: 'group' | 'position',
    id: string,
    asOf: string | undefined,
  ): Promise<CustomAttributeValueDto[]> {
    const day = this.day(asOf);
    if (kind === 'group') {
      const g = await this.findGroup(ctx, id, day);
      return this.values.values(this.uow.read(ctx), 'FUNCTIONAL_GROUP', g.id);
    }
    const seat = await this.rows.seatOn(ctx, day, id);
    if (!seat || !(await this.viewer(ctx, this.parentsLoader(ctx, day))).access(seat.group_id))
      throw DomainError.notFound('Functional position', id);
    return this.values.values(this.uow.read(ctx), 'FUNCTIONAL_POSITION', seat.id);
  }
}

/** offset and limit of a page query (defaults 0 and 20). */
function pageOf(q: FunctionalPageQueryDto): Page {
  return { offset: q.offset ?? 0, limit: q.limit ?? 20 };
}
