import { Module } from '@nestjs/common';
import { BudgetsModule } from '../budgets/budgets.module';
import { ForecastsModule } from '../forecasts/forecasts.module';
import { OrganizationsModule } from '../organizations/organizations.module';
import { ScenariosModule } from '../scenarios/scenarios.module';
import { ApprovalImpactService } from './approval-impact.service';
import { ScenarioApprovalsAdminController } from './scenario-approvals.admin.controller';
import { ScenarioApprovalsRepository } from './scenario-approvals.repository';
import { ScenarioApprovalsService } from './scenario-approvals.service';

/** Approvals of scenarios before they are merged (spec 07 §3). */
@Module({
  imports: [BudgetsModule, ForecastsModule, OrganizationsModule, ScenariosModule],
  controllers: [ScenarioApprovalsAdminController],
  providers: [ScenarioApprovalsService, ScenarioApprovalsRepository, ApprovalImpactService],
})
export class ApprovalsModule {}
