import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { OrganizationRows, RowScope, scopeParts } from '../crud/organization-rows.repository';
import { BusinessMetricEntity } from './entities/business-metric.entity';
import { MetricSourceEntity } from './entities/metric-source.entity';
import { GenerateSql } from '../common/generate-sql';

/** Metrics' rows (organization-level rows of the application API), listed by key. Readings have their own `ReadingsRepository`. */
@Injectable()
export class BusinessMetricsRepository extends OrganizationRows<BusinessMetricEntity> {
  constructor(dataSource: DataSource) {
    super(dataSource, BusinessMetricEntity, { key: 'ASC' });
  }

  /** The organization's metric with id `ref`, else the one with key `ref`; undefined when neither exists. */
  @GenerateSql({ params: (s) => [s.tx, 'deploys'] })
  async byIdOrKey(at: RowScope, ref: string): Promise<BusinessMetricEntity | undefined> {
    const { organizationId, em } = scopeParts(at);
    const found = await this.rows(em).find({
      where: [
        { organizationId, id: ref },
        { organizationId, key: ref },
      ],
      take: 2,
    });
    return found.find((m) => m.id === ref) ?? found[0];
  }
}

/** The sources of metrics (organization-level rows), listed by name. */
@Injectable()
export class MetricSourcesRepository extends OrganizationRows<MetricSourceEntity> {
  constructor(dataSource: DataSource) {
    super(dataSource, MetricSourceEntity, { name: 'ASC', id: 'ASC' });
  }

  /** The metric's source `id`, or null. */
  @GenerateSql({ params: (s) => [s.tx, s.id, s.id] })
  ofMetric(at: RowScope, metricId: string, id: string): Promise<MetricSourceEntity | null> {
    const { organizationId, em } = scopeParts(at);
    return this.rows(em).findOneBy({ organizationId, id, metricId });
  }
}
