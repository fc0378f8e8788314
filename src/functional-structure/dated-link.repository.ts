import { Injectable } from '@nestjs/common';
import { activeOn, Dated, daysOf } from './dated';
import type { TxScope } from './functional-structure.repository';
import { GenerateSql } from '../common/generate-sql';

/** A dated link table: group placements (group -> parent) and reporting lines (seat -> seat). */
export interface LinkTable {
  table: 'functional_group_placements' | 'functional_position_reports';
  ownerColumn: 'group_id' | 'position_id';
  targetColumn: 'parent_group_id' | 'reports_to_position_id';
  /** The record's own change type and its payload's field names. */
  entityType: 'functional_group_placement' | 'functional_position_report';
  owner: 'groupId' | 'positionId';
  target: 'parentGroupId' | 'reportsToPositionId';
  /** "parent" or "reporting line", for messages. */
  label: string;
}

export const PLACEMENTS: LinkTable = {
  table: 'functional_group_placements',
  ownerColumn: 'group_id',
  targetColumn: 'parent_group_id',
  entityType: 'functional_group_placement',
  owner: 'groupId',
  target: 'parentGroupId',
  label: 'parent',
};

export const REPORTS: LinkTable = {
  table: 'functional_position_reports',
  ownerColumn: 'position_id',
  targetColumn: 'reports_to_position_id',
  entityType: 'functional_position_report',
  owner: 'positionId',
  target: 'reportsToPositionId',
  label: 'reporting line',
};

/** One link of an owner: its days and its target (null: top level, or reports to no seat). */
export type LinkRow = { id: string; startDate: string; endDate: string | null; target: string | null };

/** The rows of the two dated link tables, in the transaction's plan. */
@Injectable()
export class DatedLinkRepository {
  /** The owner's links, first day first (they never overlap). */
  @GenerateSql({ params: (s) => [s.tx, PLACEMENTS, s.id] })
  list(tx: TxScope, link: LinkTable, ownerId: string): Promise<LinkRow[]> {
    return tx.em.query(
      `SELECT l.id, l.start_date AS "startDate", l.end_date AS "endDate", l.${link.targetColumn} AS target
         FROM ${link.table} l WHERE l.organization_id = $3 AND l.plan_id = $1 AND l.${link.ownerColumn} = $2 ORDER BY l.start_date`,
      [tx.ctx.planId, ownerId, tx.ctx.organizationId],
    );
  }

  /** The target on `day`, null when none. */
  @GenerateSql({ params: (s) => [s.tx, REPORTS, s.id, s.day] })
  async targetOn(tx: TxScope, link: LinkTable, ownerId: string, day: string): Promise<string | null> {
    const rows: { target: string | null }[] = await tx.em.query(
      `SELECT l.${link.targetColumn} AS target FROM ${link.table} l WHERE l.organization_id = $4 AND l.plan_id = $1 AND l.${link.ownerColumn} = $2 AND ${activeOn('l', '$3')}`,
      [tx.ctx.planId, ownerId, day, tx.ctx.organizationId],
    );
    return rows[0]?.target ?? null;
  }

  @GenerateSql({ params: (s) => [s.tx, PLACEMENTS, { id: s.id, ownerId: s.id, targetId: null, startDate: s.day, endDate: null }] })
  async insert(tx: TxScope, link: LinkTable, row: { id: string; ownerId: string; targetId: string | null } & Dated): Promise<void> {
    await tx.em.query(
      `INSERT INTO ${link.table} (plan_id, id, organization_id, ${link.ownerColumn}, ${link.targetColumn}, start_date, end_date) VALUES ($1, $2, $3, $4, $5, $6, $7)`,
      [tx.ctx.planId, row.id, tx.ctx.organizationId, row.ownerId, row.targetId, row.startDate, row.endDate],
    );
  }

  @GenerateSql({ params: (s) => [s.tx, PLACEMENTS, s.id, { startDate: s.day, endDate: null }] })
  async setDays(tx: TxScope, link: LinkTable, id: string, days: Dated): Promise<void> {
    await tx.em.query(
      `UPDATE ${link.table} SET start_date = $3, end_date = $4, updated_at = CURRENT_TIMESTAMP WHERE organization_id = $5 AND plan_id = $1 AND id = $2`,
      [tx.ctx.planId, id, days.startDate, days.endDate, tx.ctx.organizationId],
    );
  }

  @GenerateSql({ params: (s) => [s.tx, REPORTS, s.id, null] })
  async setTarget(tx: TxScope, link: LinkTable, id: string, targetId: string | null): Promise<void> {
    await tx.em.query(
      `UPDATE ${link.table} SET ${link.targetColumn} = $3, updated_at = CURRENT_TIMESTAMP WHERE organization_id = $4 AND plan_id = $1 AND id = $2`,
      [tx.ctx.planId, id, targetId, tx.ctx.organizationId],
    );
  }

  /**
   * The first day within `days` on which `ownerId` is `from` or above it, walking up the dated links
   * of `from`: linking ownerId to `from` would make a cycle on that day.
   */
  @GenerateSql({ params: (s) => [s.tx, PLACEMENTS, s.day, s.id, { startDate: s.day, endDate: null }] })
  async firstCycleDay(tx: TxScope, link: LinkTable, from: string, ownerId: string, days: Dated): Promise<string | null> {
    const rows: { day: string }[] = await tx.em.query(
      `WITH RECURSIVE up(node, days, depth) AS (
         SELECT l.${link.targetColumn}, ${daysOf('l')} * daterange($3::date, $4::date, '[]'), 1
           FROM ${link.table} l
          WHERE l.organization_id = $6 AND l.plan_id = $1 AND l.${link.ownerColumn} = $2 AND l.${link.targetColumn} IS NOT NULL AND ${daysOf('l')} && daterange($3::date, $4::date, '[]')
         UNION ALL
         SELECT l.${link.targetColumn}, up.days * ${daysOf('l')}, up.depth + 1
           FROM up JOIN ${link.table} l ON l.organization_id = $6 AND l.plan_id = $1 AND l.${link.ownerColumn} = up.node
          WHERE l.${link.targetColumn} IS NOT NULL AND ${daysOf('l')} && up.days AND up.node <> $5 AND up.depth < 1000
       )
       SELECT to_char(min(lower(days)), 'YYYY-MM-DD') AS day FROM up WHERE node = $5 HAVING count(*) > 0`,
      [tx.ctx.planId, from, days.startDate, days.endDate, ownerId, tx.ctx.organizationId],
    );
    return rows[0]?.day ?? null;
  }
}
