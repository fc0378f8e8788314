import { Module } from '@nestjs/common';
import { CostModule } from '../cost/cost.module';
import { OrganizationsModule } from '../organizations/organizations.module';
import { ForecastController } from './forecast.controller';
import { ForecastRepository } from './forecast.repository';
import { ForecastService } from './forecast.service';

/** Spec 04 §2: the headcount and cost forecast. */
@Module({
  imports: [CostModule, OrganizationsModule],
  controllers: [ForecastController],
  providers: [ForecastRepository, ForecastService],
  exports: [ForecastService],
})
export class ForecastsModule {}
