import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import { plusInterval } from '../database/sql-time';
import { withRetry } from '../database/db-retry';
import { SecretResourceRepository } from '../webhooks/secret-resource.repository';
import { IntegrationEntity } from './entities/integration.entity';
import { GenerateSql } from '../common/generate-sql';

/**
 * The due pulls: enabled, with a PULL hook, due and with a free lease, at most $1, the longest due first.
 * A read without locks across organizations (on Citus the one multi-shard statement of a tick,
 * docs/scale-out.md); each is then claimed within its organization.
 */
const DUE_SQL = `
  SELECT id, organization_id FROM integrations
   WHERE pull_enabled AND pull_url IS NOT NULL AND pull_next_at <= now()
     AND (pull_running_until IS NULL OR pull_running_until < now())
   ORDER BY pull_next_at
   LIMIT $1`;

/** When a claimed pull runs next: `intervalMinutes` from now (in a form Citus accepts in an UPDATE). */
const NEXT_PULL_AT = plusInterval('now()', 'make_interval(mins => pull_interval_minutes)');

/**
 * (Each claim is a CTE read by a SELECT: a bare UPDATE answers `[rows, count]` through `DataSource.query`.)
 *
 * The claim of the organization's ($4) due pulls among ids $3: a due, enabled pull whose lease is free is
 * taken for this run, and its next run is scheduled `intervalMinutes` from now, in one statement.
 * `FOR UPDATE SKIP LOCKED` and the due and lease conditions (checked again on the locked row) make it one
 * run per integration at a time across every instance, even when two instances read the same due pulls.
 */
const CLAIM_DUE_SQL = `
  WITH claimed AS (
  UPDATE integrations
     SET pull_running_until = now() + make_interval(secs => $2), pull_run_id = $1,
         pull_next_at = ${NEXT_PULL_AT}
   WHERE organization_id = $4
     AND id IN (SELECT id FROM integrations
                 WHERE organization_id = $4 AND id = ANY($3::varchar[])
                   AND pull_enabled AND pull_url IS NOT NULL AND pull_next_at <= now()
                   AND (pull_running_until IS NULL OR pull_running_until < now())
                 FOR UPDATE SKIP LOCKED)
     AND (pull_running_until IS NULL OR pull_running_until < now())
  RETURNING id, organization_id)
  SELECT id, organization_id FROM claimed`;

/** The claim of an on-demand run: the same lease, whenever the schedule says the next run is due. */
const CLAIM_ONE_SQL = `
  WITH claimed AS (
  UPDATE integrations
     SET pull_running_until = now() + make_interval(secs => $2), pull_run_id = $1,
         pull_next_at = ${NEXT_PULL_AT}
   WHERE id = $3 AND organization_id = $4 AND pull_enabled AND pull_url IS NOT NULL
     AND (pull_running_until IS NULL OR pull_running_until < now())
  RETURNING id, organization_id)
  SELECT id, organization_id FROM claimed`;

/** Records the run's outcome ($6 the organization) and frees the lease, if this run still holds it (not deleted or taken over meanwhile). */
const FINISH_SQL = `
  UPDATE integrations
     SET pull_running_until = NULL, pull_run_id = NULL, last_pull_at = now(), last_pull_status = $3,
         last_pull_result = $4::jsonb,
         last_error = CASE WHEN $5::text IS NOT NULL THEN left('Pull: ' || $5::text, 1000)
                           WHEN last_error LIKE 'Pull: %' THEN NULL ELSE last_error END
   WHERE id = $1 AND organization_id = $6 AND pull_run_id = $2`;

/** A due or claimed pull: the integration and its organization. */
export interface ClaimedPull {
  id: string;
  organization_id: string;
}

/** A run's outcome as recorded on the integration. */
export interface PullOutcome {
  status: string;
  counts: { created: number; updated: number; unchanged: number; failed: number } | null;
  error: string | null;
}

/**
 * Integrations' rows (the shared shape of a resource with a secret) and their pull leases (spec 04 §5.3). Each statement is retried on a lost connection
 * (`withRetry`). The due-pull read scans every organization (the scheduler's tick, without locks); every
 * other statement, the claims included, is routed by organization.
 */
@Injectable()
export class IntegrationsRepository extends SecretResourceRepository<IntegrationEntity> {
  constructor(dataSource: DataSource) {
    super(dataSource, IntegrationEntity);
  }

  /** Up to `limit` due pulls of any organization, the longest due first; nothing is claimed. */
  @GenerateSql({ params: () => [10] })
  due(limit: number): Promise<ClaimedPull[]> {
    return withRetry(() => this.dataSource.query<ClaimedPull[]>(DUE_SQL, [limit]));
  }

  /** Claims those of the organization's pulls `ids` that are still due for run `runId`, leased `leaseSeconds`. */
  @GenerateSql({ params: (s) => [s.organizationId, [s.id], s.uuid, 300] })
  claimDue(organizationId: string, ids: string[], runId: string, leaseSeconds: number): Promise<ClaimedPull[]> {
    return withRetry(() => this.dataSource.query<ClaimedPull[]>(CLAIM_DUE_SQL, [runId, leaseSeconds, ids, organizationId]));
  }

  /** Claims the organization's pull `id` for run `runId` whenever it is due; false while another run holds it or it is off. */
  @GenerateSql({ params: (s) => [s.organizationId, s.id, s.uuid, 300] })
  async claimOne(organizationId: string, id: string, runId: string, leaseSeconds: number): Promise<boolean> {
    const rows = await withRetry(() => this.dataSource.query<{ id: string }[]>(CLAIM_ONE_SQL, [runId, leaseSeconds, id, organizationId]));
    return rows.length > 0;
  }

  /** Records the outcome and frees the lease if run `runId` still holds it. */
  @GenerateSql({
    params: (s) => [
      s.organizationId,
      s.id,
      s.uuid,
      { status: 'SUCCEEDED', counts: { created: 1, updated: 0, unchanged: 0, failed: 0 }, error: null },
    ],
  })
  async finish(organizationId: string, id: string, runId: string, outcome: PullOutcome): Promise<void> {
    await withRetry(() =>
      this.dataSource.query(FINISH_SQL, [
        id,
        runId,
        outcome.status,
        outcome.counts === null ? null : JSON.stringify(outcome.counts),
        outcome.error,
        organizationId,
      ]),
    );
  }

  /**
   * Replaces each of `needles` with `erased` in the organization's integrations' `lastError` (a PULL run names the
   * externalIds of failed items there), in the caller's transaction (`em`); returns how many errors changed.
   */
  @GenerateSql({ params: (s) => [s.em, s.organizationId, ['EMP-1']] })
  async eraseFromErrors(em: EntityManager, organizationId: string, needles: string[]): Promise<number> {
    if (!needles.length) return 0;
    const rows: { id: string; last_error: string }[] = await em.query(
      `SELECT id, last_error FROM integrations
        WHERE organization_id = $1 AND EXISTS (SELECT 1 FROM unnest($2::text[]) AS n(needle) WHERE strpos(last_error, n.needle) > 0)`,
      [organizationId, needles],
    );
    for (const row of rows) {
      const erased = needles.reduce((text, needle) => text.split(needle).join('erased'), row.last_error);
      await em.query(`UPDATE integrations SET last_error = $3 WHERE organization_id = $1 AND id = $2`, [organizationId, row.id, erased]);
    }
    return rows.length;
  }
}
