import { Injectable } from '@nestjs/common';
import { UnitOfWork } from '../database/unit-of-work';
import { BusinessMetricsRepository, MetricSourcesRepository } from './business-metrics.repository';
import { DomainError } from '../common/errors/domain-error';
import { decimalToNumber } from '../common/decimals';
import { list, ListEnvelope, Page } from '../common/http/envelopes';
import { newId } from '../common/ids';
import type { RequestContext } from '../common/auth/request-context';
import { CostCentresService } from '../reference-data/cost-centres.service';
import { TeamsService } from '../teams/teams.service';
import { CostScopeDto } from './dto/cost-scope.dto';
import { BusinessMetricDto, CreateBusinessMetricDto, UpdateBusinessMetricDto } from './dto/business-metric.dto';
import { hasNul } from './dto/text-rules';
import { MetricSourceDto, UpdateMetricSourceDto } from './dto/metric-source.dto';
import { ReadingDto, ReadingListQueryDto } from './dto/reading.dto';
import { BusinessMetricEntity } from './entities/business-metric.entity';
import { ResourceDescriptor, Resources } from '../crud/resources';
import { ReadingRow, ReadingsRepository } from './readings.repository';
import { applyPlan, fieldPlan } from '../crud/assign';

/** Where each field of a body goes: a field added to the DTO does not compile until it is placed. */
const FIELDS = fieldPlan<UpdateBusinessMetricDto>()({ copy: ['key', 'name', 'unit', 'description', 'active'], own: ['costScope'] });

const BUSINESS_METRICS: ResourceDescriptor = {
  table: 'business_metrics',
  constraints: {
    uq_business_metrics_org_key: {
      code: 'VALIDATION_ERROR',
      message: 'key is already the key of another metric of the organization',
      field: 'key',
    },
  },
};

/** Metrics, their sources and their readings in the application API (spec 03 §3 "Business metrics"). */
@Resources(BUSINESS_METRICS)
@Injectable()
export class BusinessMetricsService {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly costCentres: CostCentresService,
    private readonly teams: TeamsService,
    private readonly readings: ReadingsRepository,
    private readonly metrics: BusinessMetricsRepository,
    private readonly sources: MetricSourcesRepository,
  ) {}

  async create(ctx: RequestContext, input: CreateBusinessMetricDto): Promise<BusinessMetricDto> {
    const id = newId();
    const scope = await this.resolveScope(ctx, input.costScope ?? null);
    await this.metrics.insert(ctx, {
      id,
      ...scope,
      key: input.key,
      name: input.name,
      unit: input.unit,
      description: input.description ?? null,
      active: input.active ?? true,
    });
    return BusinessMetricDto.from((await this.metrics.find(ctx, id))!);
  }

  async list(ctx: RequestContext, page: Page): Promise<ListEnvelope<BusinessMetricDto>> {
    const [rows, total] = await this.metrics.page(ctx, page);
    return list(rows.map(BusinessMetricDto.from), total, page);
  }

  async get(ctx: RequestContext, metricRef: string): Promise<BusinessMetricDto> {
    return BusinessMetricDto.from(await this.findMetric(ctx, metricRef));
  }

  async update(ctx: RequestContext, metricRef: string, input: UpdateBusinessMetricDto): Promise<BusinessMetricDto> {
    const metric = await this.findMetric(ctx, metricRef);
    const patch: Partial<BusinessMetricEntity> = {};
    applyPlan(patch, input, FIELDS);
    if (input.costScope !== undefined) Object.assign(patch, await this.resolveScope(ctx, input.costScope));
    await this.metrics.update(ctx, metric.id, patch);
    return BusinessMetricDto.from((await this.metrics.find(ctx, metric.id))!);
  }

  async listSources(ctx: RequestContext, metricRef: string, page: Page): Promise<ListEnvelope<MetricSourceDto>> {
    const metric = await this.findMetric(ctx, metricRef);
    const [rows, total] = await this.sources.page(ctx, page, { metricId: metric.id });
    return list(rows.map(MetricSourceDto.from), total, page);
  }

  async updateSource(ctx: RequestContext, metricRef: string, sourceId: string, input: UpdateMetricSourceDto): Promise<MetricSourceDto> {
    const metric = await this.findMetric(ctx, metricRef);
    if (hasNul(sourceId)) throw DomainError.notFound('Source', sourceId);
    const source = await this.sources.ofMetric(ctx, metric.id, sourceId);
    if (!source) throw DomainError.notFound('Source', sourceId);
    if (source.paused !== input.paused) await this.sources.update(ctx, source.id, { paused: input.paused });
    return MetricSourceDto.from((await this.sources.find(ctx, source.id))!);
  }

  /** Readings of the metric, by periodStart then source; `from`/`to` keep periods overlapping [from, to]. */
  async listReadings(ctx: RequestContext, metricRef: string, query: ReadingListQueryDto, page: Page): Promise<ListEnvelope<ReadingDto>> {
    const organizationId = ctx.organizationId;
    if (query.from !== undefined && query.to !== undefined && query.to < query.from) {
      throw DomainError.validation('to', 'to must not be before from');
    }
    const metric = await this.findMetric(ctx, metricRef);
    const { rows, total } = await this.readings.page(organizationId, metric.id, query, page.limit, page.offset);
    return list(rows.map(toReadingDto), total, page);
  }

  /**
   * A cost scope as stored: null is ORGANIZATION; a COST_CENTRE or TEAM id (or externalId) must name a cost
   * centre of the organization or a team of its live plan (400 on `costScope.id` otherwise).
   */
  private async resolveScope(
    ctx: RequestContext,
    scope: CostScopeDto | null,
  ): Promise<Pick<BusinessMetricEntity, 'costScopeType' | 'costScopeId'>> {
    if (scope === null || scope.type === 'ORGANIZATION') {
      if (scope?.id !== undefined && scope.id !== null)
        throw DomainError.validation('costScope.id', 'costScope.id is only for the COST_CENTRE and TEAM scopes');
      return { costScopeType: 'ORGANIZATION', costScopeId: null };
    }
    const live = { ...ctx, planId: ctx.livePlanId, scenarioId: null };
    const owner = scope.type === 'TEAM' ? this.teams : this.costCentres;
    const id = await owner.resolveId(this.uow.read(live), scope.id, 'costScope.id');
    return { costScopeType: scope.type, costScopeId: id! };
  }

  /** The organization's metric by id, or else by key. */
  private async findMetric(ctx: RequestContext, metricRef: string): Promise<BusinessMetricEntity> {
    if (hasNul(metricRef)) throw DomainError.notFound('Business metric', metricRef);
    const metric = await this.metrics.byIdOrKey(ctx, metricRef);
    if (!metric) throw DomainError.notFound('Business metric', metricRef);
    return metric;
  }
}

function toReadingDto(row: ReadingRow): ReadingDto {
  return {
    metricId: row.metric_id,
    sourceId: row.source_id,
    sourceName: row.source_name,
    periodStart: row.period_start,
    periodEnd: row.period_end,
    value: decimalToNumber(row.value) ?? 0,
    aiValue: decimalToNumber(row.ai_value),
    externalRef: row.external_ref,
    note: row.note,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}
