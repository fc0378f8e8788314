import { Body, Controller } from '@nestjs/common';
import { Post } from '../common/http/write-routes';
import { ApiBody, ApiTags } from '@nestjs/swagger';
import { RateLimitGroup, RequirePermissions, ScenarioScope } from '../common/auth/access.decorators';
import { Ctx, RequestContext } from '../common/auth/request-context';
import { ApiData, ApiErrors } from '../common/http/api-responses';
import { DataEnvelope, one } from '../common/http/envelopes';
import { IngestReadingsDto, IngestResultDto } from './dto/reading.dto';
import { IngestReadingsUseCase } from './ingest-readings.use-case';

@ApiTags('Business metrics')
@Controller('api/v1/org/:orgId/business-metrics')
export class BusinessMetricsController {
  constructor(private readonly ingestReadings: IngestReadingsUseCase) {}

  /**
   * Pushes a batch of readings of one metric from one source, all or nothing. A reading is identified by
   * metric + source + periodStart: re-sending replaces it (within a batch the later of two wins).
   * periodEnd before periodStart or aiValue above value also marks the source's feed failing.
   * Rate limit: 120 requests per minute per API key. `scenarioId` is ignored (live data only).
   */
  @Post('readings')
  @RequirePermissions('business_metrics_ingest')
  @RateLimitGroup('readings')
  @ScenarioScope('ignore')
  @ApiBody({ type: IngestReadingsDto })
  @ApiData(IngestResultDto, 200, 'Every reading of the batch is written')
  @ApiErrors(400, 404, 413)
  async ingest(@Ctx() ctx: RequestContext, @Body() body: unknown): Promise<DataEnvelope<IngestResultDto>> {
    // The body is checked by the intake (one pass, and it must tell rule-3 rejections apart), not by the
    // global pipe: an `unknown` parameter is left alone by it.
    return one(await this.ingestReadings.execute(ctx, body));
  }
}
