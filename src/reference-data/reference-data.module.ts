import { MiddlewareConsumer, Module, NestModule } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';
import { CostCentresService } from './cost-centres.service';
import { DriversService } from './drivers.service';
import { ExchangeRatesRepository } from './exchange-rates.repository';
import { ExchangeRatesService } from './exchange-rates.service';
import { JobRolesService } from './job-roles.service';
import { LocationsService } from './locations.service';
import { ResourceTypesService } from './resource-types.service';
import { ValueStreamsService } from './value-streams.service';
import { WorkforceReferencesService } from './workforce-references.service';
import { ReferenceDataControllers } from './reference-data.controller';

/** `/work-types` answers as `/resource-types` does, plus the deprecation headers of spec 03 §1.7. */
function workTypesDeprecation(req: Request, res: Response, next: NextFunction): void {
  res.setHeader('Deprecation', 'true');
  res.setHeader('Link', `</api/v1/org/${req.params.orgId}/resource-types>; rel="successor-version"`);
  next();
}

@Module({
  controllers: ReferenceDataControllers,
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
