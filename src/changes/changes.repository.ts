import { poolReadManager } from '../database/pool-reads';
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { cursorSuffix } from './change-cursor';
import { GenerateSql } from '../common/generate-sql';

export interface ChangeRow {
  horizon: string;
  /** The last position the retention purge removed: the page starts after it at the earliest. */
  purged: string;
  commit_seq: string | null;
  /** The change as JSON text, made by the database (see PAGE_SQL). */
  change: string | null;
}

/**
 * One statement, so one snapshot: the organization's clock (the horizon: every position up to it is
 * committed and visible, see Tx.flush), the last position the retention purge removed (change_retention) and the page of
 * changes after the cursor (after the purged ones at the earliest), in commit order. $5 is the
 * organization's cursorSuffix.
 * Each change is written as JSON by PostgreSQL, in the order and form of document 02's event object
 * (initiatorOf, toISOString, encodeCursor), so that a page of 1,000 is never parsed and re-serialized.
 * The changes benchmark's baseline sends this text.
 */
export const PAGE_SQL = `
  SELECT k.seq AS horizon, COALESCE(p.purged_through, 0) AS purged, c.commit_seq,
         json_build_object(
           'id', c.event_id,
           'timestamp', to_char(c.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
           'entity_type', c.entity_type,
           'entity_id', c.entity_id,
           'change_type', c.change_type,
           'initiator', CASE WHEN c.actor_type = 'user' AND c.actor_email <> ''
                             THEN json_build_object('type', c.actor_type, 'id', c.actor_id, 'email', c.actor_email)
                             ELSE json_build_object('type', c.actor_type, 'id', c.actor_id) END,
           'organization_id', k.organization_id,
           'before', c.before,
           'after', c.after,
           'cursor', translate(rtrim(encode(convert_to(c.commit_seq::text || $5, 'UTF8'), 'base64'), '='), '+/', '-_'))::text AS change
    FROM change_clocks k
    LEFT JOIN change_retention p ON p.organization_id = $1
    LEFT JOIN LATERAL (
      SELECT r.commit_seq, r.event_id, r.created_at, r.entity_type, r.entity_id, r.change_type,
             r.actor_type, r.actor_id, r.actor_email, r.before, r.after
        FROM record_changes r
       WHERE r.organization_id = $1 AND r.commit_seq > GREATEST($2::bigint, COALESCE(p.purged_through, 0)) AND r.entity_type = ANY($3::text[])
       ORDER BY r.commit_seq
       LIMIT $4) c ON true
   WHERE k.organization_id = $1
   ORDER BY c.commit_seq`;

/** The change feed's reads of `change_clocks` and `record_changes` (the unit of work writes them). */
@Injectable()
export class ChangesRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** The organization's horizon and up to `limit` changes of `types` after commit position `after` (PAGE_SQL). */
  @GenerateSql({ params: (s) => [s.organizationId, '0', ['employee', 'team'], 100] })
  page(organizationId: string, after: string, types: string[], limit: number): Promise<ChangeRow[]> {
    return poolReadManager(this.dataSource).query(PAGE_SQL, [organizationId, after, types, limit, cursorSuffix(organizationId)]);
  }
}
