import { Module } from '@nestjs/common';
import { APP_CONFIG, AppConfig } from '../config/app-config';
import { OrganizationsModule } from '../organizations/organizations.module';
import { WebhookDeliveriesRepository } from './webhook-deliveries.repository';
import { WebhookDispatcher } from './webhook-dispatcher';
import { WebhookEndpointsService } from './webhook-endpoints.service';
import { WebhookEndpointsRepository } from './webhook-endpoints.repository';
import { WebhookHttpClient } from './webhook-http-client';
import { WebhooksAdminController } from './webhooks.admin.controller';

/** Outbound webhooks: endpoint management (application API) and the dispatcher that delivers the outbox. */
@Module({
  imports: [OrganizationsModule],
  controllers: [WebhooksAdminController],
  providers: [
    {
      provide: WebhookHttpClient,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => new WebhookHttpClient({ allowPrivateTargets: config.webhookAllowPrivateTargets }),
    },
    WebhookDeliveriesRepository,
    WebhookEndpointsService,
    WebhookEndpointsRepository,
    WebhookDispatcher,
  ],
  exports: [WebhookEndpointsService, WebhookDispatcher, WebhookHttpClient, WebhookDeliveriesRepository],
})
export class WebhooksModule {}
