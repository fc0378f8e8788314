import { Entity, Index } from 'typeorm';
import { CodedReferenceEntity } from './coded-reference.base';

@Entity({ name: 'value_streams' })
@Index('uq_value_streams_external_id', ['organizationId', 'externalId'], { unique: true })
@Index('uq_value_streams_code', ['organizationId', 'code'], { unique: true })
@Index('idx_value_streams_name_trgm', { synchronize: false })
@Index('idx_value_streams_code_trgm', { synchronize: false })
export class ValueStreamEntity extends CodedReferenceEntity {}
