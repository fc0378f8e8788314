import { Module } from '@nestjs/common';
import { FunctionalStructureModule } from '../functional-structure/functional-structure.module';
import { OrganizationsModule } from '../organizations/organizations.module';
import { WebhooksModule } from '../webhooks/webhooks.module';
import { IntegrationsAdminController } from './integrations.admin.controller';
import { IntegrationsRepository } from './integrations.repository';
import { IntegrationsService } from './integrations.service';
import { PullRunner } from './pull-runner';
import { PullScheduler } from './pull-scheduler';

/**
 * Custom integrations (spec 04 §5): the resource (application API), PULL hooks (runner and scheduler).
 * Push hooks are delivered by the webhook dispatcher, which fans changes out to integrations too.
 */
@Module({
  imports: [WebhooksModule, FunctionalStructureModule, OrganizationsModule],
  controllers: [IntegrationsAdminController],
  providers: [IntegrationsService, IntegrationsRepository, PullRunner, PullScheduler],
  exports: [PullScheduler, IntegrationsRepository],
})
export class IntegrationsModule {}
