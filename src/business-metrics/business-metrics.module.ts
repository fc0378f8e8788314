import { Module } from '@nestjs/common';
import { BusinessMetricsAdminController } from './business-metrics.admin.controller';
import { BusinessMetricsController } from './business-metrics.controller';
import { BusinessMetricsService } from './business-metrics.service';
import { ReadingIntakeService } from './reading-intake.service';

/** Metrics, their sources and the reading intake (document 01 "Business metric readings", spec 03 §3). */
@Module({
  controllers: [BusinessMetricsController, BusinessMetricsAdminController],
  providers: [BusinessMetricsService, ReadingIntakeService],
  exports: [BusinessMetricsService, ReadingIntakeService],
})
export class BusinessMetricsModule {}
