import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, AppConfig } from '../config/app-config';
import { logger } from '../common/logging/json-logger';
import { SharedStore } from './shared-store';

export interface RateLimitDecision {
  limit: number;
  remaining: number;
  /** Seconds until the window resets. */
  resetSeconds: number;
  allowed: boolean;
}

/** The buckets: API key requests (`default`, `readings`) and unauthenticated failures per client address. */
export type RateGroup = 'default' | 'readings' | 'auth-failures';

/**
 * Fixed one-minute windows per subject (an API key, a client address) and group. Counters live in the
 * `SharedStore`: in Redis when REDIS_URL is set (shared by every instance), in memory otherwise. If Redis
 * cannot be reached the request is let through and the failure logged: a rate limiter must not take the
 * service down.
 */
@Injectable()
export class RateLimiter {
  private readonly windowMs = 60_000;
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
    const window = Math.floor(now / this.windowMs);
    const resetSeconds = Math.max(1, Math.ceil(((window + 1) * this.windowMs - now) / 1000));
    let count: number;
    try {
      count = await this.store.increment(`wfp:rl:${group}:${subject}:${window}`, this.windowMs);
    } catch (error) {
      logger.write('warn', 'rate limiter store failed; request allowed', { error: String(error) });
      return { limit, remaining: limit, resetSeconds, allowed: true };
    }
    return { limit, remaining: Math.max(0, limit - count), resetSeconds, allowed: count <= limit };
  }
}
