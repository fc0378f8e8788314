/**
 * Document 02's figures of a functional group on the as-of day, rolled up over its descendants
 * (spec 03 §1.6). Pure functions over one load of the plan's structure (no query per group): the
 * definitions are written out in docs/decisions.md "Functional structure: figures".
 */
import { addDays } from '../../common/dates';
import { dayNumber } from '../../cost/cost-math';
import { isActiveOn } from '../dated';
import type { FunctionalFiguresDto } from '../dto/functional-read-responses.dto';

/** FTEs are summed in ten-thousandths (the columns have four decimals), so sums are exact. */
const UNITS = 10_000;
export const fteUnits = (fte: string | number): number => Math.round(Number(fte) * UNITS);
const fromUnits = (units: number): number => units / UNITS;

export type Figures = FunctionalFiguresDto;

/** The groups active on the day with their parent that day (null = top level). */
export type GroupParents = ReadonlyMap<string, string | null>;

/**
 * The seats of one group (not its descendants) open on the as-of day, totalled by the database:
 * how many, their requiredFte (exact numeric text), how many have an employee or contractor occupant
 * that day (filled) and how many hold less than their requiredFte (open).
 */
export interface SeatTotals {
  groupId: string;
  positions: number;
  requiredFte: string;
  filled: number;
  open: number;
  /** The fte of vacancy assignments in these seats on the day (exact numeric text). */
  plannedFte: string;
}

/** An occupancy of a seat (of group `groupId`) by an employee or a contractor (vacancies are planned hires, not occupants). */
export interface OccupancyRow {
  groupId: string;
  kind: 'employee' | 'contractor';
  personId: string;
  fte: string;
  startDate: string;
  endDate: string | null;
  /** The occupancy's cost in the as-of month, when cost is visible. */
  monthCost?: number;
  /** The occupancy has days in the month its monthCost leaves out for want of a price. */
  unpriced?: boolean;
}

/** The group and its ancestors on the day, nearest first (a broken or cyclic chain stops). */
export function ancestry(parents: GroupParents): (groupId: string) => string[] {
  const memo = new Map<string, string[]>();
  const chain = (id: string, seen: Set<string>): string[] => {
    const known = memo.get(id);
    if (known) return known;
    const parent = parents.get(id) ?? null;
    const up = parent && parents.has(parent) && !seen.has(parent) ? chain(parent, new Set(seen).add(id)) : [];
    const result = [id, ...up];
    memo.set(id, result);
    return result;
  };
  return (id) => (parents.has(id) ? chain(id, new Set()) : []);
}

/** Day window of arrivals30 (first day asOf+1 .. asOf+30) and leavers30 (last day asOf .. asOf+29). */
export function window30(asOf: string): { arrivalsFrom: string; arrivalsTo: string; leaversFrom: string; leaversTo: string } {
  return { arrivalsFrom: addDays(asOf, 1), arrivalsTo: addDays(asOf, 30), leaversFrom: asOf, leaversTo: addDays(asOf, 29) };
}

/**
 * Figures of every group in `parents`, each including all its descendants on `asOf`.
 * `withCost` false: monthlyCost is null everywhere.
 */
export function computeFigures(
  parents: GroupParents,
  seats: readonly SeatTotals[],
  occupancies: readonly OccupancyRow[],
  asOf: string,
  withCost: boolean,
): Map<string, Figures> {
  // Groups, seats and people are numbered, so that the roll-up over each group's ancestors adds into
  // arrays (no string-keyed look-up per ancestor); each person is counted once per group by number.
  const up = ancestry(parents);
  const groupIds = [...parents.keys()];
  const groupIndex = new Map<string, number>();
  for (let g = 0; g < groupIds.length; g++) groupIndex.set(groupIds[g], g);
  const chains = groupIds.map((id) => up(id).map((g) => groupIndex.get(g)!));
  const totals = newTotals(groupIds.length);
  const { filledUnits, arrivals, leavers, cost, people, unpriced } = totals;
  const personIndex = { employee: new Map<string, number>(), contractor: new Map<string, number>() };
  const w = window30(asOf);
  for (const o of occupancies) {
    const group = groupIndex.get(o.groupId);
    if (group === undefined) continue;
    const chain = chains[group];
    const active = isActiveOn(o, asOf);
    let person = -1;
    let units = 0;
    if (active) {
      const numbers = personIndex[o.kind];
      person = numbers.get(o.personId) ?? -1;
      if (person < 0) {
        person = personIndex.employee.size + personIndex.contractor.size;
        numbers.set(o.personId, person);
      }
      units = fteUnits(o.fte);
    }
    const arrives = o.startDate >= w.arrivalsFrom && o.startDate <= w.arrivalsTo;
    const leaves = o.endDate !== null && o.endDate >= w.leaversFrom && o.endDate <= w.leaversTo;
    const monthCost = o.monthCost ?? 0;
    for (const g of chain) {
      if (active) {
        people[g].add(person);
        filledUnits[g] += units;
      }
      if (arrives) arrivals[g]++;
      if (leaves) leavers[g]++;
      cost[g] += monthCost;
      if (active && o.unpriced) unpriced[g].add(person);
    }
  }
  addSeats(totals, seats, groupIndex, chains);
  return figuresOf(totals, groupIds, withCost);
}

