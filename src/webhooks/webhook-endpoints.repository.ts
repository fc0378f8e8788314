import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { WebhookEndpointEntity } from './entities/webhook-endpoint.entity';
import { SecretResourceRepository } from './secret-resource.repository';

/** Webhook endpoints' rows (the shared shape of a resource with a secret). */
@Injectable()
export class WebhookEndpointsRepository extends SecretResourceRepository<WebhookEndpointEntity> {
  constructor(dataSource: DataSource) {
    super(dataSource, WebhookEndpointEntity);
  }
}
