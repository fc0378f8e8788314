import { Injectable } from '@nestjs/common';
import { Dated, overlaps } from './dated';
import { FunctionalAssignmentEntity } from './entities/functional-assignment.entity';
import { FunctionalGroupEntity } from './entities/functional-group.entity';
import { FunctionalPositionEntity } from './entities/functional-position.entity';
import type { Person } from './dated';

/** The reads and writes of a transaction: its request context (plan) and entity manager. */
export type { TxScope } from '../database/unit-of-work';
import type { TxScope } from '../database/unit-of-work';
import { GenerateSql } from '../common/generate-sql';

/** Who a capacity rule is about: one seat, or one person (employee, contractor, vacancy). */
export type CapacityHolder = 'functional_position_id' | 'employee_id' | 'contractor_id' | 'vacancy_id';

export interface CapacityProbe {
  holder: CapacityHolder;
  holderId: string;
  /** The days the new or changed occupancy covers. */
  from: string;
  to: string | null;
  /** Its FTE (0 to check the stored occupancies alone). */
  fte: string;
  /** An assignment to leave out (the one being replaced). */
  exceptId: string | null;
  limit: string;
}

/** The records beneath a group or a seat whose days must stay within its days. */
export type DatedChildren = 'sub-group' | 'position' | 'occupancy' | 'reporting line to it';

const CHILDREN: Record<DatedChildren, { table: string; column: string }> = {
  'sub-group': { table: 'functional_group_placements', column: 'parent_group_id' },
  position: { table: 'functional_positions', column: 'functional_group_id' },
  occupancy: { table: 'functional_assignments', column: 'functional_position_id' },
  'reporting line to it': { table: 'functional_position_reports', column: 'reports_to_position_id' },
};

/** What an advisory lock of a write covers: the plan's structure, seats, one person. */
export interface LockScope {
  structure?: boolean;
  seats?: string[];
  person?: Person;
}

/**
 * The functional structure's own rows for its writes: groups, positions (seats) and assignments
 * (occupancies) of the transaction's plan, the advisory locks and the set-based rule queries.
 * Placements and reporting lines are DatedLinkRepository's.
 */
@Injectable()
export class FunctionalStructureRepository {
  @GenerateSql({ params: (s) => [s.tx, s.id] })
  findGroup(tx: TxScope, id: string): Promise<FunctionalGroupEntity | null> {
    return tx.em.findOneBy(FunctionalGroupEntity, { organizationId: tx.ctx.organizationId, planId: tx.ctx.planId, id });
  }

  @GenerateSql({ params: (s) => [s.tx, s.id] })
  findPosition(tx: TxScope, id: string): Promise<FunctionalPositionEntity | null> {
    return tx.em.findOneBy(FunctionalPositionEntity, { organizationId: tx.ctx.organizationId, planId: tx.ctx.planId, id });
  }

  @GenerateSql({ params: (s) => [s.tx, s.id] })
  findAssignment(tx: TxScope, id: string): Promise<FunctionalAssignmentEntity | null> {
    return tx.em.findOneBy(FunctionalAssignmentEntity, { organizationId: tx.ctx.organizationId, planId: tx.ctx.planId, id });
  }

  @GenerateSql({ params: (s) => [s.tx, 'GRP-1'] })
  async groupIdByExternalId(tx: TxScope, externalId: string): Promise<string | null> {
    const rows: { id: string }[] = await tx.em.query(
      `SELECT id FROM functional_groups WHERE organization_id = $3 AND plan_id = $1 AND external_id = $2`,
      [tx.ctx.planId, externalId, tx.ctx.organizationId],
    );
    return rows[0]?.id ?? null;
  }

  async insertGroup(tx: TxScope, group: FunctionalGroupEntity): Promise<void> {
    await tx.em.insert(FunctionalGroupEntity, group);
  }

  async insertPosition(tx: TxScope, position: FunctionalPositionEntity): Promise<void> {
    await tx.em.insert(FunctionalPositionEntity, position);
  }

  async insertAssignment(tx: TxScope, assignment: FunctionalAssignmentEntity): Promise<void> {
    await tx.em.insert(FunctionalAssignmentEntity, assignment);
  }

  @GenerateSql({ params: (s) => [s.tx, s.id, { name: 'Engineering' }] })
  async updateGroup(tx: TxScope, id: string, values: Partial<FunctionalGroupEntity>): Promise<void> {
    await tx.em.update(FunctionalGroupEntity, { organizationId: tx.ctx.organizationId, planId: tx.ctx.planId, id }, values);
  }

  @GenerateSql({ params: (s) => [s.tx, s.id, { name: 'Engineering Manager' }] })
  async updatePosition(tx: TxScope, id: string, values: Partial<FunctionalPositionEntity>): Promise<void> {
    await tx.em.update(FunctionalPositionEntity, { organizationId: tx.ctx.organizationId, planId: tx.ctx.planId, id }, values);
  }

