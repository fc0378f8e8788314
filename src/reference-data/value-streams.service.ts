import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { Resources } from '../crud/resources';
import { UnitOfWork } from '../database/unit-of-work';
import { CodedReference, codedReferenceDescriptor, CodedReferenceService } from './coded-reference.service';
import { ValueStreamEntity } from './entities/value-stream.entity';

const VALUE_STREAMS: CodedReference<ValueStreamEntity> = {
  entity: ValueStreamEntity,
  table: 'value_streams',
  entityType: 'value_stream',
  words: 'value stream',
};

@Resources(codedReferenceDescriptor(VALUE_STREAMS))
@Injectable()
export class ValueStreamsService extends CodedReferenceService<ValueStreamEntity> {
  constructor(uow: UnitOfWork, dataSource: DataSource) {
    super(uow, dataSource, VALUE_STREAMS);
  }
}
