import { adjustmentsController } from '../compensation/adjustments.controller';
import { CreateRateAdjustmentDto, RateAdjustmentDto, UpdateRateAdjustmentDto } from '../compensation/dto/rate-adjustment.dto';
import { RateAdjustmentsService } from '../compensation/rate-adjustments.service';
import { bulkController } from '../crud/bulk.controller';
import { crudController, CrudControllerOptions } from '../crud/crud.controller';
import { customAttributeValuesController } from '../custom-attributes/custom-attribute-values.controller';
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

/** The routes of this module, in the order Nest registers them (fixed paths such as `bulk` before `:id`). */
export const ContractorsControllers = [
  ContractorsBulkController,
  RateAdjustmentsController,
  ContractorAttributesController,
  ContractorsController,
];
