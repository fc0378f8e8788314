import { Inject, Injectable } from '@nestjs/common';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { APP_CONFIG, AppConfig, MEMORY_DATA_DIR, randomToken } from '../config/app-config';
import { safeEqual } from './secrets';

/**
 * Where a generated admin token is kept: one file per database, so that the embedded demo's token and a PostgreSQL
 * database's never mix. The embedded database's is `DATA_DIR/admin-token`; a PostgreSQL database's is named after its
 * host, port and database (never its user or password): `DATA_DIR/admin-token.postgres-127.0.0.1-5432-wfp`.
 */
export function adminTokenFile(config: Pick<AppConfig, 'dataDir' | 'databaseUrl'>): string {
  if (!config.databaseUrl) return join(config.dataDir, 'admin-token');
  let name: string;
  try {
    const url = new URL(config.databaseUrl);
    name = `${url.hostname || 'localhost'}-${url.port || '5432'}-${decodeURIComponent(url.pathname.slice(1)) || 'postgres'}`;
  } catch {
    name = createHash('sha256').update(config.databaseUrl).digest('hex').slice(0, 16);
  }
  return join(config.dataDir, `admin-token.postgres-${name.replace(/[^A-Za-z0-9._-]/g, '_')}`);
}

/**
 * The application API's bearer token: ADMIN_TOKEN, or one generated at first start and kept in the
 * data directory (in memory for `DATA_DIR=memory://`).
 */
@Injectable()
export class AdminTokenService {
  readonly token: string;
  /** True when this start generated the token (so it is printed). */
  readonly generated: boolean;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    if (config.adminToken) {
      this.token = config.adminToken;
      this.generated = false;
      return;
    }
    if (config.dataDir.startsWith(MEMORY_DATA_DIR)) {
      this.token = randomToken();
      this.generated = true;
      return;
    }
    const file = adminTokenFile(config);
    if (existsSync(file)) {
      this.token = readFileSync(file, 'utf8').trim();
      this.generated = false;
    } else {
      mkdirSync(config.dataDir, { recursive: true });
      this.token = randomToken();
      writeFileSync(file, this.token + '\n', { mode: 0o600 });
      this.generated = true;
    }
  }

  matches(candidate: string): boolean {
    return safeEqual(candidate, this.token);
  }
}
