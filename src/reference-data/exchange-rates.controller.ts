import { Controller, Get, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { RequirePermissions } from '../common/auth/access.decorators';
import { Ctx, RequestContext } from '../common/auth/request-context';
import { ApiData, ApiErrors } from '../common/http/api-responses';
import { DataEnvelope, one } from '../common/http/envelopes';
import { ConversionDto, ConvertQueryDto } from './dto/exchange-rate.dto';
import { ExchangeRatesService } from './exchange-rates.service';

@ApiTags('Exchange rates')
@Controller('api/v1/org/:orgId/exchange-rates')
export class ExchangeRatesConvertController {
  constructor(private readonly rates: ExchangeRatesService) {}

  /** Converts an amount at the rate in force on a day (default today): direct, else inverse, else 404. */
  @Get('convert')
  @RequirePermissions('reference_data_view')
  @ApiData(ConversionDto)
  @ApiErrors(400, 404)
  async convert(@Ctx() ctx: RequestContext, @Query() q: ConvertQueryDto): Promise<DataEnvelope<ConversionDto>> {
    return one(await this.rates.convert(ctx, q.from, q.to, q.amount ?? 1, q.date));
  }
}
