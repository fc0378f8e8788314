import { adjustmentsController } from '../compensation/adjustments.controller';
import { CreateRateAdjustmentDto, RateAdjustmentDto, UpdateRateAdjustmentDto } from '../compensation/dto/rate-adjustment.dto';
import { RateAdjustmentsService } from '../compensation/rate-adjustments.service';
import type { CrudControllerOptions } from '../crud/crud.controller';
import { recordControllers } from '../custom-attributes/record-controllers';
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

/** The routes of this module, in the order Nest registers them (recordControllers). */
export const ContractorsControllers = recordControllers(contractorsCrud, [RateAdjustmentsController]);
