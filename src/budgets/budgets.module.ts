import { Module } from '@nestjs/common';
import { CustomAttributesModule } from '../custom-attributes/custom-attributes.module';
import { ForecastsModule } from '../forecasts/forecasts.module';
import { OrganizationsModule } from '../organizations/organizations.module';
import { ReferenceDataModule } from '../reference-data/reference-data.module';
import { TeamsModule } from '../teams/teams.module';
import { BudgetVarianceService } from './budget-variance.service';
import { BudgetsControllers } from './budgets.controller';
import { BudgetsRepository } from './budgets.repository';
import { BudgetsService } from './budgets.service';

/** Budgets and their variance against the forecast (spec 07 §2). */
@Module({
  imports: [CustomAttributesModule, ForecastsModule, OrganizationsModule, ReferenceDataModule, TeamsModule],
  controllers: BudgetsControllers,
  providers: [BudgetsService, BudgetsRepository, BudgetVarianceService],
  exports: [BudgetsService, BudgetVarianceService],
})
export class BudgetsModule {}
