import { Controller, Get, Headers, Param, Query, Res } from '@nestjs/common';
import { ApiParam, ApiProduces, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { RequirePermissions } from '../common/auth/access.decorators';
import { Ctx, RequestContext } from '../common/auth/request-context';
import { ApiDataWithMeta, ApiErrors } from '../common/http/api-responses';
import { ForecastMetaDto } from '../forecasts/dto/forecast-query.dto';
import { crudControllers, type CrudControllerOptions } from '../crud/crud.controller';
import { customAttributeValuesController } from '../custom-attributes/custom-attribute-values.controller';
import { budgetVarianceChart } from './budget-variance-chart';
import { SVG, wantsSvg } from '../charts/svg-chart';
import { budgetVarianceCsv } from './budget-variance-csv';
import { BudgetVarianceService } from './budget-variance.service';
import { BudgetsService } from './budgets.service';
import { BudgetVarianceDto, BudgetVarianceQueryDto } from './dto/budget-variance.dto';
import { BudgetDto, BudgetQueryDto, CreateBudgetDto, UpdateBudgetDto } from './dto/budget.dto';

@ApiTags('Budgets')
@Controller('api/v1/org/:orgId/budgets')
export class BudgetVarianceController {
  constructor(private readonly variances: BudgetVarianceService) {}

  /**
   * The budget against the forecast of its months. Per group of its dimension (cost centres, teams by allocation, or
   * one group) and month: budget, forecast (planned hires included), forecast minus budget, and whether the forecast
   * cost is over; costs in the budget's currency. Groups the forecast has and the budget does not have a budget of 0.
   * `scenarioId` forecasts a scenario against the same budget. `meta.assumptions` states the forecast assumptions
   * applied. `Accept: text/csv`: one row per group and month, the assumptions in its last columns. `Accept: image/svg+xml`:
   * a chart of the budget against the forecast per month (summed over the groups), the months over budget in red.
   */
  @Get(':id/variance')
  @RequirePermissions('budgets_view', 'forecasts_view')
  @ApiParam({ name: 'id', description: 'The budget id' })
  @ApiProduces('application/json', 'text/csv', SVG)
  @ApiDataWithMeta(BudgetVarianceDto, ForecastMetaDto)
  @ApiErrors(400, 404, 409)
  async variance(
    @Ctx() ctx: RequestContext,
    @Param('id') id: string,
    @Query() _query: BudgetVarianceQueryDto,
    @Headers('accept') accept: string | undefined,
    @Res({ passthrough: true }) res: Response,
  ): Promise<{ data: BudgetVarianceDto; meta: ForecastMetaDto } | string> {
    const report = await this.variances.report(ctx, id);
    if (accept?.includes('text/csv')) {
      res.type('text/csv; charset=utf-8');
      return budgetVarianceCsv(report);
    }
    if (wantsSvg(accept)) {
      res.type(SVG);
      return budgetVarianceChart(report.variance, report.name);
    }
    return { data: report.variance, meta: report.meta };
  }
}

const budgetsCrud: CrudControllerOptions = {
  path: 'budgets',
  etag: true,
  tag: 'Budgets',
  view: 'budgets_view',
  edit: 'budgets_edit',
  service: BudgetsService,
  response: BudgetDto,
  create: CreateBudgetDto,
  update: UpdateBudgetDto,
  query: BudgetQueryDto,
  idDescription: 'The budget id',
};

/**
 * The routes of this module, in the order Nest registers them: the variance, the custom attribute values, the CRUD
 * routes (no bulk upsert: budgets have no externalId; no scenario routes: budgets are live-only).
 */
export const BudgetsControllers = [
  BudgetVarianceController,
  customAttributeValuesController({ path: 'budgets', tag: 'Budgets', view: 'budgets_view', service: BudgetsService }),
  ...crudControllers(budgetsCrud),
];
