import { Injectable } from '@nestjs/common';
import { isIP } from 'node:net';
import type { Request } from 'express';
import { RateLimitedError } from '../common/errors/domain-error';
import { parseIpv6 } from '../webhooks/address-policy';
import { RateLimiter } from './rate-limiter';

/** At most this many refused addresses are remembered; the oldest goes first. */
const MAX_REFUSED = 10_000;

/**
 * Whom failures count against: the client's address (`req.ip`, which takes X-Forwarded-For only from the proxies
 * TRUST_PROXY names). An IPv6 client is its /64, which one host can fill with addresses; an IPv4-mapped IPv6
 * address is its IPv4 address.
 */
export function clientOf(req: Pick<Request, 'ip'>): string {
  const ip = req.ip ?? '';
  if (isIP(ip) === 4) return ip;
  const bytes = parseIpv6(ip);
  if (!bytes) return 'unknown';
  if (bytes.slice(0, 10).every((b) => b === 0) && bytes[10] === 0xff && bytes[11] === 0xff) return bytes.slice(12).join('.');
  const words = [0, 2, 4, 6].map((i) => ((bytes[i] << 8) | bytes[i + 1]).toString(16));
  return `${words.join(':')}::/64`;
}

/**
 * The limit of unauthenticated requests per client address (AUTH_FAILURE_LIMIT_PER_MINUTE): each 401 of the
 * access guard counts in the client's sliding one-minute window (shared by every instance through the rate
 * limiter's store); past the limit the client gets 429 with Retry-After until a failure would be counted again, before any key look-up
 * on this instance (another instance refuses it from its first failure of the window).
 */
@Injectable()
export class AuthFailures {
  /** Clients over their limit, until when (epoch ms). */
  private readonly refused = new Map<string, number>();

  constructor(private readonly limiter: RateLimiter) {}

  /** 429 while the client is over its limit of failures in the current window. */
  assertAllowed(client: string): void {
    const until = this.refused.get(client);
    if (until === undefined) return;
    const left = until - Date.now();
    if (left > 0) throw new RateLimitedError(Math.max(1, Math.ceil(left / 1000)));
    this.refused.delete(client);
  }

  /** Counts one failure of the client; the 429 to answer instead when that puts it over its limit, else null. */
  async count(client: string): Promise<RateLimitedError | null> {
    const decision = await this.limiter.hit('auth-failures', client);
    if (decision.allowed) return null;
    this.refused.delete(client);
    if (this.refused.size >= MAX_REFUSED) this.refused.delete(this.refused.keys().next().value!);
    this.refused.set(client, Date.now() + decision.retryAfterSeconds * 1000);
    return new RateLimitedError(decision.retryAfterSeconds);
  }
}
