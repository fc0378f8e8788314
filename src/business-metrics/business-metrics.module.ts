import { Module } from '@nestjs/common';
import { CostModule } from '../cost/cost.module';
import { OrganizationsModule } from '../organizations/organizations.module';
import { ReferenceDataModule } from '../reference-data/reference-data.module';
import { TeamsModule } from '../teams/teams.module';
import { BusinessMetricsAdminController } from './business-metrics.admin.controller';
import { BusinessMetricsController } from './business-metrics.controller';
import { BusinessMetricsRepository, MetricSourcesRepository } from './business-metrics.repository';
import { BusinessMetricsService } from './business-metrics.service';
import { MetricsSummaryRepository } from './metrics-summary.repository';
import { MetricsSummaryService } from './metrics-summary.service';
import { IngestReadingsUseCase } from './ingest-readings.use-case';
import { ReadingsRepository } from './readings.repository';

/** Metrics, their sources and the reading intake (document 01 "Business metric readings", spec 03 §3). */
@Module({
  imports: [ReferenceDataModule, TeamsModule, CostModule, OrganizationsModule],
  controllers: [BusinessMetricsController, BusinessMetricsAdminController],
  providers: [
    BusinessMetricsService,
    BusinessMetricsRepository,
    MetricSourcesRepository,
    IngestReadingsUseCase,
    MetricsSummaryRepository,
    MetricsSummaryService,
    ReadingsRepository,
  ],
  exports: [BusinessMetricsService, IngestReadingsUseCase, MetricsSummaryService],
})
export class BusinessMetricsModule {}
