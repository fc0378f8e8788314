import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { livePlanJoinSql, userJoinSql } from '../organizations/organizations.repository';

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
 * The key look-up of every API request, one statement: by prefix, before the organization is known (the
 * one read of the guard not routed by organization: api_keys is looked up by its unique prefix), with the
 * creator and the live plan joined through the organizations' SQL builders. The benchmarks' baselines send this text.
 */
export const KEY_QUERY = `
  SELECT k.id, k.organization_id, k.key_hash, k.permissions, k.expires_at, k.revoked_at,
         u.id AS user_id, u.organization_id AS user_org, u.email AS user_email, u.active AS user_active,
         u.permissions AS user_permissions, p.id AS live_plan_id
    FROM api_keys k
    ${userJoinSql('u', 'k.user_id')}
    ${livePlanJoinSql('p', 'k.organization_id')}
   WHERE k.prefix = $1`;

/** The API keys' SQL beyond entity reads: the guard's look-up. */
@Injectable()
export class AccessRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** The key with that prefix, its creator and the live plan of its organization, or undefined. */
  async keyByPrefix(prefix: string): Promise<KeyRow | undefined> {
    const rows: KeyRow[] = await this.dataSource.query(KEY_QUERY, [prefix]);
    return rows[0];
  }
}
