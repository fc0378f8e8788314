import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { userJoinSql } from '../organizations/organizations.repository';
import { GenerateSql } from '../common/generate-sql';

/** An API key by prefix with its creator (`AccessRepository.keyByPrefix`). */
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
}

/**
 * The key look-up of the guard (`VerifiedKeys`, when no verified key is cached): by prefix, before the
 * organization is known, with the creator. Both are reference tables on Citus, so the statement runs on one
 * node; the organization's live plan is read apart, by organization.
 */
export const KEY_QUERY = `
  SELECT k.id, k.organization_id, k.key_hash, k.permissions, k.expires_at, k.revoked_at,
         u.id AS user_id, u.organization_id AS user_org, u.email AS user_email, u.active AS user_active,
         u.permissions AS user_permissions
    FROM api_keys k
    ${userJoinSql('u', 'k.user_id')}
   WHERE k.prefix = $1`;

/** The API keys' SQL beyond entity reads: the guard's look-up. */
@Injectable()
export class AccessRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** The key with that prefix, its creator and the live plan of its organization, or undefined. */
  @GenerateSql({ params: () => ['wfp_abcdefgh'] })
  async keyByPrefix(prefix: string): Promise<KeyRow | undefined> {
    const rows: KeyRow[] = await this.dataSource.query(KEY_QUERY, [prefix]);
    return rows[0];
  }
}
