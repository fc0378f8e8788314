import { randomBytes } from 'node:crypto';
import { isIP } from 'node:net';

/** Typed configuration read once from the environment and validated at start. */
export interface AppConfig {
  nodeEnv: string;
  isProduction: boolean;
  port: number;
  host: string;
  /** Set: PostgreSQL. Unset: the embedded PGlite database in `dataDir`. */
  databaseUrl: string | null;
  /** Directory of the embedded database and of the generated admin token; `memory://` keeps both in memory. */
  dataDir: string;
  /**
   * EMBEDDED_DB_PORT: the embedded database also listens on 127.0.0.1 at this port, behind a password generated at each
   * start; null (the default): it listens on no TCP port, only on a Unix socket this process alone may reach.
   */
  embeddedDbPort: number | null;
  dbPoolSize: number;
  adminToken: string | null;
  redisUrl: string | null;
  rateLimitPerMinute: number;
  readingsRateLimitPerMinute: number;
  /** Unauthenticated requests (401) a client address may make per minute before it gets 429 (AUTH_FAILURE_LIMIT_PER_MINUTE). */
  authFailureLimitPerMinute: number;
  /**
   * The proxies whose `X-Forwarded-For` names the client (Express's `trust proxy`: a hop count, or addresses, CIDR
   * ranges and `loopback`, `linklocal`, `uniquelocal`); null: none, the client is the connection's address.
   */
  trustProxy: number | string | null;
  bodyLimit: string;
  /** Deepest nesting of arrays and objects accepted in a JSON body (deeper is 400). */
  jsonMaxDepth: number;
  logLevel: LogLevel;
  seedDemo: boolean;
  publicBaseUrl: string | null;
  /** Lets webhook targets resolve to loopback or private addresses (development and tests). */
  webhookAllowPrivateTargets: boolean;
  webhookSweepIntervalMs: number;
  /** How often each instance looks for PULL hooks that are due (spec 04 §5.3); runs are claimed in the database. */
  integrationPullTickMs: number;
  /** Bearer token of `GET /metrics` (spec 05 §2.1); null: metrics are off and the endpoint answers 404. */
  metricsToken: string | null;
}

export type LogLevel = 'debug' | 'info' | 'warn' | 'error' | 'silent';
const LOG_LEVELS: readonly LogLevel[] = ['debug', 'info', 'warn', 'error', 'silent'];

export const MEMORY_DATA_DIR = 'memory://';

export class ConfigError extends Error {}

function int(env: NodeJS.ProcessEnv, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new ConfigError(`${name} must be an integer from ${min} to ${max}, got "${raw}"`);
  }
  return value;
}

function bool(env: NodeJS.ProcessEnv, name: string, fallback: boolean): boolean {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (['true', '1', 'yes'].includes(raw.toLowerCase())) return true;
  if (['false', '0', 'no'].includes(raw.toLowerCase())) return false;
  throw new ConfigError(`${name} must be true or false, got "${raw}"`);
}

function str(env: NodeJS.ProcessEnv, name: string): string | null {
  const raw = env[name];
  return raw === undefined || raw.trim() === '' ? null : raw.trim();
}

const PROXY_PRESETS = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** TRUST_PROXY: unset (no proxy), a hop count, or a comma list of addresses, CIDR ranges and presets; never "everyone". */
function trustProxy(env: NodeJS.ProcessEnv): number | string | null {
  const raw = str(env, 'TRUST_PROXY');
  if (raw === null || ['false', 'no', '0', 'none'].includes(raw.toLowerCase())) return null;
  if (/^\d+$/.test(raw)) return int(env, 'TRUST_PROXY', 0, 1, 100);
  const items = raw.split(',').map((item) => item.trim());
  for (const item of items) {
    const [address, bits, ...more] = item.split('/');
    const family = isIP(address);
    const prefixOk = bits === undefined || (/^\d+$/.test(bits) && Number(bits) <= (family === 6 ? 128 : 32));
    if (!PROXY_PRESETS.has(item) && (!family || !prefixOk || more.length)) {
      throw new ConfigError(
        `TRUST_PROXY must be a hop count or a comma list of addresses, CIDR ranges, loopback, linklocal or uniquelocal; got "${item}"`,
      );
    }
  }
  return items.join(',');
}

