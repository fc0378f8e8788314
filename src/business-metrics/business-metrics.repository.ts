import { Injectable } from '@nestjs/common';
import { DataSource, Repository } from 'typeorm';
import { BusinessMetricEntity } from './entities/business-metric.entity';
import { MetricSourceEntity } from './entities/metric-source.entity';

/**
 * Metrics' and their sources' rows (organization-level rows of the application API); every statement of
 * `BusinessMetricsService` names the organization. Readings have their own `ReadingsRepository`.
 */
@Injectable()
export class BusinessMetricsRepository {
  readonly metrics: Repository<BusinessMetricEntity>;
  readonly sources: Repository<MetricSourceEntity>;

  constructor(dataSource: DataSource) {
    this.metrics = dataSource.getRepository(BusinessMetricEntity);
    this.sources = dataSource.getRepository(MetricSourceEntity);
  }
}
