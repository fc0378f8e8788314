import { Module } from '@nestjs/common';
import { ContractorsModule } from '../contractors/contractors.module';
import { CostModule } from '../cost/cost.module';
import { CustomAttributesModule } from '../custom-attributes/custom-attributes.module';
import { EmployeesModule } from '../employees/employees.module';
import { ReferenceDataModule } from '../reference-data/reference-data.module';
import { ScenariosModule } from '../scenarios/scenarios.module';
import { VacanciesModule } from '../vacancies/vacancies.module';
import { FunctionalAccessController } from './functional-access.controller';
import { FunctionalAccessService } from './functional-access.service';
import { FunctionalFeatureGuard } from './functional-feature.guard';
import { FunctionalGrantsService } from './functional-grants.service';
import { FunctionalReadController } from './functional-read.controller';
import { FunctionalReadService } from './functional-read.service';
import { FunctionalStructureController } from './functional-structure.controller';
import { FunctionalStructureService } from './functional-structure.service';

@Module({
  imports: [ReferenceDataModule, CustomAttributesModule, EmployeesModule, ContractorsModule, VacanciesModule, ScenariosModule, CostModule],
  controllers: [FunctionalAccessController, FunctionalReadController, FunctionalStructureController],
  providers: [FunctionalStructureService, FunctionalReadService, FunctionalAccessService, FunctionalGrantsService, FunctionalFeatureGuard],
  exports: [FunctionalStructureService, FunctionalReadService, FunctionalAccessService, FunctionalFeatureGuard],
})
export class FunctionalStructureModule {}
