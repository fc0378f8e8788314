import { Inject, Injectable, OnApplicationShutdown } from '@nestjs/common';
import Redis from 'ioredis';
import { APP_CONFIG, AppConfig } from '../config/app-config';

/** At most this many remembered keys are kept in memory; the oldest goes first. */
const MAX_REMEMBERED = 10_000;

/**
 * A sliding window of `spanSeconds` one-second buckets: `[second, hits]` pairs, oldest first, of the
 * seconds still in the window, and whether the hit was counted (it is only while under the limit).
 */
export interface WindowState {
  counted: boolean;
  buckets: [number, number][];
}

interface Store {
  /** Counts one hit on `key` at `nowMs` unless the window already holds `limit` hits. */
  slide(key: string, nowMs: number, limit: number, spanSeconds: number): Promise<WindowState>;
  /** Remembers `key` for `ttlMs`. */
  remember(key: string, ttlMs: number): Promise<void>;
  /** Whether `key` is remembered now. */
  remembers(key: string): Promise<boolean>;
  close(): Promise<void>;
}

class MemoryStore implements Store {
  private readonly windows = new Map<string, Map<number, number>>();
  private lastSweep = 0;
  private readonly remembered = new Map<string, number>();

  async slide(key: string, nowMs: number, limit: number, spanSeconds: number): Promise<WindowState> {
    const second = Math.floor(nowMs / 1000);
    const oldest = second - spanSeconds + 1;
    if (second - this.lastSweep >= spanSeconds) {
      // Windows whose every second has passed are dead weight.
      for (const [k, buckets] of this.windows) if (Math.max(...buckets.keys()) < oldest) this.windows.delete(k);
      this.lastSweep = second;
    }
    const buckets = this.windows.get(key) ?? new Map<number, number>();
    this.windows.set(key, buckets);
    let total = 0;
    for (const [at, hits] of buckets) {
      if (at < oldest) buckets.delete(at);
      else total += hits;
    }
    const counted = total < limit;
    if (counted) buckets.set(second, (buckets.get(second) ?? 0) + 1);
    return { counted, buckets: [...buckets].sort((a, b) => a[0] - b[0]) };
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
    this.windows.clear();
    this.remembered.clear();
  }
}

/**
 * One hash per window (field: the second, value: its hits), read, trimmed and counted by one script, so
 * instances sharing Redis count atomically. Returns `counted` (1 or 0), then second, hits, second, hits, ...
 */
const SLIDE = `
local second = math.floor(tonumber(ARGV[1]) / 1000)
local limit = tonumber(ARGV[2])
local span = tonumber(ARGV[3])
local oldest = second - span + 1
local fields = redis.call('HGETALL', KEYS[1])
local total = 0
local kept = {}
for i = 1, #fields, 2 do
  local at = tonumber(fields[i])
  if at < oldest then
    redis.call('HDEL', KEYS[1], fields[i])
  else
    total = total + tonumber(fields[i + 1])
    kept[at] = tonumber(fields[i + 1])
  end
end
local counted = 0
if total < limit then
  counted = 1
  kept[second] = (kept[second] or 0) + 1
  redis.call('HINCRBY', KEYS[1], tostring(second), 1)
  redis.call('PEXPIRE', KEYS[1], (span + 1) * 1000)
end
local out = { counted }
for at, hits in pairs(kept) do
  out[#out + 1] = at
  out[#out + 1] = hits
end
return out`;

/** Shared by every instance: a window is one script call on a hash; a remembered key a SET with PX. */
class RedisStore implements Store {
  constructor(private readonly redis: Redis) {}

  async slide(key: string, nowMs: number, limit: number, spanSeconds: number): Promise<WindowState> {
    const reply = (await this.redis.eval(SLIDE, 1, key, nowMs, limit, spanSeconds)) as number[];
    const buckets: [number, number][] = [];
    for (let i = 1; i < reply.length; i += 2) buckets.push([Number(reply[i]), Number(reply[i + 1])]);
    return { counted: reply[0] === 1, buckets: buckets.sort((a, b) => a[0] - b[0]) };
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
 * What the access checks share between instances: sliding windows of counts (the rate limits) and short-lived
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

  slide(key: string, nowMs: number, limit: number, spanSeconds: number): Promise<WindowState> {
    return this.store.slide(key, nowMs, limit, spanSeconds);
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
