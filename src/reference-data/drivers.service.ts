import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { CrudService } from '../crud/crud.service';
import { applyPlan, fieldPlan } from '../crud/assign';
import { UnitOfWork } from '../database/unit-of-work';
import { CreateDriverDto, DriverDto, UpdateDriverDto } from './dto/driver.dto';
import { DriverEntity } from './entities/driver.entity';
import { ResourceDescriptor, Resources } from '../crud/resources';
import { uniqueConstraint } from '../common/errors/unique-constraints';

/** Where each field of a body goes: a field added to the DTO does not compile until it is placed. */
const FIELDS = fieldPlan<UpdateDriverDto>()({ copy: ['name', 'key', 'unit', 'description'] });

const DRIVERS: ResourceDescriptor = {
  table: 'drivers',
  constraints: {
    uq_drivers_key: uniqueConstraint('key', 'another driver'),
  },
};

@Resources(DRIVERS)
@Injectable()
export class DriversService extends CrudService<DriverEntity, DriverDto, CreateDriverDto, UpdateDriverDto> {
  /** The sortBy allow-list (API field -> entity property); the list's OpenAPI enum is read from it. */
  static readonly sort = { name: 'name', key: 'key', createdAt: 'createdAt', updatedAt: 'updatedAt' } as const;
  static readonly defaultSort = 'name';

  constructor(uow: UnitOfWork, dataSource: DataSource) {
    super(uow, dataSource, {
      entity: DriverEntity,
      table: 'drivers',
      label: 'Driver',
      entityType: 'driver',
      planScoped: false,
      externalId: false,
      search: ['name', 'key'],
      toResponse: DriverDto.from,
    });
  }

  protected override async apply(entity: DriverEntity, input: UpdateDriverDto): Promise<void> {
    applyPlan(entity, input, FIELDS);
  }
}
