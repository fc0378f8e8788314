import { Controller, Get, Headers, Param, Query, Res, UseGuards } from '@nestjs/common';
import { ApiParam, ApiProduces, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { functionalTreeChart } from './functional-tree-chart';
import { SVG, wantsSvg } from '../../charts/svg-chart';
import { RequirePermissions } from '../../common/auth/access.decorators';
import { Ctx, RequestContext } from '../../common/auth/request-context';
import { ApiData, ApiDataArray, ApiErrors } from '../../common/http/api-responses';
import { DataEnvelope, one } from '../../common/http/envelopes';
import { CustomAttributeValueDto } from '../../custom-attributes/dto/custom-attribute-value.dto';
import {
  FunctionalGroupDetailDto,
  FunctionalGroupListDto,
  FunctionalPositionPageDto,
  FunctionalSummaryDto,
  FunctionalTreeDto,
} from '../dto/functional-read-responses.dto';
import { FunctionalAsOfQueryDto, FunctionalListQueryDto, FunctionalPageQueryDto } from '../dto/functional-read.dto';
import { FunctionalFeatureGuard } from '../access/functional-feature.guard';
import { FunctionalFiguresService } from './functional-figures.service';
import { FunctionalReadService } from './functional-read.service';
import { FunctionalSummaryService } from './functional-summary.service';

/**
 * Document 02's reads under /functional-groups, each on the as-of day (`asOf`, default today UTC) of
 * the live plan or the scenario named by `scenarioId`. Needs the module switched on (403
 * FEATURE_DISABLED) and `functional_groups_view`. Literal paths are declared before `/:id` routes.
 */
@ApiTags('Functional structure')
@Controller('api/v1/org/:orgId/functional-groups')
@UseGuards(FunctionalFeatureGuard)
export class FunctionalReadController {
  constructor(
    private readonly reads: FunctionalReadService,
    private readonly figures: FunctionalFiguresService,
    private readonly summaries: FunctionalSummaryService,
  ) {}

  /**
   * The visible hierarchy on the day with figures and managers, name order, at most 500 groups. `Accept: image/svg+xml`
   * draws it as an org chart, each group with its figures and monthly cost in the reporting currency (past twelve
   * groups under one parent, the smallest folded into "Other").
   */
  @Get('tree')
  @RequirePermissions('functional_groups_view')
  @ApiProduces('application/json', SVG)
  @ApiData(FunctionalTreeDto)
  @ApiErrors(400)
  async tree(
    @Ctx() ctx: RequestContext,
    @Query() q: FunctionalAsOfQueryDto,
    @Headers('accept') accept: string | undefined,
    @Res({ passthrough: true }) res: Response,
  ): Promise<DataEnvelope<FunctionalTreeDto> | string> {
    if (wantsSvg(accept)) {
      const [tree, currency] = await Promise.all([this.figures.tree(ctx, q.asOf), this.figures.currency(ctx)]);
      res.type(SVG);
      return functionalTreeChart(tree, this.reads.day(q.asOf), currency);
    }
    return one(await this.figures.tree(ctx, q.asOf));
  }

  /** A group's custom attribute values. */
  @Get('groups/:id/custom-attributes')
  @RequirePermissions('functional_groups_view')
  @ApiDataArray(CustomAttributeValueDto)
  @ApiErrors(400, 404)
  async groupAttributes(
    @Ctx() ctx: RequestContext,
    @Param('id') id: string,
    @Query() q: FunctionalAsOfQueryDto,
  ): Promise<DataEnvelope<CustomAttributeValueDto[]>> {
    return one(await this.reads.attributes(ctx, 'group', id, q.asOf));
  }

  /** A position's custom attribute values. */
  @Get('positions/:id/custom-attributes')
  @RequirePermissions('functional_groups_view')
  @ApiDataArray(CustomAttributeValueDto)
  @ApiErrors(400, 404)
  async positionAttributes(
    @Ctx() ctx: RequestContext,
    @Param('id') id: string,
    @Query() q: FunctionalAsOfQueryDto,
  ): Promise<DataEnvelope<CustomAttributeValueDto[]>> {
    return one(await this.reads.attributes(ctx, 'position', id, q.asOf));
  }

  /** Lists groups: search, parentId, rootsOnly, offset, limit; `{ data: { groups, total, canCreateRoot, canShare } }`. */
  @Get()
  @RequirePermissions('functional_groups_view')
  @ApiData(FunctionalGroupListDto)
  @ApiErrors(400)
  async list(@Ctx() ctx: RequestContext, @Query() q: FunctionalListQueryDto): Promise<DataEnvelope<FunctionalGroupListDto>> {
    return one(await this.reads.list(ctx, q));
  }

  /** Figures, arrivals and leavers (30 days), twelve-month seat schedule and headcount bridge, last 20 changes. */
  @Get(':id/summary')
  @RequirePermissions('functional_groups_view')
  @ApiParam({ name: 'id', description: 'The group id or externalId' })
  @ApiData(FunctionalSummaryDto)
  @ApiErrors(400, 404)
  async summary(
    @Ctx() ctx: RequestContext,
    @Param('id') id: string,
    @Query() q: FunctionalAsOfQueryDto,
  ): Promise<DataEnvelope<FunctionalSummaryDto>> {
    return one(await this.summaries.summary(ctx, id, q.asOf));
  }

  /** Seats open on the day with occupants: search, parentId (reports to), rootsOnly, offset, limit. */
  @Get(':id/positions')
  @RequirePermissions('functional_groups_view')
  @ApiParam({ name: 'id', description: 'The group id or externalId' })
  @ApiData(FunctionalPositionPageDto)
  @ApiErrors(400, 404)
  async positions(
    @Ctx() ctx: RequestContext,
    @Param('id') id: string,
    @Query() q: FunctionalListQueryDto,
  ): Promise<DataEnvelope<FunctionalPositionPageDto>> {
    return one(await this.reads.positions(ctx, id, q));
  }

  /** One group with its parent, a page of seats with occupants, totalPositions, access grants and history. */
  @Get(':id')
  @RequirePermissions('functional_groups_view')
  @ApiParam({ name: 'id', description: 'The group id or externalId' })
  @ApiData(FunctionalGroupDetailDto)
  @ApiErrors(400, 404)
  async get(
    @Ctx() ctx: RequestContext,
    @Param('id') id: string,
    @Query() q: FunctionalPageQueryDto,
  ): Promise<DataEnvelope<FunctionalGroupDetailDto>> {
    return one(await this.reads.get(ctx, id, q));
  }
}
