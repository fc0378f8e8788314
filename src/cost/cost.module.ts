import { Module } from '@nestjs/common';
import { OrganizationsModule } from '../organizations/organizations.module';
import { ReferenceDataModule } from '../reference-data/reference-data.module';
import { CostRepository } from './cost.repository';
import { CostService } from './cost.service';

/** One cost service for the whole product (issue 10/3). */
@Module({
  imports: [ReferenceDataModule, OrganizationsModule],
  providers: [CostService, CostRepository],
  exports: [CostService],
})
export class CostModule {}
