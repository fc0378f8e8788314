import { Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { InputGuard } from '../common/http/input.guard';
import { OrganizationsModule } from '../organizations/organizations.module';
import { AccessGuard } from './access.guard';
import { AccessRepository } from './access.repository';
import { AdminTokenService } from './admin-token.service';
import { ApiKeysAdminController } from './api-keys.admin.controller';
import { ApiKeysRepository } from './api-keys.repository';
import { ApiKeysService } from './api-keys.service';
import { MeController } from './me.controller';
import { AuthFailures } from './auth-failures';
import { RateLimiter } from './rate-limiter';
import { SharedStore } from './shared-store';
import { VerifiedKeys } from './verified-keys';

@Module({
  imports: [OrganizationsModule],
  controllers: [ApiKeysAdminController, MeController],
  providers: [
    AdminTokenService,
    AccessRepository,
    VerifiedKeys,
    SharedStore,
    RateLimiter,
    AuthFailures,
    ApiKeysService,
    ApiKeysRepository, // Global guards run in registration order: input checks first, then authentication and access.
    { provide: APP_GUARD, useClass: InputGuard },
    { provide: APP_GUARD, useClass: AccessGuard },
  ],
  exports: [AdminTokenService, ApiKeysService, RateLimiter],
})
export class AccessModule {}
