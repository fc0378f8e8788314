import { Injectable } from '@nestjs/common';
import { timingSafeEqual } from 'node:crypto';
import { OnEvent } from '@nestjs/event-emitter';
import { DataSource } from 'typeorm';
import { ACCESS_CHANGED } from '../common/auth/access-changed';
import { effectiveKeyPermissions, expandUserPermissions, type ApiPermission } from '../common/auth/permissions';
import { logger } from '../common/logging/json-logger';
import { OrganizationsRepository } from '../organizations/organizations.repository';
import { AccessRepository, KeyRow } from './access.repository';
import { API_KEY_PREFIX_LENGTH, sha256Hex } from './secrets';
import { SharedStore } from './shared-store';

/**
 * How long a verified API key is reused without a look-up. A change made through this instance (a key
 * revoked, a user changed) takes effect at once; one made elsewhere (another instance, SQL) within this time.
 */
export const VERIFIED_KEY_TTL_MS = 1000;
/**
 * How long a secret that matched no key is answered 401 without a look-up. Remembered by the hash of the whole
 * secret: a key created a moment later has another secret and works at once.
 */
export const UNKNOWN_KEY_TTL_MS = 10_000;
/** At most this many verified keys are kept; the oldest goes first. */
const MAX_KEYS = 10_000;

/** A key whose secret matched, with what the guard derives from it once (the sets are shared: read only). */
export interface VerifiedKey {
  row: KeyRow;
  livePlanId: string;
  permissions: ReadonlySet<ApiPermission>;
  capabilities: ReadonlySet<string>;
}

/**
 * The guard's API-key look-up with a short-lived cache of verified keys (by the whole secret, so a wrong
 * secret never matches a cached entry; only secrets whose hash matched are kept), of each organization's
 * live plan, which never changes, and of secrets that matched no key (by their hash, in the `SharedStore`: in
 * Redis when REDIS_URL is set, so that a repeated unknown key costs one look-up across all instances).
 * The key and its creator are read from reference tables, the live plan by organization: on Citus each
 * statement runs on one node.
 */
@Injectable()
export class VerifiedKeys {
  private readonly keys = new Map<string, VerifiedKey & { until: number }>();
  private readonly livePlans = new Map<string, string>();
  /** Look-ups under way, by secret. */
  private readonly pending = new Map<string, Promise<VerifiedKey | null>>();
  /** Bumped by `forget`: a look-up started before a change keeps nothing. */
  private generation = 0;

  constructor(
    private readonly access: AccessRepository,
    private readonly organizations: OrganizationsRepository,
    private readonly dataSource: DataSource,
    private readonly store: SharedStore,
  ) {}

  /**
   * The key of this secret when its hash matches the stored one, or null. Revocation, expiry and the creator are
   * the caller's checks. Requests that miss the cache at the same moment share one look-up (when a busy key's entry
   * expires, its next requests would otherwise each send one: under 50 concurrent requests, up to 50 statements a
   * second for one key).
   */
  verify(secret: string): Promise<VerifiedKey | null> {
    const cached = this.keys.get(secret);
    if (cached && cached.until > Date.now()) return Promise.resolve(cached);
    let pending = this.pending.get(secret);
    if (!pending) {
      pending = this.lookUp(secret).finally(() => {
        if (this.pending.get(secret) === pending) this.pending.delete(secret);
      });
      this.pending.set(secret, pending);
    }
    return pending;
  }

  /** Forgets every verified key (and look-ups under way): a key, a user or an organization changed through this instance. */
  @OnEvent(ACCESS_CHANGED)
  forget(): void {
    this.keys.clear();
    this.pending.clear();
    this.generation++;
  }

  private async lookUp(secret: string): Promise<VerifiedKey | null> {
    const generation = this.generation;
    this.keys.delete(secret);
    const hash = sha256Hex(secret);
    if (await this.knownUnknown(hash)) return null;
    const row = await this.access.keyByPrefix(secret.slice(0, API_KEY_PREFIX_LENGTH));
    if (!row || !sameHash(hash, row.key_hash)) {
      await this.store.remember(unknownKey(hash), UNKNOWN_KEY_TTL_MS).catch(storeFailed);
      return null;
    }
    const livePlanId = await this.livePlan(row.organization_id);
    if (!livePlanId) return null;
    const verified = {
      row,
      livePlanId,
      permissions: effectiveKeyPermissions(row.permissions, row.user_permissions),
      capabilities: expandUserPermissions(row.user_permissions),
      until: Date.now() + VERIFIED_KEY_TTL_MS,
    };
    // A change made through this instance while the row was read may not be in it: answer this request, keep nothing.
    if (generation !== this.generation) return verified;
    if (this.keys.size >= MAX_KEYS) this.keys.delete(this.keys.keys().next().value!);
    this.keys.set(secret, verified);
    return verified;
  }

  /** Whether the secret of this hash matched no key a moment ago (a store that fails knows nothing). */
  private knownUnknown(hash: string): Promise<boolean> {
    return this.store.remembers(unknownKey(hash)).catch((error: unknown) => {
      storeFailed(error);
      return false;
    });
  }

  private async livePlan(organizationId: string): Promise<string | null> {
    const known = this.livePlans.get(organizationId);
    if (known) return known;
    const id = await this.organizations.livePlanId({ organizationId, em: this.dataSource.manager });
    if (!id) return null;
    if (this.livePlans.size >= MAX_KEYS) this.livePlans.delete(this.livePlans.keys().next().value!);
    this.livePlans.set(organizationId, id);
    return id;
  }
}

/** Compares two hex SHA-256 hashes in constant time. */
function sameHash(a: string, b: string): boolean {
  return a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));
}

function unknownKey(hash: string): string {
  return `wfp:unknown-key:${hash}`;
}

function storeFailed(error: unknown): void {
  logger.write('warn', 'unknown-key store failed; looked up in the database', { error: String(error) });
}
