import { Module } from '@nestjs/common';
import { OrganizationsModule } from '../organizations/organizations.module';
import { ReferenceDataModule } from '../reference-data/reference-data.module';
import { CostRepository } from './cost.repository';
import { CostService } from './cost.service';

/** One cost service for the whole product (document 02 figures and the forecast share it). */
@Module({
  imports: [ReferenceDataModule, OrganizationsModule],
  providers: [CostService, CostRepository],
  exports: [CostService],
})
export class CostModule {}
