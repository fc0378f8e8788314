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
import { FunctionalAccessController } from './access/functional-access.controller';
import { FunctionalAccessRepository } from './access/functional-access.repository';
import { FunctionalAccessService } from './access/functional-access.service';
import { FunctionalAttributesService } from './functional-attributes.service';
import { FunctionalFeatureGuard } from './access/functional-feature.guard';
import { FunctionalGrantsService } from './access/functional-grants.service';
import { FunctionalGroupsService } from './groups/functional-groups.service';
import { MoveFunctionalGroupUseCase } from './groups/move-functional-group.use-case';
import { MoveFunctionalStructureUseCase } from './seats/move-functional-structure.use-case';
import { FunctionalOccupanciesService } from './seats/functional-occupancies.service';
import { FunctionalPositionsService } from './seats/functional-positions.service';
import { FunctionalFiguresRepository } from './reads/functional-figures.repository';
import { FunctionalFiguresService } from './reads/functional-figures.service';
import { FunctionalReadController } from './reads/functional-read.controller';
import { FunctionalReadRepository } from './reads/functional-read.repository';
import { FunctionalReadService } from './reads/functional-read.service';
import { FunctionalStructureRegistrations } from './functional-registrations';
import { FunctionalSummaryService } from './reads/functional-summary.service';
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
