import { Module } from '@nestjs/common';
import { AssignmentsModule } from '../assignments/assignments.module';
import { ContractorsModule } from '../contractors/contractors.module';
import { CustomAttributesModule } from '../custom-attributes/custom-attributes.module';
import { EmployeesModule } from '../employees/employees.module';
import { ReferenceDataModule } from '../reference-data/reference-data.module';
import { FillVacancyUseCase } from './fill-vacancy.use-case';
import { VacanciesRepository } from './vacancies.repository';
import { VacanciesService } from './vacancies.service';
import { VacanciesControllers } from './vacancies.controller';

@Module({
  imports: [ReferenceDataModule, CustomAttributesModule, AssignmentsModule, EmployeesModule, ContractorsModule],
  controllers: VacanciesControllers,
  providers: [VacanciesService, VacanciesRepository, FillVacancyUseCase],
  exports: [VacanciesService],
})
export class VacanciesModule {}
