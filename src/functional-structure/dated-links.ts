import { Injectable } from '@nestjs/common';
import { addDays } from '../common/dates';
import { newId } from '../common/ids';
import type { Tx } from '../database/unit-of-work';
import { Dated, isActiveOn } from './dated';
import { DatedLinkRepository, LinkTable } from './dated-link.repository';
import type { TxScope } from './functional-structure.repository';
import { fail } from './write-rules';

export { PLACEMENTS, REPORTS } from './dated-link.repository';
export type { LinkTable } from './dated-link.repository';

/**
 * The dated link engine of the functional structure (document 02): where a group sits (placements) and
 * whom a seat reports to (reporting lines) are dated links whose days cover their owner's days exactly,
 * never overlap, and change from an effective day on. Every change of a link goes through here and is
 * recorded as history only (`notify: false`): the owner's own change announces it.
 */
@Injectable()
export class DatedLinks {
  constructor(private readonly rows: DatedLinkRepository) {}

  /** The target on `day` (a group's parent, a seat's line), null when none. */
  targetOn(tx: TxScope, link: LinkTable, ownerId: string, day: string): Promise<string | null> {
    return this.rows.targetOn(tx, link, ownerId, day);
  }

  /** The first day of `days` on which linking ownerId to `from` would make a cycle, or null. */
  firstCycleDay(tx: TxScope, link: LinkTable, from: string, ownerId: string, days: Dated): Promise<string | null> {
    return this.rows.firstCycleDay(tx, link, from, ownerId, days);
  }

  /** The first link of a new owner, covering its days. */
  async insert(tx: Tx, link: LinkTable, ownerId: string, targetId: string | null, dates: Dated): Promise<void> {
    const id = newId();
    await this.rows.insert(tx, link, { id, ownerId, targetId, ...dates });
    const after = {
      id,
      organizationId: tx.ctx.organizationId,
      [link.owner]: ownerId,
      [link.target]: targetId,
      startDate: dates.startDate,
      endDate: dates.endDate,
    };
    tx.record({ entityType: link.entityType, entityId: id, changeType: 'create', before: null, after, notify: false });
  }

  /**
   * A record's own links cover exactly its days: when the days change the first link starts on the
   * new start and the last ends on the new end. A link starting after the new end is a scheduled
   * change (FUTURE_CHANGES_EXIST); one that would lose all its days to the new start is refused
   * (OUTSIDE_ACTIVE_DATES). Each refitted link's target must cover it (`checkTarget`).
   */
  async refit(
    tx: Tx,
    link: LinkTable,
    ownerId: string,
    dates: Dated,
    checkTarget: (targetId: string, days: Dated) => Promise<void>,
  ): Promise<void> {
    const links = await this.rows.list(tx, link, ownerId);
    const later = links.slice(1).find((l) => dates.endDate !== null && l.startDate > dates.endDate);
    if (later)
      fail('FUTURE_CHANGES_EXIST', `A change of ${link.label} is scheduled from ${later.startDate}, after the end date ${dates.endDate}`);
    const lost = links.slice(1).find((l) => l.startDate <= dates.startDate);
    if (lost)
      fail(
        'OUTSIDE_ACTIVE_DATES',
        `A change of ${link.label} on ${lost.startDate} would fall before the new start date ${dates.startDate}`,
      );
    for (const [i, l] of links.entries()) {
      const next: Dated = {
        startDate: i === 0 ? dates.startDate : l.startDate,
        endDate: i === links.length - 1 ? dates.endDate : l.endDate,
      };
      if (next.startDate === l.startDate && next.endDate === l.endDate) continue;
      if (l.target !== null) await checkTarget(l.target, next);
      await this.rows.setDays(tx, link, l.id, next);
      tx.record({
        entityType: link.entityType,
        entityId: l.id,
        changeType: 'update',
        before: { ...l },
        after: { ...l, ...next },
        notify: false,
      });
    }
  }

  /**
   * Points the owner at `targetId` from `day` on: the link active on `day` ends the day before and a
   * new one starts on `day` (on the link's first day it is changed in place). A link already
   * scheduled after `day` is FUTURE_CHANGES_EXIST. Returns the previous target, or null when unchanged.
   */
  async relink(tx: Tx, link: LinkTable, ownerId: string, day: string, targetId: string | null): Promise<{ before: string | null } | null> {
    const links = await this.rows.list(tx, link, ownerId);
    const later = links.find((l) => l.startDate > day);
    if (later) fail('FUTURE_CHANGES_EXIST', `A change is already scheduled from ${later.startDate}, after effectiveDate ${day}`);
    const current = links.find((l) => isActiveOn(l, day));
    if (!current) fail('OUTSIDE_ACTIVE_DATES', `Nothing is placed on ${day}`);
    if (current.target === targetId) return null;
    if (current.startDate === day) {
      await this.rows.setTarget(tx, link, current.id, targetId);
      tx.record({
        entityType: link.entityType,
        entityId: current.id,
        changeType: 'update',
        before: { ...current },
        after: { ...current, target: targetId },
        notify: false,
      });
    } else {
      const endDate = addDays(day, -1);
      await this.rows.setDays(tx, link, current.id, { startDate: current.startDate, endDate });
      tx.record({
        entityType: link.entityType,
        entityId: current.id,
        changeType: 'update',
        before: { ...current },
        after: { ...current, endDate },
        notify: false,
      });
      await this.insert(tx, link, ownerId, targetId, { startDate: day, endDate: current.endDate });
    }
    return { before: current.target };
  }
}
