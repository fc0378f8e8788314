import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

/** A key's stored request and answer (status null: the first request is still running). */
export interface StoredAnswer {
  request_hash: string;
  status_code: number | null;
  response_body: string | null;
}

/** The rows of `idempotency_keys` (spec 04 §4.4), keyed by (organization, key). */
@Injectable()
export class IdempotencyRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** Deletes every expired key, of every organization (housekeeping, not a tenant read). */
  async purgeExpired(): Promise<void> {
    await this.dataSource.query(`DELETE FROM idempotency_keys WHERE expires_at <= now()`);
  }

  /**
   * Claims the key for a request with `hash`, kept `retentionSeconds`; a row that expired, or an in-flight
   * claim older than `leaseSeconds` (its request was lost), is taken over. False when another row holds it.
   */
  async claim(organizationId: string, key: string, hash: string, retentionSeconds: number, leaseSeconds: number): Promise<boolean> {
    const claimed: unknown[] = await this.dataSource.query(
      `INSERT INTO idempotency_keys (organization_id, key, request_hash, expires_at)
       VALUES ($1, $2, $3, now() + make_interval(secs => $4))
       ON CONFLICT (organization_id, key) DO UPDATE
         SET request_hash = EXCLUDED.request_hash, status_code = NULL, response_body = NULL,
             created_at = now(), expires_at = EXCLUDED.expires_at
       WHERE idempotency_keys.expires_at <= now()
          OR (idempotency_keys.status_code IS NULL AND idempotency_keys.created_at <= now() - make_interval(secs => $5))
       RETURNING 1 AS claimed`,
      [organizationId, key, hash, retentionSeconds, leaseSeconds],
    );
    return claimed.length > 0;
  }

  /** The key's row, or undefined. */
  async stored(organizationId: string, key: string): Promise<StoredAnswer | undefined> {
    const rows: StoredAnswer[] = await this.dataSource.query(
      `SELECT request_hash, status_code, response_body FROM idempotency_keys WHERE organization_id = $1 AND key = $2`,
      [organizationId, key],
    );
    return rows[0];
  }

  /** Keeps the answer (status and JSON body text) under the key. */
  async store(organizationId: string, key: string, status: number, body: string | null): Promise<void> {
    await this.dataSource.query(
      `UPDATE idempotency_keys SET status_code = $3, response_body = $4 WHERE organization_id = $1 AND key = $2`,
      [organizationId, key, status, body],
    );
  }

  /** Frees a claim that has no answer (its request failed). */
  async release(organizationId: string, key: string): Promise<void> {
    await this.dataSource.query(`DELETE FROM idempotency_keys WHERE organization_id = $1 AND key = $2 AND status_code IS NULL`, [
      organizationId,
      key,
    ]);
  }
}
