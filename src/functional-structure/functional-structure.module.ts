import { Module } from '@nestjs/common';
import { ContractorsModule } from '../contractors/contractors.module';
import { CostModule } from '../cost/cost.module';
import { CustomAttributesModule } from '../custom-attributes/custom-attributes.module';
import { EmployeesModule } from '../employees/employees.module';
import { ReferenceDataModule } from '../reference-data/reference-data.module';
import { ScenariosModule } from '../scenarios/scenarios.module';
import { VacanciesModule } from '../vacancies/vacancies.module';
import { DatedLinkRepository } from './dated-link.repository';
import { DatedLinks } from './dated-links';
import { FunctionalAccessController } from './functional-access.controller';
import { FunctionalAccessRepository } from './functional-access.repository';
import { FunctionalAccessService } from './functional-access.service';
import { FunctionalAttributesService } from './functional-attributes.service';
import { FunctionalFeatureGuard } from './functional-feature.guard';
import { FunctionalGrantsService } from './functional-grants.service';
import { FunctionalGroupsService } from './functional-groups.service';
import { MoveFunctionalGroupUseCase } from './move-functional-group.use-case';
import { MoveFunctionalStructureUseCase } from './move-functional-structure.use-case';
import { FunctionalOccupanciesService } from './functional-occupancies.service';
import { FunctionalPositionsService } from './functional-positions.service';
import { FunctionalFiguresRepository } from './functional-figures.repository';
import { FunctionalFiguresService } from './functional-figures.service';
import { FunctionalReadController } from './functional-read.controller';
import { FunctionalReadRepository } from './functional-read.repository';
import { FunctionalReadService } from './functional-read.service';
import { FunctionalStructureRegistrations } from './functional-registrations';
import { FunctionalSummaryService } from './functional-summary.service';
import { FunctionalStructureController } from './functional-structure.controller';
import { FunctionalStructureRepository } from './functional-structure.repository';

/**
 * What other modules use: the writes (integrations' PULL hooks, assistant tools), the summary (assistant
 * tools), access decisions (the changes feed) and the module switch.
 */
const EXPORTED = [
  FunctionalGroupsService,
  FunctionalPositionsService,
  FunctionalOccupanciesService,
  MoveFunctionalStructureUseCase,
  MoveFunctionalGroupUseCase,
  FunctionalSummaryService,
  FunctionalAccessService,
  FunctionalFeatureGuard,
];

const REPOSITORIES = [
  FunctionalStructureRepository,
  DatedLinkRepository,
  FunctionalReadRepository,
  FunctionalFiguresRepository,
  FunctionalAccessRepository,
];

@Module({
  imports: [ReferenceDataModule, CustomAttributesModule, EmployeesModule, ContractorsModule, VacanciesModule, ScenariosModule, CostModule],
  controllers: [FunctionalAccessController, FunctionalReadController, FunctionalStructureController],
  providers: [
    ...EXPORTED,
    FunctionalAttributesService,
    FunctionalGrantsService,
    FunctionalReadService,
    FunctionalFiguresService,
    DatedLinks,
    ...REPOSITORIES,
    FunctionalStructureRegistrations,
  ],
  exports: EXPORTED,
})
export class FunctionalStructureModule {}
