import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { withRetry } from '../database/db-retry';
import { GenerateSql } from '../common/generate-sql';

/**
 * The retention purge's statements on the change history (`record_changes`) and on where the purge stands
 * (`change_retention`): each names one organization (router statements on Citus), outside any explicit
 * transaction, retried on transient errors.
 */
@Injectable()
export class RetentionRepository {
  constructor(private readonly dataSource: DataSource) {}

  /**
   * Takes the organization's purge lease until `leaseUntil` when no purge holds it at `now` (its row is made
   * on first use); returns the last position already purged, or null when another purge holds it.
   */
  @GenerateSql({ params: (s) => [s.organizationId, s.now, s.now] })
  async claim(organizationId: string, now: Date, leaseUntil: Date): Promise<string | null> {
    const rows = await this.query<{ purged_through: string }[]>(
      `INSERT INTO change_retention (organization_id, purged_through, lease_until) VALUES ($1, 0, $3)
       ON CONFLICT (organization_id) DO UPDATE SET lease_until = EXCLUDED.lease_until
        WHERE change_retention.lease_until IS NULL OR change_retention.lease_until <= $2
       RETURNING purged_through`,
      [organizationId, now, leaseUntil],
    );
    return rows[0] ? String(rows[0].purged_through) : null;
  }

  /** Frees the lease taken until `leaseUntil`, if it is still that one. */
  @GenerateSql({ params: (s) => [s.organizationId, s.now] })
  async release(organizationId: string, leaseUntil: Date): Promise<void> {
    await this.query(`UPDATE change_retention SET lease_until = NULL WHERE organization_id = $1 AND lease_until = $2`, [
      organizationId,
      leaseUntil,
    ]);
  }

  /**
   * The first live change after position `after` that must stay: made at or after `horizon`, or not yet handed
   * to the webhook dispatcher. Null when every later change may go.
   */
  @GenerateSql({ params: (s) => [s.organizationId, '0', s.now] })
  async firstKept(organizationId: string, after: string, horizon: Date): Promise<string | null> {
    const rows = await this.query<{ commit_seq: string }[]>(
      `SELECT commit_seq FROM record_changes
        WHERE organization_id = $1 AND commit_seq > $2
          AND (created_at >= $3 OR dispatch_status IN ('PENDING', 'DISPATCHING'))
        ORDER BY commit_seq LIMIT 1`,
      [organizationId, after, horizon],
    );
    return rows[0] ? String(rows[0].commit_seq) : null;
  }

  /** The last committed position of the organization's live changes ('0' when none). */
  @GenerateSql({ params: (s) => [s.organizationId] })
  async lastCommitted(organizationId: string): Promise<string> {
    const rows = await this.query<{ last: string | null }[]>(
      `SELECT max(commit_seq) AS last FROM record_changes WHERE organization_id = $1 AND commit_seq IS NOT NULL`,
      [organizationId],
    );
    return String(rows[0]?.last ?? '0');
  }

  /**
   * Marks the live changes up to `through` as purged (the changes feed answers a cursor before it with 410),
   * before they are deleted: a reader never sees them missing without being told. `horizon` (every change purged was
   * made before it) becomes `purged_before`: a scenario forked earlier can no longer be checked for conflicts.
   */
  @GenerateSql({ params: (s) => [s.organizationId, '0', new Date(0)] })
  async advancePurged(organizationId: string, through: string, horizon: Date): Promise<void> {
    await this.query(
      `UPDATE change_retention SET purged_through = $2, purged_before = GREATEST(purged_before, $3)
        WHERE organization_id = $1 AND purged_through < $2`,
      [organizationId, through, horizon],
    );
  }

  /** Deletes up to `limit` live changes at or before position `through` (their deliveries go with them); returns how many. */
  @GenerateSql({ params: (s) => [s.organizationId, '0', 1000] })
  async deleteLiveChanges(organizationId: string, through: string, limit: number): Promise<number> {
    const [, count] = await this.query<[unknown[], number]>(
      `DELETE FROM record_changes
        WHERE organization_id = $1 AND seq IN (
              SELECT seq FROM record_changes WHERE organization_id = $1 AND commit_seq <= $2 LIMIT $3)`,
      [organizationId, through, limit],
    );
    return count;
  }

  /** Deletes up to `limit` changes of the plans `planIds` (merged scenarios) made before `before`; returns how many. */
  @GenerateSql({ params: (s) => [s.organizationId, [s.planId], s.now, 1000] })
  async deletePlanChanges(organizationId: string, planIds: string[], before: Date, limit: number): Promise<number> {
    const [, count] = await this.query<[unknown[], number]>(
      `DELETE FROM record_changes
        WHERE organization_id = $1 AND seq IN (
              SELECT seq FROM record_changes
               WHERE organization_id = $1 AND plan_id = ANY($2) AND commit_seq IS NULL AND created_at < $3 LIMIT $4)`,
      [organizationId, planIds, before, limit],
    );
    return count;
  }

  private query<T>(sql: string, parameters: unknown[]): Promise<T> {
    return withRetry(() => this.dataSource.query<T>(sql, parameters));
  }
}