/** Per-group sums, indexed by group number (computeFigures). */
interface Totals {
  positions: Float64Array;
  filled: Float64Array;
  open: Float64Array;
  required: Float64Array;
  filledUnits: Float64Array;
  plannedUnits: Float64Array;
  arrivals: Float64Array;
  leavers: Float64Array;
  cost: Float64Array;
  people: Set<number>[];
  unpriced: Set<number>[];
}

function newTotals(n: number): Totals {
  const zeros = () => new Float64Array(n);
  return {
    positions: zeros(),
    filled: zeros(),
    open: zeros(),
    required: zeros(),
    filledUnits: zeros(),
    plannedUnits: zeros(),
    arrivals: zeros(),
    leavers: zeros(),
    cost: zeros(),
    people: Array.from({ length: n }, () => new Set<number>()),
    unpriced: Array.from({ length: n }, () => new Set<number>()),
  };
}

/** Adds every seat's counts to its group and the group's ancestors. */
function addSeats(totals: Totals, seats: readonly SeatTotals[], groupIndex: Map<string, number>, chains: number[][]): void {
  for (const t of seats) {
    const group = groupIndex.get(t.groupId);
    if (group === undefined) continue;
    const units = fteUnits(t.requiredFte);
    const planned = fteUnits(t.plannedFte);
    for (const g of chains[group]) {
      totals.positions[g] += t.positions;
      totals.required[g] += units;
      totals.plannedUnits[g] += planned;
      totals.filled[g] += t.filled;
      totals.open[g] += t.open;
    }
  }
}

function figuresOf(totals: Totals, groupIds: string[], withCost: boolean): Map<string, Figures> {
  const out = new Map<string, Figures>();
  groupIds.forEach((id, g) => {
    out.set(id, {
      headcount: totals.people[g].size,
      positions: totals.positions[g],
      filledPositions: totals.filled[g],
      openPositions: totals.open[g],
      requiredFte: fromUnits(totals.required[g]),
      filledFte: fromUnits(totals.filledUnits[g]),
      plannedFte: fromUnits(totals.plannedUnits[g]),
      arrivals30: totals.arrivals[g],
      leavers30: totals.leavers[g],
      monthlyCost: withCost ? Math.round(totals.cost[g] * 100) / 100 : null,
      unpricedPeople: withCost ? totals.unpriced[g].size : null,
    });
  });
  return out;
}

/** The month `n` months after `month` (YYYY-MM). */
export function addMonths(month: string, n: number): string {
  const [y, m] = month.split('-').map(Number);
  const d = new Date(Date.UTC(y, m - 1 + n, 1));
  return d.toISOString().slice(0, 7);
}

export function lastDayOf(month: string): string {
  const [y, m] = month.split('-').map(Number);
  return new Date(Date.UTC(y, m, 0)).toISOString().slice(0, 10);
}

export interface BridgeMonth {
  month: string;
  opening: number;
  joiners: number;
  leavers: number;
  closing: number;
  cost: number | null;
}

/**
 * The headcount bridge of `months` months from `firstMonth` over the occupancies of one group's
 * subtree. A person's days in the subtree are the union of their occupancies (a move between its
 * seats is neither a join nor a leave). closing = people on the month's last day; opening = the
 * previous month's closing; joiners = stays whose first day is in the month; leavers = stays whose
 * first day without the person (last day + 1) is in the month; so opening + joiners - leavers = closing.
 */
export function headcountBridge(
  occupancies: readonly Pick<OccupancyRow, 'kind' | 'personId' | 'startDate' | 'endDate'>[],
  firstMonth: string,
  months: number,
  costs: Map<string, number> | null,
): BridgeMonth[] {
  const byPerson = new Map<string, { start: string; end: string | null }[]>();
  for (const o of occupancies) {
    const key = `${o.kind}:${o.personId}`;
    const list = byPerson.get(key);
    if (list) list.push({ start: o.startDate, end: o.endDate });
    else byPerson.set(key, [{ start: o.startDate, end: o.endDate }]);
  }
  // Merge each person's occupancies into stays (overlapping or adjacent days join).
  const stays: { start: string; end: string | null }[] = [];
  for (const list of byPerson.values()) {
    if (list.length > 1) list.sort((a, b) => (a.start < b.start ? -1 : a.start > b.start ? 1 : 0));
    let current: { start: string; end: string | null } | null = null;
    for (const o of list) {
      // Adjacent: the day after the stay's last day is on or after the start (day numbers: no Date objects).
      if (current && (current.end === null || dayNumber(current.end) + 1 >= dayNumber(o.start))) {
        if (current.end !== null && (o.end === null || o.end > current.end)) current.end = o.end;
      } else {
        current = { ...o };
        stays.push(current);
      }
    }
  }
  const present = (day: string) => {
    let n = 0;
    for (const s of stays) if (s.start <= day && (s.end === null || s.end >= day)) n++;
    return n;
  };
  const out: BridgeMonth[] = [];
  for (let i = 0; i < months; i++) {
    const month = addMonths(firstMonth, i);
    const first = `${month}-01`;
    const last = lastDayOf(month);
    const eve = addDays(first, -1);
    let joiners = 0;
    let leavers = 0;
    for (const s of stays) {
      if (s.start >= first && s.start <= last) joiners++;
      if (s.end !== null && s.end >= eve && s.end < last) leavers++;
    }
    out.push({
      month,
      opening: present(eve),
      joiners,
      leavers,
      closing: present(last),
      cost: costs ? Math.round((costs.get(month) ?? 0) * 100) / 100 : null,
    });
  }
  return out;
}
