import { Module } from '@nestjs/common';
import { ReferenceDataModule } from '../reference-data/reference-data.module';
import { CostService } from './cost.service';

/** One cost service for the whole product (issue 10/3). */
@Module({
  imports: [ReferenceDataModule],
  providers: [CostService],
  exports: [CostService],
})
export class CostModule {}
