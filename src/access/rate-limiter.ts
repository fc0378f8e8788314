import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, AppConfig } from '../config/app-config';
import { logger } from '../common/logging/json-logger';
import { SharedStore, WindowState } from './shared-store';

export interface RateLimitDecision {
  limit: number;
  remaining: number;
  /** Seconds until the oldest request still counted leaves the window (and `remaining` grows). */
  resetSeconds: number;
  /** Seconds until a request would be accepted again: 0 when this one was. */
  retryAfterSeconds: number;
  allowed: boolean;
}

/** The buckets: API key requests (`default`, `readings`) and unauthenticated failures per client address. */
export type RateGroup = 'default' | 'readings' | 'auth-failures';

const SPAN_SECONDS = 60;

/**
 * A sliding one-minute window per subject (an API key, a client address) and group: a request counts for
 * the 60 seconds after the second it came in, and one over the limit is refused (and not counted) until
 * enough earlier ones have left the window, which is what `Retry-After` says. Counts live in the
 * `SharedStore`: in Redis when REDIS_URL is set (shared by every instance), in memory otherwise. If Redis
 * cannot be reached the request is let through and the failure logged: a rate limiter must not take the
 * service down.
 */
@Injectable()
export class RateLimiter {
  private readonly limits: Record<RateGroup, number>;

  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    private readonly store: SharedStore,
  ) {
    this.limits = {
      default: config.rateLimitPerMinute,
      readings: config.readingsRateLimitPerMinute,
      'auth-failures': config.authFailureLimitPerMinute,
    };
  }

  limitOf(group: string): number {
    return this.limits[group as RateGroup] ?? this.limits.default;
  }

  async hit(group: string, subject: string): Promise<RateLimitDecision> {
    const limit = this.limitOf(group);
    const now = Date.now();
    let state: WindowState;
    try {
      state = await this.store.slide(`wfp:rl:${group}:${subject}`, now, limit, SPAN_SECONDS);
    } catch (error) {
      logger.write('warn', 'rate limiter store failed; request allowed', { error: String(error) });
      return { limit, remaining: limit, resetSeconds: SPAN_SECONDS, retryAfterSeconds: 0, allowed: true };
    }
    return decide(state, now, limit);
  }
}

/** Whole seconds from `nowMs` until the second `at` leaves the window (at least 1). */
const secondsUntilGone = (at: number, nowMs: number): number => Math.max(1, Math.ceil(((at + SPAN_SECONDS) * 1000 - nowMs) / 1000));

/** The answer's figures from the window after the hit: refused requests wait until enough earlier ones have left. */
export function decide({ counted, buckets }: WindowState, nowMs: number, limit: number): RateLimitDecision {
  const total = buckets.reduce((sum, [, hits]) => sum + hits, 0);
  const resetSeconds = buckets.length ? secondsUntilGone(buckets[0][0], nowMs) : SPAN_SECONDS;
  if (counted) return { limit, remaining: Math.max(0, limit - total), resetSeconds, retryAfterSeconds: 0, allowed: true };
  // One more request fits once `total - limit + 1` of the counted ones have left, oldest first.
  let toLeave = total - limit + 1;
  let retryAfterSeconds = resetSeconds;
  for (const [at, hits] of buckets) {
    toLeave -= hits;
    retryAfterSeconds = secondsUntilGone(at, nowMs);
    if (toLeave <= 0) break;
  }
  return { limit, remaining: 0, resetSeconds: retryAfterSeconds, retryAfterSeconds, allowed: false };
}
