import { CanActivate, ExecutionContext, Inject, Injectable } from '@nestjs/common';
import { createHash, timingSafeEqual } from 'node:crypto';
import type { Request } from 'express';
import { DomainError } from '../common/errors/domain-error';
import { APP_CONFIG, AppConfig } from '../config/app-config';

/** `GET /metrics` (spec 05 §2.1): without METRICS_TOKEN it does not exist (404); a missing or wrong bearer token is 401. */
@Injectable()
export class MetricsTokenGuard implements CanActivate {
  private readonly digest: Buffer | null;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.digest = config.metricsToken === null ? null : sha256(config.metricsToken);
  }

  canActivate(context: ExecutionContext): boolean {
    const req = context.switchToHttp().getRequest<Request>();
    if (!this.digest) throw new DomainError('NOT_FOUND', `No route ${req.method} ${req.path}`);
    const match = /^Bearer (\S+)$/i.exec(req.headers.authorization?.trim() ?? '');
    if (!match || !timingSafeEqual(sha256(match[1]), this.digest)) throw DomainError.unauthorized('Missing or wrong metrics token');
    return true;
  }
}

function sha256(value: string): Buffer {
  return createHash('sha256').update(value).digest();
}
