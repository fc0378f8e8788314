import { Injectable } from '@nestjs/common';
import type { RequestContext } from '../common/auth/request-context';
import { DomainError } from '../common/errors/domain-error';
import { newId } from '../common/ids';
import { IngestResultDto } from './dto/reading.dto';
import { CheckedBatch, checkReadingBatch, latestPerPeriodStart } from './reading-batch';
import { ReadingsRepository } from './readings.repository';

/**
 * The reading intake, `POST /business-metrics/readings` (document 01 "Business metric readings"): one
 * pass of checks (reading-batch.ts), then one upsert of the batch, all or nothing; a refusal that is
 * only rule 3's rejections marks the source's feed failing.
 */
@Injectable()
export class IngestReadingsUseCase {
  constructor(private readonly readings: ReadingsRepository) {}

  async execute(ctx: RequestContext, body: unknown): Promise<IngestResultDto> {
    const batch = checkReadingBatch(body);
    if (batch.details.length) {
      // Rule 3: these two rejections mark the feed failing even though the request is refused.
      if (batch.feedRejection) await this.recordFeedFailure(ctx.organizationId, batch);
      throw DomainError.validationMany(batch.details);
    }

    const readings = latestPerPeriodStart(batch.readings);
    const row = await this.readings.upsert(ctx.organizationId, batch.metric, newId(), batch.source, {
      periodStarts: readings.map((r) => r.periodStart),
      periodEnds: readings.map((r) => r.periodEnd),
      values: readings.map((r) => r.value),
      aiValues: readings.map((r) => r.aiValue),
      externalRefs: readings.map((r) => r.externalRef),
      notes: readings.map((r) => r.note),
    });
    if (!row) throw DomainError.notFound('Business metric', batch.metric);
    return {
      metric: { id: row.metric_id, slug: row.metric_key },
      source: { id: row.source_id, name: row.source_name },
      written: batch.readings.length,
    };
  }

  /**
   * Marks the source's feed failing with the refusal's message. Without such a metric there is nothing
   * to record against: the request is still the 400 of its body.
   */
  private async recordFeedFailure(organizationId: string, batch: CheckedBatch): Promise<void> {
    const [first] = batch.details;
    const more = batch.details.length - 1;
    const message = more > 0 ? `${first.message} (and ${more} more ${more === 1 ? 'problem' : 'problems'})` : first.message;
    await this.readings.recordFeedFailure(organizationId, batch.metric, newId(), batch.source, message);
  }
}