/**
 * Tokens this repository publishes (former compose defaults, examples, tests and benchmarks): anyone can read them, so
 * production refuses them as ADMIN_TOKEN or METRICS_TOKEN (spec 03 §1.19). test/foundation/shipped-secrets.spec.ts
 * fails when the repository holds a token of production length that is not listed here.
 */
export const PUBLISHED_TOKENS: readonly string[] = [
  'local-admin-token-change-me',
  'local-metrics-token-change-me',
  'bench-admin-token-0123456789abcdef',
  'test-admin-token-0123456789',
  'tracing-admin-token-0123456789',
  'metrics-token-0123456789abcdef',
  'sql-samples-admin-token-0123456789',
];

/** The shortest ADMIN_TOKEN or METRICS_TOKEN production accepts (elsewhere 16). */
export const PRODUCTION_TOKEN_LENGTH = 32;

/** ADMIN_TOKEN or METRICS_TOKEN: 16 characters or more; in production 32 or more and none this repository publishes. */
function token(env: NodeJS.ProcessEnv, name: string, isProduction: boolean): string | null {
  const value = str(env, name);
  if (value === null) return null;
  const min = isProduction ? PRODUCTION_TOKEN_LENGTH : 16;
  if (value.length < min) throw new ConfigError(`${name} must be at least ${min} characters${isProduction ? ' in production' : ''}`);
  if (isProduction && PUBLISHED_TOKENS.includes(value)) {
    throw new ConfigError(`${name} is a token published in this repository (an example or default): set a secret one of its own`);
  }
  return value;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const nodeEnv = str(env, 'NODE_ENV') ?? 'development';
  const isProduction = nodeEnv === 'production';
  const logLevel = (str(env, 'LOG_LEVEL') ?? (nodeEnv === 'test' ? 'warn' : 'info')) as LogLevel;
  if (!LOG_LEVELS.includes(logLevel)) throw new ConfigError(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}`);
  const databaseUrl = str(env, 'DATABASE_URL');
  if (databaseUrl && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    throw new ConfigError('DATABASE_URL must be a postgres:// or postgresql:// URL');
  }
  const redisUrl = str(env, 'REDIS_URL');
  if (redisUrl && !/^rediss?:\/\//.test(redisUrl)) throw new ConfigError('REDIS_URL must be a redis:// or rediss:// URL');
  const adminToken = token(env, 'ADMIN_TOKEN', isProduction);
  const metricsToken = token(env, 'METRICS_TOKEN', isProduction);
  return {
    nodeEnv,
    isProduction,
    port: int(env, 'PORT', 3000, 0, 65535),
    host: str(env, 'HOST') ?? '0.0.0.0',
    databaseUrl,
    dataDir: str(env, 'DATA_DIR') ?? '.data',
    embeddedDbPort: str(env, 'EMBEDDED_DB_PORT') === null ? null : int(env, 'EMBEDDED_DB_PORT', 0, 1, 65535),
    dbPoolSize: int(env, 'DB_POOL_SIZE', 10, 1, 200),
    adminToken,
    redisUrl,
    rateLimitPerMinute: int(env, 'RATE_LIMIT_PER_MINUTE', 6000, 1, 10_000_000),
    readingsRateLimitPerMinute: int(env, 'READINGS_RATE_LIMIT_PER_MINUTE', 120, 1, 10_000_000),
    authFailureLimitPerMinute: int(env, 'AUTH_FAILURE_LIMIT_PER_MINUTE', 120, 1, 10_000_000),
    trustProxy: trustProxy(env),
    bodyLimit: str(env, 'BODY_LIMIT') ?? '5mb',
    jsonMaxDepth: int(env, 'JSON_MAX_DEPTH', 32, 1, 1000),
    logLevel,
    seedDemo: bool(env, 'SEED_DEMO', !isProduction) && str(env, 'DEMO')?.toLowerCase() !== 'off' && !isProduction,
    publicBaseUrl: str(env, 'PUBLIC_BASE_URL'),
    webhookAllowPrivateTargets: bool(env, 'WEBHOOK_ALLOW_PRIVATE_TARGETS', !isProduction),
    webhookSweepIntervalMs: int(env, 'WEBHOOK_SWEEP_INTERVAL_MS', 10_000, 100, 3_600_000),
    integrationPullTickMs: int(env, 'INTEGRATION_PULL_TICK_MS', 30_000, 100, 3_600_000),
    metricsToken,
  };
}

export const APP_CONFIG = Symbol('APP_CONFIG');

export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('hex');
}
