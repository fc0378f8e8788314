import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { CrudService } from '../crud/crud.service';
import { applyPlan, fieldPlan } from '../crud/assign';
import { UnitOfWork } from '../database/unit-of-work';
import { CreateCostCentreDto, CostCentreDto, UpdateCostCentreDto } from './dto/cost-centre.dto';
import { CostCentreEntity } from './entities/cost-centre.entity';
import { ResourceDescriptor, Resources } from '../crud/resources';

/** Where each field of a body goes: a field added to the DTO does not compile until it is placed. */
const FIELDS = fieldPlan<UpdateCostCentreDto>()({ copy: ['name', 'code', 'externalId', 'description'] });

const COST_CENTRES: ResourceDescriptor = {
  table: 'cost_centres',
  constraints: {
    uq_cost_centres_external_id: {
      code: 'VALIDATION_ERROR',
      field: 'externalId',
      message: 'externalId is already used by another cost centre',
    },
    uq_cost_centres_code: {
      code: 'VALIDATION_ERROR',
      field: 'code',
      message: 'code is already used by another cost centre',
    },
  },
  changes: { entityTypes: ['cost_center'], permission: 'reference_data_view' },
};

@Resources(COST_CENTRES)
@Injectable()
export class CostCentresService extends CrudService<CostCentreEntity, CostCentreDto, CreateCostCentreDto, UpdateCostCentreDto> {
  /** The sortBy allow-list (API field -> entity property); the list's OpenAPI enum is read from it. */
  static readonly sort = { name: 'name', code: 'code', createdAt: 'createdAt', updatedAt: 'updatedAt' } as const;
  static readonly defaultSort = 'name';

  constructor(uow: UnitOfWork, dataSource: DataSource) {
    super(uow, dataSource, {
      entity: CostCentreEntity,
      table: 'cost_centres',
      label: 'Cost centre',
      entityType: 'cost_center',
      planScoped: false,
      externalId: true,
      search: ['name', 'code'],
      toResponse: CostCentreDto.from,
    });
  }

  protected override async apply(entity: CostCentreEntity, input: UpdateCostCentreDto): Promise<void> {
    applyPlan(entity, input, FIELDS);
  }
}
