import { Body, Controller, Get, Param, Query } from '@nestjs/common';
import { Patch, Post } from '../common/http/write-routes';
import { ApiParam, ApiTags } from '@nestjs/swagger';
import { ActingUserNeeds, AdminApi } from '../common/auth/access.decorators';
import { Ctx, RequestContext } from '../common/auth/request-context';
import { ApiData, ApiErrors, ApiList } from '../common/http/api-responses';
import { DataEnvelope, ListEnvelope, one, pageOf } from '../common/http/envelopes';
import { PageQueryDto } from '../common/http/pagination.dto';
import { BusinessMetricsService } from './business-metrics.service';
import { BusinessMetricDto, CreateBusinessMetricDto, UpdateBusinessMetricDto } from './dto/business-metric.dto';
import { MetricSourceDto, UpdateMetricSourceDto } from './dto/metric-source.dto';
import { ReadingDto, ReadingListQueryDto } from './dto/reading.dto';

const METRIC_PARAM = { name: 'metricId', description: "The metric's id or key" };

@ApiTags('Application: business metrics')
@AdminApi()
@Controller('admin/v1/organizations/:orgId/business-metrics')
export class BusinessMetricsAdminController {
  constructor(private readonly metrics: BusinessMetricsService) {}

  /** Creates a metric that outside systems can push readings of. */
  @Post()
  @ApiData(BusinessMetricDto, 201)
  @ApiErrors(400, 404)
  async create(@Ctx() ctx: RequestContext, @Body() body: CreateBusinessMetricDto): Promise<DataEnvelope<BusinessMetricDto>> {
    return one(await this.metrics.create(ctx, body));
  }

  /** The organization's metrics, by key. */
  @Get()
  @ActingUserNeeds('business_metrics_view')
  @ApiList(BusinessMetricDto)
  @ApiErrors(400, 404)
  list(@Ctx() ctx: RequestContext, @Query() query: PageQueryDto): Promise<ListEnvelope<BusinessMetricDto>> {
    return this.metrics.list(ctx, pageOf(query));
  }

  /** Reads one metric by id or key. */
  @Get(':metricId')
  @ActingUserNeeds('business_metrics_view')
  @ApiParam(METRIC_PARAM)
  @ApiData(BusinessMetricDto)
  @ApiErrors(404)
  async get(@Ctx() ctx: RequestContext, @Param('metricId') metricId: string): Promise<DataEnvelope<BusinessMetricDto>> {
    return one(await this.metrics.get(ctx, metricId));
  }

  /** Changes any create field (`active: false` leaves the metric out of summaries; it still accepts readings). */
  @Patch(':metricId')
  @ApiParam(METRIC_PARAM)
  @ApiData(BusinessMetricDto)
  @ApiErrors(400, 404)
  async update(
    @Ctx() ctx: RequestContext,
    @Param('metricId') metricId: string,
    @Body() body: UpdateBusinessMetricDto,
  ): Promise<DataEnvelope<BusinessMetricDto>> {
    return one(await this.metrics.update(ctx, metricId, body));
  }

  /** The systems that pushed readings of the metric, with their feed status, by name; paged (`page`, `limit`) like every list. */
  @Get(':metricId/sources')
  @ActingUserNeeds('business_metrics_view')
  @ApiParam(METRIC_PARAM)
  @ApiList(MetricSourceDto)
  @ApiErrors(400, 404)
  listSources(
    @Ctx() ctx: RequestContext,
    @Param('metricId') metricId: string,
    @Query() query: PageQueryDto,
  ): Promise<ListEnvelope<MetricSourceDto>> {
    return this.metrics.listSources(ctx, metricId, pageOf(query));
  }

  /** Pauses or resumes a source; a paused source still accepts readings. */
  @Patch(':metricId/sources/:sourceId')
  @ApiParam(METRIC_PARAM)
  @ApiData(MetricSourceDto)
  @ApiErrors(400, 404)
  async updateSource(
    @Ctx() ctx: RequestContext,
    @Param('metricId') metricId: string,
    @Param('sourceId') sourceId: string,
    @Body() body: UpdateMetricSourceDto,
  ): Promise<DataEnvelope<MetricSourceDto>> {
    return one(await this.metrics.updateSource(ctx, metricId, sourceId, body));
  }

  /** Stored readings, by periodStart then source; filter by source and by period (overlapping [from, to]). */
  @Get(':metricId/readings')
  @ActingUserNeeds('business_metrics_view')
  @ApiParam(METRIC_PARAM)
  @ApiList(ReadingDto)
  @ApiErrors(400, 404)
  listReadings(
    @Ctx() ctx: RequestContext,
    @Param('metricId') metricId: string,
    @Query() query: ReadingListQueryDto,
  ): Promise<ListEnvelope<ReadingDto>> {
    return this.metrics.listReadings(ctx, metricId, query, pageOf(query));
  }
}
