import { Module } from '@nestjs/common';
import { OrganizationsModule } from '../organizations/organizations.module';
import { MergeScenarioUseCase } from './merge-scenario.use-case';
import { ScenarioPlansRepository, ScenariosRepository } from './scenarios.repository';
import { ScenariosService } from './scenarios.service';
import { ScenarioChanges } from './scenario-changes';
import { ScenarioDiffService } from './scenario-diff.service';
import { ScenarioMembersRepository } from './scenario-members.repository';
import { ScenarioMembersService } from './scenario-members.service';
import { ScenariosAdminController } from './scenarios.admin.controller';
import { ScenarioSharingAdminController } from './scenario-sharing.admin.controller';

/**
 * Scenarios themselves: create (fork), list, update, members, diff and merge. The writes inside a scenario are
 * routed by each planning resource (`crudControllers`), and the planning tables come from the resource catalog.
 */
@Module({
  imports: [OrganizationsModule],
  controllers: [ScenariosAdminController, ScenarioSharingAdminController],
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
