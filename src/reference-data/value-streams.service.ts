import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { CrudService } from '../crud/crud.service';
import { applyPlan, fieldPlan } from '../crud/assign';
import { UnitOfWork } from '../database/unit-of-work';
import { CreateValueStreamDto, ValueStreamDto, UpdateValueStreamDto } from './dto/value-stream.dto';
import { ValueStreamEntity } from './entities/value-stream.entity';
import { ResourceDescriptor, Resources } from '../crud/resources';

/** Where each field of a body goes: a field added to the DTO does not compile until it is placed. */
const FIELDS = fieldPlan<UpdateValueStreamDto>()({ copy: ['name', 'code', 'externalId', 'description'] });

const VALUE_STREAMS: ResourceDescriptor = {
  table: 'value_streams',
  constraints: {
    uq_value_streams_external_id: {
      code: 'VALIDATION_ERROR',
      field: 'externalId',
      message: 'externalId is already used by another value stream',
    },
    uq_value_streams_code: {
      code: 'VALIDATION_ERROR',
      field: 'code',
      message: 'code is already used by another value stream',
    },
  },
  changes: { entityTypes: ['value_stream'], permission: 'reference_data_view' },
};

@Resources(VALUE_STREAMS)
@Injectable()
export class ValueStreamsService extends CrudService<ValueStreamEntity, ValueStreamDto, CreateValueStreamDto, UpdateValueStreamDto> {
  /** The sortBy allow-list (API field -> entity property); the list's OpenAPI enum is read from it. */
  static readonly sort = { name: 'name', code: 'code', createdAt: 'createdAt', updatedAt: 'updatedAt' } as const;
  static readonly defaultSort = 'name';

  constructor(uow: UnitOfWork, dataSource: DataSource) {
    super(uow, dataSource, {
      entity: ValueStreamEntity,
      table: 'value_streams',
      label: 'Value stream',
      entityType: 'value_stream',
      planScoped: false,
      externalId: true,
      search: ['name', 'code'],
      toResponse: ValueStreamDto.from,
    });
  }

  protected override async apply(entity: ValueStreamEntity, input: UpdateValueStreamDto): Promise<void> {
    applyPlan(entity, input, FIELDS);
  }
}
