import { Module } from '@nestjs/common';
import { AssignmentsModule } from '../assignments/assignments.module';
import { adjustmentsController } from '../compensation/adjustments.controller';
import { CreateRateAdjustmentDto, RateAdjustmentDto, UpdateRateAdjustmentDto } from '../compensation/dto/rate-adjustment.dto';
import { RateAdjustmentsService } from '../compensation/rate-adjustments.service';
import { bulkController } from '../crud/bulk.controller';
import { crudController, CrudControllerOptions } from '../crud/crud.controller';
import { customAttributeValuesController } from '../custom-attributes/custom-attribute-values.controller';
import { CustomAttributesModule } from '../custom-attributes/custom-attributes.module';
import { EmployeesModule } from '../employees/employees.module';
import { ReferenceDataModule } from '../reference-data/reference-data.module';
import { ContractorsService } from './contractors.service';
import {
  ContractorDto,
  ContractorIncludeQueryDto,
  ContractorQueryDto,
  CreateContractorDto,
  UpdateContractorDto,
} from './dto/contractor.dto';

const contractorsCrud: CrudControllerOptions = {
  path: 'contractors',
  etag: true,
  createResolvesReferences: true,
  tag: 'Contractors',
  view: 'contractors_view',
  edit: 'contractors_edit',
  service: ContractorsService,
  response: ContractorDto,
  create: CreateContractorDto,
  update: UpdateContractorDto,
  query: ContractorQueryDto,
  readQuery: ContractorIncludeQueryDto,
};
const ContractorsController = crudController(contractorsCrud);
const ContractorsBulkController = bulkController(contractorsCrud);

const RateAdjustmentsController = adjustmentsController({
  parentPath: 'contractors',
  parentField: 'contractorId',
  path: 'rate-adjustments',
  tag: 'Compensation',
  parent: ContractorsService,
  service: RateAdjustmentsService,
  response: RateAdjustmentDto,
  create: CreateRateAdjustmentDto,
  update: UpdateRateAdjustmentDto,
});

const ContractorAttributesController = customAttributeValuesController({
  path: 'contractors',
  tag: 'Contractors',
  entityType: 'CONTRACTOR',
  view: 'contractors_view',
  service: ContractorsService,
});

@Module({
  imports: [ReferenceDataModule, CustomAttributesModule, AssignmentsModule, EmployeesModule],
  controllers: [ContractorsBulkController, RateAdjustmentsController, ContractorAttributesController, ContractorsController],
  providers: [ContractorsService, RateAdjustmentsService],
  exports: [ContractorsService, RateAdjustmentsService],
})
export class ContractorsModule {}