  @GenerateSql({ params: (s) => [s.tx, s.id, { endDate: s.day }] })
  async updateAssignment(tx: TxScope, id: string, values: Partial<FunctionalAssignmentEntity>): Promise<void> {
    await tx.em.update(FunctionalAssignmentEntity, { organizationId: tx.ctx.organizationId, planId: tx.ctx.planId, id }, values);
  }

  /** Advisory locks of the write, always in the same (sorted) order: the plan's structure, seats, the person. */
  @GenerateSql({
    params: (s) => [s.tx, { structure: true, seats: [s.id], person: { kind: 'employee', id: s.id, dates: null, limit: '1' } }],
  })
  async lock(tx: TxScope, what: LockScope): Promise<void> {
    const plan = tx.ctx.planId;
    const keys = [
      ...(what.structure ? [`fs:${plan}:0:structure`] : []),
      ...(what.seats ?? []).map((s) => `fs:${plan}:1:seat:${s}`),
      ...(what.person ? [`fs:${plan}:2:${what.person.kind}:${what.person.id}`] : []),
    ];
    for (const key of [...new Set(keys)].sort()) {
      await tx.em.query(`SELECT pg_advisory_xact_lock(hashtextextended($1, 0))`, [key]);
    }
  }

  /** The occupancies of the person (employee, contractor or vacancy) running on `day` or later. */
  @GenerateSql({ params: (s) => [s.tx, 'employee_id', s.id, s.day] })
  async seatsHeldFrom(tx: TxScope, holder: Exclude<CapacityHolder, 'functional_position_id'>, id: string, day: string): Promise<number> {
    const [{ n }]: { n: number }[] = await tx.em.query(
      `SELECT count(*)::int AS n FROM functional_assignments WHERE organization_id = $4 AND plan_id = $1 AND ${holder} = $2 AND (end_date IS NULL OR end_date >= $3)`,
      [tx.ctx.planId, id, day, tx.ctx.organizationId],
    );
    return n;
  }

  /**
   * The latest-starting record beneath `ownerId` that does not lie within `dates` (it starts before
   * the start, or runs past the end), or null.
   */
  @GenerateSql({ params: (s) => [s.tx, 'position', s.id, { startDate: s.day, endDate: null }] })
  async childOutside(
    tx: TxScope,
    children: DatedChildren,
    ownerId: string,
    dates: Dated,
  ): Promise<{ id: string; startDate: string; endDate: string | null } | null> {
    const { table, column } = CHILDREN[children];
    const rows: { id: string; startDate: string; endDate: string | null }[] = await tx.em.query(
      `SELECT id, start_date AS "startDate", end_date AS "endDate" FROM "${table}" c
        WHERE c.organization_id = $5 AND c.plan_id = $1 AND c.${column} = $2
          AND (c.start_date < $3::date OR ($4::date IS NOT NULL AND (c.end_date IS NULL OR c.end_date > $4::date)))
        ORDER BY c.start_date DESC LIMIT 1`,
      [tx.ctx.planId, ownerId, dates.startDate, dates.endDate, tx.ctx.organizationId],
    );
    return rows[0] ?? null;
  }

  /**
   * The first day in [from, to] on which the holder's occupancies plus the probe sum over the limit, or
   * null. Set-based over the change points (the sum only rises on a start day), never day by day; call
   * it under the holder's advisory lock so concurrent writes cannot both pass.
   */
  @GenerateSql({
    params: (s) => [s.tx, { holder: 'employee_id', holderId: s.id, from: s.day, to: null, fte: '1', exceptId: null, limit: '1' }],
  })
  async firstDayOverCapacity(tx: TxScope, probe: CapacityProbe): Promise<{ day: string; total: string } | null> {
    const rows: { day: string; total: string }[] = await tx.em.query(
      `WITH occ AS (
         SELECT greatest(a.start_date, $3::date) AS s, least(COALESCE(a.end_date, 'infinity'::date), COALESCE($4::date, 'infinity'::date)) AS e, a.fte
           FROM functional_assignments a
          WHERE a.organization_id = $8 AND a.plan_id = $1 AND a.${probe.holder} = $2 AND a.id IS DISTINCT FROM $6 AND ${overlaps('a', '$3', '$4')}
         UNION ALL
         SELECT $3::date, COALESCE($4::date, 'infinity'::date), $5::numeric
       )
       SELECT to_char(p.s, 'YYYY-MM-DD') AS day, (SELECT sum(o.fte) FROM occ o WHERE o.s <= p.s AND o.e >= p.s)::text AS total
         FROM (SELECT DISTINCT s FROM occ) p
        WHERE (SELECT sum(o.fte) FROM occ o WHERE o.s <= p.s AND o.e >= p.s) > $7::numeric
        ORDER BY p.s
        LIMIT 1`,
      [tx.ctx.planId, probe.holderId, probe.from, probe.to, probe.fte, probe.exceptId, probe.limit, tx.ctx.organizationId],
    );
    return rows[0] ?? null;
  }
}
