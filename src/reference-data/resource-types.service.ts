import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { CrudService } from '../crud/crud.service';
import { applyPlan, fieldPlan } from '../crud/assign';
import { UnitOfWork } from '../database/unit-of-work';
import { CreateResourceTypeDto, ResourceTypeDto, UpdateResourceTypeDto } from './dto/resource-type.dto';
import { ResourceTypeEntity } from './entities/resource-type.entity';
import { ResourceDescriptor, Resources } from '../crud/resources';
import { externalIdConstraint } from '../common/errors/unique-constraints';

/** Where each field of a body goes: a field added to the DTO does not compile until it is placed. */
const FIELDS = fieldPlan<UpdateResourceTypeDto>()({ copy: ['name', 'externalId', 'description'] });

const RESOURCE_TYPES: ResourceDescriptor = {
  table: 'resource_types',
  constraints: {
    uq_resource_types_external_id: externalIdConstraint('resource type'),
  },
};

/** Resource types, formerly work types: `workTypeId` on people and vacancies points here. */
@Resources(RESOURCE_TYPES)
@Injectable()
export class ResourceTypesService extends CrudService<ResourceTypeEntity, ResourceTypeDto, CreateResourceTypeDto, UpdateResourceTypeDto> {
  /** The sortBy allow-list (API field -> entity property); the list's OpenAPI enum is read from it. */
  static readonly sort = { name: 'name', createdAt: 'createdAt', updatedAt: 'updatedAt' } as const;
  static readonly defaultSort = 'name';

  constructor(uow: UnitOfWork, dataSource: DataSource) {
    super(uow, dataSource, {
      entity: ResourceTypeEntity,
      table: 'resource_types',
      label: 'Resource type',
      entityType: 'resource_type',
      planScoped: false,
      externalId: true,
      search: ['name', 'description'],
      toResponse: ResourceTypeDto.from,
    });
  }

  protected override async apply(entity: ResourceTypeEntity, input: UpdateResourceTypeDto): Promise<void> {
    applyPlan(entity, input, FIELDS);
  }
}
