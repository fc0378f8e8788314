import { Entity, Index } from 'typeorm';
import { CodedReferenceEntity } from './coded-reference.base';

@Entity({ name: 'cost_centres' })
@Index('uq_cost_centres_external_id', ['organizationId', 'externalId'], { unique: true })
@Index('uq_cost_centres_code', ['organizationId', 'code'], { unique: true })
@Index('idx_cost_centres_name_trgm', { synchronize: false })
@Index('idx_cost_centres_code_trgm', { synchronize: false })
export class CostCentreEntity extends CodedReferenceEntity {}
