import { crudControllers } from '../crud/crud.controller';
import { ListQueryDto } from '../common/http/pagination.dto';
import { CostCentresService } from './cost-centres.service';
import { DriversService } from './drivers.service';
import { CostCentreDto, CreateCostCentreDto, UpdateCostCentreDto } from './dto/cost-centre.dto';
import { CreateDriverDto, DriverDto, UpdateDriverDto } from './dto/driver.dto';
import { CreateExchangeRateDto, ExchangeRateDto, ExchangeRateQueryDto, UpdateExchangeRateDto } from './dto/exchange-rate.dto';
import { CreateJobRoleDto, JobRoleDto, JobRoleQueryDto, UpdateJobRoleDto } from './dto/job-role.dto';
import { CreateLocationDto, LocationDto, UpdateLocationDto } from './dto/location.dto';
import { CreateResourceTypeDto, ResourceTypeDto, UpdateResourceTypeDto } from './dto/resource-type.dto';
import { CreateValueStreamDto, UpdateValueStreamDto, ValueStreamDto } from './dto/value-stream.dto';
import { ExchangeRatesConvertController } from './exchange-rates.controller';
import { ExchangeRatesService } from './exchange-rates.service';
import { JobRolesService } from './job-roles.service';
import { LocationsService } from './locations.service';
import { ResourceTypesService } from './resource-types.service';
import { ValueStreamsService } from './value-streams.service';

const view = 'reference_data_view' as const;
const edit = 'reference_data_edit' as const;

const resourceTypes = {
  view,
  edit,
  service: ResourceTypesService,
  response: ResourceTypeDto,
  create: CreateResourceTypeDto,
  update: UpdateResourceTypeDto,
  query: ListQueryDto,
};

/** The routes of this module, in the order Nest registers them (fixed paths such as `convert` before `:id`). */
export const ReferenceDataControllers = [
  ...crudControllers({
    path: 'job-roles',
    tag: 'Job roles',
    view,
    edit,
    service: JobRolesService,
    response: JobRoleDto,
    create: CreateJobRoleDto,
    update: UpdateJobRoleDto,
    query: JobRoleQueryDto,
  }),
  ...crudControllers({
    path: 'locations',
    tag: 'Locations',
    view,
    edit,
    service: LocationsService,
    response: LocationDto,
    create: CreateLocationDto,
    update: UpdateLocationDto,
  }),
  ...crudControllers({
    path: 'cost-centres',
    tag: 'Cost centres',
    view,
    edit,
    service: CostCentresService,
    response: CostCentreDto,
    create: CreateCostCentreDto,
    update: UpdateCostCentreDto,
  }),
  ...crudControllers({
    path: 'value-streams',
    tag: 'Value streams',
    view,
    edit,
    service: ValueStreamsService,
    response: ValueStreamDto,
    create: CreateValueStreamDto,
    update: UpdateValueStreamDto,
  }),
  ...crudControllers({ path: 'resource-types', tag: 'Resource types', ...resourceTypes }),
  ...crudControllers({ path: 'work-types', tag: 'Work types (deprecated: use resource-types)', ...resourceTypes }),
  ...crudControllers({
    path: 'drivers',
    tag: 'Drivers',
    view,
    edit,
    service: DriversService,
    response: DriverDto,
    create: CreateDriverDto,
    update: UpdateDriverDto,
    idDescription: 'The driver id',
  }),
  ExchangeRatesConvertController,
  ...crudControllers({
    path: 'exchange-rates',
    tag: 'Exchange rates',
    view,
    edit,
    service: ExchangeRatesService,
    response: ExchangeRateDto,
    create: CreateExchangeRateDto,
    update: UpdateExchangeRateDto,
    query: ExchangeRateQueryDto,
    idDescription: 'The exchange rate id',
  }),
];
