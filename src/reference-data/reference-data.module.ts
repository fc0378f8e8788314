import { MiddlewareConsumer, Module, NestModule } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';
import { crudController } from '../crud/crud.controller';
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
import { ExchangeRatesRepository } from './exchange-rates.repository';
import { ExchangeRatesService } from './exchange-rates.service';
import { JobRolesService } from './job-roles.service';
import { LocationsService } from './locations.service';
import { ResourceTypesService } from './resource-types.service';
import { ValueStreamsService } from './value-streams.service';
import { WorkforceReferencesService } from './workforce-references.service';

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

const controllers = [
  crudController({
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
  crudController({
    path: 'locations',
    tag: 'Locations',
    view,
    edit,
    service: LocationsService,
    response: LocationDto,
    create: CreateLocationDto,
    update: UpdateLocationDto,
  }),
  crudController({
    path: 'cost-centres',
    tag: 'Cost centres',
    view,
    edit,
    service: CostCentresService,
    response: CostCentreDto,
    create: CreateCostCentreDto,
    update: UpdateCostCentreDto,
  }),
  crudController({
    path: 'value-streams',
    tag: 'Value streams',
    view,
    edit,
    service: ValueStreamsService,
    response: ValueStreamDto,
    create: CreateValueStreamDto,
    update: UpdateValueStreamDto,
  }),
  crudController({ path: 'resource-types', tag: 'Resource types', ...resourceTypes }),
  crudController({ path: 'work-types', tag: 'Work types (deprecated: use resource-types)', ...resourceTypes }),
  crudController({
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
  crudController({
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

/** `/work-types` answers as `/resource-types` does, plus the deprecation headers of spec 03 §1.7. */
function workTypesDeprecation(req: Request, res: Response, next: NextFunction): void {
  res.setHeader('Deprecation', 'true');
  res.setHeader('Link', `</api/v1/org/${req.params.orgId}/resource-types>; rel="successor-version"`);
  next();
}

@Module({
  controllers,
  providers: [
    JobRolesService,
    LocationsService,
    CostCentresService,
    ValueStreamsService,
    ResourceTypesService,
    DriversService,
    ExchangeRatesService,
    ExchangeRatesRepository,
    WorkforceReferencesService,
  ],
  exports: [
    JobRolesService,
    LocationsService,
    CostCentresService,
    ValueStreamsService,
    ResourceTypesService,
    DriversService,
    ExchangeRatesService,
    WorkforceReferencesService,
  ],
})
export class ReferenceDataModule implements NestModule {
  configure(consumer: MiddlewareConsumer): void {
    consumer.apply(workTypesDeprecation).forRoutes('api/v1/org/:orgId/work-types', 'api/v1/org/:orgId/work-types/*path');
  }
}
