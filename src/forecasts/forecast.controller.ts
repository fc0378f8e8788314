import { Controller, Get, Headers, Query, Res } from '@nestjs/common';
import { ApiProduces, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { RequirePermissions } from '../common/auth/access.decorators';
import { Ctx, RequestContext } from '../common/auth/request-context';
import { ApiDataWithMeta, ApiErrors } from '../common/http/api-responses';
import { ForecastAnswer, ForecastDto, ForecastMetaDto, ForecastQueryDto } from './dto/forecast-query.dto';
import { forecastChart } from './forecast-chart';
import { SVG, wantsSvg } from '../charts/svg-chart';
import { forecastCsv } from './forecast-csv';
import { ForecastService } from './forecast.service';

@ApiTags('Forecast')
@Controller('api/v1/org/:orgId/forecast')
export class ForecastController {
  constructor(private readonly forecasts: ForecastService) {}

  /**
   * Headcount and cost forecast per month. From `from` for `months`, live or a scenario
   * (`scenarioId`, with `compare=live` for deltas), optionally per cost centre, location, job role or
   * work type, or split over allocations per team, project or project cost centre. The forecast assumptions
   * (attrition, merit, time to fill, on-cost) of the scenario, else of the organization, apply unless
   * `assumptions=none`; `meta.assumptions` states those applied.
   * `Accept: text/csv` gives the same figures as CSV, one row per group and month, the assumptions in its last columns.
   * `Accept: image/svg+xml` draws them: forecast cost per month stacked by group (past twelve groups the smallest
   * folded into "Other") with forecast headcount as a line; with compare=live the live side as dashed lines.
   */
  @Get()
  @RequirePermissions('forecasts_view')
  @ApiProduces('application/json', 'text/csv', SVG)
  @ApiDataWithMeta(ForecastDto, ForecastMetaDto)
  @ApiErrors(400, 404)
  async forecast(
    @Ctx() ctx: RequestContext,
    @Query() query: ForecastQueryDto,
    @Headers('accept') accept: string | undefined,
    @Res({ passthrough: true }) res: Response,
  ): Promise<ForecastAnswer | string> {
    const forecast = await this.forecasts.forecast(ctx, query);
    if (accept?.includes('text/csv')) {
      res.type('text/csv; charset=utf-8');
      return forecastCsv(forecast);
    }
    if (wantsSvg(accept)) {
      res.type(SVG);
      return forecastChart(forecast);
    }
    return forecast;
  }
}
