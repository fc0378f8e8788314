import { Controller, Get, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Response } from 'express';
import { MetricsTokenRequired } from '../common/auth/access.decorators';
import { Metrics } from './metrics';

/**
 * `GET /metrics`: the Prometheus text format (spec 05 §2.1), outside the APIs and their keys, behind its
 * own bearer token (checked by the access guard). For operators' scrapers, not API clients: it is left out of the
 * OpenAPI document.
 */
@ApiExcludeController()
@MetricsTokenRequired()
@Controller('metrics')
export class MetricsController {
  constructor(private readonly metrics: Metrics) {}

  @Get()
  async scrape(@Res() res: Response): Promise<void> {
    const text = await this.metrics.text();
    res.status(200).setHeader('Content-Type', this.metrics.contentType).setHeader('Cache-Control', 'no-store').send(text);
  }
}
