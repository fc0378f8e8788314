import { Module } from '@nestjs/common';
import { AssignmentsModule } from '../assignments/assignments.module';
import { bulkController } from '../crud/bulk.controller';
import { crudController, CrudControllerOptions } from '../crud/crud.controller';
import { ContractorsModule } from '../contractors/contractors.module';
import { customAttributeValuesController } from '../custom-attributes/custom-attribute-values.controller';
import { CustomAttributesModule } from '../custom-attributes/custom-attributes.module';
import { EmployeesModule } from '../employees/employees.module';
import { ReferenceDataModule } from '../reference-data/reference-data.module';
import { CreateVacancyDto, UpdateVacancyDto, VacancyDto, VacancyIncludeQueryDto, VacancyQueryDto } from './dto/vacancy.dto';
import { FillVacancyUseCase } from './fill-vacancy.use-case';
import { VacanciesRepository } from './vacancies.repository';
import { VacanciesService } from './vacancies.service';
import { VacancyFillController } from './vacancies.controller';

const vacanciesCrud: CrudControllerOptions = {
  path: 'vacancies',
  etag: true,
  createResolvesReferences: true,
  tag: 'Vacancies',
  view: 'vacancies_view',
  edit: 'vacancies_edit',
  service: VacanciesService,
  response: VacancyDto,
  create: CreateVacancyDto,
  update: UpdateVacancyDto,
  query: VacancyQueryDto,
  readQuery: VacancyIncludeQueryDto,
};
const VacanciesController = crudController(vacanciesCrud);
const VacanciesBulkController = bulkController(vacanciesCrud);

const VacancyAttributesController = customAttributeValuesController({
  path: 'vacancies',
  tag: 'Vacancies',
  entityType: 'VACANCY',
  view: 'vacancies_view',
  service: VacanciesService,
});

@Module({
  imports: [ReferenceDataModule, CustomAttributesModule, AssignmentsModule, EmployeesModule, ContractorsModule],
  controllers: [VacanciesBulkController, VacancyFillController, VacancyAttributesController, VacanciesController],
  providers: [VacanciesService, VacanciesRepository, FillVacancyUseCase],
  exports: [VacanciesService],
})
export class VacanciesModule {}
