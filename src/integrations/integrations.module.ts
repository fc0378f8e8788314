import { Module } from '@nestjs/common';
import { ContractorsModule } from '../contractors/contractors.module';
import { EmployeesModule } from '../employees/employees.module';
import { FunctionalStructureModule } from '../functional-structure/functional-structure.module';
import { OrganizationsModule } from '../organizations/organizations.module';
import { ProjectsModule } from '../projects/projects.module';
import { TeamsModule } from '../teams/teams.module';
import { VacanciesModule } from '../vacancies/vacancies.module';
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
  imports: [
    WebhooksModule,
    EmployeesModule,
    ContractorsModule,
    VacanciesModule,
    ProjectsModule,
    TeamsModule,
    FunctionalStructureModule,
    OrganizationsModule,
  ],
  controllers: [IntegrationsAdminController],
  providers: [IntegrationsService, IntegrationsRepository, PullRunner, PullScheduler],
  exports: [PullScheduler, IntegrationsRepository],
})
export class IntegrationsModule {}
