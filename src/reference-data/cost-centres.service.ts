import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { Resources } from '../crud/resources';
import { UnitOfWork } from '../database/unit-of-work';
import { CodedReference, codedReferenceDescriptor, CodedReferenceService } from './coded-reference.service';
import { CostCentreEntity } from './entities/cost-centre.entity';

const COST_CENTRES: CodedReference<CostCentreEntity> = {
  entity: CostCentreEntity,
  table: 'cost_centres',
  entityType: 'cost_center',
  words: 'cost centre',
};

@Resources(codedReferenceDescriptor(COST_CENTRES))
@Injectable()
export class CostCentresService extends CodedReferenceService<CostCentreEntity> {
  constructor(uow: UnitOfWork, dataSource: DataSource) {
    super(uow, dataSource, COST_CENTRES);
  }
}
