import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

/** An API key by prefix with its creator and its organization's live plan (`AccessRepository.keyByPrefix`). */
export interface KeyRow {
  id: string;
  organization_id: string;
  key_hash: string;
  permissions: string[];
  expires_at: Date | null;
  revoked_at: Date | null;
  user_id: string;
  user_org: string;
  user_email: string;
  user_active: boolean;
  user_permissions: string[];
  live_plan_id: string;
}

/**
 * The key look-up of every API request: by prefix, before the organization is known (the one read of the
 * guard not routed by organization: api_keys is looked up by its unique prefix).
 * The benchmarks' baselines send this text.
 */
export const KEY_QUERY = `
  SELECT k.id, k.organization_id, k.key_hash, k.permissions, k.expires_at, k.revoked_at,
         u.id AS user_id, u.organization_id AS user_org, u.email AS user_email, u.active AS user_active,
         u.permissions AS user_permissions, p.id AS live_plan_id
    FROM api_keys k
    JOIN users u ON u.id = k.user_id
    JOIN plans p ON p.organization_id = k.organization_id AND p.kind = 'LIVE'
   WHERE k.prefix = $1`;

/**
 * The guard's reads: who a request is (API key and its creator, acting user) and which plan it works in.
 * Access runs before, and sits below, every feature module, so it reads the identity tables (users, plans,
 * organizations) itself rather than importing their modules (docs/decisions.md, issue 15).
 */
@Injectable()
export class AccessRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** The key with that prefix, its creator and the live plan of its organization, or undefined. */
  async keyByPrefix(prefix: string): Promise<KeyRow | undefined> {
    const rows: KeyRow[] = await this.dataSource.query(KEY_QUERY, [prefix]);
    return rows[0];
  }

  /** The organization's live plan id, or null when there is no such organization. */
  async livePlanId(organizationId: string): Promise<string | null> {
    const rows: { live_plan_id: string }[] = await this.dataSource.query(
      `SELECT p.id AS live_plan_id FROM organizations o JOIN plans p ON p.organization_id = o.id AND p.kind = 'LIVE' WHERE o.id = $1`,
      [organizationId],
    );
    return rows[0]?.live_plan_id ?? null;
  }

  /** The organization's user with that id (id and e-mail), or undefined. */
  async user(organizationId: string, userId: string): Promise<{ id: string; email: string } | undefined> {
    const rows: { id: string; email: string }[] = await this.dataSource.query(
      `SELECT id, email FROM users WHERE id = $1 AND organization_id = $2`,
      [userId, organizationId],
    );
    return rows[0];
  }

  /** The organization's scenario with that id (id and status), or undefined. */
  async scenario(organizationId: string, scenarioId: string): Promise<{ id: string; status: string } | undefined> {
    const rows: { id: string; status: string }[] = await this.dataSource.query(
      `SELECT id, status FROM plans WHERE id = $1 AND organization_id = $2 AND kind = 'SCENARIO'`,
      [scenarioId, organizationId],
    );
    return rows[0];
  }
}
