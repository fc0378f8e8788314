import { Module } from '@nestjs/common';
import { BudgetsModule } from '../budgets/budgets.module';
import { BusinessMetricsModule } from '../business-metrics/business-metrics.module';
import { ContractorsModule } from '../contractors/contractors.module';
import { EmployeesModule } from '../employees/employees.module';
import { ForecastsModule } from '../forecasts/forecasts.module';
import { FunctionalStructureModule } from '../functional-structure/functional-structure.module';
import { VacanciesModule } from '../vacancies/vacancies.module';
import { McpToolsService } from './mcp-tools.service';
import { McpController } from './mcp.controller';

/** The assistant tool server (spec 04 §3) at /mcp. */
@Module({
  imports: [
    BudgetsModule,
    BusinessMetricsModule,
    ForecastsModule,
    EmployeesModule,
    ContractorsModule,
    VacanciesModule,
    FunctionalStructureModule,
  ],
  controllers: [McpController],
  providers: [McpToolsService],
})
export class McpModule {}
