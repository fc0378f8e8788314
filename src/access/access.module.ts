import { Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { AccessGuard } from './access.guard';
import { AdminTokenService } from './admin-token.service';
import { ApiKeysAdminController } from './api-keys.admin.controller';
import { ApiKeysService } from './api-keys.service';
import { MeController } from './me.controller';
import { RateLimiter } from './rate-limiter';

@Module({
  controllers: [ApiKeysAdminController, MeController],
  providers: [AdminTokenService, RateLimiter, ApiKeysService, { provide: APP_GUARD, useClass: AccessGuard }],
  exports: [AdminTokenService, ApiKeysService, RateLimiter],
})
export class AccessModule {}
