import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import { GenerateSql } from '../generate-sql';

/** A key's stored request and answer (status null: the first request is still running). */
export interface StoredAnswer {
  request_hash: string;
  status_code: number | null;
  response_body: string | null;
}

/** A stored answer's body under its key. */
export interface StoredBody {
  api_key_id: string;
  key: string;
  response_body: string;
}

/** Whose keys: an API key of an organization (spec 04 §4.4: the keys of different API keys never meet). */
export interface KeyOwner {
  organizationId: string;
  apiKeyId: string;
}

/**
 * The rows of `idempotency_keys` (spec 04 §4.4), keyed by (organization, key, API key). Times are passed
 * as parameters (the caller's clock), never `now()`: Citus refuses non-immutable functions in
 * `ON CONFLICT DO UPDATE` on distributed tables.
 */
@Injectable()
export class IdempotencyRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** Deletes every key expired at `now`, of every organization (housekeeping, not a tenant read). */
  @GenerateSql({ params: (s) => [s.now] })
  async purgeExpired(now: Date): Promise<void> {
    await this.dataSource.query(`DELETE FROM idempotency_keys WHERE expires_at <= $1`, [now]);
  }

  /**
   * Claims the key for a request with `hash` at `now`, kept until `expiresAt`; a row that expired, or an
   * in-flight claim made before `leaseStart` (its request was lost), is taken over. False when another row holds it.
   */
  @GenerateSql({ params: (s) => [{ organizationId: s.organizationId, apiKeyId: s.id }, 'key-1', 'hash', s.now, s.now, s.now] })
  async claim(owner: KeyOwner, key: string, hash: string, now: Date, expiresAt: Date, leaseStart: Date): Promise<boolean> {
    const claimed: unknown[] = await this.dataSource.query(
      `INSERT INTO idempotency_keys (organization_id, api_key_id, key, request_hash, created_at, expires_at)
       VALUES ($1, $2, $3, $4, $5, $6)
       ON CONFLICT (organization_id, key, api_key_id) DO UPDATE
         SET request_hash = EXCLUDED.request_hash, status_code = NULL, response_body = NULL,
             created_at = EXCLUDED.created_at, expires_at = EXCLUDED.expires_at
       WHERE idempotency_keys.expires_at <= $5
          OR (idempotency_keys.status_code IS NULL AND idempotency_keys.created_at <= $7)
       RETURNING 1 AS claimed`,
      [owner.organizationId, owner.apiKeyId, key, hash, now, expiresAt, leaseStart],
    );
    return claimed.length > 0;
  }

  /** The key's row, or undefined. */
  @GenerateSql({ params: (s) => [{ organizationId: s.organizationId, apiKeyId: s.id }, 'key-1'] })
  async stored(owner: KeyOwner, key: string): Promise<StoredAnswer | undefined> {
    const rows: StoredAnswer[] = await this.dataSource.query(
      `SELECT request_hash, status_code, response_body FROM idempotency_keys WHERE organization_id = $1 AND key = $2 AND api_key_id = $3`,
      [owner.organizationId, key, owner.apiKeyId],
    );
    return rows[0];
  }

  /** Keeps the answer (status and JSON body text) under the key. */
  @GenerateSql({ params: (s) => [{ organizationId: s.organizationId, apiKeyId: s.id }, 'key-1', 201, '{}'] })
  async store(owner: KeyOwner, key: string, status: number, body: string | null): Promise<void> {
    await this.dataSource.query(
      `UPDATE idempotency_keys SET status_code = $4, response_body = $5 WHERE organization_id = $1 AND key = $2 AND api_key_id = $3`,
      [owner.organizationId, key, owner.apiKeyId, status, body],
    );
  }

  /** The organization's stored answers whose text holds one of `needles`, in the caller's transaction (`em`). */
  @GenerateSql({ params: (s) => [s.em, s.organizationId, ['EMP-1']] })
  answersHolding(em: EntityManager, organizationId: string, needles: string[]): Promise<StoredBody[]> {
    return em.query(
      `SELECT api_key_id, key, response_body FROM idempotency_keys
        WHERE organization_id = $1 AND response_body IS NOT NULL
          AND EXISTS (SELECT 1 FROM unnest($2::text[]) AS n(needle) WHERE strpos(response_body, n.needle) > 0)`,
      [organizationId, needles],
    );
  }

  /** Replaces stored answers' bodies (same status), in the caller's transaction (`em`). */
  @GenerateSql({ params: (s) => [s.em, s.organizationId, [{ id: s.id, response_body: '{}' }]] })
  async rewriteAnswers(em: EntityManager, organizationId: string, answers: StoredBody[]): Promise<void> {
    if (!answers.length) return;
    await em.query(
      `UPDATE idempotency_keys k SET response_body = a.body
         FROM unnest($2::varchar[], $3::varchar[], $4::text[]) AS a(api_key_id, key, body)
        WHERE k.organization_id = $1 AND k.api_key_id = a.api_key_id AND k.key = a.key`,
      [organizationId, answers.map((a) => a.api_key_id), answers.map((a) => a.key), answers.map((a) => a.response_body)],
    );
  }

  /** Frees a claim that has no answer (its request failed). */
  @GenerateSql({ params: (s) => [{ organizationId: s.organizationId, apiKeyId: s.id }, 'key-1'] })
  async release(owner: KeyOwner, key: string): Promise<void> {
    await this.dataSource.query(
      `DELETE FROM idempotency_keys WHERE organization_id = $1 AND key = $2 AND api_key_id = $3 AND status_code IS NULL`,
      [owner.organizationId, key, owner.apiKeyId],
    );
  }
}
