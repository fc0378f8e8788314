import { Module } from '@nestjs/common';
import { CustomAttributesModule } from '../custom-attributes/custom-attributes.module';
import { IntegrationsModule } from '../integrations/integrations.module';
import { OrganizationsModule } from '../organizations/organizations.module';
import { ScenariosModule } from '../scenarios/scenarios.module';
import { WebhooksModule } from '../webhooks/webhooks.module';
import { ErasePersonUseCase } from './erase-person.use-case';
import { PeopleAdminController } from './people.admin.controller';
import { PersonalDataRepository } from './personal-data.repository';
import { RetentionPurge } from './retention-purge';
import { RetentionRepository } from './retention.repository';

/** Personal data: erasing a person everywhere (application API) and the retention purge of history and deliveries. */
@Module({
  imports: [OrganizationsModule, CustomAttributesModule, ScenariosModule, WebhooksModule, IntegrationsModule],
  controllers: [PeopleAdminController],
  providers: [ErasePersonUseCase, PersonalDataRepository, RetentionRepository, RetentionPurge],
})
export class PersonalDataModule {}
