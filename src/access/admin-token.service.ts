import { Inject, Injectable } from '@nestjs/common';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { APP_CONFIG, AppConfig, MEMORY_DATA_DIR, randomToken } from '../config/app-config';
import { safeEqual } from './secrets';

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
    const file = join(config.dataDir, 'admin-token');
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
