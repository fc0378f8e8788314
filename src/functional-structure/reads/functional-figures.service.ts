import { Injectable } from '@nestjs/common';
import type { RequestContext } from '../../common/auth/request-context';
import { CostBook, CostService } from '../../cost/cost.service';
import type { FunctionalTreeDto, FunctionalTreeNodeDto } from '../dto/functional-read-responses.dto';
import { ancestry, computeFigures, Figures, GroupParents, window30 } from './figures';
import { FunctionalAccessService } from '../access/functional-access.service';
import { FunctionalFiguresRepository, seatHoldersSql } from './functional-figures.repository';
import { FunctionalReadRepository, GroupRow } from './functional-read.repository';
import { FunctionalReadService } from './functional-read.service';
import { groupView } from './read-views';
import { UnitOfWork } from '../../database/unit-of-work';

export const TREE_LIMIT = 500;

/** Document 02's figures of every group (rolled up over descendants) and the tree that shows them. */
@Injectable()
export class FunctionalFiguresService {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly cost: CostService,
    private readonly access: FunctionalAccessService,
    private readonly reads: FunctionalReadService,
    private readonly groups: FunctionalReadRepository,
    private readonly rows: FunctionalFiguresRepository,
  ) {}

  /**
   * Figures of every group active on the day (rolled up over descendants), from one load of the
   * plan's groups and placements, each group's seat totals (summed by the database) and the
   * employee/contractor occupancies of the as-of month and 30-day windows: a fixed number of queries,
   * run at once, whatever the size. `book`: the cost book to use when the caller already has one.
   */
  async figures(
    ctx: RequestContext,
    day: string,
    book?: Promise<CostBook> | null,
  ): Promise<{ groups: GroupRow[]; figures: Map<string, Figures> }> {
    const month = day.slice(0, 7);
    const w = window30(day);
    const from = `${month}-01` < day ? `${month}-01` : day;
    const monthEnd = new Date(Date.UTC(Number(day.slice(0, 4)), Number(day.slice(5, 7)), 0)).toISOString().slice(0, 10);
    const to = monthEnd > w.arrivalsTo ? monthEnd : w.arrivalsTo;
    const withCost = CostService.canSeeCost(ctx);
    // The loads are independent (the cost book finds the seat holders itself): run them at once on the pool.
    const [groups, seats, occupancies, costBook] = await Promise.all([
      this.groups.allGroups(ctx, day),
      this.rows.seatTotals(ctx, day),
      this.rows.peopleOccupancies(ctx, from, to),
      book !== undefined
        ? book
        : withCost
          ? this.cost.book(this.uow.read(ctx), { selectedBy: seatHoldersSql(from, to) }, { from: `${month}-01`, to: monthEnd })
          : null,
    ]);
    const parents = new Map(groups.map((g) => [g.id, g.parent_id]));
    if (costBook) {
      for (const o of occupancies) {
        const occupancy = { start: o.startDate, end: o.endDate, fte: Number(o.fte) };
        o.monthCost = costBook.monthCost({ kind: o.kind, id: o.personId }, month, occupancy);
        o.unpriced = costBook.unpriced({ kind: o.kind, id: o.personId }, month, occupancy);
      }
    }
    return { groups, figures: computeFigures(parents, seats, occupancies, day, withCost) };
  }

  /** GET /tree: the visible hierarchy on the day, name order at every level, at most 500 groups. */
  /** The currency of the figures' monthlyCost: the organization's reporting currency. */
  async currency(ctx: RequestContext): Promise<string> {
    return this.cost.reportingCurrency(this.uow.read(ctx));
  }

  async tree(ctx: RequestContext, asOf: string | undefined): Promise<FunctionalTreeDto> {
    const day = this.reads.day(asOf);
    const { groups: all, figures } = await this.figures(ctx, day);
    const parents: GroupParents = new Map(all.map((g) => [g.id, g.parent_id]));
    const viewer = await this.reads.viewer(ctx, async () => parents);
    const groups = viewer.all ? all : all.filter((g) => viewer.access(g.id) !== null);
    const grants = await this.access.grants(this.uow.read(ctx));
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
    const build = (parent: string | null): FunctionalTreeNodeDto[] => {
      const out: FunctionalTreeNodeDto[] = [];
      for (const g of (byParent.get(parent) ?? []).sort(byName)) {
        if (count >= TREE_LIMIT) break;
        count++;
        const view = groupView({ ...g, viewer_access: viewer.access(g.id) ?? 'READER' });
        const node: FunctionalTreeNodeDto = { ...view, figures: figures.get(g.id)!, managers: grants.managersOf(up(g.id)), children: [] };
        out.push(node);
        node.children = build(g.id);
      }
      return out;
    };
    const roots = build(null);
    return { groups: roots, totalGroups: groups.length, truncated: groups.length > count };
  }
}
