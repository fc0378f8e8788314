import { Module } from '@nestjs/common';
import { AssignmentsModule } from '../assignments/assignments.module';
import { CustomAttributesModule } from '../custom-attributes/custom-attributes.module';
import { ContractorsModule } from '../contractors/contractors.module';
import { EmployeesModule } from '../employees/employees.module';
import { ProjectsModule } from '../projects/projects.module';
import { TeamsModule } from '../teams/teams.module';
import { VacanciesModule } from '../vacancies/vacancies.module';
import { MergeScenarioUseCase } from './merge-scenario.use-case';
import { ScenarioPlansRepository, ScenariosRepository } from './scenarios.repository';
import { ScenariosService } from './scenarios.service';
import { ScenarioChanges } from './scenario-changes';
import { ScenarioDiffService } from './scenario-diff.service';
import { ScenarioMembersRepository } from './scenario-members.repository';
import { ScenarioMembersService } from './scenario-members.service';

import { OrganizationsModule } from '../organizations/organizations.module';
import { ScenariosControllers } from './scenarios.controller';

@Module({
  imports: [
    TeamsModule,
    EmployeesModule,
    ContractorsModule,
    ProjectsModule,
    VacanciesModule,
    AssignmentsModule,
    CustomAttributesModule,
    OrganizationsModule,
  ],
  controllers: ScenariosControllers,
  providers: [
    ScenariosService,
    ScenariosRepository,
    ScenarioPlansRepository,
    ScenarioMembersRepository,
    ScenarioChanges,
    ScenarioDiffService,
    ScenarioMembersService,
    MergeScenarioUseCase,
  ],
  exports: [ScenariosService, ScenarioPlansRepository],
})
export class ScenariosModule {}
