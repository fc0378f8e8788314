import { Injectable } from '@nestjs/common';
import type { RequestContext } from '../../common/auth/request-context';
import { addDays } from '../../common/dates';
import { CostBook, CostService } from '../../cost/cost.service';
import type { FunctionalMovementDto, FunctionalScheduleDto, FunctionalSummaryDto } from '../dto/functional-read-responses.dto';
import { addMonths, ancestry, headcountBridge, lastDayOf, window30 } from './figures';
import { FunctionalFiguresRepository, ScheduleSeatRow, seatHoldersSql, SubtreeOccupancy } from './functional-figures.repository';
import { FunctionalFiguresService } from './functional-figures.service';
import { ChangeRow, FunctionalReadRepository } from './functional-read.repository';
import { FunctionalReadService } from './functional-read.service';
import { changeView, groupView } from './read-views';
import { UnitOfWork } from '../../database/unit-of-work';

/** The days a summary covers: the seat schedule's year from the as-of day, and the bridge's twelve months. */
interface SummaryWindows {
  day: string;
  scheduleTo: string;
  firstMonth: string;
  bridgeFrom: string;
  bridgeTo: string;
  /** The later of scheduleTo and bridgeTo. */
  to: string;
}

type PersonOccupancy = SubtreeOccupancy & { kind: 'employee' | 'contractor' };

/**
 * GET /:id/summary (document 02): the group's figures; arrivals and leavers of the next 30 days by name;
 * every seat and occupancy of the next twelve months; the twelve-month headcount bridge; the last 20
 * changes. The subtree is the group's descendants on the as-of day.
 */
@Injectable()
export class FunctionalSummaryService {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly cost: CostService,
    private readonly reads: FunctionalReadService,
    private readonly figures: FunctionalFiguresService,
    private readonly groups: FunctionalReadRepository,
    private readonly rows: FunctionalFiguresRepository,
  ) {}

  async summary(ctx: RequestContext, idOrExternalId: string, asOf: string | undefined): Promise<FunctionalSummaryDto> {
    const w = summaryWindows(this.reads.day(asOf));
    const group = await this.reads.findGroup(ctx, idOrExternalId, w.day);
    // One cost book for the figures and the bridge: the seat holders of [bridgeFrom, to] for the twelve months.
    const book = CostService.canSeeCost(ctx)
      ? this.cost.book(
          this.uow.read(ctx),
          { selectedBy: seatHoldersSql(w.bridgeFrom, w.to) },
          { from: `${w.firstMonth}-01`, to: w.bridgeTo },
        )
      : null;
    book?.catch(() => undefined); // a failure surfaces where the book is awaited, not as an unhandled rejection
    // The plan's figures and the subtree's own reads are independent: load them at once on the pool.
    const [{ figures }, { seats, occupancies, changes }] = await Promise.all([
      this.figures.figures(ctx, w.day, book),
      this.subtree(ctx, group.id, w),
    ]);
    const people = occupancies.filter((o): o is PersonOccupancy => o.kind !== 'vacancy');
    const moves = window30(w.day);
    const costs = book ? monthCosts(await book, people, w.firstMonth) : null;
    return {
      ...groupView(group),
      asOf: w.day,
      figures: figures.get(group.id)!,
      arrivals: people.filter((o) => o.startDate >= moves.arrivalsFrom && o.startDate <= moves.arrivalsTo).map(movement),
      leavers: people.filter((o) => o.endDate !== null && o.endDate >= moves.leaversFrom && o.endDate <= moves.leaversTo).map(movement),
      schedule: schedule(w, seats, occupancies),
      bridge: headcountBridge(people, w.firstMonth, 12, costs),
      recentChanges: changes.map(changeView),
    };
  }

  /** The subtree of the group on the day, and its seats, occupancies and last changes. */
  private async subtree(
    ctx: RequestContext,
    groupId: string,
    w: SummaryWindows,
  ): Promise<{ seats: ScheduleSeatRow[]; occupancies: SubtreeOccupancy[]; changes: ChangeRow[] }> {
    const groups = await this.groups.allGroups(ctx, w.day);
    const up = ancestry(new Map(groups.map((g) => [g.id, g.parent_id])));
    const subtree = groups.filter((g) => up(g.id).includes(groupId)).map((g) => g.id);
    const [seats, occupancies, changes] = await Promise.all([
      this.rows.subtreeSeats(ctx, subtree, w.day, w.scheduleTo),
      this.rows.subtreeOccupancies(ctx, subtree, w.bridgeFrom, w.to),
      this.rows.subtreeChanges(ctx.organizationId, ctx.planId, subtree),
    ]);
    return { seats, occupancies, changes };
  }
}

function summaryWindows(day: string): SummaryWindows {
  const [y, m, d] = day.split('-').map(Number);
  const scheduleTo = addDays(new Date(Date.UTC(y + 1, m - 1, d)).toISOString().slice(0, 10), -1);
  const firstMonth = day.slice(0, 7);
  const bridgeFrom = addDays(`${firstMonth}-01`, -1);
  const bridgeTo = lastDayOf(addMonths(firstMonth, 11));
  return { day, scheduleTo, firstMonth, bridgeFrom, bridgeTo, to: bridgeTo > scheduleTo ? bridgeTo : scheduleTo };
}

/** The people's cost per month of the twelve: each occupancy's months in one pass; every month sums in people order. */
function monthCosts(book: CostBook, people: readonly PersonOccupancy[], firstMonth: string): Map<string, number> {
  const costs = new Map<string, number>();
  if (!people.length) return costs;
  const totals = new Array<number>(12).fill(0);
  for (const o of people) {
    const months = book.monthCosts({ kind: o.kind, id: o.personId }, firstMonth, 12, {
      start: o.startDate,
      end: o.endDate,
      fte: Number(o.fte),
    });
    for (let i = 0; i < 12; i++) totals[i] += months[i];
  }
  for (let i = 0; i < 12; i++) costs.set(addMonths(firstMonth, i), totals[i]);
  return costs;
}

function movement(o: PersonOccupancy): FunctionalMovementDto {
  return {
    assignmentId: o.id,
    positionId: o.seatId,
    positionName: o.seatName,
    kind: o.kind,
    personId: o.personId,
    name: o.name,
    fte: Number(o.fte),
    startDate: o.startDate,
    endDate: o.endDate,
  };
}

/** Every seat of the schedule year with the occupancies that touch [day, scheduleTo]. */
function schedule(w: SummaryWindows, seats: readonly ScheduleSeatRow[], occupancies: readonly SubtreeOccupancy[]): FunctionalScheduleDto {
  const bySeat = new Map<string, SubtreeOccupancy[]>();
  for (const o of occupancies) {
    if (o.startDate > w.scheduleTo || (o.endDate !== null && o.endDate < w.day)) continue;
    const list = bySeat.get(o.seatId);
    if (list) list.push(o);
    else bySeat.set(o.seatId, [o]);
  }
  return {
    from: w.day,
    to: w.scheduleTo,
    positions: seats.map((s) => ({
      id: s.id,
      functionalGroupId: s.functional_group_id,
      name: s.name,
      externalId: s.external_id,
      requiredFte: Number(s.required_fte),
      startDate: s.start_date,
      endDate: s.end_date,
      occupancies: (bySeat.get(s.id) ?? []).map((o) => ({
        assignmentId: o.id,
        kind: o.kind,
        personId: o.personId,
        name: o.name,
        fte: Number(o.fte),
        startDate: o.startDate,
        endDate: o.endDate,
      })),
    })),
  };
}
