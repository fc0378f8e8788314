/**
 * Document 02's figures of a functional group on the as-of day, rolled up over its descendants
 * (spec 03 §1.6). Pure functions over one load of the plan's structure (no query per group): the
 * definitions are written out in docs/decisions.md "Functional structure: figures".
 */
import { addDays } from '../common/dates';
import { isActiveOn } from './dated';

/** FTEs are summed in ten-thousandths (the columns have four decimals), so sums are exact. */
const UNITS = 10_000;
export const fteUnits = (fte: string | number): number => Math.round(Number(fte) * UNITS);
const fromUnits = (units: number): number => units / UNITS;

export interface Figures {
  headcount: number;
  positions: number;
  filledPositions: number;
  openPositions: number;
  requiredFte: number;
  filledFte: number;
  arrivals30: number;
  leavers30: number;
  monthlyCost: number | null;
}

/** The groups active on the day with their parent that day (null = top level). */
export type GroupParents = ReadonlyMap<string, string | null>;

export interface SeatRow {
  id: string;
  groupId: string;
  requiredFte: string;
  startDate: string;
  endDate: string | null;
}

/** An occupancy of a seat by an employee or a contractor (vacancies are planned hires, not occupants). */
export interface OccupancyRow {
  seatId: string;
  kind: 'employee' | 'contractor';
  personId: string;
  fte: string;
  startDate: string;
  endDate: string | null;
  /** The occupancy's cost in the as-of month, when cost is visible. */
  monthCost?: number;
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
export function computeFigures(parents: GroupParents, seats: readonly SeatRow[], occupancies: readonly OccupancyRow[], asOf: string, withCost: boolean): Map<string, Figures> {
  const up = ancestry(parents);
  const acc = new Map<string, { people: Set<string>; positions: number; filled: number; open: number; required: number; filledUnits: number; arrivals: number; leavers: number; cost: number }>();
  for (const id of parents.keys()) acc.set(id, { people: new Set(), positions: 0, filled: 0, open: 0, required: 0, filledUnits: 0, arrivals: 0, leavers: 0, cost: 0 });

  const seatGroup = new Map<string, string>();
  for (const s of seats) seatGroup.set(s.id, s.groupId);
  // Supply on the day per seat (employees and contractors only).
  const supply = new Map<string, number>();
  const w = window30(asOf);
  for (const o of occupancies) {
    const groupId = seatGroup.get(o.seatId);
    if (!groupId) continue;
    const chain = up(groupId);
    const active = isActiveOn(o, asOf);
    if (active) supply.set(o.seatId, (supply.get(o.seatId) ?? 0) + fteUnits(o.fte));
    const arrives = o.startDate >= w.arrivalsFrom && o.startDate <= w.arrivalsTo;
    const leaves = o.endDate !== null && o.endDate >= w.leaversFrom && o.endDate <= w.leaversTo;
    for (const g of chain) {
      const a = acc.get(g)!;
      if (active) {
        a.people.add(`${o.kind}:${o.personId}`);
        a.filledUnits += fteUnits(o.fte);
      }
      if (arrives) a.arrivals++;
      if (leaves) a.leavers++;
      a.cost += o.monthCost ?? 0;
    }
  }
  for (const s of seats) {
    if (!isActiveOn(s, asOf)) continue;
    const held = supply.get(s.id) ?? 0;
    const required = fteUnits(s.requiredFte);
    for (const g of up(s.groupId)) {
      const a = acc.get(g)!;
      a.positions++;
      a.required += required;
      if (held > 0) a.filled++;
      if (held < required) a.open++;
    }
  }
  const out = new Map<string, Figures>();
  for (const [id, a] of acc) {
    out.set(id, {
      headcount: a.people.size,
      positions: a.positions,
      filledPositions: a.filled,
      openPositions: a.open,
      requiredFte: fromUnits(a.required),
      filledFte: fromUnits(a.filledUnits),
      arrivals30: a.arrivals,
      leavers30: a.leavers,
      monthlyCost: withCost ? Math.round(a.cost * 100) / 100 : null,
    });
  }
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
export function headcountBridge(occupancies: readonly OccupancyRow[], firstMonth: string, months: number, costs: Map<string, number> | null): BridgeMonth[] {
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
    list.sort((a, b) => (a.start < b.start ? -1 : a.start > b.start ? 1 : 0));
    let current: { start: string; end: string | null } | null = null;
    for (const o of list) {
      if (current && (current.end === null || addDays(current.end, 1) >= o.start)) {
        if (current.end !== null && (o.end === null || o.end > current.end)) current.end = o.end;
      } else {
        current = { ...o };
        stays.push(current);
      }
    }
  }
  const present = (day: string) => stays.filter((s) => s.start <= day && (s.end === null || s.end >= day)).length;
  const out: BridgeMonth[] = [];
  for (let i = 0; i < months; i++) {
    const month = addMonths(firstMonth, i);
    const first = `${month}-01`;
    const last = lastDayOf(month);
    out.push({
      month,
      opening: present(addDays(first, -1)),
      joiners: stays.filter((s) => s.start >= first && s.start <= last).length,
      leavers: stays.filter((s) => s.end !== null && s.end >= addDays(first, -1) && s.end < last).length,
      closing: present(last),
      cost: costs ? Math.round((costs.get(month) ?? 0) * 100) / 100 : null,
    });
  }
  return out;
}
