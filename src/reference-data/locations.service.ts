import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { CrudService } from '../crud/crud.service';
import { applyPlan, fieldPlan } from '../crud/assign';
import { UnitOfWork } from '../database/unit-of-work';
import { CreateLocationDto, LocationDto, UpdateLocationDto } from './dto/location.dto';
import { LocationEntity } from './entities/location.entity';
import { ResourceDescriptor, Resources } from '../crud/resources';
import { externalIdConstraint } from '../common/errors/unique-constraints';

/** Where each field of a body goes: a field added to the DTO does not compile until it is placed. */
const FIELDS = fieldPlan<UpdateLocationDto>()({ copy: ['name', 'externalId', 'countryCode', 'currencyCode'], numeric: ['costMultiplier'] });

const LOCATIONS: ResourceDescriptor = {
  table: 'locations',
  constraints: {
    uq_locations_external_id: externalIdConstraint('location'),
  },
  changes: { entityTypes: ['geography'], permission: 'reference_data_view', payload: { dto: LocationDto, decimals: ['costMultiplier'] } },
};

/** Locations are document 02's `geography`: geographyId on people and vacancies points here. */
@Resources(LOCATIONS)
@Injectable()
export class LocationsService extends CrudService<LocationEntity, LocationDto, CreateLocationDto, UpdateLocationDto> {
  /** The sortBy allow-list (API field -> entity property); the list's OpenAPI enum is read from it. */
  static readonly sort = { name: 'name', countryCode: 'countryCode', createdAt: 'createdAt', updatedAt: 'updatedAt' } as const;
  static readonly defaultSort = 'name';

  constructor(uow: UnitOfWork, dataSource: DataSource) {
    super(uow, dataSource, {
      entity: LocationEntity,
      table: 'locations',
      label: 'Location',
      entityType: 'geography',
      planScoped: false,
      externalId: true,
      search: ['name'],
      toResponse: LocationDto.from,
      toPayload: LocationDto.payload,
    });
  }

  protected override async apply(entity: LocationEntity, input: UpdateLocationDto): Promise<void> {
    applyPlan(entity, input, FIELDS);
  }
}
