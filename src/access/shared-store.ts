import { Inject, Injectable, OnApplicationShutdown } from '@nestjs/common';
import Redis from 'ioredis';
import { APP_CONFIG, AppConfig } from '../config/app-config';

/** At most this many remembered keys are kept in memory; the oldest goes first. */
const MAX_REMEMBERED = 10_000;

interface Store {
  /** Adds one hit to `key` (whose name embeds its window) and returns the window's count. */
  increment(key: string, windowMs: number): Promise<number>;
  /** Remembers `key` for `ttlMs`. */
  remember(key: string, ttlMs: number): Promise<void>;
  /** Whether `key` is remembered now. */
  remembers(key: string): Promise<boolean>;
  close(): Promise<void>;
}

class MemoryStore implements Store {
  private readonly counts = new Map<string, number>();
  private currentWindow = 0;
  private readonly remembered = new Map<string, number>();

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

  async remember(key: string, ttlMs: number): Promise<void> {
    this.remembered.delete(key);
    if (this.remembered.size >= MAX_REMEMBERED) this.remembered.delete(this.remembered.keys().next().value!);
    this.remembered.set(key, Date.now() + ttlMs);
  }

  async remembers(key: string): Promise<boolean> {
    const until = this.remembered.get(key);
    if (until === undefined) return false;
    if (until > Date.now()) return true;
    this.remembered.delete(key);
    return false;
  }

  async close(): Promise<void> {
    this.counts.clear();
    this.remembered.clear();
  }
}

/** Shared by every instance: a count is one INCR and one PEXPIRE, pipelined; a remembered key a SET with PX. */
class RedisStore implements Store {
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

  async remember(key: string, ttlMs: number): Promise<void> {
    await this.redis.set(key, '1', 'PX', ttlMs);
  }

  async remembers(key: string): Promise<boolean> {
    return (await this.redis.exists(key)) === 1;
  }

  async close(): Promise<void> {
    this.redis.disconnect();
  }
}

/**
 * What the access checks share between instances: counters in fixed windows (the rate limits) and short-lived
 * remembered keys (unknown API keys). In Redis when REDIS_URL is set (one connection), in memory otherwise.
 * Callers let a request through when the store fails: neither may take the service down.
 */
@Injectable()
export class SharedStore implements OnApplicationShutdown {
  private readonly store: Store;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.store = config.redisUrl
      ? new RedisStore(new Redis(config.redisUrl, { maxRetriesPerRequest: 1, enableOfflineQueue: true, lazyConnect: false }))
      : new MemoryStore();
  }

  increment(key: string, windowMs: number): Promise<number> {
    return this.store.increment(key, windowMs);
  }

  remember(key: string, ttlMs: number): Promise<void> {
    return this.store.remember(key, ttlMs);
  }

  remembers(key: string): Promise<boolean> {
    return this.store.remembers(key);
  }

  async onApplicationShutdown(): Promise<void> {
    await this.store.close();
  }
}
