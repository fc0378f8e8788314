import type { EntityManager } from 'typeorm';
import { overlaps } from './dated';

/** Who a capacity rule is about: one seat, or one person (employee, contractor, vacancy). */
export type CapacityHolder = 'functional_position_id' | 'employee_id' | 'contractor_id' | 'vacancy_id';

export interface CapacityProbe {
  planId: string;
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

/**
 * The first day in [from, to] on which the holder's occupancies plus the probe sum over the limit, or
 * null. Set-based over the change points (the sum only rises on a start day), never day by day; call
 * it under the holder's advisory lock so concurrent writes cannot both pass.
 */
export async function firstDayOverCapacity(em: EntityManager, probe: CapacityProbe): Promise<{ day: string; total: string } | null> {
  const rows: { day: string; total: string }[] = await em.query(
    `WITH occ AS (
       SELECT greatest(a.start_date, $3::date) AS s, least(COALESCE(a.end_date, 'infinity'::date), COALESCE($4::date, 'infinity'::date)) AS e, a.fte
         FROM functional_assignments a
        WHERE a.plan_id = $1 AND a.${probe.holder} = $2 AND a.id IS DISTINCT FROM $6 AND ${overlaps('a', '$3', '$4')}
       UNION ALL
       SELECT $3::date, COALESCE($4::date, 'infinity'::date), $5::numeric
     )
     SELECT to_char(p.s, 'YYYY-MM-DD') AS day, (SELECT sum(o.fte) FROM occ o WHERE o.s <= p.s AND o.e >= p.s)::text AS total
       FROM (SELECT DISTINCT s FROM occ) p
      WHERE (SELECT sum(o.fte) FROM occ o WHERE o.s <= p.s AND o.e >= p.s) > $7::numeric
      ORDER BY p.s
      LIMIT 1`,
    [probe.planId, probe.holderId, probe.from, probe.to, probe.fte, probe.exceptId, probe.limit],
  );
  return rows[0] ?? null;
}
