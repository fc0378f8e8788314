import { IsString, MaxLength, MinLength } from 'class-validator';
import { IsDateOnly, IsOptional } from '../../common/validation/validators';
import type { FeedStatus } from '../entities/metric-source.entity';

/** Input of `get_business_metrics_summary` (spec 04 §3). */
export class MetricsSummaryQueryDto {
  /** First day of the window (YYYY-MM-DD); default: 29 days before `to`. */
  @IsOptional()
  @IsDateOnly()
  from?: string;

  /** Last day of the window (YYYY-MM-DD); default: today, or 29 days after `from` when only `from` is given. */
  @IsOptional()
  @IsDateOnly()
  to?: string;

  /** One metric, by key or id; default every active metric. */
  @IsOptional()
  @IsString()
  @MinLength(1)
  @MaxLength(255)
  metric?: string;
}

export class MetricSummarySourceDto {
  name: string;
  feedStatus: FeedStatus;
  lastPushAt: string | null;
}

export class MetricSummaryDto {
  key: string;
  name: string;
  unit: string;
  volume: number;
  aiVolume: number;
  aiShare: number | null;
  cost: number | null;
  costPerUnit: number | null;
  unpricedPeople: number | null;
  readings: number;
  sources: MetricSummarySourceDto[];
}

export class MetricsSummaryDto {
  from: string;
  to: string;
  currency: string;
  metrics: MetricSummaryDto[];
}
