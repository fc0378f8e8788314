import { Inject, Injectable, OnApplicationShutdown } from '@nestjs/common';
import Redis from 'ioredis';
import { APP_CONFIG, AppConfig } from '../config/app-config';
import { logger } from '../common/logging/json-logger';

export interface RateLimitDecision {
  limit: number;
  remaining: number;
  /** Seconds until the window resets. */
  resetSeconds: number;
  allowed: boolean;
}

interface CounterStore {
  /** Adds one hit to `key` for the window ending at `windowEndMs` and returns the window's count. */
  increment(key: string, windowMs: number): Promise<number>;
  close(): Promise<void>;
}

class MemoryCounterStore implements CounterStore {
  private readonly counts = new Map<string, number>();
  private currentWindow = 0;

  async increment(key: string, windowMs: number): Promise<number> {
    const window = Math.floor(Date.now() / windowMs);
    if (window !== this.currentWindow) {
      // Keys embed their window: everything older than the current window is dead weight.
      for (const k of this.counts.keys()) if (!k.endsWith(`:${window}`)) this.counts.delete(k);
      this.currentWindow = window;
    }
    const count = (this.counts.get(key) ?? 0) + 1;
    this.counts.set(key, count);
    return count;
  }

  async close(): Promise<void> {
    this.counts.clear();
  }
}

/** Shared by every instance: one INCR and one PEXPIRE per request, pipelined. */
class RedisCounterStore implements CounterStore {
  constructor(private readonly redis: Redis) {}

  async increment(key: string, windowMs: number): Promise<number> {
    const results = await this.redis
      .multi()
      .incr(key)
      .pexpire(key, windowMs * 2)
      .exec();
    const [error, count] = results?.[0] ?? [new Error('no reply'), 0];
    if (error) throw error;
    return Number(count);
  }

  async close(): Promise<void> {
    this.redis.disconnect();
  }
}

/**
 * Fixed one-minute windows per API key and route group. Counters live in Redis when REDIS_URL is set
 * (shared by every instance), in memory otherwise. If Redis cannot be reached the request is let
 * through and the failure logged: a rate limiter must not take the service down.
 */
@Injectable()
export class RateLimiter implements OnApplicationShutdown {
  private readonly store: CounterStore;
  private readonly windowMs = 60_000;
  private readonly limits: Record<string, number>;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.store = config.redisUrl
      ? new RedisCounterStore(new Redis(config.redisUrl, { maxRetriesPerRequest: 1, enableOfflineQueue: true, lazyConnect: false }))
      : new MemoryCounterStore();
    this.limits = { default: config.rateLimitPerMinute, readings: config.readingsRateLimitPerMinute };
  }

  limitOf(group: string): number {
    return this.limits[group] ?? this.limits.default;
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

  async onApplicationShutdown(): Promise<void> {
    await this.store.close();
  }
}
