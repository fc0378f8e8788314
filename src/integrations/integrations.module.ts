import { Module } from '@nestjs/common';
import { ContractorsModule } from '../contractors/contractors.module';
import { EmployeesModule } from '../employees/employees.module';
import { FunctionalStructureModule } from '../functional-structure/functional-structure.module';
import { ProjectsModule } from '../projects/projects.module';
import { TeamsModule } from '../teams/teams.module';
import { VacanciesModule } from '../vacancies/vacancies.module';
import { WebhooksModule } from '../webhooks/webhooks.module';
import { IntegrationsAdminController } from './integrations.admin.controller';
import { IntegrationsService } from './integrations.service';
import { PullRunner } from './pull-runner';
import { PullScheduler } from './pull-scheduler';

/**
 * Custom integrations (spec 04 §5): the resource (application API), PULL hooks (runner and scheduler).
 * Push hooks are delivered by the webhook dispatcher, which fans changes out to integrations too.
 */
@Module({
  imports: [WebhooksModule, EmployeesModule, ContractorsModule, VacanciesModule, ProjectsModule, TeamsModule, FunctionalStructureModule],
  controllers: [IntegrationsAdminController],
  providers: [IntegrationsService, PullRunner, PullScheduler],
  exports: [PullScheduler],
})
export class IntegrationsModule {}
